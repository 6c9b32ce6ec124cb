// CloudPayments notifications (Check, Pay, Fail): the webhook side of the payment lifecycle.
// Reading and signature checks belong to the gateway (integrations/cloudpayments.ts, behind the
// port's `notifications`); this file decides what each notification does to the payment and
// answers CloudPayments' {code}.
import { createHash } from 'node:crypto';
import type { AppContext } from '../context.js';
import { unauthorized } from '../http/errors.js';
import { CP_CODES } from '../integrations/cloudpayments.js';
import type { NotificationRequest } from '../integrations/paymentGateway.js';
import { findOrderStatus } from '../repositories/orders.js';
import { findPaymentOfTransaction, insertPaymentEvent, setPaymentEventOutcome } from '../repositories/payments.js';
import { logOf } from './geocoding.js';
import { gatewaysOf } from './paymentGateways.js';
import { PAYMENT_MESSAGES, confirmPayment, failPayment } from './payments.js';

export type CloudPaymentsKind = 'check' | 'pay' | 'fail';
export type { NotificationRequest };

/**
 * Check / Pay / Fail. Throws 401 for a bad signature; otherwise answers CloudPayments' {code}.
 * A duplicate (same kind and TransactionId, kept in payment_events) changes nothing.
 */
export async function handleCloudPaymentsNotification(
  ctx: AppContext,
  kind: CloudPaymentsKind,
  request: NotificationRequest,
): Promise<{ code: number }> {
  const log = logOf(ctx);
  const gateway = gatewaysOf(ctx).byProvider('cloudpayments');
  const reader = gateway.notifications;
  if (!reader) throw unauthorized(PAYMENT_MESSAGES.badSignature, 'bad-signature');
  const n = reader.read(request);
  // An order may have several payments (expired SBP QRs replaced, surcharges): the payment id in
  // Data, else the transaction, tells which.
  const payment = n.invoiceId
    ? await ctx.db.run((db) =>
        findPaymentOfTransaction(db, n.invoiceId ?? '', n.transactionId, 'cloudpayments', n.paymentId),
      )
    : undefined;
  if (!reader.isSigned(request, payment ?? null)) {
    log.warn(
      { cloudpayments: kind, invoiceId: n.invoiceId, transactionId: n.transactionId },
      'payments: notification with a bad signature refused',
    );
    throw unauthorized(PAYMENT_MESSAGES.badSignature, 'bad-signature');
  }
  if (!payment) {
    log.warn({ cloudpayments: kind, invoiceId: n.invoiceId }, 'payments: notification for an unknown invoice');
    return { code: kind === 'check' ? CP_CODES.badInvoice : CP_CODES.ok };
  }
  const amountOk =
    n.amount !== null && Math.abs(n.amount - payment.amount) < 0.01 && (n.currency === null || n.currency === 'RUB');

  if (kind === 'check') {
    if (n.accountId !== null && n.accountId !== payment.userId) return { code: CP_CODES.badAccount };
    if (!amountOk) return { code: CP_CODES.badAmount };
    if (payment.status !== 'pending') return { code: CP_CODES.rejected };
    const status = await ctx.db.run((db) => findOrderStatus(db, payment.orderId));
    return { code: status !== undefined && status !== 'Cancelled' ? CP_CODES.ok : CP_CODES.rejected };
  }

  const key = `${kind}:${n.transactionId ?? `${payment.id}:${createHash('sha256').update(request.raw).digest('hex')}`}`;
  const setOutcome = (outcome: string) => ctx.db.run((db) => setPaymentEventOutcome(db, 'cloudpayments', key, outcome));
  const fresh = await ctx.db.run((db) =>
    insertPaymentEvent(db, {
      provider: 'cloudpayments',
      key,
      kind,
      paymentId: payment.id,
      payload: n.payload,
      outcome: 'received',
    }),
  );
  if (!fresh) {
    log.info({ cloudpayments: kind, transactionId: n.transactionId }, 'payments: duplicate notification ignored');
    return { code: CP_CODES.ok };
  }

  if (kind === 'fail') {
    const outcome = await failPayment(ctx, payment.id, n.reason ?? 'Платёж отклонён', 'payment:cloudpayments');
    await setOutcome(outcome);
    return { code: CP_CODES.ok };
  }

  // pay
  if (!amountOk) {
    log.error(
      { transactionId: n.transactionId, orderId: payment.orderId, amount: n.amount, expected: payment.amount },
      'payments: paid amount differs from the order; not confirmed',
    );
    await setOutcome('amount-mismatch');
    return { code: CP_CODES.ok };
  }
  const outcome = await confirmPayment(ctx, payment.id, { transactionId: n.transactionId, amount: n.amount ?? 0 });
  await setOutcome(outcome);
  if (
    outcome === 'not-pending' ||
    (outcome === 'already-paid' && payment.transactionId !== null && payment.transactionId !== n.transactionId)
  ) {
    // Money came for an order that was already cancelled or paid: give it back. The gateway
    // refuses without the payment's account keys or a transaction id.
    const refund = await gateway.refund({
      account: payment.account,
      transactionId: n.transactionId,
      amount: n.amount ?? 0,
    });
    log.error(
      { orderId: payment.orderId, transactionId: n.transactionId, refunded: refund.ok },
      'payments: payment for an order that is not awaiting payment; refunded',
    );
    await setOutcome(refund.ok ? `${outcome}:refunded` : `${outcome}:refund-failed`);
  }
  return { code: CP_CODES.ok };
}
