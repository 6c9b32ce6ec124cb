// The order lifecycle, the entry point the routes call: quote (quote.ts), place (place.ts), pay
// (services/paymentSessions.ts, payments.ts), status (status.ts) and reading (read.ts).
//
// Dependencies run one way: place → payments (the pending payment of a new online order) →
// status (a failed payment cancels its order) → toOrder.ts (the leaf mapping every one of them
// shares). The checkout's checks (checks.ts, moneyChecks.ts) are pure and import none of them.
export { quoteCheckout, slotsFor } from './quote.js';
export { placeOrder } from './place.js';
export { readOrder, orderHistory, lastOrder } from './read.js';
export { advanceOrderStatus, canMoveStatus, type WithStatusChange } from './status.js';
export { cancelOrderPayment, readOrderPayment, renewSbpPayment, startOrderPayment } from '../paymentSessions.js';
export { expireStalePayments, refundOrderPayment } from '../payments.js';
