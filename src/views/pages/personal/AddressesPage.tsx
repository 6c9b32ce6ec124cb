import { useState } from 'react';
import { formatAddress } from '../../../domain/addressText';
import { useDispatch, useSelector } from '../../app/store';
import ui from '../../components/ui.module.css';
import { AddressForm } from '../../modals/AddressModal';
import { PersonalLayout } from './PersonalLayout';
import styles from './Personal.module.css';
import { decideAddress } from '../../../commands/address.decide';
import { decideCheckout } from '../../../commands/checkout.decide';
import type { ChunkDeciders } from '../../../commands/onDemand';

export const deciders: ChunkDeciders = { address: decideAddress, checkout: decideCheckout };

export default function AddressesPage() {
  const dispatch = useDispatch();
  const list = useSelector((s) => s.address.list);
  const selectedId = useSelector((s) => s.address.selectedId);
  const [adding, setAdding] = useState(false);
  return (
    <PersonalLayout title="Мои адреса">
      {list.length === 0 && !adding && <p className={ui.muted}>Сохранённых адресов пока нет.</p>}
      <ul className={ui.list}>
        {list.map((a) => (
          <li key={a.id} className={a.id === selectedId ? `${styles.address} ${styles.selected}` : styles.address}>
            <span>{formatAddress(a)}</span>
            <button
              type="button"
              className={`${ui.button} ${ui.ghost} ${ui.small}`}
              onClick={() => dispatch({ type: 'DeleteAddress', data: { addressId: a.id } })}
            >
              Удалить
            </button>
          </li>
        ))}
      </ul>
      <div className={ui.actions}>
        {adding ? (
          <div className={styles.card}>
            <AddressForm onCancel={() => setAdding(false)} />
          </div>
        ) : (
          <button type="button" className={ui.button} onClick={() => setAdding(true)}>
            Добавить адрес
          </button>
        )}
      </div>
    </PersonalLayout>
  );
}
