// The POS hand-off outbox (pos_outbox, migration 0107): claims, leases and outcomes of each
// order's hand-off, the order row a hand-off is built from, what /admin shows of them, and whether
// an operator's edit may still change the order (handedToPos).
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import type { StoredAddress, StoredOrderLine } from '../db/schema/orders.js';

export type HandoffState = 'pending' | 'waiting' | 'sent' | 'failed';

export type OutboxRow = {
  order_id: string;
  state: 'pending' | 'waiting';
  attempts: number;
  correlation_id: string | null;
  organization_id: string | null;
  created_at: Date | string;
  retried_at: Date | string | null;
};

/**
 * Claims up to `limit` due rows (SKIP LOCKED), leasing each until `leaseEnd` and counting an
 * attempt. Run it in a transaction of its own: the lease must commit before the work starts.
 */
export async function claimDueHandoffs(tx: Executor, now: Date, leaseEnd: Date, limit: number): Promise<OutboxRow[]> {
  const at = now.toISOString();
  const rows = await tx.execute<OutboxRow>(sql`
      update pos_outbox set next_at = ${leaseEnd.toISOString()}, attempts = attempts + 1, updated_at = ${at}
      where order_id in (
        select order_id from pos_outbox
        where state in ('pending', 'waiting') and next_at <= ${at}
        order by next_at
        limit ${limit}
        for update skip locked
      )
      returning order_id, state, attempts, correlation_id, organization_id, created_at, retried_at`);
  return rows.rows;
}

/** A step's outcome; a field left undefined keeps its value. */
export interface HandoffUpdate {
  state: HandoffState;
  nextAt: Date;
  correlationId?: string | null;
  organizationId?: string;
  lastError?: string | null;
  posStatus?: string | null;
}

export async function updateHandoff(db: Executor, orderId: string, set: HandoffUpdate, now: Date): Promise<void> {
  await db.execute(sql`
      update pos_outbox set state = ${set.state}, next_at = ${set.nextAt.toISOString()},
        correlation_id = ${set.correlationId === undefined ? sql`correlation_id` : set.correlationId},
        organization_id = ${set.organizationId === undefined ? sql`organization_id` : set.organizationId},
        last_error = ${set.lastError === undefined ? sql`last_error` : set.lastError},
        pos_status = ${set.posStatus === undefined ? sql`pos_status` : set.posStatus},
        updated_at = ${now.toISOString()}
      where order_id = ${orderId}`);
}

/** A failed hand-off made due again (an operator's retry); false when it is not a failed one. */
export async function requeueFailedHandoff(db: Executor, orderId: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const rows = await db.execute<{ order_id: string }>(sql`
      update pos_outbox set state = 'pending', next_at = ${at}, attempts = greatest(attempts, 1), retried_at = ${at},
        updated_at = ${at}
      where order_id = ${orderId} and state = 'failed' returning order_id`);
  return rows.rows.length > 0;
}

/** The hand-off's state when the order is one we handed off to this organization (or to none yet). */
export async function handoffStateOf(
  db: Executor,
  orderId: string,
  organizationId: string,
): Promise<HandoffState | undefined> {
  const rows = await db.execute<{ state: HandoffState }>(sql`
      select state from pos_outbox
      where order_id = ${orderId} and (organization_id is null or organization_id = ${organizationId})`);
  return rows.rows[0]?.state;
}

/** The POS reported the creation failed. */
export async function markHandoffFailed(db: Executor, orderId: string, reason: string, now: Date): Promise<void> {
  await db.execute(
    sql`update pos_outbox set state = 'failed', last_error = ${reason}, updated_at = ${now.toISOString()} where order_id = ${orderId}`,
  );
}

/** The POS reported the order created, with its status there. */
export async function markHandoffSent(
  db: Executor,
  orderId: string,
  posStatus: string | null,
  now: Date,
): Promise<void> {
  await db.execute(sql`
        update pos_outbox set state = 'sent', last_error = null, pos_status = ${posStatus}, updated_at = ${now.toISOString()}
        where order_id = ${orderId}`);
}

