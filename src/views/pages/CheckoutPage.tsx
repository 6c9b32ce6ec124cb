// /checkout: 'Доставить или заберёте?', the address (saved or new, with its zone) or the
// pickup restaurant, the time, persons, payment, change, bonuses, comment, CHECKOUT_DELIVERY_TEXT,
// consent, the totals the server quoted, and every refusal before submission. 'Оформить заказ'
// dispatches PlaceOrder; the core makes one attempt per click (disabled while it is on its way).
import { useEffect, useState, type FormEvent } from 'react';
import { PaymentMethodTitle } from '../../api/contract/checkout';
import type { PaymentMethod } from '../../api/contract/orders';
import { availablePaymentMethods, checkoutProblems } from '../../commands/checkout.decide';
import { formatAddress } from '../../domain/addressText';
import { formatPrice } from '../../domain/price';
import { selectCartAmounts } from '../../projections/amounts';
import { quotedAmounts } from '../../domain/pricedAmounts';
import { AmountList } from '../checkout/AmountList';
import { selectConsentOnFile, selectQuote } from '../../projections/checkout';
import { TITLE_DELIVERY_METHOD } from '../../projections/modal';
import { selectCity, selectIsSignedIn } from '../../projections/store';
import { RequireCart } from '../app/guards';
import { AppLink, useNavigateTo } from '../app/routing';
import { jsonEqual, useDispatch, useSelector } from '../app/store';
import { ProblemList } from '../checkout/ProblemList';
import { deliveryTimeText, useNow } from '../checkout/time';
import { BonusSpendForm } from '../components/BonusSpendForm';
import { ModalLink } from '../components/ModalLink';
import { OptionButton } from '../modals/OptionButton';
import ui from '../components/ui.module.css';
import styles from '../checkout/Checkout.module.css';
import { StatusLine } from '../components/StatusLine';
import { decideCheckout } from '../../commands/checkout.decide';
import { decideAddress } from '../../commands/address.decide';
import type { ChunkDeciders } from '../../commands/onDemand';

export const deciders: ChunkDeciders = { checkout: decideCheckout, address: decideAddress };

export const TEXT_PLACE_ORDER = 'Оформить заказ';
export const TEXT_CONSENT = 'Я согласен на обработку персональных данных';

const DELIVERY_METHODS = [
  ['delivery', 'Доставка'],
  ['self', 'Самовывоз'],
] as const;

function Method() {
  const dispatch = useDispatch();
  const method = useSelector((s) => s.cart.deliveryMethod);
  const choose = (m: 'delivery' | 'self') => dispatch({ type: 'ChangeDeliveryMethod', data: { method: m } });
  return (
    <fieldset className={styles.section}>
      <legend className={styles.sectionTitle}>{TITLE_DELIVERY_METHOD}</legend>
      <div className={styles.toggle} role="radiogroup" aria-label={TITLE_DELIVERY_METHOD}>
        {DELIVERY_METHODS.map(([m, label]) => (
          <OptionButton
            key={m}
            role="radio"
            aria-checked={method === m}
            active={method === m}
            onClick={() => choose(m)}
          >
            {label}
          </OptionButton>
        ))}
      </div>
    </fieldset>
  );
}

