// Payments and their provider notifications (tables payments, payment_events; migrations 0004,
// 0012, 0113, 0132). Every function takes the executor of its caller, so a service decides the transaction.
// An order may have several payments of its own (expired SBP QRs replaced by new ones), at most one
// not failed, plus surcharges its edits asked for (repositories/surcharges.ts).
import { and, asc, desc, eq, inArray, isNull, lt, notExists, notInArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { restaurants } from '../db/schema/catalog.js';
import { orders } from '../db/schema/orders.js';
import { paymentEvents, payments, type PaymentProviderValue } from '../db/schema/payments.js';
import { valueOf } from './rows.js';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

/** The inserted row, or undefined when the order already has a payment that is not failed (unique index). */
export async function insertPayment(tx: Executor, values: NewPayment): Promise<PaymentRow | undefined> {
  return (await tx.insert(payments).values(values).onConflictDoNothing().returning())[0];
}

export async function findPaymentOfOrder(
  db: Executor,
  orderId: string,
  provider?: PaymentProviderValue,
): Promise<PaymentRow | undefined> {
  const byOrder = and(eq(payments.orderId, orderId), eq(payments.purpose, 'order'));
  const where = provider === undefined ? byOrder : and(byOrder, eq(payments.provider, provider));
  // The live one (at most one is not failed), else the latest failed one.
  return (
    await db
      .select()
      .from(payments)
      .where(where)
      .orderBy(asc(sql`${payments.status} = 'failed'`), desc(payments.createdAt), desc(payments.id))
      .limit(1)
  )[0];
}

/**
 * The order's payment a notification is about: the one it names (its Data carries our payment
 * id: a surcharge, or any payment of ours), else the one of its transaction, else the order's own.
 */
export async function findPaymentOfTransaction(
  db: Executor,
  orderId: string,
  transactionId: string | null,
  provider: PaymentProviderValue,
  paymentId: string | null = null,
): Promise<PaymentRow | undefined> {
  if (paymentId !== null) {
    const named = (
      await db
        .select()
        .from(payments)
        .where(and(eq(payments.id, paymentId), eq(payments.orderId, orderId), eq(payments.provider, provider)))
        .limit(1)
    )[0];
    if (named) return named;
  }
  if (transactionId !== null) {
    const rows = await db
      .select()
      .from(payments)
      .where(
        and(eq(payments.orderId, orderId), eq(payments.provider, provider), eq(payments.transactionId, transactionId)),
      )
      .limit(1);
    if (rows[0]) return rows[0];
  }
  return findPaymentOfOrder(db, orderId, provider);
}

/** Stores the SBP link the provider gave (and its transaction id); the first stored link wins. */
export async function setSbpLink(
  db: Executor,
  id: string,
  link: string,
  transactionId: string | null,
  now: Date,
): Promise<PaymentRow | undefined> {
  await db
    .update(payments)
    .set({ sbpLink: link, transactionId, updatedAt: now })
    .where(and(eq(payments.id, id), isNull(payments.sbpLink)));
  return findPayment(db, id);
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

/** Pending payments whose time ran out by `now` (of one order when given), oldest first, at most 100. */
export async function stalePendingPayments(
  db: Executor,
  now: Date,
  orderId?: string,
): Promise<{ id: string; method: 'card' | 'sbp'; orderId: string; orderCreatedAt: Date }[]> {
  return db
    .select({ id: payments.id, method: payments.method, orderId: payments.orderId, orderCreatedAt: orders.createdAt })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(payments.status, 'pending'),
        // a surcharge waits for its money as long as the order lives (voided when it is cancelled)
        eq(payments.purpose, 'order'),
        lt(payments.expiresAt, now),
        ...(orderId === undefined ? [] : [eq(payments.orderId, orderId)]),
      ),
    )
    .orderBy(asc(payments.expiresAt))
    .limit(100);
}

/**
 * Ids of SBP orders still awaiting payment, placed before `cutoff`, with no pending or paid
 * payment (their last QR expired and no new one was asked for), at most 100.
 */
export async function abandonedSbpOrders(db: Executor, cutoff: Date, orderId?: string): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.paymentMethod, 'sbp'),
        eq(orders.paymentStatus, 'pending'),
        notInArray(orders.status, ['Cancelled', 'Closed']),
        lt(orders.createdAt, cutoff),
        ...(orderId === undefined ? [] : [eq(orders.id, orderId)]),
        notExists(
          db
            .select({ one: payments.id })
            .from(payments)
            .where(and(eq(payments.orderId, orders.id), inArray(payments.status, ['pending', 'paid', 'refunded']))),
        ),
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

/** Whether the restaurant has online payment switched off (false for an unknown one). */
export async function restaurantRefusesOnlinePayment(db: Executor, deliveryTerminalId: string): Promise<boolean> {
  const where = eq(restaurants.deliveryTerminalId, deliveryTerminalId);
  return (await valueOf(db, restaurants, restaurants.isOnlinePaymentDisabled, where)) ?? false;
}
