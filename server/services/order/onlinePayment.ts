// Which orders are paid online (card, SBP): the storefront's one list of online methods
// (src/domain/payment.ts), typed as the payments area's methods so that an online order's payment
// row takes its method as it is. The checkout, order edits, cancellations and couriers ask here.
import type { PaymentMethod, PaymentStatus } from '../../../src/api/contract/orders.js';
import type { PaymentSession } from '../../../src/api/contract/payments.js';
import { isOnline } from '../../../src/domain/payment.js';

/** A method paid online: the methods a payment (contract/payments.ts) can have. */
export type OnlineMethod = PaymentSession['method'];

export const isOnlineMethod = (method: PaymentMethod): method is OnlineMethod => isOnline(method);

/** Paid online and the money taken: a cancellation gives it back, the courier collects nothing. */
export const isPaidOnline = (order: { paymentMethod: PaymentMethod; paymentStatus: PaymentStatus }): boolean =>
  isOnlineMethod(order.paymentMethod) && order.paymentStatus === 'paid';