function Address() {
  const dispatch = useDispatch();
  const signedIn = useSelector(selectIsSignedIn);
  const list = useSelector((s) => s.address.list, jsonEqual);
  const oneOff = useSelector((s) => s.checkout.oneOffAddress, jsonEqual);
  const selectedId = useSelector((s) => (s.checkout.oneOffAddress === null ? s.address.selectedId : null));
  const zone = useSelector((s) => {
    const q = selectQuote(s.checkout);
    return q !== null && q.deliveryMethod === 'delivery' ? q.zone : null;
  }, jsonEqual);
  const open = () => dispatch({ type: 'OpenModal', data: { modal: { kind: 'address' } } });
  return (
    <fieldset className={styles.section}>
      <legend className={styles.sectionTitle}>Адрес доставки</legend>
      {!signedIn ? (
        <p className={ui.muted}>Войдите, чтобы указать адрес.</p>
      ) : (
        <>
          {(list.length > 0 || oneOff !== null) && (
            <div className={styles.choices} role="radiogroup" aria-label="Адреса">
              {oneOff !== null && (
                <label className={styles.choice}>
                  <input type="radio" name="address" checked readOnly />
                  <span>
                    {formatAddress(oneOff)} <span className={ui.muted}>(не сохранён, только для этого заказа)</span>
                  </span>
                </label>
              )}
              {list.map((a) => (
                <label key={a.id} className={styles.choice}>
                  <input
                    type="radio"
                    name="address"
                    checked={a.id === selectedId}
                    onChange={() => dispatch({ type: 'SelectAddress', data: { addressId: a.id } })}
                  />
                  <span>{formatAddress(a)}</span>
                </label>
              ))}
            </div>
          )}
          <p>
            <button type="button" className={ui.link} onClick={open}>
              {list.length === 0 && oneOff === null ? 'Указать адрес' : 'Добавить новый адрес'}
            </button>
          </p>
          {zone !== null && (
            <p className={styles.note} data-testid="checkout-zone">
              Зона «{zone.name}»: доставка {zone.deliveryPrice === 0 ? 'бесплатно' : formatPrice(zone.deliveryPrice)}
              {zone.freeDeliveryFrom !== null && zone.deliveryPrice > 0
                ? `, бесплатно от ${formatPrice(zone.freeDeliveryFrom)}`
                : ''}
              ; минимальная сумма заказа {formatPrice(zone.minSum)}; примерно {zone.deliveryMinutes} мин.
            </p>
          )}
        </>
      )}
    </fieldset>
  );
}

function Restaurant() {
  const selected = useSelector((s) => s.cart.selectedRestaurant);
  const info = useSelector((s) => {
    const q = selectQuote(s.checkout);
    const fromQuote = q?.restaurants.find((r) => r.deliveryTerminalId === s.cart.selectedRestaurant) ?? null;
    if (fromQuote !== null)
      return {
        name: fromQuote.name,
        address: fromQuote.address,
        hours: fromQuote.hoursText,
        open: fromQuote.isOpenNow,
        stopped: fromQuote.stopped,
      };
    const cityId = s.city.selectedId;
    const r = (cityId === null ? [] : (s.setting.settings?.DELIVERY_TERMINALS[cityId] ?? [])).find(
      (t) => t.deliveryTerminalId === s.cart.selectedRestaurant,
    );
    return r === undefined ? null : { name: r.name, address: r.address, hours: null, open: null, stopped: null };
  }, jsonEqual);
  return (
    <fieldset className={styles.section}>
      <legend className={styles.sectionTitle}>Ресторан самовывоза</legend>
      {selected === null || info === null ? (
        <p className={ui.muted}>Ресторан не выбран.</p>
      ) : (
        <div data-testid="checkout-restaurant">
          <p>
            <strong>{info.name}</strong>, {info.address}
          </p>
          {info.hours !== null && (
            <p className={styles.note}>
              {info.hours}
              {info.open === false && ' · сейчас закрыт'}
            </p>
          )}
          {info.stopped !== null && (
            <p className={`${styles.note} ${info.stopped.length === 0 ? styles.good : styles.bad}`}>
              {info.stopped.length === 0 ? 'Может приготовить весь заказ' : `Нет в наличии: ${info.stopped.join(', ')}`}
            </p>
          )}
        </div>
      )}
      <ModalLink modal={{ kind: 'restaurants' }}>Выбрать ресторан</ModalLink>
    </fieldset>
  );
}

function Time() {
  const time = useSelector((s) => s.cart.deliveryTime);
  const method = useSelector((s) => s.cart.deliveryMethod);
  const timeZone = useSelector((s) => selectCity(s)?.timeZone);
  const slots = useSelector((s) => selectQuote(s.checkout)?.slots ?? null, jsonEqual);
  return (
    <fieldset className={styles.section}>
      <legend className={styles.sectionTitle}>{method === 'delivery' ? 'Время доставки' : 'Время самовывоза'}</legend>
      <div className={styles.row}>
        <span data-testid="checkout-time">{deliveryTimeText(time, slots, timeZone)}</span>
        <ModalLink modal={{ kind: 'time' }}>Изменить</ModalLink>
      </div>
    </fieldset>
  );
}

