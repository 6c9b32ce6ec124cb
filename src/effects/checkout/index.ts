// Checkout effects, one named effect each, merged by checkout$ at the bottom:
// - CheckoutOpened, and while /checkout is open every change of what, where, when or how →
//   (debounced) POST /checkout/quote → ApplyQuote / ReportQuoteFailure (the latest wins);
// - CheckoutOpened or the address modal → GET /cladr/city/{iikoId} → ApplyStreets (suggestions);
// - AddressCheckRequested → POST /geocode → ApplyAddressCheck / ReportAddressCheckFailure;
// - OrderSubmitted → the bot check when asked → POST /order (Idempotency-Key) →
//   CompleteOrderPlacement, ReportOrderRefusal (4xx) or ReportOrderFailure (no answer);
// - OrderAwaitingPayment → POST /order/{id}/payment → ApplyPaymentSession; PaymentStarted → the
//   test gateway's page, or the CloudPayments widget then /complete or /complete-error;
// - OrderLoadRequested → GET /order/{id} → ApplyOrder; a pending online payment is re-read
//   until the server settles it; a paid order the customer was paying for clears the cart;
// - a successful order pushes the purchase event to the data layer once (ids kept in storage);
// - a shown order that is not final follows order:status_update over the WebSocket until
//   /complete is left (reconnecting, and re-reading the order after each connect).
// The effects live by responsibility: quote.ts (quote, streets, address check), order.ts
// (placing and loading), payment.ts (start, widget, polling, clearing the cart), status.ts
// (purchase event, live status); shared.ts holds the options, interfaces and constants.
import { merge } from 'rxjs';
import type { Effect } from '../deps';
import { checkAddress$, loadStreets$, quoteOnChange$ } from './quote';
import { loadOrder$, placeOrder$ } from './order';
import { clearCartWhenPaid$, payOnline$, pollPendingPayment$, startPayment$ } from './payment';
import { followOrderStatus$, trackPurchase$ } from './status';
import type { CheckoutEffectOptions } from './shared';

export {
  AWAITING_PAYMENT_KEY,
  PAYMENT_POLL_MS,
  PAYMENT_POLLS,
  QUOTE_DEBOUNCE_MS,
  RECONNECT_MS,
  TRACKED_ORDERS_KEY,
  WS_PATH,
  type CaptchaRunner,
  type CheckoutEffectOptions,
  type DataLayer,
  type LiveSocket,
  type OpenSocket,
  type PaymentWidget,
} from './shared';
export { checkAddress$, loadStreets$, needsQuote, quoteOnChange$ } from './quote';
export { loadOrder$, placeOrder$ } from './order';
export { clearCartWhenPaid$, payOnline$, pollPendingPayment$, startPayment$ } from './payment';
export { followOrderStatus$, isFinalStatus, isSuccessfulOrder, purchaseEvent, trackPurchase$ } from './status';

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
