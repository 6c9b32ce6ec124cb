// Name and consents of the signed-in customer (EditProfile).
import { useState, type FormEvent } from 'react';
import { formatPhone } from '../../domain/phone';
import { useDispatch, useSelector } from '../app/store';
import ui from './ui.module.css';
import { CheckLine, TextInput } from './LabelledFields';

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
      <TextInput label="Телефон" value={formatPhone(profile.phone)} readOnly disabled />
      <TextInput label="Имя" name="name" autoComplete="given-name" maxLength={100} value={name} onChange={setName} />
      <CheckLine checked={personalData} onChange={setPersonalData}>
        Согласие на обработку персональных данных
      </CheckLine>
      <CheckLine checked={push} onChange={setPush}>
        Push-уведомления
      </CheckLine>
      <CheckLine checked={ads} onChange={setAds}>
        Рекламная информация
      </CheckLine>
      <button type="submit" className={ui.button}>
        Сохранить
      </button>
    </form>
  );
}
