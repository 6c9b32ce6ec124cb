// Staff cancellations of orders (table order_cancellations): the reason, who cancelled, and the
// state of the refund an order paid online needs.
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { orderCancellations } from '../db/schema/admin.js';

export type CancellationRow = typeof orderCancellations.$inferSelect;
export type CancellationRefund = Pick<CancellationRow, 'refund' | 'refundError'>;

/** Records the cancellation unless the order has one already (in the status change's transaction). */
export async function insertCancellation(tx: Executor, row: Omit<CancellationRow, 'refundError'>): Promise<void> {
  await tx.insert(orderCancellations).values(row).onConflictDoNothing();
}

export async function findCancellation(db: Executor, orderId: string): Promise<CancellationRow | undefined> {
  return (await db.select().from(orderCancellations).where(eq(orderCancellations.orderId, orderId)).limit(1))[0];
}

/** What became of the refund: 'done', or 'failed' / 'required' with the reason. */
export async function setCancellationRefund(tx: Executor, orderId: string, outcome: CancellationRefund): Promise<void> {
  await tx.update(orderCancellations).set(outcome).where(eq(orderCancellations.orderId, orderId));
}
