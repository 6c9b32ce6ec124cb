// paid → refunded: the admin area returns the money of a cancelled order paid online (the
// lifecycle's other states are services/payments.ts).
import type { AppContext } from '../context.js';
import type { PaymentGateway, RefundResult } from '../integrations/paymentGateway.js';
import { setOrderPaymentStatus } from '../repositories/orders.js';
import {
  claimRefund,
  findPayment,
  findPaymentOfOrder,
  markPaymentRefunded,
  recordRefundError,
  type PaymentRow,
} from '../repositories/payments.js';
import { logOf } from './geocoding.js';
import { gatewaysOf } from './paymentGateways.js';

export interface RefundAnswer {
  /** 'in-progress': another request asked the provider and has not recorded its answer yet. */
  status: 'refunded' | 'nothing-to-refund' | 'failed' | 'in-progress';
  /** Russian, for the operator. */
  message: string;
}

/**
 * A refund asked of the provider this long ago with no answer recorded is taken as lost (its
 * process died mid-call) and may be asked again. The provider call itself gives up after 15 s.
 */
export const REFUND_CLAIM_STALE_MS = 5 * 60_000;

export const REFUND_IN_PROGRESS_MESSAGE =
  'Возврат по заказу уже выполняется: платёжная система ещё не ответила. Обновите заказ через минуту';

/** The provider's answer; a network error counts as a refusal the operator may retry. */
async function askRefund(gateway: PaymentGateway, payment: PaymentRow): Promise<RefundResult> {
  try {
    return await gateway.refund({
      account: payment.account,
      transactionId: payment.transactionId,
      // what partial refunds (order edits, docs/ORDER-EDITING.md) have not returned yet
      amount: payment.amount - payment.refundedAmount,
    });
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Returns the money of an order paid online (the admin area calls it when an order is cancelled).
 * Idempotent. A provider refusal leaves the payment 'paid' with refund_error set and answers
 * 'failed' so the operator can retry. One request at a time asks the provider: it first claims
 * the payment (refund_started_at, migration 0012); a request that finds it claimed, and not
 * stale, answers 'in-progress' without asking, so a retry during a cancellation's refund cannot
 * return the money twice.
 */
export async function refundOrderPayment(ctx: AppContext, orderId: string, reason: string): Promise<RefundAnswer> {
  const payment = await ctx.db.run((db) => findPaymentOfOrder(db, orderId));
  if (!payment || payment.status !== 'paid') {
    return {
      status: 'nothing-to-refund',
      message: payment?.status === 'refunded' ? 'Деньги по заказу уже возвращены' : 'Заказ не был оплачен онлайн',
    };
  }
  const claimedAt = ctx.clock.now();
  const staleBefore = new Date(claimedAt.getTime() - REFUND_CLAIM_STALE_MS);
  const claimed = await ctx.db.run((db) => claimRefund(db, payment.id, claimedAt, staleBefore));
  if (!claimed) {
    const now = await ctx.db.run((db) => findPayment(db, payment.id));
    if (now?.status === 'refunded') return { status: 'nothing-to-refund', message: 'Деньги по заказу уже возвращены' };
    return { status: 'in-progress', message: REFUND_IN_PROGRESS_MESSAGE };
  }
  const result = await askRefund(gatewaysOf(ctx).byProvider(payment.provider), payment);
  const now = ctx.clock.now();
  if (!result.ok) {
    await ctx.db.run((db) => recordRefundError(db, payment.id, result.message.slice(0, 500), now));
    logOf(ctx).error(
      { orderId, paymentId: payment.id, provider: payment.provider, reason, refundError: result.message },
      'payments: refund failed',
    );
    return { status: 'failed', message: `Не удалось вернуть деньги: ${result.message}` };
  }
  const order = await ctx.db.transaction(async (tx) => {
    if (!(await markPaymentRefunded(tx, payment.id, reason.slice(0, 500), now))) return null;
    return (await setOrderPaymentStatus(tx, orderId, 'refunded', now)) ?? null;
  });
  if (order)
    await ctx.push
      .publish({ type: 'order:status_update', userId: order.userId, orderId, status: order.status })
      .catch(() => undefined);
  logOf(ctx).info(
    { orderId, paymentId: payment.id, provider: payment.provider, amount: payment.amount, reason },
    'payments: refunded',
  );
  return { status: 'refunded', message: `Деньги возвращены: ${payment.amount} ₽` };
}
