// Checkout effects, one named effect each, merged by checkout$ at the bottom.
// See docs/ARCHITECTURE.md «Checkout, sign-in and profile effects».
import {
  asyncScheduler,
  catchError,
  concat,
  debounceTime,
  defer,
  EMPTY,
  exhaustMap,
  filter,
  from,
  ignoreElements,
  map,
  merge,
  mergeMap,
  Observable,
  of,
  retry,
  switchMap,
  take,
  takeUntil,
  tap,
  timer,
  withLatestFrom,
  type SchedulerLike,
} from 'rxjs';
import type { CloudPaymentsWidget } from '../api/contract/payments';
import type { Order } from '../api/contract/orders';
import type { AppCommand } from '../commands';
import { CHECKOUT_TEXT } from '../domain/messages';
import { isOnline } from '../domain/payment';
import { buildQuoteBody, quoteKey } from '../projections/orderBody';
import type { AppEvent } from '../events';
import { selectCity, selectIsSignedIn } from '../projections/store';
import { apiFailureCommandsIn, describeError, failureMessage, failureStatus } from './apiErrors';
import type { Effect, EffectDeps } from './deps';
import { eventsOf, ofType } from './operators';
import { captchaToken$, type CaptchaRunner } from './captcha';
import { ApiFailure } from '../api/client';

export type { CaptchaRunner } from './captcha';
/** CloudPayments' widget: resolves 'success' or 'fail' when the customer is done with it. */
export interface PaymentWidget {
  pay(widget: CloudPaymentsWidget): Promise<'success' | 'fail'>;
}
/** What the live status needs of a WebSocket. */
export interface LiveSocket {
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  close(): void;
}
export type OpenSocket = (path: string) => LiveSocket;
/** window.dataLayer (created when missing). */
export type DataLayer = () => { push(entry: unknown): unknown };

export type CheckoutEffectOptions = {
  scheduler?: SchedulerLike;
  quoteDebounceMs?: number;
  /** Re-read a pending online payment this often. */
  paymentPollMs?: number;
  /** At most this many re-reads. */
  paymentPolls?: number;
  /** Wait before reconnecting a dropped WebSocket. */
  reconnectMs?: number;
  captcha?: CaptchaRunner;
  widget?: PaymentWidget;
  openSocket?: OpenSocket;
  dataLayer?: DataLayer;
};

export const QUOTE_DEBOUNCE_MS = 250;
export const PAYMENT_POLL_MS = 2_000;
export const PAYMENT_POLLS = 30;
export const RECONNECT_MS = 3_000;
export const WS_PATH = '/api/v1/ws';
/** Storage keys: order ids whose purchase event was pushed; the online order being paid for. */
export const TRACKED_ORDERS_KEY = 'storefront:purchase-tracked';
export const AWAITING_PAYMENT_KEY = 'storefront:awaiting-payment';
const TRACKED_KEEP = 200;

/** Events after which the open checkout asks for a new quote. */
export function needsQuote(event: AppEvent): boolean {
  switch (event.type) {
    case 'CheckoutOpened':
    case 'ItemAdded':
    case 'ItemMerged':
    case 'ItemQuantityChanged':
    case 'ItemRemoved':
    case 'ItemsInvalidated':
    case 'GiftAdded':
    case 'GiftRemoved':
    case 'CouponApplied':
    case 'CouponRemoved':
    case 'DeliveryMethodChanged':
    case 'RestaurantSelected':
    case 'RestaurantUnmatched':
    case 'DeliveryTimeChanged':
    case 'SpendBonusChanged':
    case 'AddressSelected':
    case 'AddressCreated':
    case 'AddressesLoaded':
    case 'AddressDeleted':
    case 'OneOffAddressChosen':
    case 'PaymentMethodChanged':
    case 'ChangeFromChanged':
    case 'SignedIn':
    case 'CatalogLoaded':
    case 'SettingsLoaded':
      return true;
    default:
      return false;
  }
}

/**
 * Nothing more to follow: the order is closed, or cancelled with no refund still to come. A
 * cancelled order whose online payment is still 'paid' turns 'refunded' when the provider confirms
 * the refund (the server pushes that too), so the page keeps following it.
 */
export const isFinalStatus = (order: Pick<Order, 'status' | 'paymentStatus'>): boolean =>
  order.status === 'Closed' || (order.status === 'Cancelled' && order.paymentStatus !== 'paid');

