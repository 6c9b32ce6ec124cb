// Online payment:
// - OrderAwaitingPayment → POST /order/{id}/payment → ApplyPaymentSession; PaymentStarted → the
//   test gateway's page, or the CloudPayments widget then /complete or /complete-error;
// - SBP: PaymentStarted → /complete, which shows the QR or the bank link; the payment
//   is read again whenever its order is, and 'Получить новый QR-код' renews it;
// - a pending online payment is re-read until the server settles it; a paid order the customer
//   was paying for clears the cart.
import {
  asyncScheduler,
  catchError,
  defer,
  EMPTY,
  exhaustMap,
  filter,
  ignoreElements,
  map,
  mergeMap,
  of,
  switchMap,
  type Observable,
  take,
  takeUntil,
  tap,
  timer,
  withLatestFrom,
} from 'rxjs';
import type { PaymentSession } from '../../api/contract/payments';
import type { AppCommand } from '../../commands';
import { isOnline, sbpAwaitingPayment } from '../../domain/payment';
import { describeError, failureMessage } from '../apiErrors';
import type { Effect, EffectDeps } from '../deps';
import { eventsOf, ofType } from '../operators';
import {
  AWAITING_PAYMENT_KEY,
  PAYMENT_POLL_MS,
  PAYMENT_POLLS,
  trackingStopped$,
  type CheckoutEffectOptions,
} from './shared';

function readItem(deps: EffectDeps, key: string): string | null {
  try {
    return deps.storage.getItem(key);
  } catch {
    return null;
  }
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
        // SBP is paid from /complete: its QR (or the bank link on a phone) and the live wait.
        if (s.method === 'sbp') {
          deps.location.assign(s.successUrl);
          return EMPTY;
        }
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

function sbpAnswer(deps: EffectDeps, orderId: string, call: () => Observable<PaymentSession>) {
  return defer(call).pipe(
    take(1),
    map((session): AppCommand => ({ type: 'ApplySbpPayment', data: { session } })),
    catchError((error: unknown) => {
      deps.logger.warn('sbp payment failed', describeError(error));
      return of<AppCommand>({ type: 'ReportSbpPaymentFailure', data: { orderId, message: failureMessage(error) } });
    }),
  );
}

/**
 * The shown SBP order awaits its money: its payment (QR, bank link, expiry) is read whenever the
 * order is (on /complete, after each push and poll), so an expiry the server saw shows at once.
 */
export const readSbpPayment$: Effect = (event$, state$, deps) =>
  eventsOf(event$).pipe(
    filter((e) => e.type === 'OrderLoaded' || e.type === 'OrderLoadRequested'),
    withLatestFrom(state$),
    map(([, state]) => state.checkout.shown),
    filter((shown) => shown.status === 'loaded' && sbpAwaitingPayment(shown.order)),
    map((shown) => (shown.status === 'loaded' ? shown.order.id : '')),
    switchMap((orderId) => sbpAnswer(deps, orderId, () => deps.api.readPayment(orderId))),
  );

/** 'Получить новый QR-код' → POST /order/{id}/payment/renew → the new QR. */
export const renewSbpPayment$: Effect = (event$, _state$, deps) =>
  eventsOf(event$).pipe(
    ofType('SbpRenewalRequested'),
    exhaustMap((e) => sbpAnswer(deps, e.data.orderId, () => deps.api.renewPayment(e.data.orderId))),
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