function Persons() {
  const dispatch = useDispatch();
  const persons = useSelector((s) => s.checkout.persons);
  const change = (n: number) => dispatch({ type: 'ChangePersons', data: { persons: n } });
  return (
    <fieldset className={styles.section}>
      <legend className={styles.sectionTitle}>Количество персон</legend>
      <div className={styles.stepper} role="group" aria-label="Количество персон (приборов)">
        <button type="button" aria-label="Меньше персон" onClick={() => change(persons - 1)} disabled={persons <= 0}>
          −
        </button>
        <span aria-live="polite" data-testid="checkout-persons">
          {persons}
        </span>
        <button type="button" aria-label="Больше персон" onClick={() => change(persons + 1)} disabled={persons >= 50}>
          +
        </button>
      </div>
    </fieldset>
  );
}

function Payment() {
  const dispatch = useDispatch();
  const method = useSelector((s) => s.checkout.paymentMethod);
  const available = useSelector(availablePaymentMethods, jsonEqual);
  const changeFrom = useSelector((s) => s.checkout.changeFrom);
  const [text, setText] = useState(changeFrom === null ? '' : String(changeFrom));
  useEffect(() => setText(changeFrom === null ? '' : String(changeFrom)), [changeFrom]);
  const commitChange = () => {
    const n = Number(text.replace(/\s/g, ''));
    dispatch({ type: 'ChangeCashChange', data: { changeFrom: text.trim() === '' || !Number.isFinite(n) ? null : n } });
  };
  const onlineHidden = !available.includes('card') && !available.includes('sbp');
  return (
    <fieldset className={styles.section}>
      <legend className={styles.sectionTitle}>Способ оплаты</legend>
      <div className={styles.choices} role="radiogroup" aria-label="Способ оплаты">
        {available.map((m: PaymentMethod) => (
          <label key={m} className={styles.choice}>
            <input
              type="radio"
              name="payment"
              checked={m === method}
              onChange={() => dispatch({ type: 'ChangePaymentMethod', data: { method: m } })}
            />
            <span>{PaymentMethodTitle[m]}</span>
          </label>
        ))}
      </div>
      {onlineHidden && <p className={styles.note}>Онлайн-оплата сейчас недоступна.</p>}
      {method === 'cash' && (
        <label className={ui.field}>
          <span className={ui.label}>С какой суммы подготовить сдачу?</span>
          <input
            className={ui.input}
            inputMode="numeric"
            placeholder="Без сдачи"
            value={text}
            onChange={(e) => setText(e.target.value.replace(/[^\d]/g, ''))}
            onBlur={commitChange}
          />
        </label>
      )}
    </fieldset>
  );
}

const BONUS_LAYOUT = { form: styles.section, title: styles.sectionTitle, note: styles.note, row: styles.row };

function Bonuses() {
  const signedIn = useSelector(selectIsSignedIn);
  const balance = useSelector((s) => s.user.profile?.balance ?? 0);
  const cap = useSelector((s) => selectQuote(s.checkout)?.bonusCap ?? null);
  if (!signedIn || balance <= 0) return null;
  return <BonusSpendForm id="checkout-bonus" cap={cap} classes={BONUS_LAYOUT} />;
}

function Comment() {
  const dispatch = useDispatch();
  const comment = useSelector((s) => s.checkout.comment);
  const [text, setText] = useState(comment);
  useEffect(() => setText(comment), [comment]);
  return (
    <fieldset className={styles.section}>
      <legend className={styles.sectionTitle}>Комментарий к заказу</legend>
      <textarea
        aria-label="Комментарий к заказу"
        className={`${ui.input} ${styles.textarea}`}
        maxLength={500}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => dispatch({ type: 'ChangeOrderComment', data: { comment: text } })}
      />
    </fieldset>
  );
}

