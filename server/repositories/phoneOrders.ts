// Orders taken by phone (table phone_orders): who of the call centre took each, and when.
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { phoneOrders } from '../db/schema/admin.js';
import { valueOf } from './rows.js';

export type PhoneOrderRow = typeof phoneOrders.$inferSelect;

/** Records that this staff member took the order by phone (in the order's own transaction). */
export async function insertPhoneOrder(tx: Executor, row: PhoneOrderRow): Promise<void> {
  await tx.insert(phoneOrders).values(row);
}

/** The staff id of whoever took the order by phone; null for a storefront order. */
export async function phoneTakerIdOf(db: Executor, orderId: string): Promise<string | null> {
  return (await valueOf(db, phoneOrders, phoneOrders.staffId, eq(phoneOrders.orderId, orderId))) ?? null;
}

export async function isTakenByPhone(db: Executor, orderId: string): Promise<boolean> {
  return (await phoneTakerIdOf(db, orderId)) !== null;
}
