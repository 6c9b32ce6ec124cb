// Order rows as other areas read and mark them (payments today). The order core's own queries
// (services/orders.ts, checkout.ts, orderStatus.ts) move here in its own restructuring.
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { orders } from '../db/schema/orders.js';

export type OrderRow = typeof orders.$inferSelect;

export async function findOrder(db: Executor, id: string): Promise<OrderRow | undefined> {
  return (await db.select().from(orders).where(eq(orders.id, id)).limit(1))[0];
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
