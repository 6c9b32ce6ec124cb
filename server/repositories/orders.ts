// Order rows as the order lifecycle and other areas read and mark them, their status lines, and
// POST /order's hot statements (the customer's lock with the versions, the order's write; the key
// claim with the session lookup is idempotencyKeys.ts).
import { and, desc, eq, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { orderStatusLog, orders } from '../db/schema/orders.js';
import { REFERENCE_VERSION_NAMES } from './contentVersions.js';

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

/** The customer's orders, newest first: at most `limit`, numbered below `before` when given. */
export async function customerOrders(
  db: Executor,
  userId: string,
  limit: number,
  before: number | undefined,
): Promise<OrderRow[]> {
  const own = eq(orders.userId, userId);
  return db
    .select()
    .from(orders)
    .where(before === undefined ? own : and(own, lt(orders.number, before)))
    .orderBy(desc(orders.number))
    .limit(limit);
}

/** The lines of the customer's last order that was not cancelled (none: no such order). */
export async function lastOrderItems(db: Executor, userId: string): Promise<OrderRow['items']> {
  const rows = await db
    .select({ items: orders.items })
    .from(orders)
    .where(and(eq(orders.userId, userId), ne(orders.status, 'Cancelled')))
    .orderBy(desc(orders.number))
    .limit(1);
  return rows[0]?.items ?? [];
}

/**
 * Moves the order from `from` (its status under the caller's row lock) to `next` with its payment
 * status; the row after, or undefined when its status was no longer `from`.
 */
export async function moveOrderStatus(
  tx: Executor,
  id: string,
  change: { from: OrderRow['status']; next: OrderRow['status']; paymentStatus: OrderRow['paymentStatus'] },
  now: Date,
): Promise<OrderRow | undefined> {
  const updated = await tx
    .update(orders)
    .set({ status: change.next, paymentStatus: change.paymentStatus, updatedAt: now })
    .where(and(eq(orders.id, id), eq(orders.status, change.from)))
    .returning();
  return updated[0];
}

/** A line of the order's status history (order_status_log): who moved it where, when. */
export async function insertOrderStatusLine(
  tx: Executor,
  line: { orderId: string; status: OrderRow['status']; at: Date; actor: string },
): Promise<void> {
  await tx.insert(orderStatusLog).values(line);
}

/**
 * The customer's row locked FOR UPDATE until the transaction ends (one order of a customer at a
 * time), with their balance and the content versions (as text) read in the same statement;
 * undefined when there is no such customer.
 */
export async function lockCustomerForOrder(
  tx: Executor,
  userId: string,
): Promise<{ balance: number; versions: { name: string; version: string }[] } | undefined> {
  const locked = await tx.execute<{ balance: number; name: string; version: string }>(sql`
    select u.balance, v.name, v.version::text as version
    from users u cross join content_versions v
    where u.id = ${userId} and v.name in (${REFERENCE_VERSION_NAMES})
    for update of u`);
  const first = locked.rows[0];
  return first ? { balance: first.balance, versions: locked.rows } : undefined;
}

// POST /order's hot statements, written out as SQL with plain parameters: Drizzle's builders
// (the insert builder, table and column chunks) cost about a tenth of the server's CPU per order
// here. Each text is constant, so both drivers run it as a named prepared statement.

/** A new order's row: every column but the number, which the sequence gives. */
export type NewOrderRow = Omit<OrderRow, 'number'>;

/** The order, its first status line and the stored answer of the key that placed it. */
export interface OrderWrite {
  order: NewOrderRow;
  /** The answer as stored, its number filled in by SQL from the sequence. */
  answerJson: string;
  /** Who placed it: the first status line's actor. */
  actor: string;
  /** The claim that must still hold the key: (user, key, owner, created_at). */
  key: string;
  owner: string;
  claimedAt: Date;
  /** An expression delivered with the commit (the customer's push as pg_notify), or none. */
  pushed: SQL | undefined;
}

/**
 * The CTEs writing an order: `placed` (the order, returning its number), `logged` (its first
 * status line) and `answered` (the stored answer, only by the claim that still holds the key:
 * one taken over meanwhile answers no row).
 */
function orderWriteCtes(w: OrderWrite): SQL {
  const o = w.order;
  return sql`with placed as (
      insert into orders (id, user_id, city_id, status, delivery_method, address, delivery_terminal_id, zone_id,
        items, goods_total, discount_total, delivery_price, service_fee, bonus_spent, total, coupon, payment_method,
        payment_status, delivery_time, persons, change_from, comment, created_at, updated_at)
      values (${o.id}, ${o.userId}, ${o.cityId}, ${o.status}, ${o.deliveryMethod},
        ${o.address === null ? null : JSON.stringify(o.address)}::jsonb, ${o.deliveryTerminalId}, ${o.zoneId},
        ${JSON.stringify(o.items)}::jsonb, ${o.goodsTotal}, ${o.discountTotal}, ${o.deliveryPrice}, ${o.serviceFee},
        ${o.bonusSpent}, ${o.total}, ${o.coupon}, ${o.paymentMethod}, ${o.paymentStatus}, ${o.deliveryTime},
        ${o.persons}, ${o.changeFrom}, ${o.comment}, ${o.createdAt.toISOString()}, ${o.updatedAt.toISOString()})
      returning number
    ),
    logged as (
      insert into order_status_log (order_id, status, at, actor)
      values (${o.id}, ${o.status}, ${o.createdAt.toISOString()}, ${w.actor})
    ),
    answered as (
      update idempotency_keys
      set state = 'done', response_status = 200,
        response_body = jsonb_set(${w.answerJson}::jsonb, '{number}', to_jsonb((select number from placed)))
      where user_id = ${o.userId} and key = ${w.key} and state = 'running' and owner = ${w.owner}::bigint
        and created_at = ${w.claimedAt.toISOString()}
      returning 1
    )`;
}

/**
 * The order written inside the caller's transaction (which holds the customer's row lock):
 * its number, and whether the claim still held the key (false: nothing may be kept).
 */
export async function writeOrder(
  tx: Executor,
  w: OrderWrite,
): Promise<{ number: number; answered: boolean } | undefined> {
  const result = await tx.execute<{ number: string | number; answered: number }>(sql`
    ${orderWriteCtes(w)}
    select number, (select count(*) from answered)::int as answered${w.pushed ? sql`, ${w.pushed} as pushed` : sql``}
    from placed`);
  const row = result.rows[0];
  return row ? { number: Number(row.number), answered: row.answered === 1 } : undefined;
}

/** The content versions an order was assessed against (content_versions, as text). */
export interface OrderVersions {
  settings: string;
  catalog: string;
  promotions: string;
}

/** order_refuse's reasons (SQLSTATE SF001, migration 0014): the statement undid itself. */
export const ORDER_STALE_REFERENCE = 'stale-reference';
export const ORDER_CLAIM_LOST = 'claim-lost';

/**
 * The order as ONE autocommit statement: it checks itself that `versions` are still current and
 * that the claim still holds the key, and raises order_refuse otherwise (ORDER_STALE_REFERENCE,
 * ORDER_CLAIM_LOST), which undoes every part of it. The order's number.
 */
export async function writeOrderIfCurrent(
  db: Executor,
  w: OrderWrite,
  versions: OrderVersions,
): Promise<number | undefined> {
  const fresh = sql`(coalesce((select version::text from content_versions where name = 'settings'), '-1') = ${versions.settings}
      and coalesce((select version::text from content_versions where name = 'catalog'), '-1') = ${versions.catalog}
      and coalesce((select version::text from content_versions where name = 'promotions'), '-1') = ${versions.promotions})`;
  const result = await db.execute<{ number: string | number }>(sql`
    ${orderWriteCtes(w)}
    select number,
      case when ${fresh} and (select count(*) from answered) = 1 then true
        else order_refuse(case when ${fresh} then ${ORDER_CLAIM_LOST} else ${ORDER_STALE_REFERENCE} end) end as written
      ${w.pushed ? sql`, ${w.pushed} as pushed` : sql``}
    from placed`);
  const number = result.rows[0]?.number;
  return number === undefined ? undefined : Number(number);
}
