// The refund of the difference when an edit lowers the total of an order paid online
// (docs/ORDER-EDITING.md «Money»). A partial refund through the gateway port, at most once per
// edit: the edit's row is claimed first (required|failed → started; a claim older than
// REFUND_CLAIM_STALE_MS is taken as lost), then the payment's own refund claim, shared with a
// cancellation's full refund, so the two never ask the provider at the same time. The money
// returned is added to payments.refunded_amount, which a later full refund leaves out.
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { orderEdits } from '../../db/schema/orderEdits.js';
import { payments } from '../../db/schema/payments.js';
import { claimRefund, recordRefundError } from '../../repositories/payments.js';
import { paidPaymentsOf } from '../../repositories/surcharges.js';
import { logOf } from '../geocoding.js';
import { gatewaysOf } from '../paymentGateways.js';
import { REFUND_CLAIM_STALE_MS, REFUND_IN_PROGRESS_MESSAGE } from '../paymentRefunds.js';

export type EditRefundOutcome = 'done' | 'failed' | 'not-due' | 'in-progress';

/** Asks the provider for the edit's difference if it is still due; what became of it. */
export async function settleEditRefund(ctx: AppContext, editId: string): Promise<EditRefundOutcome> {
  const claimedAt = ctx.clock.now();
  const staleBefore = new Date(claimedAt.getTime() - REFUND_CLAIM_STALE_MS);
  const edit = (
    await ctx.db.run((db) =>
      db
        .update(orderEdits)
        .set({ refund: 'started', refundStartedAt: claimedAt })
        .where(
          and(
            eq(orderEdits.id, editId),
            or(
              inArray(orderEdits.refund, ['required', 'failed']),
              and(
                eq(orderEdits.refund, 'started'),
                or(isNull(orderEdits.refundStartedAt), lt(orderEdits.refundStartedAt, staleBefore)),
              ),
            ),
          ),
        )
        .returning({ orderId: orderEdits.orderId, amount: orderEdits.refundAmount }),
    )
  )[0];
  if (!edit) return 'not-due';
  const release = async (state: 'required' | 'failed', error: string | null) => {
    await ctx.db.run((db) =>
      db
        .update(orderEdits)
        .set({ refund: state, refundError: error, refundStartedAt: null })
        .where(eq(orderEdits.id, editId)),
    );
  };
  // The order's own payment or a paid surcharge: the one holding the most (one refund per edit).
  const held = await ctx.db.run((db) => paidPaymentsOf(db, edit.orderId));
  const payment = held.reduce<(typeof held)[number] | undefined>(
    (best, p) => (!best || p.amount - p.refundedAmount > best.amount - best.refundedAmount ? p : best),
    undefined,
  );
  if (!payment) {
    // Refunded in full meanwhile (a cancellation): nothing of this edit is left to return.
    await ctx.db.run((db) =>
      db
        .update(orderEdits)
        .set({ refund: 'not-needed', refundError: 'Оплата заказа уже возвращена', refundStartedAt: null })
        .where(eq(orderEdits.id, editId)),
    );
    return 'not-due';
  }
  if (!(await ctx.db.run((db) => claimRefund(db, payment.id, claimedAt, staleBefore)))) {
    await release('required', REFUND_IN_PROGRESS_MESSAGE);
    return 'in-progress';
  }
  const amount = Math.min(edit.amount, payment.amount - payment.refundedAmount);
  let result: { ok: true } | { ok: false; message: string };
  try {
    result = await gatewaysOf(ctx)
      .byProvider(payment.provider)
      .refund({ account: payment.account, transactionId: payment.transactionId, amount });
  } catch (error) {
    result = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  const now = ctx.clock.now();
  if (!result.ok) {
    const message = `Не удалось вернуть деньги: ${result.message}`.slice(0, 500);
    await ctx.db.run((db) => recordRefundError(db, payment.id, result.message.slice(0, 500), now));
    await release('failed', message);
    logOf(ctx).error(
      { orderId: edit.orderId, editId, amount, refundError: result.message },
      'order edit: refund failed',
    );
    return 'failed';
  }
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(payments)
      .set({
        refundedAmount: sql`${payments.refundedAmount} + ${amount}`,
        refundStartedAt: null,
        refundError: null,
        updatedAt: now,
      })
      .where(eq(payments.id, payment.id));
    await tx
      .update(orderEdits)
      .set({ refund: 'done', refundError: null, refundAmount: amount })
      .where(eq(orderEdits.id, editId));
  });
  logOf(ctx).info(
    { orderId: edit.orderId, editId, amount, provider: payment.provider },
    'order edit: difference refunded',
  );
  return 'done';
}
