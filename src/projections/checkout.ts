// Checkout projection: the form's own fields (the cart keeps method, restaurant, time,
// bonuses), the street reference, the submission and the order /complete shows.
import { produce, type Draft } from 'immer';
import type { CheckoutQuote } from '../api/contract/checkout';
import type { Street } from '../api/contract/cladr';
import type { GeocodeAnswer } from '../api/contract/geocode';
import type { CreateOrderBody, Order, PaymentMethod } from '../api/contract/orders';
import type { PaymentSession } from '../api/contract/payments';
import type { AppEvent } from '../events';
import type { OrderProblem, PushDeviceState } from '../events/checkout';
import type { AddressDraft } from '../events/address';
import { applyCase, type CaseReducers } from './define';

export type Submission =
  | { status: 'idle' }
  | { status: 'pending'; idempotencyKey: string; body: CreateOrderBody }
  | { status: 'refused'; problems: OrderProblem[]; source: 'client' | 'server' }
  /** No answer: the next click resends the same body with the same key (the server replays). */
  | { status: 'failed'; idempotencyKey: string; body: CreateOrderBody; message: string }
  /** A cash / courier-card order was stored (the cart was cleared with it). */
  | { status: 'placed'; orderId: string }
  /** An online order was stored; POST /order/:id/payment is on its way. */
  | { status: 'awaiting-payment'; orderId: string }
  | { status: 'paying'; orderId: string; session: PaymentSession }
  | { status: 'payment-failed'; orderId: string; message: string };

export type QuoteState =
  | { status: 'idle' }
  | { status: 'pending'; key: string; last: CheckoutQuote | null }
  | { status: 'ready'; key: string; quote: CheckoutQuote }
  | { status: 'failed'; key: string; message: string; last: CheckoutQuote | null };

export type AddressCheck =
  | { status: 'idle' }
  | { status: 'pending'; street: string; home: string }
  | { status: 'done'; street: string; home: string; answer: GeocodeAnswer }
  | { status: 'failed'; street: string; home: string; message: string };

export type ShownOrder =
  | { status: 'idle' }
  | { status: 'loading'; orderId: string }
  | { status: 'loaded'; order: Order }
  | { status: 'failed'; orderId: string; message: string };

/** The SBP payment of the shown order: its QR and link, a renewal under way, or why it failed. */
export type SbpState = {
  orderId: string;
  session: PaymentSession | null;
  /** When the QR expires by this device's clock (ISO). */
  deadline: string | null;
  renewing: boolean;
  error: string | null;
};

export type CheckoutState = {
  /** The /checkout page is open (quotes are asked for). */
  active: boolean;
  paymentMethod: PaymentMethod;
  persons: number;
  changeFrom: number | null;
  comment: string;
  consent: boolean;
  /**
   * The server's record of the customer's consent (docs/CHECKOUT.md "Consent, once per text"):
   * `required` false when a consent covers the current /legal text; null until it answered.
   */
  consentOnFile: { version: string; required: boolean } | null;
  streets: { cityIikoId: string; list: Street[] } | null;
  quote: QuoteState;
  addressCheck: AddressCheck;
  submission: Submission;
  shown: ShownOrder;
  /** /complete of an SBP order awaiting payment; null otherwise. */
  sbp: SbpState | null;
  /** Orders whose purchase event was pushed during this session. */
  tracked: string[];
  /** The address delivered to without saving it (kept for this page's life only); null: a saved one. */
  oneOffAddress: AddressDraft | null;
  /** Web push of order statuses offered on /complete (docs/PUSH.md); this page's life only. */
  orderPush: OrderPushState;
};

export type OrderPushState = {
  /** What this browser can do; 'unknown' until the effect asked it. */
  device: 'unknown' | PushDeviceState;
  status: 'idle' | 'pending' | 'enabled' | 'declined' | 'failed';
  message: string | null;
};

export const ORDER_PUSH_DENIED = 'Уведомления запрещены в настройках браузера.';

export const initialOrderPush: OrderPushState = { device: 'unknown', status: 'idle', message: null };

export const initialCheckout: CheckoutState = {
  active: false,
  paymentMethod: 'cash',
  persons: 1,
  changeFrom: null,
  comment: '',
  consent: false,
  consentOnFile: null,
  streets: null,
  quote: { status: 'idle' },
  addressCheck: { status: 'idle' },
  submission: { status: 'idle' },
  shown: { status: 'idle' },
  sbp: null,
  tracked: [],
  oneOffAddress: null,
  orderPush: initialOrderPush,
};

