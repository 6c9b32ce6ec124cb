// Order rows as the order lifecycle and other areas read and mark them. The lifecycle's writes
// (services/order/place.ts, idempotency.ts, status.ts) still build their statements themselves.
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { orders } from '../db/schema/orders.js';

export type OrderRow = typeof orders.$inferSelect;

export async function findOrder(db: Executor, id: string): Promise<OrderRow | undefined> {
  return (await db.select().from(orders).where(eq(orders.id, id)).limit(1))[0];
}

/** The order row, locked until the transaction ends (changes that must not interleave). */
export async function lockOrder(tx: Executor, id: string): Promise<OrderRow | undefined> {
  return (await tx.select().from(orders).where(eq(orders.id, id)).for('update'))[0];
}

export async function findOrderStatus(db: Executor, id: string): Promise<OrderRow['status'] | undefined> {
  return (await db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)).limit(1))[0]?.status;
}

/** Mirrors the payment's state on the order; the updated row. */
export async function setOrderPaymentStatus(
  tx: Executor,
  id: string,
  paymentStatus: OrderRow['paymentStatus'],
  now: Date,
): Promise<OrderRow | undefined> {
  return (await tx.update(orders).set({ paymentStatus, updatedAt: now }).where(eq(orders.id, id)).returning())[0];
}