/** Handed-off orders that are not final yet, least recently updated first. */
export async function openHandoffs(
  db: Executor,
  limit: number,
): Promise<{ order_id: string; organization_id: string }[]> {
  const rows = await db.execute<{ order_id: string; organization_id: string }>(sql`
      select b.order_id, b.organization_id from pos_outbox b join orders o on o.id = b.order_id
      where b.state = 'sent' and b.organization_id is not null and o.status not in ('Closed', 'Cancelled')
      order by b.updated_at limit ${limit}`);
  return rows.rows;
}

/** How many hand-offs are still to be sent or confirmed. */
export async function handoffQueueLength(db: Executor): Promise<number> {
  const queue = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from pos_outbox where state in ('pending', 'waiting')`,
  );
  return queue.rows[0]?.n ?? 0;
}

export type ProblemHandoffRow = {
  order_id: string;
  number: string | number;
  state: HandoffState;
  attempts: number;
  last_error: string | null;
  created_at: Date | string;
};

/** Failed hand-offs and pending ones `delayedAttempts` attempts in, newest first. */
export async function problemHandoffs(db: Executor, delayedAttempts: number): Promise<ProblemHandoffRow[]> {
  const problems = await db.execute<ProblemHandoffRow>(sql`
      select b.order_id, o.number, b.state, b.attempts, b.last_error, b.created_at
      from pos_outbox b join orders o on o.id = b.order_id
      where b.state = 'failed' or (b.state in ('pending', 'waiting') and b.attempts >= ${delayedAttempts})
      order by b.created_at desc limit 100`);
  return problems.rows;
}

/** The order as a hand-off needs it, with its city, customer and mapped terminal group. */
export type HandoffOrderRow = {
  id: string;
  number: string | number;
  delivery_method: 'delivery' | 'self';
  address: StoredAddress | null;
  delivery_terminal_id: string;
  items: StoredOrderLine[];
  delivery_price: number;
  service_fee: number;
  discount_total: number;
  bonus_spent: number;
  coupon: string | null;
  total: number;
  payment_method: 'cash' | 'courier-card' | 'card' | 'sbp';
  delivery_time: string;
  persons: number;
  change_from: number | null;
  comment: string;
  phone: string;
  customer_name: string;
  time_zone: string;
  city_iiko_id: string;
  terminal_group_id: string | null;
  organization_id: string | null;
  cities_data: unknown;
};

export async function handoffOrderRow(db: Executor, orderId: string): Promise<HandoffOrderRow | undefined> {
  const rows = await db.execute<HandoffOrderRow>(sql`
    select o.id, o.number, o.delivery_method, o.address, o.delivery_terminal_id, o.items, o.delivery_price, o.service_fee,
      o.discount_total, o.bonus_spent, o.coupon, o.total, o.payment_method, o.delivery_time, o.persons, o.change_from, o.comment,
      u.phone, coalesce(u.name, '') as customer_name, c.time_zone, c.iiko_id as city_iiko_id,
      t.id as terminal_group_id, t.organization_id,
      (select value from settings where name = 'CITIES_DATA') as cities_data
    from orders o
      join users u on u.id = o.user_id
      join cities c on c.id = o.city_id
      left join pos_terminal_groups t on t.delivery_terminal_id = o.delivery_terminal_id
    where o.id = ${orderId}`);
  return rows.rows[0];
}

/**
 * Whether the POS may already have the order: its hand-off row exists and has been picked up
 * (an attempt counted) or is past pending. A row still pending with no attempt is locked here, so
 * the worker (FOR UPDATE SKIP LOCKED) cannot claim it before the edit commits; it then sends the
 * edited order, which it reads at send time.
 */
export async function handedToPos(tx: Executor, orderId: string): Promise<boolean> {
  const found = await tx.execute<{ state: string; attempts: number }>(
    sql`select state, attempts from pos_outbox where order_id = ${orderId} for update`,
  );
  const row = found.rows[0];
  return row !== undefined && (row.state !== 'pending' || Number(row.attempts) > 0);
}
