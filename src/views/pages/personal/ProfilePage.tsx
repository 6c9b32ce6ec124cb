// /personal: profile ('Редактирование информации'), bonuses, excluded allergens, account deletion.
import { useState } from 'react';
import { formatNumber } from '../../../domain/price';
import { jsonEqual, useDispatch, useSelector } from '../../app/store';
import { ProfileForm } from '../../components/ProfileForm';
import ui from '../../components/ui.module.css';
import { PersonalLayout } from './PersonalLayout';
import styles from './Personal.module.css';
import { decideUser } from '../../../commands/user.decide';
import type { ChunkDeciders } from '../../../commands/onDemand';

export const deciders: ChunkDeciders = { user: decideUser };

export const TEXT_DELETE_CONFIRM =
  'Удалить аккаунт? Личные данные, адреса и избранное будут удалены без возможности восстановления.';

function Allergens() {
  const dispatch = useDispatch();
  const all = useSelector((s) => {
    const seen = new Map<string, string>();
    for (const p of s.catalog.catalog?.products ?? [])
      for (const a of p.allergens) if (!seen.has(a.code)) seen.set(a.code, a.name);
    return [...seen].map(([code, name]) => ({ code, name }));
  }, jsonEqual);
  const excluded = useSelector((s) => s.user.profile?.userAllergens ?? [], jsonEqual);
  const toggle = (code: string) => {
    const next = excluded.includes(code) ? excluded.filter((c) => c !== code) : [...excluded, code];
    dispatch({ type: 'ChangeAllergens', data: { codes: next } });
  };
  return (
    <section className={styles.card} aria-labelledby="allergens-title">
      <h2 id="allergens-title">Аллергены</h2>
      <p className={ui.muted}>Блюда с отмеченными аллергенами не будут показаны в меню.</p>
      {all.length === 0 ? (
        <p className={ui.muted}>Список аллергенов появится после загрузки меню.</p>
      ) : (
        <div className={styles.allergens}>
          {all.map((a) => (
            <label key={a.code} className={ui.check}>
              <input type="checkbox" checked={excluded.includes(a.code)} onChange={() => toggle(a.code)} />
              <span>{a.name}</span>
            </label>
          ))}
        </div>
      )}
    </section>
  );
}

function DeleteAccount() {
  const dispatch = useDispatch();
  const [confirming, setConfirming] = useState(false);
  return (
    <section className={styles.card} aria-labelledby="delete-title">
      <h2 id="delete-title">Удаление аккаунта</h2>
      {confirming ? (
        <>
          <p role="alert">{TEXT_DELETE_CONFIRM}</p>
          <div className={ui.actions}>
            <button
              type="button"
              className={`${ui.button} ${styles.danger}`}
              onClick={() => dispatch({ type: 'DeleteAccount', data: {} })}
            >
              Да, удалить
            </button>
            <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={() => setConfirming(false)}>
              Отмена
            </button>
          </div>
        </>
      ) : (
        <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={() => setConfirming(true)}>
          Удалить аккаунт
        </button>
      )}
    </section>
  );
}

export default function ProfilePage() {
  const balance = useSelector((s) => s.user.profile?.balance ?? 0);
  return (
    <PersonalLayout title="Личный кабинет">
      <div className={styles.grid}>
        <section className={styles.card} aria-labelledby="profile-title">
          <h2 id="profile-title">Редактирование информации</h2>
          <ProfileForm />
        </section>
        <div className={styles.stack}>
          <section className={styles.card} aria-labelledby="bonus-title">
            <h2 id="bonus-title">Бонусы</h2>
            <p className={styles.balance}>{formatNumber(balance)}</p>
            <p className={ui.muted}>Бонусы можно списать в корзине при оформлении заказа.</p>
          </section>
          <Allergens />
          <DeleteAccount />
        </div>
      </div>
    </PersonalLayout>
  );
}
