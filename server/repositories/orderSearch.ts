// Orders as the staff screens read them: the list's filters as one condition on orders joined to
// their customers (also the orders CSV export's), a page of the list, one order's card row, its
// status log. Each row carries the customer and, for an order taken by phone, its phone_orders row.
import { and, asc, desc, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { phoneOrders } from '../db/schema/admin.js';
import { users } from '../db/schema/customers.js';
import { orderStatusLog, orders } from '../db/schema/orders.js';
import { customerPhoneCondition } from './exports.js';
import type { OrderRow } from './orders.js';
import type { PhoneOrderRow } from './phoneOrders.js';

export type OrderStatusLogRow = typeof orderStatusLog.$inferSelect;

/** The list's filters as checked values: known statuses, days already turned into instants. */
export interface OrderSearch {
  cityId?: string | undefined;
  deliveryTerminalId?: string | undefined;
  statuses?: OrderRow['status'][] | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** The customer's whole number exactly, or these digits anywhere in it. */
  phone?: { exact: string } | { digits: string } | undefined;
  number?: number | undefined;
}

/** The filters as one condition on orders joined to users; undefined without any. */
export function orderSearchCondition(search: OrderSearch): SQL | undefined {
  const where: SQL[] = [];
  if (search.cityId) where.push(eq(orders.cityId, search.cityId));
  if (search.deliveryTerminalId) where.push(eq(orders.deliveryTerminalId, search.deliveryTerminalId));
  if (search.statuses) where.push(inArray(orders.status, search.statuses));
  if (search.from) where.push(gte(orders.createdAt, search.from));
  if (search.to) where.push(lt(orders.createdAt, search.to));
  if (search.phone) where.push(customerPhoneCondition(search.phone));
  if (search.number !== undefined) where.push(eq(orders.number, search.number));
  return where.length > 0 ? and(...where) : undefined;
}

/** Which orders a read covers: every order (operators and above) or those taken by phone (the call centre's screens). */
export type OrderScope = 'all' | 'phone';

export interface OrderCardRow {
  order: OrderRow;
  customer: { id: string; phone: string | null; name: string };
  phone: PhoneOrderRow | null;
}

const inScope = (scope: OrderScope, condition: SQL | undefined): SQL | undefined =>
  scope === 'phone' ? and(isNotNull(phoneOrders.orderId), condition) : condition;

const cardRows = (db: Executor) =>
  db
    .select({ order: orders, customer: { id: users.id, phone: users.phone, name: users.name }, phone: phoneOrders })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(phoneOrders, eq(phoneOrders.orderId, orders.id));

/** A page of the list, newest first, and how many orders the condition finds in all. */
export async function orderListPage(
  db: Executor,
  condition: SQL | undefined,
  scope: OrderScope,
  page: { limit: number; offset: number },
): Promise<{ rows: OrderCardRow[]; total: number }> {
  const where = inScope(scope, condition);
  const rows = await cardRows(db)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(page.limit)
    .offset(page.offset);
  const total = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(phoneOrders, eq(phoneOrders.orderId, orders.id))
    .where(where);
  return { rows, total: total[0]?.n ?? 0 };
}

/** One order with its customer; undefined when there is none in the scope. */
export async function findOrderCard(db: Executor, id: string, scope: OrderScope): Promise<OrderCardRow | undefined> {
  return (
    await cardRows(db)
      .where(inScope(scope, eq(orders.id, id)))
      .limit(1)
  )[0];
}

/** The order's status changes, oldest first. */
export function statusLogOf(db: Executor, orderId: string): Promise<OrderStatusLogRow[]> {
  return db.select().from(orderStatusLog).where(eq(orderStatusLog.orderId, orderId)).orderBy(asc(orderStatusLog.id));
}
