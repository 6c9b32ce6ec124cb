// Customer sessions: tokens, their lookup and revocation, ownership checks.
// See docs/SERVER.md «Customer sign-in: codes, sessions, SMS» and «Auth» in the conventions.
import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/database.js';
import {
  insertSession,
  liveSessionUser,
  revokeSessionByHash,
  revokeSessionsOfUser,
  type SessionLookup,
} from '../repositories/auth.js';
import { forbidden, unauthorized } from '../http/errors.js';
import { normalizePhone } from '../../src/domain/phone.js';

export interface AuthUser {
  userId: string;
  /** Normalised '+7XXXXXXXXXX'. */
  phone: string;
}

/** A session unused for this long stops working (the earlier storefront's tokens never expired). */
export const SESSION_IDLE_DAYS = 90;
/** last_seen_at is written at most this often per session, not on every request. */
const LAST_SEEN_RESOLUTION_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export type { SessionLookup } from '../repositories/auth.js';

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Starts a session for the user and returns the token (shown to the client once). */
export async function createSession(db: Executor, userId: string, now: Date): Promise<string> {
  const token = newToken();
  await insertSession(db, hashToken(token), userId, now);
  return token;
}

export async function revokeSession(db: Executor, token: string, now: Date): Promise<void> {
  await revokeSessionByHash(db, hashToken(token), now);
}

export async function revokeUserSessions(db: Executor, userId: string, now: Date): Promise<void> {
  await revokeSessionsOfUser(db, userId, now);
}

/** The signed-in customer, or null (no token, unknown, revoked, idle too long, deleted user). */
export async function userOfToken(ctx: AppContext, token: string | null): Promise<AuthUser | null> {
  const lookup = sessionLookup(ctx, token);
  if (lookup === null) return null;
  const row = await ctx.db.run((db) => liveSessionUser(db, lookup));
  if (!row || row.phone === null) return null;
  return { userId: row.userId, phone: row.phone };
}

/** What finding a token's session compares with; null for a token of the wrong shape. */
export function sessionLookup(ctx: AppContext, token: string | null): SessionLookup | null {
  if (token === null || !TOKEN_SHAPE.test(token)) return null;
  const now = ctx.clock.now();
  return {
    tokenHash: hashToken(token),
    now,
    idleSince: new Date(now.getTime() - SESSION_IDLE_DAYS * DAY_MS),
    touchBefore: new Date(now.getTime() - LAST_SEEN_RESOLUTION_MS),
  };
}

export async function requireUserOfToken(ctx: AppContext, token: string | null): Promise<AuthUser> {
  const user = await userOfToken(ctx, token);
  if (!user) throw unauthorized();
  return user;
}

/** 403 unless `phone` (any accepted spelling: '+7…', '7…', '8…', URL-decoded) is the user's own. */
export function ensureOwnerByPhone(user: AuthUser, phone: string): void {
  if (normalizePhone(phone) !== user.phone) throw forbidden();
}

/** 403 unless `id` is the user's own id. */
export function ensureOwnerById(user: AuthUser, id: string): void {
  if (id !== user.userId) throw forbidden();
}
