// Surcharges: the second payments of an order that its edits asked for when they raised the total
// of an order paid online (payments.purpose = 'surcharge', migration 0132, docs/ORDER-EDITING.md).
// At most one is pending per order (a partial unique index), and one exists per edit (edit_id).
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { payments } from '../db/schema/payments.js';
import type { NewPayment, PaymentRow } from './payments.js';

/** Why a pending surcharge was voided (payments.failure_reason). */
export const SURCHARGE_VOID_REASONS = {
  replaced: 'Доплата заменена: заказ изменён ещё раз',
  cancelled: 'Доплата отменена: заказ отменён',
  closed: 'Доплата не получена: заказ закрыт',
} as const;

/** The order's surcharge still awaiting its money, if any. */
export async function findPendingSurcharge(db: Executor, orderId: string): Promise<PaymentRow | undefined> {
  return (
    await db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.purpose, 'surcharge'), eq(payments.status, 'pending')))
      .limit(1)
  )[0];
}

/** The surcharge an edit asked for, if it asked for one. */
export async function findSurchargeOfEdit(db: Executor, editId: string): Promise<PaymentRow | undefined> {
  return (await db.select().from(payments).where(eq(payments.editId, editId)).limit(1))[0];
}

/** Pending surcharges of these orders (the admin list shows them), by order id. */
export async function pendingSurchargesOf(db: Executor, orderIds: string[]): Promise<Map<string, PaymentRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(payments)
    .where(and(inArray(payments.orderId, orderIds), eq(payments.purpose, 'surcharge'), eq(payments.status, 'pending')));
  return new Map(rows.map((r) => [r.orderId, r]));
}

/** Every payment of the order whose money we hold (paid): its own first, then paid surcharges, oldest first. */
export async function paidPaymentsOf(db: Executor, orderId: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'paid')))
    .orderBy(asc(sql`${payments.purpose} = 'surcharge'`), asc(payments.createdAt), asc(payments.id));
}

/** Money of the order we hold: what its paid payments took, less what partial refunds returned. */
export async function netPaidOf(db: Executor, orderId: string): Promise<number> {
  const rows = await db
    .select({ held: sql<number>`coalesce(sum(${payments.amount} - ${payments.refundedAmount}), 0)::int` })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'paid')));
  return Number(rows[0]?.held ?? 0);
}

/** The surcharge row; undefined when this edit made one already (its edit_id is unique). */
export async function insertSurcharge(tx: Executor, values: NewPayment): Promise<PaymentRow | undefined> {
  return (await tx.insert(payments).values(values).onConflictDoNothing().returning())[0];
}

/** Pending surcharges of the order → failed with `reason` (voided); answers the voided rows. */
export async function voidPendingSurcharges(
  tx: Executor,
  orderId: string,
  reason: string,
  now: Date,
): Promise<PaymentRow[]> {
  return tx
    .update(payments)
    .set({ status: 'failed', failureReason: reason, failedAt: now, updatedAt: now })
    .where(and(eq(payments.orderId, orderId), eq(payments.purpose, 'surcharge'), eq(payments.status, 'pending')))
    .returning();
}

/** Stores the payment link the gateway gave a surcharge; the first stored link wins. */
export async function setSurchargeLink(
  db: Executor,
  id: string,
  link: { url: string; linkId: string | null },
  now: Date,
): Promise<void> {
  await db
    .update(payments)
    .set({ payUrl: link.url, linkId: link.linkId, updatedAt: now })
    .where(and(eq(payments.id, id), isNull(payments.payUrl)));
}

/** Voided surcharges of the order whose provider link has not been withdrawn yet. */
export async function voidedLinksOf(db: Executor, orderId: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.purpose, 'surcharge'),
        eq(payments.status, 'failed'),
        isNotNull(payments.linkId),
      ),
    );
}

/** The provider withdrew the link: it is not asked again. */
export async function forgetLink(db: Executor, id: string, now: Date): Promise<void> {
  await db.update(payments).set({ linkId: null, updatedAt: now }).where(eq(payments.id, id));
}

/** Tells staff screens (NOTIFY on their channel) that an order changed in a way the orders trigger does not announce. */
export async function notifyStaff(tx: Executor, channel: string, payload: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${channel}, ${payload})`);
}
