// Delivery address: choose a saved one or add a new one (signed-in customers).
import { useState, type FormEvent } from 'react';
import { formatAddress } from '../../domain/addressText';
import { selectIsSignedIn } from '../../projections/store';
import { useDispatch, useSelector } from '../app/store';
import ui from '../components/ui.module.css';
import { Dialog } from './Dialog';
import styles from './modals.module.css';

export const TITLE_ADDRESS = 'Адрес доставки';

export function AddressModal({ onClose }: { onClose: () => void }) {
  const dispatch = useDispatch();
  const signedIn = useSelector(selectIsSignedIn);
  const list = useSelector((s) => s.address.list);
  const selectedId = useSelector((s) => s.address.selectedId);
  const [adding, setAdding] = useState(false);
  return (
    <Dialog title={TITLE_ADDRESS} onClose={onClose}>
      {!signedIn ? (
        <>
          <p className={styles.text}>Войдите, чтобы сохранять адреса доставки.</p>
          <button type="button" className={`${ui.button} ${ui.block}`} onClick={() => dispatch({ type: 'OpenModal', data: { modal: { kind: 'auth' } } })}>
            Войти
          </button>
        </>
      ) : adding || list.length === 0 ? (
        <AddressForm onCancel={list.length > 0 ? () => setAdding(false) : null} />
      ) : (
        <>
          <ul className={ui.list}>
            {list.map((a) => (
              <li key={a.id}>
                <button
                  type="button"
                  className={a.id === selectedId ? `${ui.option} ${ui.optionActive}` : ui.option}
                  onClick={() => (a.id === selectedId ? onClose() : dispatch({ type: 'SelectAddress', data: { addressId: a.id } }))}
                >
                  {formatAddress(a)}
                </button>
              </li>
            ))}
          </ul>
          <div className={ui.actions}>
            <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={() => setAdding(true)}>
              Добавить адрес
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}

export function AddressForm({ onCancel }: { onCancel: (() => void) | null }) {
  const dispatch = useDispatch();
  const cityName = useSelector((s) => s.city.list.find((c) => c.id === s.city.selectedId)?.name ?? '');
  const [f, setF] = useState({ street: '', home: '', apartment: '', entrance: '', floor: '', intercom: '', comment: '' });
  const [error, setError] = useState<string | null>(null);
  const set = (key: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [key]: e.target.value });
  const orNull = (v: string) => (v.trim() === '' ? null : v.trim());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (f.street.trim() === '' || f.home.trim() === '') {
      setError('Укажите улицу и дом');
      return;
    }
    dispatch({
      type: 'CreateAddress',
      data: {
        address: {
          city: cityName,
          street: f.street.trim(),
          home: f.home.trim(),
          apartment: orNull(f.apartment),
          entrance: orNull(f.entrance),
          floor: orNull(f.floor),
          intercom: orNull(f.intercom),
          comment: orNull(f.comment),
          location: null,
        },
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <label className={ui.field}>
        <span className={ui.label}>Улица</span>
        <input className={ui.input} autoComplete="address-line1" value={f.street} onChange={set('street')} data-autofocus />
      </label>
      <div className={styles.row}>
        <label className={ui.field}>
          <span className={ui.label}>Дом</span>
          <input className={ui.input} value={f.home} onChange={set('home')} />
        </label>
        <label className={ui.field}>
          <span className={ui.label}>Квартира</span>
          <input className={ui.input} value={f.apartment} onChange={set('apartment')} />
        </label>
        <label className={ui.field}>
          <span className={ui.label}>Подъезд</span>
          <input className={ui.input} value={f.entrance} onChange={set('entrance')} />
        </label>
        <label className={ui.field}>
          <span className={ui.label}>Этаж</span>
          <input className={ui.input} value={f.floor} onChange={set('floor')} />
        </label>
        <label className={ui.field}>
          <span className={ui.label}>Домофон</span>
          <input className={ui.input} value={f.intercom} onChange={set('intercom')} />
        </label>
      </div>
      <label className={ui.field}>
        <span className={ui.label}>Комментарий курьеру</span>
        <input className={ui.input} value={f.comment} onChange={set('comment')} />
      </label>
      {error !== null && (
        <p className={ui.error} role="alert">
          {error}
        </p>
      )}
      <div className={ui.actions}>
        <button type="submit" className={ui.button}>
          Сохранить адрес
        </button>
        {onCancel !== null && (
          <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={onCancel}>
            Отмена
          </button>
        )}
      </div>
    </form>
  );
}
