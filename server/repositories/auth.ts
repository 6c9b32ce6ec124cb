// Customer sign-in: one-time codes (table otp_codes) and customer sessions (table sessions,
// migration 0002). The limits and checks over them stay in services/otp.ts and sessions.ts.
import { and, asc, desc, eq, gt, inArray, isNull, lt, ne } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { otpCodes, sessions, users } from '../db/schema/customers.js';
import { tryLockKey } from './locks.js';

export type OtpCodeRow = typeof otpCodes.$inferSelect;
export type NewOtpCode = typeof otpCodes.$inferInsert;

/** When the phone's sends (failed ones left out unless `withFailed`) since `since` were made, newest first. */
export async function otpSendTimes(
  tx: Executor,
  phone: string,
  since: Date,
  limit: number,
  withFailed: boolean,
): Promise<Date[]> {
  const rows = await tx
    .select({ createdAt: otpCodes.createdAt })
    .from(otpCodes)
    .where(
      and(
        eq(otpCodes.phone, phone),
        withFailed ? undefined : ne(otpCodes.status, 'failed'),
        gt(otpCodes.createdAt, since),
      ),
    )
    .orderBy(desc(otpCodes.createdAt))
    .limit(limit);
  return rows.map((r) => r.createdAt);
}

/** When the address's `nth` newest send (1 = the newest) since `since` was made (otp_codes_ip_idx). */
export async function nthOtpSendOfIp(tx: Executor, ip: string, since: Date, nth: number): Promise<Date | undefined> {
  const [row] = await tx
    .select({ createdAt: otpCodes.createdAt })
    .from(otpCodes)
    .where(and(eq(otpCodes.ip, ip), gt(otpCodes.createdAt, since)))
    .orderBy(desc(otpCodes.createdAt))
    .offset(nth - 1)
    .limit(1);
  return row?.createdAt;
}

export async function insertOtpCode(tx: Executor, row: NewOtpCode): Promise<void> {
  await tx.insert(otpCodes).values(row);
}

export async function updateOtpCode(
  db: Executor,
  id: string,
  patch: Partial<Pick<NewOtpCode, 'status' | 'attempts' | 'usedAt'>>,
): Promise<void> {
  await db.update(otpCodes).set(patch).where(eq(otpCodes.id, id));
}

/** The phone's newest code that was handed over (or is being). */
export async function newestOtpCode(tx: Executor, phone: string): Promise<OtpCodeRow | undefined> {
  const rows = await tx
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.phone, phone), ne(otpCodes.status, 'failed')))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  return rows[0];
}

/**
 * Deletes up to `batch` codes made before `before`, oldest first (otp_codes_created_at_idx), when
 * this transaction gets the sweep lock without waiting, so two sweeps never delete the same rows
 * in different orders.
 */
export async function sweepOtpCodes(tx: Executor, before: Date, batch: number): Promise<void> {
  if (!(await tryLockKey(tx, 'otp-sweep'))) return;
  const oldest = tx
    .select({ id: otpCodes.id })
    .from(otpCodes)
    .where(lt(otpCodes.createdAt, before))
    .orderBy(asc(otpCodes.createdAt))
    .limit(batch);
  await tx.delete(otpCodes).where(inArray(otpCodes.id, oldest));
}

/** What finding a token's session compares with. */
export interface SessionLookup {
  tokenHash: string;
  now: Date;
  /** A session last seen before this has gone idle. */
  idleSince: Date;
  /** A session last seen before this gets last_seen_at = now. */
  touchBefore: Date;
}

export async function insertSession(db: Executor, tokenHash: string, userId: string, now: Date): Promise<void> {
  await db.insert(sessions).values({ tokenHash, userId, createdAt: now, lastSeenAt: now });
}

export async function revokeSessionByHash(db: Executor, tokenHash: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

export async function revokeSessionsOfUser(db: Executor, userId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** The live session's customer (null phone: deleted meanwhile), touching last_seen_at when it is due. */
export async function liveSessionUser(
  db: Executor,
  lookup: SessionLookup,
): Promise<{ userId: string; phone: string | null } | undefined> {
  const rows = await db
    .select({ userId: users.id, phone: users.phone, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, lookup.tokenHash),
        isNull(sessions.revokedAt),
        isNull(users.deletedAt),
        gt(sessions.lastSeenAt, lookup.idleSince),
      ),
    )
    .limit(1);
  const row = rows[0];
  if (!row || row.phone === null) return row;
  if (row.lastSeenAt < lookup.touchBefore) {
    await db.update(sessions).set({ lastSeenAt: lookup.now }).where(eq(sessions.tokenHash, lookup.tokenHash));
  }
  return row;
}
