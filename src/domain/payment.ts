// Payment methods (docs/CHECKOUT.md): card and SBP are paid online before the order counts as paid.
import type { PaymentMethod } from '../api/contract/orderCodes';
import type { Order } from '../api/contract/orders';
import type { PaymentSession } from '../api/contract/payments';

export const ONLINE_METHODS: readonly PaymentMethod[] = ['card', 'sbp'];
export const isOnline = (method: PaymentMethod): boolean => ONLINE_METHODS.includes(method);

/** An SBP order still waiting for its money: /complete shows its QR (docs/CHECKOUT.md «SBP»). */
export const sbpAwaitingPayment = (order: Pick<Order, 'paymentMethod' | 'paymentStatus' | 'status'>): boolean =>
  order.paymentMethod === 'sbp' &&
  order.paymentStatus === 'pending' &&
  order.status !== 'Cancelled' &&
  order.status !== 'Closed';

/**
 * The SBP QR can no longer be paid: the server failed it (expired, or replaced), or `deadline`
 * (when it expires by this device's clock) passed by `now` before the server's sweep said so. The
 * customer may then ask for a new one. Times are ISO strings.
 */
export const sbpQrExpired = (
  session: Pick<PaymentSession, 'status' | 'expired'>,
  deadline: string | null,
  now: string,
): boolean =>
  session.expired ||
  session.status === 'failed' ||
  (session.status === 'pending' && deadline !== null && Date.parse(now) >= Date.parse(deadline));
