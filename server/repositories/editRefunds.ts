// The refund of an edit's difference (order_edits.refund*, docs/ORDER-EDITING.md «Money»): the
// edit's claim, its progress written with the payment's partial refund, its outcome.
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { orderEdits } from '../db/schema/orderEdits.js';
import { payments } from '../db/schema/payments.js';

type OrderEditRow = typeof orderEdits.$inferSelect;
export type EditRefundPatch = Partial<
  Pick<OrderEditRow, 'refund' | 'refundError' | 'refundStartedAt' | 'refundAmount'>
>;

export interface ClaimedEditRefund {
  orderId: string;
  /** The difference to return. */
  amount: number;
  /** Of it, what has come back already. */
  refunded: number;
}

/**
 * Claims the edit's refund when it is due (required or failed, or started before `staleBefore`,
 * a claim taken as lost); undefined when it is not due or another request holds it.
 */
export async function claimEditRefund(
  db: Executor,
  editId: string,
  claimedAt: Date,
  staleBefore: Date,
): Promise<ClaimedEditRefund | undefined> {
  const claimed = await db
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
    .returning({ orderId: orderEdits.orderId, amount: orderEdits.refundAmount, refunded: orderEdits.refundedAmount });
  return claimed[0];
}

/** Sets the edit's refund state (a release, the outcome). */
export async function setEditRefund(db: Executor, editId: string, patch: EditRefundPatch): Promise<void> {
  await db.update(orderEdits).set(patch).where(eq(orderEdits.id, editId));
}

/** Lets go of a payment's refund claim that asked the provider nothing (it held nothing more to return). */
export async function releasePaymentRefundClaim(db: Executor, paymentId: string): Promise<void> {
  await db.update(payments).set({ refundStartedAt: null }).where(eq(payments.id, paymentId));
}

/**
 * The provider returned `amount` of the payment for the edit: added to what the payment and the
 * edit have returned, the payment's claim released (both in the caller's transaction).
 */
export async function recordPartialRefund(
  tx: Executor,
  refund: { paymentId: string; editId: string; amount: number },
  now: Date,
): Promise<void> {
  await tx
    .update(payments)
    .set({
      refundedAmount: sql`${payments.refundedAmount} + ${refund.amount}`,
      refundStartedAt: null,
      refundError: null,
      updatedAt: now,
    })
    .where(eq(payments.id, refund.paymentId));
  await tx
    .update(orderEdits)
    .set({ refundedAmount: sql`${orderEdits.refundedAmount} + ${refund.amount}` })
    .where(eq(orderEdits.id, refund.editId));
}
