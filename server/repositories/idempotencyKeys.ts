// POST /order's Idempotency-Keys (table idempotency_keys), per (user, key): a claim ('running',
// with the boot id of the claiming process as its owner and its created_at) and later the stored
// answer ('done'). Every write of a claim names the row as it was read, so two processes never
// both hold the key. The key claim with the session lookup is POST /order's hot statement: plain
// SQL text with plain parameters (Drizzle's builders cost a tenth of an order's CPU), constant, so
// both drivers run it as a named prepared statement.
import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { ownerAliveSql, type Database, type Executor } from '../db/database.js';
import { idempotencyKeys } from '../db/schema/orders.js';
import type { SessionLookup } from './auth.js';

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;

/** What claiming a key for a customer compares with. */
export interface KeyClaim {
  now: Date;
  key: string;
  requestHash: string;
  /** The customer's answered keys created before this are deleted (this key's own excepted). */
  forgetBefore: Date;
  /** The boot id of the claiming process (a bigint as text). */
  owner: string;
}

/**
 * The CTEs `forgotten` (the customer's expired answers, this key's own left to the caller's
 * takeover) and `claimed` (the key claimed 'running'; no row when it was taken already), for the
 * customer of the one-row relation `customer` (a user_id column) the statement defines before.
 */
function keyClaimCtes(customer: 'sess' | 'customer', c: KeyClaim): SQL {
  const relation = sql.raw(customer);
  return sql`forgotten as (
      delete from idempotency_keys
      where user_id = (select user_id from ${relation}) and state = 'done'
        and created_at < ${c.forgetBefore.toISOString()} and key <> ${c.key}
    ),
    claimed as (
      insert into idempotency_keys (user_id, key, request_hash, state, created_at, owner)
      select user_id, ${c.key}, ${c.requestHash}, 'running', ${c.now.toISOString()}, ${c.owner}::bigint
      from ${relation}
      on conflict do nothing
      returning 1
    )`;
}

/** One statement: the customer's expired answers forgotten and the key claimed; false when it was taken. */
export async function claimKeyOfCustomer(db: Executor, userId: string, c: KeyClaim): Promise<boolean> {
  const result = await db.execute<{ one: number }>(sql`
    with customer as (select ${userId}::text as user_id), ${keyClaimCtes('customer', c)}
    select 1 as one from claimed`);
  return result.rows.length > 0;
}

/**
 * One statement: the live session's customer (no row: no session), last_seen_at moved when due,
 * the customer's expired answers forgotten and the key claimed ('running'); `claimed` is false
 * when the key was taken already.
 */
export async function claimKeyOfLiveSession(
  db: Executor,
  session: SessionLookup,
  c: KeyClaim,
): Promise<{ userId: string; phone: string; claimed: boolean } | undefined> {
  const result = await db.execute<{ user_id: string; phone: string; claimed: number }>(sql`
    with sess as (
      select u.id as user_id, u.phone
      from sessions s join users u on u.id = s.user_id
      where s.token_hash = ${session.tokenHash} and s.revoked_at is null and u.deleted_at is null
        and u.phone is not null and s.last_seen_at > ${session.idleSince.toISOString()}
      limit 1
    ),
    touched as (
      update sessions set last_seen_at = ${session.now.toISOString()}
      where token_hash = ${session.tokenHash} and last_seen_at < ${session.touchBefore.toISOString()}
        and exists (select 1 from sess)
    ),
    ${keyClaimCtes('sess', c)}
    select user_id, phone, (select count(*) from claimed)::int as claimed from sess`);
  const row = result.rows[0];
  return row ? { userId: row.user_id, phone: row.phone, claimed: row.claimed === 1 } : undefined;
}

/** The key's row and whether the process that claimed it is alive (`self`'s own claims are). */
export async function findKeyClaim(
  db: Executor,
  self: Database,
  userId: string,
  key: string,
): Promise<(IdempotencyKeyRow & { ownerAlive: boolean }) | undefined> {
  const rows = await db
    .select({
      ...getTableColumns(idempotencyKeys),
      ownerAlive: sql<boolean>`${ownerAliveSql(self, sql`${idempotencyKeys.owner}`)}`,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .limit(1);
  return rows[0];
}

/** The key's row as it was read: (user, key, state, created_at). */
const keyRowAsRead = (row: Pick<IdempotencyKeyRow, 'userId' | 'key' | 'state' | 'createdAt'>) =>
  and(
    eq(idempotencyKeys.userId, row.userId),
    eq(idempotencyKeys.key, row.key),
    eq(idempotencyKeys.state, row.state),
    eq(idempotencyKeys.createdAt, row.createdAt),
  );

/**
 * An answer past its keeping time claimed anew for another request (`c.owner`, `c.now`); the
 * claim's created_at, or undefined when another request changed the row first.
 */
export async function renewForgottenKey(
  db: Executor,
  row: Pick<IdempotencyKeyRow, 'userId' | 'key' | 'createdAt'>,
  c: Pick<KeyClaim, 'now' | 'requestHash' | 'owner'>,
): Promise<Date | undefined> {
  const renewed = await db
    .update(idempotencyKeys)
    .set({
      requestHash: c.requestHash,
      state: 'running',
      responseStatus: null,
      responseBody: null,
      createdAt: c.now,
      owner: sql`${c.owner}::bigint`,
    })
    .where(keyRowAsRead({ ...row, state: 'done' }))
    .returning({ createdAt: idempotencyKeys.createdAt });
  return renewed[0]?.createdAt;
}

/**
 * A running claim taken over by `c.owner` at `c.now`, only if it is still the claim read (same
 * created_at and owner); the new claim's created_at, or undefined when it changed meanwhile.
 */
export async function takeOverKey(
  db: Executor,
  row: Pick<IdempotencyKeyRow, 'userId' | 'key' | 'createdAt' | 'owner'>,
  c: Pick<KeyClaim, 'now' | 'owner'>,
): Promise<Date | undefined> {
  const taken = await db
    .update(idempotencyKeys)
    .set({ createdAt: c.now, owner: sql`${c.owner}::bigint` })
    .where(
      and(
        keyRowAsRead({ ...row, state: 'running' }),
        sql`${idempotencyKeys.owner} is not distinct from ${row.owner === null ? null : row.owner.toString()}::bigint`,
      ),
    )
    .returning({ createdAt: idempotencyKeys.createdAt });
  return taken[0]?.createdAt;
}

/** Deletes the key's claim if it is still the one `owner` made at `claimedAt` (a refused order frees its key). */
export async function deleteOwnClaim(
  db: Executor,
  userId: string,
  key: string,
  claim: { owner: string; claimedAt: Date },
): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        sql`${idempotencyKeys.state} = 'running' and ${idempotencyKeys.owner} = ${claim.owner}::bigint and ${idempotencyKeys.createdAt} = ${claim.claimedAt.toISOString()}`,
      ),
    );
}
