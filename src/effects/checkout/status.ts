// After the order: a shown order that is not final follows order:status_update over the WebSocket
// until /complete is left (reconnecting, and re-reading the order after each connect). The purchase
// is the web counters' to report, with the visitor's consent (src/effects/analytics).
import { EMPTY, filter, map, merge, mergeMap, type Observable, of, withLatestFrom } from 'rxjs';
import type { Order } from '../../api/contract/orders';
import type { AppCommand } from '../../commands';
import { isOnline } from '../../domain/payment';
import type { AppEvent } from '../../events';
import type { Effect } from '../deps';
import { followCustomerSocket } from './customerSocket';
import { trackingStopped$, type CheckoutEffectOptions } from './shared';

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

/**
 * A shown order that is not final follows order:status_update over the WebSocket until /complete
 * is left (reconnecting, and re-reading the order after each connect). Nothing without a socket.
 */
export function followOrderStatus$(options: CheckoutEffectOptions = {}): Effect {
  // One socket at a time: later loads of the order (its status changed) keep the open one.
  return followCustomerSocket(options, {
    shown$: (events$, state$) =>
      events$.pipe(
        filter(
          (e): e is Extract<AppEvent, { type: 'OrderLoaded' | 'OrderPlaced' }> =>
            e.type === 'OrderLoaded' || e.type === 'OrderPlaced',
        ),
        map((e) => e.data.order),
        withLatestFrom(state$),
        filter(([order]) => !isFinalStatus(order)),
        filter(
          ([order, state]) => state.checkout.shown.status === 'loaded' && state.checkout.shown.order.id === order.id,
        ),
      ),
    ended$: (events$, order) =>
      merge(
        trackingStopped$(events$, order.id),
        events$.pipe(
          filter((e) => e.type === 'OrderStatusUpdated' && e.data.orderId === order.id && e.data.status === 'Closed'),
        ),
        // A cancellation is final only once its money is settled: the order read after it says.
        events$.pipe(
          filter((e) => e.type === 'OrderLoaded' && e.data.order.id === order.id && isFinalStatus(e.data.order)),
        ),
      ),
    commands: (pushes$, order, state$) =>
      pushes$.pipe(
        withLatestFrom(state$),
        mergeMap(([message, latest]): Observable<AppCommand> => {
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
            // A push about a cancelled order is about its money (cancelled, then refunded), and one
            // about an order awaiting its online payment may be too (paid, an SBP QR expired), with
            // the status unchanged: read it.
            const reread: AppCommand = { type: 'LoadOrder', data: { orderId: order.id } };
            const shown = latest.checkout.shown;
            const awaitingPayment =
              shown.status === 'loaded' &&
              shown.order.id === order.id &&
              isOnline(shown.order.paymentMethod) &&
              shown.order.paymentStatus === 'pending';
            // A surcharge owed (docs/ORDER-EDITING.md) is paid with the status unchanged too.
            const awaitingSurcharge =
              shown.status === 'loaded' && shown.order.id === order.id && (shown.order.surcharge ?? null) !== null;
            // An operator's edit changed its lines, total, address or time: read it.
            return message.status === 'Cancelled' || awaitingPayment || awaitingSurcharge || message.edited === true
              ? of(apply, reread)
              : of(apply);
          }
          return EMPTY;
        }),
      ),
  });
}
