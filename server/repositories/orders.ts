// Order rows as the order lifecycle and other areas read and mark them, and POST /order's two hot
// statements (the key claim with the session lookup, the order's write). status.ts still builds
// its statements itself.
import { eq, sql, type SQL } from 'drizzle-orm';
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

// POST /order's two hot statements, written out as SQL with plain parameters: Drizzle's builders
// (the insert builder, table and column chunks) cost about a tenth of the server's CPU per order
// here. Each text is constant, so both drivers run it as a named prepared statement.

/** What finding a live session and claiming an Idempotency-Key for its customer compare with. */
export interface SessionKeyClaim {
  tokenHash: string;
  /** A session last seen before this has gone idle. */
  idleSince: Date;
  /** A session last seen before this gets last_seen_at = now. */
  touchBefore: Date;
  now: Date;
  key: string;
  requestHash: string;
  /** The customer's answered keys created before this are deleted (this key's own excepted). */
  forgetBefore: Date;
  /** The boot id of the claiming process (a bigint as text). */
  owner: string;
}

/**
 * One statement: the live session's customer (no row: no session), last_seen_at moved when due,
 * the customer's expired answers forgotten and the key claimed ('running'); `claimed` is 0 when
 * the key was taken already.
 */
export async function claimKeyOfLiveSession(
  db: Executor,
  c: SessionKeyClaim,
): Promise<{ userId: string; phone: string; claimed: boolean } | undefined> {
  const now = c.now.toISOString();
  const result = await db.execute<{ user_id: string; phone: string; claimed: number }>(sql`
    with sess as (
      select u.id as user_id, u.phone
      from sessions s join users u on u.id = s.user_id
      where s.token_hash = ${c.tokenHash} and s.revoked_at is null and u.deleted_at is null
        and u.phone is not null and s.last_seen_at > ${c.idleSince.toISOString()}
      limit 1
    ),
    touched as (
      update sessions set last_seen_at = ${now}
      where token_hash = ${c.tokenHash} and last_seen_at < ${c.touchBefore.toISOString()}
        and exists (select 1 from sess)
    ),
    forgotten as (
      delete from idempotency_keys
      where user_id = (select user_id from sess) and state = 'done'
        and created_at < ${c.forgetBefore.toISOString()} and key <> ${c.key}
    ),
    claimed as (
      insert into idempotency_keys (user_id, key, request_hash, state, created_at, owner)
      select user_id, ${c.key}, ${c.requestHash}, 'running', ${now}, ${c.owner}::bigint from sess
      on conflict do nothing
      returning 1
    )
    select user_id, phone, (select count(*) from claimed)::int as claimed from sess`);
  const row = result.rows[0];
  return row ? { userId: row.user_id, phone: row.phone, claimed: row.claimed === 1 } : undefined;
}

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
