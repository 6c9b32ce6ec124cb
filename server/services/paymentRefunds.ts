// paid → refunded: the admin area returns the money of a cancelled order paid online (the
// lifecycle's other states are services/payments.ts).
import type { AppContext } from '../context.js';
import type { PaymentGateway, RefundResult } from '../integrations/paymentGateway.js';
import { findOrder, setOrderPaymentStatus } from '../repositories/orders.js';
import { paidPaymentsOf } from '../repositories/surcharges.js';
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
import { withdrawVoidedLinks } from './surcharges.js';

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
 * Returns the money of an order paid online (the admin area calls it when an order is cancelled):
 * every payment of it we hold, its own and the surcharges paid (docs/ORDER-EDITING.md), each less
 * what partial refunds returned; an unpaid surcharge was voided with the cancellation and its
 * provider link is withdrawn here. Idempotent. A provider refusal leaves that payment 'paid' with
 * refund_error set and answers 'failed' so the operator can retry. One request at a time asks the
 * provider per payment: it first claims it (refund_started_at, migration 0012); a request that
 * finds it claimed, and not stale, answers 'in-progress' without asking, so a retry during a
 * cancellation's refund cannot return the money twice. The order turns 'refunded' once none is held.
 */
export async function refundOrderPayment(ctx: AppContext, orderId: string, reason: string): Promise<RefundAnswer> {
  await withdrawVoidedLinks(ctx, orderId);
  const held = await ctx.db.run((db) => paidPaymentsOf(db, orderId));
  if (held.length === 0) {
    const payment = await ctx.db.run((db) => findPaymentOfOrder(db, orderId));
    // a process that died between a payment's refund and the order's status finishes here
    if (payment?.status === 'refunded') await markOrderRefunded(ctx, orderId);
    return {
      status: 'nothing-to-refund',
      message: payment?.status === 'refunded' ? 'Деньги по заказу уже возвращены' : 'Заказ не был оплачен онлайн',
    };
  }
  let returned = 0;
  for (const payment of held) {
    const answer = await refundOne(ctx, orderId, payment, reason);
    if (answer.status === 'failed' || answer.status === 'in-progress') return answer;
    if (answer.status === 'refunded') returned += payment.amount - payment.refundedAmount;
  }
  await markOrderRefunded(ctx, orderId);
  if (returned === 0) return { status: 'nothing-to-refund', message: 'Деньги по заказу уже возвращены' };
  return { status: 'refunded', message: `Деньги возвращены: ${returned} ₽` };
}

/** The order turns 'refunded' once none of its payments holds money; the customer's page is told. */
async function markOrderRefunded(ctx: AppContext, orderId: string): Promise<void> {
  const order = await ctx.db.transaction(async (tx) => {
    if ((await paidPaymentsOf(tx, orderId)).length > 0) return null;
    const before = await findOrder(tx, orderId);
    if (!before || before.paymentStatus !== 'paid') return null;
    return (await setOrderPaymentStatus(tx, orderId, 'refunded', ctx.clock.now())) ?? null;
  });
  if (order)
    await ctx.push
      .publish({ type: 'order:status_update', userId: order.userId, orderId, status: order.status })
      .catch(() => undefined);
}

/** One paid payment's refund: claimed, asked of its provider, then marked refunded. */
async function refundOne(ctx: AppContext, orderId: string, payment: PaymentRow, reason: string): Promise<RefundAnswer> {
  const claimedAt = ctx.clock.now();
  const staleBefore = new Date(claimedAt.getTime() - REFUND_CLAIM_STALE_MS);
  const claimed = await ctx.db.run((db) => claimRefund(db, payment.id, claimedAt, staleBefore));
  if (!claimed) {
    const now = await ctx.db.run((db) => findPayment(db, payment.id));
    if (now?.status === 'refunded') return { status: 'nothing-to-refund', message: 'Деньги по заказу уже возвращены' };
    return { status: 'in-progress', message: REFUND_IN_PROGRESS_MESSAGE };
  }
  // a payment that edits' partial refunds emptied has nothing left to ask the provider for
  const result: RefundResult =
    payment.amount - payment.refundedAmount > 0
      ? await askRefund(gatewaysOf(ctx).byProvider(payment.provider), payment)
      : { ok: true };
  const now = ctx.clock.now();
  if (!result.ok) {
    await ctx.db.run((db) => recordRefundError(db, payment.id, result.message.slice(0, 500), now));
    logOf(ctx).error(
      { orderId, paymentId: payment.id, provider: payment.provider, reason, refundError: result.message },
      'payments: refund failed',
    );
    return { status: 'failed', message: `Не удалось вернуть деньги: ${result.message}` };
  }
  const marked = await ctx.db.run((db) => markPaymentRefunded(db, payment.id, reason.slice(0, 500), now));
  logOf(ctx).info(
    {
      orderId,
      paymentId: payment.id,
      provider: payment.provider,
      amount: payment.amount,
      purpose: payment.purpose,
      reason,
    },
    'payments: refunded',
  );
  return marked
    ? { status: 'refunded', message: `Деньги возвращены: ${payment.amount - payment.refundedAmount} ₽` }
    : { status: 'nothing-to-refund', message: 'Деньги по заказу уже возвращены' };
}