/** The order went through: stored for cash or the courier's card, or paid online (and not cancelled). */
export const isSuccessfulOrder = (order: Order): boolean =>
  order.status !== 'Cancelled' && (isOnline(order.paymentMethod) ? order.paymentStatus === 'paid' : true);

/** The purchase event of PRODUCT.md §7: product name, price including modifiers, quantity (Yandex Metrica e-commerce shape). */
export function purchaseEvent(order: Order): unknown {
  return {
    event: 'purchase',
    ecommerce: {
      currencyCode: 'RUB',
      purchase: {
        actionField: { id: String(order.number), revenue: order.total },
        products: order.items.map((l) => ({ id: l.productId, name: l.name, price: l.price, quantity: l.amount })),
      },
    },
  };
}

function readIds(deps: EffectDeps, key: string): string[] {
  try {
    const raw: unknown = JSON.parse(deps.storage.getItem(key) ?? '[]');
    return Array.isArray(raw) ? raw.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}
function writeIds(deps: EffectDeps, key: string, ids: readonly string[]): void {
  try {
    deps.storage.setItem(key, JSON.stringify(ids.slice(-TRACKED_KEEP)));
  } catch (error) {
    deps.logger.warn('storage write failed', error);
  }
}
function readItem(deps: EffectDeps, key: string): string | null {
  try {
    return deps.storage.getItem(key);
  } catch {
    return null;
  }
}

function parsePush(data: unknown): { type: string; orderId?: unknown; status?: unknown } | null {
  if (typeof data !== 'string') return null;
  try {
    const value: unknown = JSON.parse(data);
    return typeof value === 'object' && value !== null && 'type' in value && typeof value.type === 'string'
      ? (value as { type: string })
      : null;
  } catch {
    return null;
  }
}

/** A cold stream of one WebSocket's text messages; it errors when the socket closes (so `retry` reconnects). */
function socket$(open: OpenSocket, path: string): Observable<unknown> {
  return new Observable<unknown>((subscriber) => {
    const socket = open(path);
    socket.onmessage = (event) => subscriber.next(event.data);
    socket.onclose = (event) => subscriber.error(new Error(`WebSocket closed (${event.code})`));
    return () => {
      socket.onmessage = null;
      socket.onclose = null;
      socket.close();
    };
  });
}

/** An order's `OrderTrackingStopped`: the customer left the page that followed it. */
const trackingStopped$ = (events$: Observable<AppEvent>, orderId: string) =>
  events$.pipe(filter((e) => e.type === 'OrderTrackingStopped' && e.data.orderId === orderId));

/** While /checkout is open, every change of what, where, when or how → (debounced) a new quote; the latest wins. */
export function quoteOnChange$(options: CheckoutEffectOptions = {}): Effect {
  const scheduler = options.scheduler ?? asyncScheduler;
  const quoteDebounceMs = options.quoteDebounceMs ?? QUOTE_DEBOUNCE_MS;
  return (event$, state$, deps) =>
    eventsOf(event$).pipe(
      filter(needsQuote),
      withLatestFrom(state$),
      filter(([, state]) => state.checkout.active),
      debounceTime(quoteDebounceMs, scheduler),
      withLatestFrom(state$),
      switchMap(([, state]) => {
        const body = buildQuoteBody(state);
        if (body === null || !state.checkout.active || body.items.length === 0) return EMPTY;
        const key = quoteKey(body);
        const q = state.checkout.quote;
        if (q.status === 'ready' && q.key === key) return EMPTY;
        const call = defer(() => deps.api.quoteCheckout(body)).pipe(
          take(1),
          map((quote): AppCommand => ({ type: 'ApplyQuote', data: { key, quote } })),
          catchError((error: unknown) => {
            deps.logger.warn('checkout quote failed', describeError(error));
            const failed: AppCommand = { type: 'ReportQuoteFailure', data: { key, message: failureMessage(error) } };
            return from([failed, ...(failureStatus(error) === 401 ? apiFailureCommandsIn(error, state) : [])]);
          }),
        );
        return concat(of<AppCommand>({ type: 'StartQuote', data: { key } }), call);
      }),
    );
}

/** The checkout page or the address modal → the chosen city's street reference, once per city. */
export const loadStreets$: Effect = (event$, state$, deps) =>
  eventsOf(event$).pipe(
    filter(
      (e) =>
        e.type === 'CheckoutOpened' ||
        e.type === 'AddressCheckRequested' ||
        (e.type === 'ModalOpened' && e.data.modal.kind === 'address'),
    ),
    withLatestFrom(state$),
    map(([, state]) => selectCity(state)?.iikoId ?? null),
    filter((iikoId): iikoId is string => iikoId !== null),
    withLatestFrom(state$),
    filter(([iikoId, state]) => state.checkout.streets?.cityIikoId !== iikoId),
    switchMap(([cityIikoId]) =>
      defer(() => deps.api.getStreets(cityIikoId)).pipe(
        take(1),
        map((streets): AppCommand => ({ type: 'ApplyStreets', data: { cityIikoId, streets } })),
        catchError((error: unknown) => {
          deps.logger.warn('street reference load failed', describeError(error));
          return EMPTY;
        }),
      ),
    ),
  );

/** AddressCheckRequested → POST /geocode → ApplyAddressCheck / ReportAddressCheckFailure. */
export const checkAddress$: Effect = (event$, state$, deps) =>
  eventsOf(event$).pipe(
    ofType('AddressCheckRequested'),
    withLatestFrom(state$),
    switchMap(([e, state]) => {
      const { street, home } = e.data;
      const cityId = state.city.selectedId;
      if (cityId === null) return EMPTY;
      return defer(() => deps.api.geocode({ cityId, street, home })).pipe(
        take(1),
        map((answer): AppCommand => ({ type: 'ApplyAddressCheck', data: { street, home, answer } })),
        catchError((error: unknown) => {
          deps.logger.warn('address check failed', describeError(error));
          return of<AppCommand>({
            type: 'ReportAddressCheckFailure',
            data: { street, home, message: failureMessage(error) },
          });
        }),
      );
    }),
  );

/** OrderSubmitted → the bot check when asked → POST /order → placement, refusal (4xx) or failure (no answer). */
export function placeOrder$(options: CheckoutEffectOptions = {}): Effect {
  return (event$, state$, deps) =>
    eventsOf(event$).pipe(
      ofType('OrderSubmitted'),
      withLatestFrom(state$),
      mergeMap(([e, state]) =>
        captchaToken$(options.captcha, e.data.captcha, deps).pipe(
          mergeMap((captchaToken) =>
            deps.api.createOrder({ ...e.data.body, captchaToken }, e.data.idempotencyKey).pipe(take(1)),
          ),
          map((order): AppCommand => ({ type: 'CompleteOrderPlacement', data: { order } })),
          catchError((error: unknown): Observable<AppCommand> => {
            deps.logger.warn('order submission failed', describeError(error));
            const status = failureStatus(error);
            if (error instanceof ApiFailure && status !== null && status >= 400 && status < 500 && status !== 409) {
              const refusal: AppCommand = {
                type: 'ReportOrderRefusal',
                data: { status, code: error.code, message: error.serverMessage },
              };
              return from([refusal, ...(status === 401 ? apiFailureCommandsIn(error, state) : [])]);
            }
            const text = status === 409 ? failureMessage(error, CHECKOUT_TEXT.noAnswer) : CHECKOUT_TEXT.noAnswer;
            return of<AppCommand>({ type: 'ReportOrderFailure', data: { message: text } });
          }),
        ),
      ),
    );
}

/** OrderAwaitingPayment → the order id is remembered → POST /order/{id}/payment → ApplyPaymentSession. */
export const startPayment$: Effect = (event$, _state$, deps) =>
  eventsOf(event$).pipe(
    ofType('OrderAwaitingPayment'),
    mergeMap((e) => {
      const orderId = e.data.order.id;
      try {
        deps.storage.setItem(AWAITING_PAYMENT_KEY, orderId);
      } catch (error) {
        deps.logger.warn('storage write failed', error);
      }
      return defer(() => deps.api.startPayment(orderId)).pipe(
        take(1),
        map((session): AppCommand => ({ type: 'ApplyPaymentSession', data: { session } })),
        catchError((error: unknown) => {
          deps.logger.warn('payment start failed', describeError(error));
          return of<AppCommand>({
            type: 'ReportPaymentStartFailure',
            data: { orderId, message: failureMessage(error) },
          });
        }),
      );
    }),
  );

/** PaymentStarted → the test gateway's page, or the CloudPayments widget then /complete or /complete-error. */
export function payOnline$(options: CheckoutEffectOptions = {}): Effect {
  return (event$, _state$, deps) =>
    eventsOf(event$).pipe(
      ofType('PaymentStarted'),
      mergeMap((e) => {
        const s = e.data.session;
        if (s.redirectUrl !== null) {
          deps.location.assign(s.redirectUrl);
          return EMPTY;
        }
        if (s.widget === null || options.widget === undefined) {
          return of<AppCommand>({
            type: 'ReportPaymentStartFailure',
            data: { orderId: s.orderId, message: 'Онлайн-оплата сейчас недоступна, выберите оплату при получении' },
          });
        }
        const widget = options.widget;
        const params = s.widget;
        return defer(() => widget.pay(params)).pipe(
          catchError(() => of<'fail'>('fail')),
          mergeMap((result) =>
            result === 'success'
              ? of(s.successUrl)
              : defer(() => deps.api.cancelPayment(s.orderId)).pipe(
                  take(1),
                  map(() => s.failUrl),
                  catchError(() => of(s.failUrl)),
                ),
          ),
          tap((url) => deps.location.assign(url)),
          ignoreElements(),
        );
      }),
    );
}

/** OrderLoadRequested → GET /order/{id} → ApplyOrder / ReportOrderLoadFailure (the latest wins). */
export const loadOrder$: Effect = (event$, state$, deps) =>
  eventsOf(event$).pipe(
    ofType('OrderLoadRequested'),
    withLatestFrom(state$),
    switchMap(([e, state]) =>
      defer(() => deps.api.getOrder(e.data.orderId)).pipe(
        take(1),
        map((order): AppCommand => ({ type: 'ApplyOrder', data: { order } })),
        catchError((error: unknown) => {
          deps.logger.warn('order load failed', describeError(error));
          const failed: AppCommand = {
            type: 'ReportOrderLoadFailure',
            data: { orderId: e.data.orderId, message: failureMessage(error) },
          };
          return from([failed, ...(failureStatus(error) === 401 ? apiFailureCommandsIn(error, state) : [])]);
        }),
      ),
    ),
  );

/** A pending online payment: read the order again until the server has settled it. */
export function pollPendingPayment$(options: CheckoutEffectOptions = {}): Effect {
  const scheduler = options.scheduler ?? asyncScheduler;
  const pollMs = options.paymentPollMs ?? PAYMENT_POLL_MS;
  const polls = options.paymentPolls ?? PAYMENT_POLLS;
  return (event$) => {
    const events$ = eventsOf(event$);
    return events$.pipe(
      ofType('OrderLoaded'),
      switchMap((e) => {
        const order = e.data.order;
        if (!isOnline(order.paymentMethod) || order.paymentStatus !== 'pending' || order.status === 'Cancelled')
          return EMPTY;
        return timer(pollMs, pollMs, scheduler).pipe(
          take(polls),
          takeUntil(trackingStopped$(events$, order.id)),
          map((): AppCommand => ({ type: 'LoadOrder', data: { orderId: order.id } })),
        );
      }),
    );
  };
}

/** The online order the customer was paying for is paid: only now the cart goes. */
export const clearCartWhenPaid$: Effect = (event$, _state$, deps) =>
  eventsOf(event$).pipe(
    ofType('OrderLoaded'),
    filter((e) => e.data.order.paymentStatus === 'paid' && readItem(deps, AWAITING_PAYMENT_KEY) === e.data.order.id),
    mergeMap(() => {
      try {
        deps.storage.removeItem(AWAITING_PAYMENT_KEY);
      } catch (error) {
        deps.logger.warn('storage write failed', error);
      }
      return of<AppCommand>({ type: 'ClearCart', data: { reason: 'order-placed' } });
    }),
  );

/** A successful order pushes the purchase event to the data layer once (ids kept in storage). */
export function trackPurchase$(options: CheckoutEffectOptions = {}): Effect {
  return (event$, _state$, deps) =>
    eventsOf(event$).pipe(
      filter(
        (e): e is Extract<AppEvent, { type: 'OrderLoaded' | 'OrderPlaced' }> =>
          e.type === 'OrderLoaded' || e.type === 'OrderPlaced',
      ),
      map((e) => e.data.order),
      filter(isSuccessfulOrder),
      mergeMap((order) => {
        const tracked = readIds(deps, TRACKED_ORDERS_KEY);
        if (tracked.includes(order.id) || options.dataLayer === undefined) return EMPTY;
        writeIds(deps, TRACKED_ORDERS_KEY, [...tracked, order.id]);
        try {
          options.dataLayer().push(purchaseEvent(order));
        } catch (error) {
          deps.logger.warn('purchase event failed', describeError(error));
          return EMPTY;
        }
        return of<AppCommand>({ type: 'RecordPurchaseTracked', data: { orderId: order.id } });
      }),
    );
}

/**
 * A shown order that is not final follows order:status_update over the WebSocket until /complete
 * is left (reconnecting, and re-reading the order after each connect). Nothing without a socket.
 */
export function followOrderStatus$(options: CheckoutEffectOptions = {}): Effect {
  const scheduler = options.scheduler ?? asyncScheduler;
  const reconnectMs = options.reconnectMs ?? RECONNECT_MS;
  const open = options.openSocket;
  return (event$, state$) => {
    const events$ = eventsOf(event$);
    // No socket, nothing to follow; the effect still ends with the events, like the others.
    if (open === undefined) return events$.pipe(ignoreElements());
    return events$.pipe(
      filter(
        (e): e is Extract<AppEvent, { type: 'OrderLoaded' | 'OrderPlaced' }> =>
          e.type === 'OrderLoaded' || e.type === 'OrderPlaced',
      ),
      map((e) => e.data.order),
      withLatestFrom(state$),
      filter(([order, state]) => !isFinalStatus(order) && selectIsSignedIn(state)),
      filter(
        ([order, state]) => state.checkout.shown.status === 'loaded' && state.checkout.shown.order.id === order.id,
      ),
      // One socket at a time: later loads of the order (its status changed) keep the open one.
      exhaustMap(([order, state]) => {
        const path = `${WS_PATH}?token=${encodeURIComponent(state.auth.token ?? '')}`;
        const ended$ = merge(
          trackingStopped$(events$, order.id),
          events$.pipe(
            filter((e) => e.type === 'OrderStatusUpdated' && e.data.orderId === order.id && e.data.status === 'Closed'),
          ),
          // A cancellation is final only once its money is settled: the order read after it says.
          events$.pipe(
            filter((e) => e.type === 'OrderLoaded' && e.data.order.id === order.id && isFinalStatus(e.data.order)),
          ),
          events$.pipe(filter((e) => e.type === 'LoggedOut')),
        );
        return socket$(open, path).pipe(
          retry({ delay: () => timer(reconnectMs, scheduler) }),
          mergeMap((data): Observable<AppCommand> => {
            const message = parsePush(data);
            if (message === null) return EMPTY;
            // Connected (again): read the order once, so nothing that changed meanwhile is missed.
            if (message.type === 'hello') return of({ type: 'LoadOrder', data: { orderId: order.id } });
            if (
              message.type === 'order:status_update' &&
              message.orderId === order.id &&
              typeof message.status === 'string'
            ) {
              const apply: AppCommand = {
                type: 'ApplyOrderStatus',
                data: { orderId: order.id, status: message.status },
              };
              // A push about a cancelled order is about its money (cancelled, then refunded): read it.
              const reread: AppCommand = { type: 'LoadOrder', data: { orderId: order.id } };
              return message.status === 'Cancelled' ? of(apply, reread) : of(apply);
            }
            return EMPTY;
          }),
          takeUntil(ended$),
        );
      }),
    );
  };
}

/** Every checkout effect above, each on the same events, state and deps, in this order. */
export function checkout$(options: CheckoutEffectOptions = {}): Effect {
  const effects: readonly Effect[] = [
    quoteOnChange$(options),
    loadStreets$,
    checkAddress$,
    placeOrder$(options),
    startPayment$,
    payOnline$(options),
    loadOrder$,
    pollPendingPayment$(options),
    clearCartWhenPaid$,
    trackPurchase$(options),
    followOrderStatus$(options),
  ];
  return (event$, state$, deps) => merge(...effects.map((effect) => effect(event$, state$, deps)));
}
