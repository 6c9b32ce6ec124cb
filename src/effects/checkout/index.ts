// Checkout effects, one named effect each, merged by checkout$: quote.ts (quote, streets, address
// check), order.ts, payment.ts, status.ts. See docs/ARCHITECTURE.md «Checkout, sign-in and profile effects».
import { merge } from 'rxjs';
import type { Effect } from '../deps';
import { checkAddress$, loadStreets$, quoteOnChange$ } from './quote';
import { giveConsent$, loadConsent$ } from './consent';
import { loadOrder$, placeOrder$ } from './order';
import * as payment from './payment';
import { followOrderStatus$ } from './status';
import { followOrderHistory$ } from './historyStatus';
import { orderPushOffer$, orderPushSubscribe$ } from './orderPush';
import type { CheckoutEffectOptions } from './shared';

export {
  AWAITING_PAYMENT_KEY,
  PAYMENT_POLL_MS,
  PAYMENT_POLLS,
  QUOTE_DEBOUNCE_MS,
  RECONNECT_MS,
  WS_PATH,
  type CaptchaRunner,
  type CheckoutEffectOptions,
  type LiveSocket,
  type OpenSocket,
  type PaymentWidget,
} from './shared';
export { checkAddress$, loadStreets$, needsQuote, quoteOnChange$ } from './quote';
export { loadOrder$, placeOrder$ } from './order';
export { giveConsent$, loadConsent$ } from './consent';
export {
  clearCartWhenPaid$,
  payOnline$,
  pollPendingPayment$,
  readSbpPayment$,
  renewSbpPayment$,
  startPayment$,
} from './payment';
export { followOrderStatus$, isFinalStatus, isSuccessfulOrder } from './status';
export { followOrderHistory$ } from './historyStatus';
export { ORDER_PUSH_FAILED, orderPushOffer$, orderPushSubscribe$ } from './orderPush';

/** Every checkout effect above, each on the same events, state and deps, in this order. */
export function checkout$(options: CheckoutEffectOptions = {}): Effect {
  const effects: readonly Effect[] = [
    quoteOnChange$(options),
    loadStreets$,
    checkAddress$,
    placeOrder$(options),
    payment.startPayment$,
    payment.payOnline$(options),
    loadOrder$,
    payment.pollPendingPayment$(options),
    payment.readSbpPayment$,
    payment.renewSbpPayment$,
    payment.clearCartWhenPaid$,
    followOrderStatus$(options),
    followOrderHistory$(options),
    loadConsent$,
    giveConsent$,
    orderPushOffer$,
    orderPushSubscribe$,
  ];
  return (event$, state$, deps) => merge(...effects.map((effect) => effect(event$, state$, deps)));
}