function Summary() {
  const dispatch = useDispatch();
  const now = useNow();
  const quote = useSelector((s) => selectQuote(s.checkout), jsonEqual);
  const quoting = useSelector((s) => s.checkout.quote.status === 'pending');
  const quoteFailed = useSelector((s) => (s.checkout.quote.status === 'failed' ? s.checkout.quote.message : null));
  const method = useSelector((s) => s.cart.deliveryMethod);
  // Until the quote for the current method answers, the cart's own figures (the same computation).
  const cartAmounts = useSelector(selectCartAmounts, jsonEqual);
  const problems = useSelector((s) => checkoutProblems(s, now), jsonEqual);
  const submission = useSelector((s) => s.checkout.submission, jsonEqual);
  const consent = useSelector((s) => s.checkout.consent);
  const consentOnFile = useSelector((s) => selectConsentOnFile(s.checkout));
  const deliveryText = useSelector((s) => {
    const q = selectQuote(s.checkout);
    return q !== null && q.deliveryMethod === s.cart.deliveryMethod
      ? q.deliveryText
      : (s.setting.settings?.CHECKOUT_DELIVERY_TEXT[s.cart.deliveryMethod] ?? '');
  });
  const current = quote !== null && quote.deliveryMethod === method ? quote : null;
  const amounts = current === null ? cartAmounts : quotedAmounts(current);
  const pending =
    submission.status === 'pending' || submission.status === 'awaiting-payment' || submission.status === 'paying';
  // Server refusals of the last click that the live list does not already show.
  const refused =
    submission.status === 'refused' && submission.source === 'server'
      ? submission.problems.filter((p) => !problems.some((q) => q.code === p.code))
      : [];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    dispatch({ type: 'PlaceOrder', data: {} });
  };
  return (
    <form className={styles.summary} onSubmit={submit} aria-label="Итого" noValidate>
      <AmountList amounts={amounts} testId="checkout-totals" totalTestId="checkout-total" />
      <StatusLine
        text={
          quoting
            ? 'Пересчитываем заказ…'
            : quoteFailed !== null
              ? `Не удалось пересчитать заказ: ${quoteFailed}`
              : null
        }
        testId="checkout-status"
      />
      {deliveryText.trim() !== '' && <p className={styles.deliveryText}>{deliveryText}</p>}
      {/* Asked once per customer and /legal text: not again after a consent at sign-in or an earlier checkout. */}
      {!consentOnFile && (
        <label className={styles.consent}>
          <input
            type="checkbox"
            checked={consent}
            onChange={(e) => dispatch({ type: 'ChangeConsent', data: { given: e.target.checked } })}
          />
          <span>
            {TEXT_CONSENT} (<AppLink to="/legal">политика конфиденциальности</AppLink>)
          </span>
        </label>
      )}
      <ProblemList problems={[...problems, ...refused]} />
      {submission.status === 'failed' && (
        <p className={ui.error} role="alert">
          {submission.message}
        </p>
      )}
      {submission.status === 'payment-failed' && (
        <p className={ui.error} role="alert">
          Заказ сохранён, но оплату начать не удалось: {submission.message}
        </p>
      )}
      <button type="submit" className={`${ui.button} ${ui.block}`} disabled={pending} aria-busy={pending}>
        {pending ? 'Оформляем заказ…' : TEXT_PLACE_ORDER}
      </button>
    </form>
  );
}

function Checkout() {
  const dispatch = useDispatch();
  const method = useSelector((s) => s.cart.deliveryMethod);
  useEffect(() => {
    dispatch({ type: 'OpenCheckout', data: {} });
    return () => dispatch({ type: 'LeaveCheckout', data: {} });
  }, [dispatch]);
  return (
    <div className={ui.container}>
      <h1 className={ui.pageTitle}>Оформление заказа</h1>
      <div className={styles.layout}>
        <div className={styles.form}>
          <Method />
          {method === 'delivery' ? <Address /> : <Restaurant />}
          <Time />
          <Persons />
          <Payment />
          <Bonuses />
          <Comment />
        </div>
        <Summary />
      </div>
    </div>
  );
}

/**
 * The route: a placed order goes to /complete (its cart was just emptied, so this comes before the
 * cart-empty guard); otherwise the guard applies.
 */
export default function CheckoutPage() {
  const placed = useSelector((s) => (s.checkout.submission.status === 'placed' ? s.checkout.submission.orderId : null));
  const navigate = useNavigateTo();
  useEffect(() => {
    if (placed !== null) navigate(`/complete?order=${encodeURIComponent(placed)}`, { replace: true });
  }, [placed, navigate]);
  if (placed !== null) return null;
  return (
    <RequireCart>
      <Checkout />
    </RequireCart>
  );
}
