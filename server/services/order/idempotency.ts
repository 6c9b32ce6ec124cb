// POST /order's idempotency, per (user, Idempotency-Key): the key is claimed ('running') before
// any work and answered ('done') in the order's own transaction (place.ts); a refusal releases it.
// A claim carries its owner, the boot id of the process that made it: a claim whose process is
// gone (restarted, killed) is taken over at once, one still being worked on by a live process
// answers 409, and any claim is taken over after IDEMPOTENCY_STALE_MS. Only the claim that still
// holds the key may store its order, so a takeover, right or wrong about the owner, never makes a
// second order.
import { createHash } from 'node:crypto';
import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { Order as OrderSchema, type Order } from '../../../src/api/contract/orders.js';
import type { AppContext } from '../../context.js';
import { ownerAliveSql, type Executor } from '../../db/database.js';
import { idempotencyKeys } from '../../db/schema/orders.js';
import { conflict, unprocessable } from '../../http/errors.js';
import { ORDER_MESSAGES } from '../checkoutRefusals.js';
import { claimKeyOfLiveSession } from '../../repositories/orders.js';
import type { AuthUser, SessionLookup } from '../sessions.js';

export const IDEMPOTENCY_STALE_MS = 2 * 60 * 1000;
export const IDEMPOTENCY_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/** JSON with object keys sorted, so the same request always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body), 'utf8').digest('hex');
}

export interface StoredAnswer {
  status: number;
  body: Order;
}

/** A claim is (owner, createdAt): the process that made it and when. */
export type Claim = { kind: 'claimed'; createdAt: Date } | { kind: 'replay'; answer: StoredAnswer };

export async function claimKey(ctx: AppContext, userId: string, key: string, hash: string): Promise<Claim> {
  const now = ctx.clock.now();
  return ctx.db.run(async (db) => {
    // One statement (one turn of PGlite's queue): answers are kept for IDEMPOTENCY_KEEP_MS, and
    // the customer's older keys are deleted here (the primary key starts with user_id, so the
    // table stays bounded per customer), then the key is claimed. This key's own expired
    // answer is left to the conflict path (claimTakenKey), which takes it over.
    const inserted = await db.execute<{ created_at: string | Date }>(sql`
      with ${claimSql(ctx, sql`(select ${userId}::text as user_id)`, key, hash, now)}
      select 1 from claimed`);
    if (inserted.rows[0]) return { kind: 'claimed', createdAt: now };
    return claimTakenKey(ctx, db, userId, key, hash, now);
  });
}

/** The customer of a token's session and the key's claim. */
export interface SessionClaim {
  user: AuthUser;
  claim: Claim;
}

/**
 * claimKey with the session lookup (sessions.ts, userOfToken's rules) in the same statement
 * (repositories/orders.ts): the common new key is one round trip. Null when the token has no live session (401).
 */
export async function claimKeyOfSession(
  ctx: AppContext,
  lookup: SessionLookup,
  key: string,
  hash: string,
): Promise<SessionClaim | null> {
  const now = lookup.now;
  return ctx.db.run(async (db) => {
    const found = await claimKeyOfLiveSession(db, {
      tokenHash: lookup.tokenHash,
      idleSince: lookup.idleSince,
      touchBefore: lookup.touchBefore,
      now,
      key,
      requestHash: hash,
      forgetBefore: new Date(now.getTime() - IDEMPOTENCY_KEEP_MS),
      owner: ctx.db.bootId,
    });
    if (!found) return null;
    const user = { userId: found.userId, phone: found.phone };
    if (found.claimed) return { user, claim: { kind: 'claimed', createdAt: now } };
    return { user, claim: await claimTakenKey(ctx, db, user.userId, key, hash, now) };
  });
}

/**
 * The CTEs `forgotten` (the customer's answers older than IDEMPOTENCY_KEEP_MS, this key's own
 * left to claimTakenKey) and `claimed` (the new claim, no row when the key is taken), for the
 * customer in the one-row relation `customer` (a user_id column).
 */
