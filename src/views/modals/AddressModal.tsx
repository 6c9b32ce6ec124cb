// Delivery address: choose a saved one or add a new one (signed-in customers), saved or, with
// 'Сохранить адрес' unticked, used for this order only.
import { useState, type FormEvent } from 'react';
import { formatAddress } from '../../domain/addressText';
import { selectIsSignedIn } from '../../projections/store';
import { formatPrice } from '../../domain/price';
import { jsonEqual, useDispatch, useSelector } from '../app/store';
import { addressFieldsOf, typedAddress } from '../components/addressFields';
import { FormError } from '../components/FormError';
import ui from '../components/ui.module.css';
import { Dialog } from './Dialog';
import styles from './modals.module.css';
import { ChoiceList } from './OptionButton';

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
          <button
            type="button"
            className={`${ui.button} ${ui.block}`}
            onClick={() => dispatch({ type: 'OpenModal', data: { modal: { kind: 'auth' } } })}
          >
            Войти
          </button>
        </>
      ) : adding || list.length === 0 ? (
        <AddressForm onCancel={list.length > 0 ? () => setAdding(false) : null} oneOffAllowed />
      ) : (
        <>
          <ChoiceList
            items={list}
            chosenId={selectedId}
            onPick={(addressId) => dispatch({ type: 'SelectAddress', data: { addressId } })}
            onClose={onClose}
          >
            {formatAddress}
          </ChoiceList>
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

/** The zone line of a checked address: price, minimum and time, or why it cannot be delivered to. */
function AddressCheckNote({ street, home }: { street: string; home: string }) {
  const check = useSelector((s) => s.checkout.addressCheck, jsonEqual);
  if (check.status === 'idle' || check.street !== street.trim() || check.home !== home.trim()) return null;
  if (check.status === 'pending') return <p className={ui.muted}>Проверяем адрес…</p>;
  if (check.status === 'failed') return <p className={ui.muted}>Не удалось проверить адрес: {check.message}</p>;
  const { zone, refusal } = check.answer;
  if (refusal !== null) {
    return (
      <p className={ui.error} role="alert" data-testid="address-check">
        {refusal.message}. {refusal.actionText}
      </p>
    );
  }
  if (zone === null) return null;
  return (
    <p className={styles.text} data-testid="address-check">
      Доставляем: зона «{zone.name}», доставка{' '}
      {zone.deliveryPrice === 0 ? 'бесплатно' : formatPrice(zone.deliveryPrice)}, минимальная сумма заказа{' '}
      {formatPrice(zone.minSum)}, примерно {zone.deliveryMinutes} мин.
    </p>
  );
}

export const TEXT_SAVE_ADDRESS = 'Сохранить адрес';
export const TEXT_USE_ONCE = 'Доставить по этому адресу';

/** `oneOffAllowed`: the checkout's form, where 'Сохранить адрес' may be unticked (the profile's always saves). */
export function AddressForm({
  onCancel,
  oneOffAllowed = false,
}: {
  onCancel: (() => void) | null;
  oneOffAllowed?: boolean;
}) {
  const dispatch = useDispatch();
  const cityName = useSelector((s) => s.city.list.find((c) => c.id === s.city.selectedId)?.name ?? '');
  const streets = useSelector((s) => s.checkout.streets?.list ?? [], jsonEqual);
  const check = useSelector((s) => s.checkout.addressCheck, jsonEqual);
  const [f, setF] = useState(() => addressFieldsOf(null));
  const [error, setError] = useState<string | null>(null);
  const [save, setSave] = useState(true);
  const set = (key: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [key]: e.target.value });
  /** A free-text detail of the address, left empty when there is none. */
  const detail = (key: 'apartment' | 'entrance' | 'floor' | 'intercom' | 'comment', label: string) => (
    <label className={ui.field}>
      <span className={ui.label}>{label}</span>
      <input className={ui.input} value={f[key]} onChange={set(key)} />
    </label>
  );
  const checkAddress = () => {
    if (f.street.trim() !== '' && f.home.trim() !== '')
      dispatch({ type: 'CheckAddress', data: { street: f.street, home: f.home } });
  };
  const suggestions =
    f.street.trim().length < 2
      ? []
      : streets.filter((s) => s.name.toLowerCase().includes(f.street.trim().toLowerCase())).slice(0, 20);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (f.street.trim() === '' || f.home.trim() === '') {
      setError('Укажите улицу и дом');
      return;
    }
    const checked =
      check.status === 'done' && check.street === f.street.trim() && check.home === f.home.trim() ? check.answer : null;
    const known = streets.find((s) => s.name.toLowerCase() === f.street.trim().toLowerCase());
    const address = {
      ...typedAddress(f, cityName, checked?.location ?? known?.location ?? null),
      street: checked?.street ?? known?.name ?? f.street.trim(),
    };
    dispatch(
      save || !oneOffAllowed
        ? { type: 'CreateAddress', data: { address } }
        : { type: 'UseOneOffAddress', data: { address } },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <label className={ui.field}>
        <span className={ui.label}>Город</span>
        <input className={ui.input} value={cityName} readOnly />
      </label>
      <label className={ui.field}>
        <span className={ui.label}>Улица</span>
        <input
          className={ui.input}
          autoComplete="off"
          list="street-suggestions"
          value={f.street}
          onChange={set('street')}
          onBlur={checkAddress}
          data-autofocus
        />
        <datalist id="street-suggestions">
          {suggestions.map((s) => (
            <option key={s.id} value={s.name} />
          ))}
        </datalist>
      </label>
      <div className={styles.row}>
        <label className={ui.field}>
          <span className={ui.label}>Дом</span>
          <input className={ui.input} value={f.home} onChange={set('home')} onBlur={checkAddress} />
        </label>
        {detail('apartment', 'Квартира')}
        {detail('entrance', 'Подъезд')}
        {detail('floor', 'Этаж')}
        {detail('intercom', 'Домофон')}
      </div>
      {detail('comment', 'Комментарий курьеру')}
      <AddressCheckNote street={f.street} home={f.home} />
      {oneOffAllowed && (
        <label className={ui.field}>
          <span>
            <input type="checkbox" checked={save} onChange={(e) => setSave(e.target.checked)} /> {TEXT_SAVE_ADDRESS}
          </span>
        </label>
      )}
      <FormError error={error} />
      <div className={ui.actions}>
        <button type="submit" className={ui.button}>
          {save || !oneOffAllowed ? TEXT_SAVE_ADDRESS : TEXT_USE_ONCE}
        </button>
        <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={checkAddress}>
          Проверить адрес
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
