// The refund of the difference when an edit lowers the total of an order paid online
// (docs/ORDER-EDITING.md «Money»). Partial refunds through the gateway port over the payments that
// hold money (the order's own and paid surcharges, the one holding most first), so the customer gets
// the whole difference back at once. At most once per edit: the edit's row is claimed first
// (required|failed → started; a claim older than REFUND_CLAIM_STALE_MS is taken as lost), then each
// payment's own refund claim, shared with a cancellation's full refund, so the two never ask the
// provider at the same time. Each payment's answer is written with the edit's progress
// (order_edits.refunded_amount) in one transaction, so a retry asks only what is still due. The money
// returned is added to payments.refunded_amount, which a later full refund leaves out.
import type { AppContext } from '../../context.js';
import {
  claimEditRefund,
  recordPartialRefund,
  releasePaymentRefundClaim,
  setEditRefund,
} from '../../repositories/editRefunds.js';
import { claimRefund, findPayment, recordRefundError, type PaymentRow } from '../../repositories/payments.js';
import { paidPaymentsOf } from '../../repositories/surcharges.js';
import { logOf } from '../geocoding.js';
import { gatewaysOf } from '../paymentGateways.js';
import { REFUND_CLAIM_STALE_MS, REFUND_IN_PROGRESS_MESSAGE } from '../paymentRefunds.js';

export type EditRefundOutcome = 'done' | 'failed' | 'not-due' | 'in-progress';

/** Asks the providers for the edit's difference if it is still due; what became of it. */
export async function settleEditRefund(ctx: AppContext, editId: string): Promise<EditRefundOutcome> {
  const claimedAt = ctx.clock.now();
  const staleBefore = new Date(claimedAt.getTime() - REFUND_CLAIM_STALE_MS);
  const edit = await ctx.db.run((db) => claimEditRefund(db, editId, claimedAt, staleBefore));
  if (!edit) return 'not-due';
  const release = async (state: 'required' | 'failed', error: string | null) => {
    await ctx.db.run((db) => setEditRefund(db, editId, { refund: state, refundError: error, refundStartedAt: null }));
  };
  let refunded = edit.refunded;
  for (const candidate of mostHeldFirst(await ctx.db.run((db) => paidPaymentsOf(db, edit.orderId)))) {
    if (refunded >= edit.amount) break;
    if (!(await ctx.db.run((db) => claimRefund(db, candidate.id, claimedAt, staleBefore)))) {
      await release('required', REFUND_IN_PROGRESS_MESSAGE);
      return 'in-progress';
    }
    // read again under the claim: a cancellation or another edit may have returned part of it since
    const payment = await ctx.db.run((db) => findPayment(db, candidate.id));
    const holds = payment && payment.status === 'paid' ? payment.amount - payment.refundedAmount : 0;
    const amount = Math.min(edit.amount - refunded, holds);
    if (!payment || amount <= 0) {
      await ctx.db.run((db) => releasePaymentRefundClaim(db, candidate.id));
      continue;
    }
    const failure = await askPartialRefund(ctx, payment, amount);
    const now = ctx.clock.now();
    if (failure !== null) {
      await ctx.db.run((db) => recordRefundError(db, payment.id, failure.slice(0, 500), now));
      await release('failed', `Не удалось вернуть деньги: ${failure}`.slice(0, 500));
      logOf(ctx).error(
        { orderId: edit.orderId, editId, paymentId: payment.id, amount, refundError: failure },
        'order edit: refund failed',
      );
      return 'failed';
    }
    await ctx.db.transaction((tx) => recordPartialRefund(tx, { paymentId: payment.id, editId, amount }, now));
    refunded += amount;
    logOf(ctx).info(
      { orderId: edit.orderId, editId, paymentId: payment.id, amount, provider: payment.provider },
      'order edit: difference refunded',
    );
  }
  if (refunded === 0) {
    // Refunded in full meanwhile (a cancellation): nothing of this edit is left to return.
    await ctx.db.run((db) =>
      setEditRefund(db, editId, {
        refund: 'not-needed',
        refundError: 'Оплата заказа уже возвращена',
        refundStartedAt: null,
      }),
    );
    return 'not-due';
  }
  // what came back (less than asked only when a cancellation returned the rest meanwhile)
  await ctx.db.run((db) =>
    setEditRefund(db, editId, { refund: 'done', refundError: null, refundStartedAt: null, refundAmount: refunded }),
  );
  return 'done';
}

/** The payments holding money, the one holding the most first (ties keep the order's own first). */
function mostHeldFirst(held: PaymentRow[]): PaymentRow[] {
  return [...held].sort((a, b) => b.amount - b.refundedAmount - (a.amount - a.refundedAmount));
}

/** null when the provider returned `amount`; its reason otherwise (a network error counts as one). */
async function askPartialRefund(ctx: AppContext, payment: PaymentRow, amount: number): Promise<string | null> {
  try {
    const result = await gatewaysOf(ctx)
      .byProvider(payment.provider)
      .refund({ account: payment.account, transactionId: payment.transactionId, amount });
    return result.ok ? null : result.message;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
