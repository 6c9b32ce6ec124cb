// POST /order's idempotency, per (user, Idempotency-Key): the key is claimed ('running') before
// any work and answered ('done') in the order's own transaction (place.ts); a refusal releases it.
// A claim carries its owner, the boot id of the process that made it: a claim whose process is
// gone (restarted, killed) is taken over at once, one still being worked on by a live process
// answers 409, and any claim is taken over after IDEMPOTENCY_STALE_MS. Only the claim that still
// holds the key may store its order, so a takeover, right or wrong about the owner, never makes a
// second order.
import { createHash } from 'node:crypto';
import { Order as OrderSchema, type Order } from '../../../src/api/contract/orders.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/database.js';
import { conflict, unprocessable } from '../../http/errors.js';
import {
  claimKeyOfCustomer,
  claimKeyOfLiveSession,
  deleteOwnClaim,
  findKeyClaim,
  renewForgottenKey,
  takeOverKey,
  type KeyClaim,
} from '../../repositories/idempotencyKeys.js';
import { ORDER_MESSAGES } from '../checkoutRefusals.js';
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
  const claim = keyClaim(ctx, key, hash, ctx.clock.now());
  return ctx.db.run(async (db) => {
    // One statement (one turn of PGlite's queue): answers are kept for IDEMPOTENCY_KEEP_MS, and
    // the customer's older keys are deleted here (the primary key starts with user_id, so the
    // table stays bounded per customer), then the key is claimed. This key's own expired
    // answer is left to the conflict path (claimTakenKey), which takes it over.
    if (await claimKeyOfCustomer(db, userId, claim)) return { kind: 'claimed', createdAt: claim.now };
    return claimTakenKey(ctx, db, userId, claim);
  });
}

/** The customer of a token's session and the key's claim. */
export interface SessionClaim {
  user: AuthUser;
  claim: Claim;
}

/**
 * claimKey with the session lookup (sessions.ts, userOfToken's rules) in the same statement
 * (repositories/idempotencyKeys.ts): the common new key is one round trip. Null when the token has no live session (401).
 */
export async function claimKeyOfSession(
  ctx: AppContext,
  lookup: SessionLookup,
  key: string,
  hash: string,
): Promise<SessionClaim | null> {
  const claim = keyClaim(ctx, key, hash, lookup.now);
  return ctx.db.run(async (db) => {
    const found = await claimKeyOfLiveSession(db, lookup, claim);
    if (!found) return null;
    const user = { userId: found.userId, phone: found.phone };
    if (found.claimed) return { user, claim: { kind: 'claimed', createdAt: claim.now } };
    return { user, claim: await claimTakenKey(ctx, db, user.userId, claim) };
  });
}

/** This process's claim of `key` at `now`. */
function keyClaim(ctx: AppContext, key: string, requestHash: string, now: Date): KeyClaim {
  return {
    now,
    key,
    requestHash,
    forgetBefore: new Date(now.getTime() - IDEMPOTENCY_KEEP_MS),
    owner: ctx.db.bootId,
  };
}

/** The key is there already: its stored answer, a takeover, or 409 / 422. */
async function claimTakenKey(ctx: AppContext, db: Executor, userId: string, claim: KeyClaim): Promise<Claim> {
  const { now, key } = claim;
  const row = await findKeyClaim(db, ctx.db, userId, key);
  if (!row) throw conflict(ORDER_MESSAGES.inProgress, 'order-in-progress'); // released in between: let the client retry
  if (row.state === 'done' && row.createdAt < claim.forgetBefore) {
    // An answer older than IDEMPOTENCY_KEEP_MS is forgotten: the key is new again.
    const renewed = await renewForgottenKey(db, row, claim);
    if (renewed) return { kind: 'claimed', createdAt: renewed };
    throw conflict(ORDER_MESSAGES.inProgress, 'order-in-progress');
  }
  if (row.requestHash !== claim.requestHash) throw unprocessable(ORDER_MESSAGES.keyReused, 'idempotency-key-reused');
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
    const taken = await takeOverKey(db, row, claim);
    if (taken) return { kind: 'claimed', createdAt: taken };
  }
  throw conflict(ORDER_MESSAGES.inProgress, 'order-in-progress');
}

export async function releaseKey(ctx: AppContext, userId: string, key: string, claimedAt: Date): Promise<void> {
  await ctx.db.run((db) => deleteOwnClaim(db, userId, key, { owner: ctx.db.bootId, claimedAt }));
}