function claimSql(ctx: AppContext, customer: SQL, key: string, hash: string, now: Date): SQL {
  const forgetBefore = new Date(now.getTime() - IDEMPOTENCY_KEEP_MS);
  return sql`forgotten as (
      delete from ${idempotencyKeys}
      where ${idempotencyKeys.userId} = (select user_id from ${customer} c) and ${idempotencyKeys.state} = 'done'
        and ${idempotencyKeys.createdAt} < ${forgetBefore.toISOString()} and ${idempotencyKeys.key} <> ${key}
    ),
    claimed as (
      insert into ${idempotencyKeys} (user_id, key, request_hash, state, created_at, owner)
      select user_id, ${key}, ${hash}, 'running', ${now.toISOString()}, ${ctx.db.bootId}::bigint from ${customer} c
      on conflict do nothing
      returning 1
    )`;
}

/** The key is there already: its stored answer, a takeover, or 409 / 422. */
async function claimTakenKey(
  ctx: AppContext,
  db: Executor,
  userId: string,
  key: string,
  hash: string,
  now: Date,
): Promise<Claim> {
  const forgetBefore = new Date(now.getTime() - IDEMPOTENCY_KEEP_MS);
  const owner = ctx.db.bootId;
  const rows = await db
    .select({
      ...getTableColumns(idempotencyKeys),
      ownerAlive: sql<boolean>`${ownerAliveSql(ctx.db, sql`${idempotencyKeys.owner}`)}`,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .limit(1);
  const row = rows[0];
  if (!row) throw conflict(ORDER_MESSAGES.inProgress, 'order-in-progress'); // released in between: let the client retry
  if (row.state === 'done' && row.createdAt < forgetBefore) {
    // An answer older than IDEMPOTENCY_KEEP_MS is forgotten: the key is new again.
    const renewed = await db
      .update(idempotencyKeys)
      .set({
        requestHash: hash,
        state: 'running',
        responseStatus: null,
        responseBody: null,
        createdAt: now,
        owner: sql`${owner}::bigint`,
      })
      .where(
        and(
          eq(idempotencyKeys.userId, userId),
          eq(idempotencyKeys.key, key),
          eq(idempotencyKeys.state, 'done'),
          eq(idempotencyKeys.createdAt, row.createdAt),
        ),
      )
      .returning({ createdAt: idempotencyKeys.createdAt });
    if (renewed[0]) return { kind: 'claimed', createdAt: renewed[0].createdAt };
    throw conflict(ORDER_MESSAGES.inProgress, 'order-in-progress');
  }
  if (row.requestHash !== hash) throw unprocessable(ORDER_MESSAGES.keyReused, 'idempotency-key-reused');
  if (row.state === 'done' && row.responseStatus !== null) {
    const stored = OrderSchema.safeParse(row.responseBody);
    if (!stored.success) throw new Error(`stored answer of idempotency key ${key} does not match the contract`);
    return { kind: 'replay', answer: { status: row.responseStatus, body: stored.data } };
  }
  // The owner's process is gone (a restart, a kill; its transaction rolled back), or the
  // claim is older than any attempt should take: take the key over. A claim made before owners
  // were recorded (null) is judged by its age alone.
  const ownerGone = row.owner !== null && !row.ownerAlive;
  if (ownerGone || now.getTime() - row.createdAt.getTime() > IDEMPOTENCY_STALE_MS) {
    const taken = await db
      .update(idempotencyKeys)
      .set({ createdAt: now, owner: sql`${owner}::bigint` })
      .where(
        and(
          eq(idempotencyKeys.userId, userId),
          eq(idempotencyKeys.key, key),
          eq(idempotencyKeys.state, 'running'),
          eq(idempotencyKeys.createdAt, row.createdAt),
          sql`${idempotencyKeys.owner} is not distinct from ${row.owner === null ? null : row.owner.toString()}::bigint`,
        ),
      )
      .returning({ createdAt: idempotencyKeys.createdAt });
    if (taken[0]) return { kind: 'claimed', createdAt: taken[0].createdAt };
  }
  throw conflict(ORDER_MESSAGES.inProgress, 'order-in-progress');
}

/** SQL true for the row of this claim (and no other process's claim of the same key). */
export function ownClaim(ctx: AppContext, claimedAt: Date): SQL {
  return sql`${idempotencyKeys.state} = 'running' and ${idempotencyKeys.owner} = ${ctx.db.bootId}::bigint and ${idempotencyKeys.createdAt} = ${claimedAt.toISOString()}`;
}

export async function releaseKey(ctx: AppContext, userId: string, key: string, claimedAt: Date): Promise<void> {
  await ctx.db.run((db) =>
    db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), ownClaim(ctx, claimedAt))),
  );
}