const resetForm = (d: Draft<CheckoutState>) => {
  d.changeFrom = null;
  d.comment = '';
  d.persons = 1;
};

/** A change of what is ordered, where or how: a refusal of the previous attempt no longer holds. */
const forgetRefusal = (d: Draft<CheckoutState>) => {
  const s = d.submission.status;
  if (s === 'refused' || s === 'placed' || s === 'payment-failed') d.submission = { status: 'idle' };
};
const lastQuote = (q: Draft<QuoteState>): CheckoutQuote | null =>
  q.status === 'ready'
    ? (q.quote as CheckoutQuote)
    : q.status === 'pending' || q.status === 'failed'
      ? (q.last as CheckoutQuote | null)
      : null;

export const checkoutReducers: CaseReducers<CheckoutState> = {
  CheckoutOpened: (d) => void (d.active = true),
  CheckoutLeft: (d) => void (d.active = false),
  StreetsLoaded: (d, e) => void (d.streets = { cityIikoId: e.data.cityIikoId, list: structuredClone(e.data.streets) }),
  PaymentMethodChanged: (d, e) => {
    forgetRefusal(d);
    d.paymentMethod = e.data.method;
    if (e.data.method !== 'cash') d.changeFrom = null;
  },
  PersonsChanged: (d, e) => void (d.persons = e.data.persons),
  ChangeFromChanged: (d, e) => {
    forgetRefusal(d);
    d.changeFrom = e.data.changeFrom;
  },
  OrderCommentChanged: (d, e) => void (d.comment = e.data.comment),
  ConsentChanged: (d, e) => void (d.consent = e.data.given),
  ConsentStatusLoaded: (d, e) => void (d.consentOnFile = { version: e.data.version, required: e.data.required }),
  // The courier card cannot pay for a pickup.
  DeliveryMethodChanged: (d, e) => {
    forgetRefusal(d);
    if (e.data.method === 'self' && d.paymentMethod === 'courier-card') d.paymentMethod = 'cash';
  },
  OrderRefused: (d, e) =>
    void (d.submission = { status: 'refused', problems: structuredClone(e.data.problems), source: e.data.source }),
  QuoteRequested: (d, e) => void (d.quote = { status: 'pending', key: e.data.key, last: lastQuote(d.quote) }),
  QuoteReceived: (d, e) => void (d.quote = { status: 'ready', key: e.data.key, quote: structuredClone(e.data.quote) }),
  QuoteFailed: (d, e) =>
    void (d.quote = { status: 'failed', key: e.data.key, message: e.data.message, last: lastQuote(d.quote) }),
  AddressCheckRequested: (d, e) =>
    void (d.addressCheck = { status: 'pending', street: e.data.street, home: e.data.home }),
  AddressChecked: (d, e) =>
    void (d.addressCheck = {
      status: 'done',
      street: e.data.street,
      home: e.data.home,
      answer: structuredClone(e.data.answer),
    }),
  AddressCheckFailed: (d, e) =>
    void (d.addressCheck = { status: 'failed', street: e.data.street, home: e.data.home, message: e.data.message }),
  AddressCreated: (d) => {
    forgetRefusal(d);
    d.addressCheck = { status: 'idle' };
    d.oneOffAddress = null;
  },
  OneOffAddressChosen: (d, e) => {
    forgetRefusal(d);
    d.addressCheck = { status: 'idle' };
    d.oneOffAddress = structuredClone(e.data.address);
  },
  OrderSubmitted: (d, e) =>
    void (d.submission = {
      status: 'pending',
      idempotencyKey: e.data.idempotencyKey,
      body: structuredClone(e.data.body),
    }),
  OrderSubmissionFailed: (d, e) => {
    if (d.submission.status !== 'pending') return;
    d.submission = {
      status: 'failed',
      idempotencyKey: d.submission.idempotencyKey,
      body: d.submission.body,
      message: e.data.message,
    };
  },
  OrderPlaced: (d, e) => {
    d.submission = { status: 'placed', orderId: e.data.order.id };
    d.shown = { status: 'loaded', order: structuredClone(e.data.order) };
    resetForm(d);
  },
  OrderAwaitingPayment: (d, e) => {
    d.submission = { status: 'awaiting-payment', orderId: e.data.order.id };
    d.shown = { status: 'loaded', order: structuredClone(e.data.order) };
  },
  PaymentStarted: (d, e) =>
    void (d.submission = {
      status: 'paying',
      orderId: e.data.session.orderId,
      session: structuredClone(e.data.session),
    }),
  PaymentStartFailed: (d, e) =>
    void (d.submission = { status: 'payment-failed', orderId: e.data.orderId, message: e.data.message }),
  SbpPaymentShown: (d, e) =>
    void (d.sbp = {
      orderId: e.data.session.orderId,
      session: structuredClone(e.data.session),
      deadline: e.data.deadline,
      renewing: false,
      error: null,
    }),
  SbpRenewalRequested: (d, e) => {
    if (d.sbp?.orderId === e.data.orderId) {
      d.sbp.renewing = true;
      d.sbp.error = null;
    } else d.sbp = { orderId: e.data.orderId, session: null, deadline: null, renewing: true, error: null };
  },
  SbpPaymentFailed: (d, e) => {
    if (d.sbp?.orderId === e.data.orderId) {
      d.sbp.renewing = false;
      d.sbp.error = e.data.message;
    } else d.sbp = { orderId: e.data.orderId, session: null, deadline: null, renewing: false, error: e.data.message };
  },
  OrderLoadRequested: (d, e) => {
    if (d.sbp !== null && d.sbp.orderId !== e.data.orderId) d.sbp = null;
    if (d.shown.status === 'loaded' && d.shown.order.id === e.data.orderId) return;
    d.shown = { status: 'loading', orderId: e.data.orderId };
  },
  // a log recorded before orderPush existed has none: each case sets the whole object
  PushDeviceReported: (d, e) => {
    const was = d.orderPush ?? initialOrderPush;
    // the customer refused the browser's permission prompt just now
    const refused = e.data.state === 'denied' && was.status === 'pending';
    d.orderPush = refused
      ? { device: 'denied', status: 'failed', message: ORDER_PUSH_DENIED }
      : { ...was, device: e.data.state };
  },
  OrderPushRequested: (d) =>
    void (d.orderPush = { ...(d.orderPush ?? initialOrderPush), status: 'pending', message: null }),
  OrderPushDeclined: (d) =>
    void (d.orderPush = { ...(d.orderPush ?? initialOrderPush), status: 'declined', message: null }),
  OrderPushEnabled: (d) => void (d.orderPush = { device: 'subscribed', status: 'enabled', message: null }),
  OrderPushFailed: (d, e) =>
    void (d.orderPush = { ...(d.orderPush ?? initialOrderPush), status: 'failed', message: e.data.message }),
  OrderLoaded: (d, e) => void (d.shown = { status: 'loaded', order: structuredClone(e.data.order) }),
  OrderLoadFailed: (d, e) => void (d.shown = { status: 'failed', orderId: e.data.orderId, message: e.data.message }),
  OrderStatusUpdated: (d, e) => {
    if (d.shown.status !== 'loaded' || d.shown.order.id !== e.data.orderId) return;
    d.shown.order.status = e.data.status;
  },
  PurchaseTracked: (d, e) => {
    if (!d.tracked.includes(e.data.orderId)) d.tracked.push(e.data.orderId);
  },
  ItemAdded: forgetRefusal,
  ItemMerged: forgetRefusal,
  HalfPizzaAdded: forgetRefusal,
  HalfPizzaMerged: forgetRefusal,
  ItemQuantityChanged: forgetRefusal,
  ItemRemoved: forgetRefusal,
  ItemsInvalidated: forgetRefusal,
  RestaurantSelected: forgetRefusal,
  DeliveryTimeChanged: forgetRefusal,
  CouponApplied: forgetRefusal,
  CouponRemoved: forgetRefusal,
  SpendBonusChanged: forgetRefusal,
  AddressSelected: (d) => {
    forgetRefusal(d);
    d.oneOffAddress = null;
  },
  LoggedOut: (d) => void Object.assign(d, structuredClone(initialCheckout)),
};

export function applyCheckout(draft: Draft<CheckoutState>, event: AppEvent): void {
  applyCase(checkoutReducers, draft, event);
}
export function evolveCheckout(state: CheckoutState, event: AppEvent): CheckoutState {
  return produce(state, (d) => applyCheckout(d, event));
}

/** The customer consented to the current /legal text before (at sign-in or an earlier checkout): not asked again. */
export const selectConsentOnFile = (s: CheckoutState): boolean => s.consentOnFile?.required === false;

/** The freshest quote the page may show (the last answer while a newer one is on its way). */
export function selectQuote(s: CheckoutState): CheckoutQuote | null {
  const q = s.quote;
  if (q.status === 'ready') return q.quote;
  if (q.status === 'pending' || q.status === 'failed') return q.last;
  return null;
}
