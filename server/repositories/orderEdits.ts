// Operators' edits of orders (table order_edits, docs/ORDER-EDITING.md): the edit rows and the write
// of the edited order under its version (the POS hand-off check is posOutbox.ts's handedToPos).
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { orderEdits } from '../db/schema/orderEdits.js';
import { orders } from '../db/schema/orders.js';
import type { OrderRow } from './orders.js';

export type OrderEditRow = typeof orderEdits.$inferSelect;
export type NewOrderEdit = typeof orderEdits.$inferInsert;

/** What an edit changes of the order row. */
export type EditedOrderValues = Pick<
  OrderRow,
  | 'items'
  | 'address'
  | 'zoneId'
  | 'deliveryTerminalId'
  | 'goodsTotal'
  | 'discountTotal'
  | 'deliveryPrice'
  | 'serviceFee'
  | 'total'
  | 'paymentMethod'
  | 'deliveryTime'
  | 'changeFrom'
  | 'comment'
  | 'updatedAt'
>;

/** The edit an idempotency key already made of the order, if any. */
export async function findEditByKey(
  db: Executor,
  orderId: string,
  key: string,
): Promise<Pick<OrderEditRow, 'id' | 'refund'> | undefined> {
  return (
    await db
      .select({ id: orderEdits.id, refund: orderEdits.refund })
      .from(orderEdits)
      .where(and(eq(orderEdits.orderId, orderId), eq(orderEdits.idempotencyKey, key)))
      .limit(1)
  )[0];
}

export async function insertOrderEdit(tx: Executor, row: NewOrderEdit): Promise<void> {
  await tx.insert(orderEdits).values(row);
}

/** The order's edits, oldest first. */
export function editsOfOrder(db: Executor, orderId: string): Promise<OrderEditRow[]> {
  return db
    .select()
    .from(orderEdits)
    .where(eq(orderEdits.orderId, orderId))
    .orderBy(asc(orderEdits.at), asc(orderEdits.id));
}

/** Writes the edited values over the version `basedOn` (updated_at); the row after, undefined when that version is gone. */
export async function saveEditedOrder(
  tx: Executor,
  orderId: string,
  basedOn: Date,
  values: EditedOrderValues,
): Promise<OrderRow | undefined> {
  return (
    await tx
      .update(orders)
      .set(values)
      .where(and(eq(orders.id, orderId), eq(orders.updatedAt, basedOn)))
      .returning()
  )[0];
}
