// Payments and their provider notifications (tables payments, payment_events; migrations 0004,
// 0012). Every function takes the executor of its caller, so a service decides the transaction.
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { paymentEvents, payments, type PaymentProviderValue } from '../db/schema/payments.js';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

/** The inserted row, or undefined when the order already has a payment (unique order_id). */
export async function insertPayment(tx: Executor, values: NewPayment): Promise<PaymentRow | undefined> {
  return (await tx.insert(payments).values(values).onConflictDoNothing().returning())[0];
}

export async function findPaymentOfOrder(
  db: Executor,
  orderId: string,
  provider?: PaymentProviderValue,
): Promise<PaymentRow | undefined> {
  const byOrder = eq(payments.orderId, orderId);
  const where = provider === undefined ? byOrder : and(byOrder, eq(payments.provider, provider));
  return (await db.select().from(payments).where(where).limit(1))[0];
}

export async function findPayment(
  db: Executor,
  id: string,
  provider?: PaymentProviderValue,
): Promise<PaymentRow | undefined> {
  const byId = eq(payments.id, id);
  const where = provider === undefined ? byId : and(byId, eq(payments.provider, provider));
  return (await db.select().from(payments).where(where).limit(1))[0];
}

/** The payment locked for update until the transaction ends. */
export async function lockPayment(tx: Executor, id: string): Promise<PaymentRow | undefined> {
  return (await tx.select().from(payments).where(eq(payments.id, id)).for('update'))[0];
}

/** Ids of pending payments created before `cutoff` (of one order when given), at most 100. */
export async function stalePendingPayments(db: Executor, cutoff: Date, orderId?: string): Promise<string[]> {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        lt(payments.createdAt, cutoff),
        ...(orderId === undefined ? [] : [eq(payments.orderId, orderId)]),
      ),
    )
    .limit(100);
  return rows.map((r) => r.id);
}

export async function markPaymentPaid(
  tx: Executor,
  id: string,
  transactionId: string | null,
  now: Date,
): Promise<void> {
  await tx
    .update(payments)
    .set({ status: 'paid', transactionId, paidAt: now, updatedAt: now })
    .where(and(eq(payments.id, id), eq(payments.status, 'pending')));
}

export async function markPaymentFailed(tx: Executor, id: string, reason: string, now: Date): Promise<void> {
  await tx
    .update(payments)
    .set({ status: 'failed', failureReason: reason, failedAt: now, updatedAt: now })
    .where(eq(payments.id, id));
}

/** Claims a paid payment's refund unless another request claimed it after `staleBefore`; true when claimed. */
export async function claimRefund(db: Executor, id: string, claimedAt: Date, staleBefore: Date): Promise<boolean> {
  const claimed = await db
    .update(payments)
    .set({ refundStartedAt: claimedAt, updatedAt: claimedAt })
    .where(
      and(
        eq(payments.id, id),
        eq(payments.status, 'paid'),
        or(isNull(payments.refundStartedAt), lt(payments.refundStartedAt, staleBefore)),
      ),
    )
    .returning({ id: payments.id });
  return claimed.length > 0;
}

/** The provider refused: the claim is released so the operator may retry. */
export async function recordRefundError(db: Executor, id: string, message: string, now: Date): Promise<void> {
  await db
    .update(payments)
    .set({ refundError: message, refundStartedAt: null, updatedAt: now })
    .where(eq(payments.id, id));
}

/** paid → refunded; false when it was no longer paid. */
export async function markPaymentRefunded(tx: Executor, id: string, reason: string, now: Date): Promise<boolean> {
  const changed = await tx
    .update(payments)
    .set({ status: 'refunded', refundedAt: now, refundError: null, failureReason: reason, updatedAt: now })
    .where(and(eq(payments.id, id), eq(payments.status, 'paid')))
    .returning({ id: payments.id });
  return changed.length > 0;
}

/** Records a notification once; false when (provider, key) was seen before. */
export async function insertPaymentEvent(
  db: Executor,
  event: {
    provider: PaymentProviderValue;
    key: string;
    kind: string;
    paymentId: string | null;
    payload: Record<string, string>;
    outcome: string;
  },
): Promise<boolean> {
  const rows = await db
    .insert(paymentEvents)
    .values({
      provider: event.provider,
      eventKey: event.key,
      kind: event.kind,
      paymentId: event.paymentId,
      payload: event.payload,
      outcome: event.outcome,
    })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return rows.length > 0;
}

export async function setPaymentEventOutcome(
  db: Executor,
  provider: PaymentProviderValue,
  key: string,
  outcome: string,
): Promise<void> {
  await db
    .update(paymentEvents)
    .set({ outcome })
    .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventKey, key)));
}
