// Name and consents of the signed-in customer (EditProfile).
import { useState, type FormEvent } from 'react';
import { formatPhone } from '../../domain/phone';
import { useDispatch, useSelector } from '../app/store';
import ui from './ui.module.css';

export function ProfileForm() {
  const dispatch = useDispatch();
  const profile = useSelector((s) => s.user.profile);
  const [name, setName] = useState(profile?.name ?? '');
  const [personalData, setPersonalData] = useState(profile?.personalData ?? false);
  const [push, setPush] = useState(profile?.PUSHNotifications ?? false);
  const [ads, setAds] = useState(profile?.receiveAdvertisingInformation ?? false);
  if (profile === null) return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    dispatch({
      type: 'EditProfile',
      data: {
        changes: { name: name.trim(), personalData, PUSHNotifications: push, receiveAdvertisingInformation: ads },
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <label className={ui.field}>
        <span className={ui.label}>Телефон</span>
        <input className={ui.input} value={formatPhone(profile.phone)} readOnly disabled />
      </label>
      <label className={ui.field}>
        <span className={ui.label}>Имя</span>
        <input
          className={ui.input}
          name="name"
          autoComplete="given-name"
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <label className={ui.check}>
        <input type="checkbox" checked={personalData} onChange={(e) => setPersonalData(e.target.checked)} />
        <span>Согласие на обработку персональных данных</span>
      </label>
      <label className={ui.check}>
        <input type="checkbox" checked={push} onChange={(e) => setPush(e.target.checked)} />
        <span>Push-уведомления</span>
      </label>
      <label className={ui.check}>
        <input type="checkbox" checked={ads} onChange={(e) => setAds(e.target.checked)} />
        <span>Рекламная информация</span>
      </label>
      <button type="submit" className={ui.button}>
        Сохранить
      </button>
    </form>
  );
}
