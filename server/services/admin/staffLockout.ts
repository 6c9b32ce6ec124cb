// The staff sign-in lockout: it holds the guessing address back, never the account.
// See docs/ADMIN.md «Lockout».
import { and, desc, eq, gt, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { staffLoginAttempts } from '../../db/schema/admin.js';
import { writeAudit } from './audit.js';

export const PAIR_FREE_FAILURES = 5;
export const IP_FREE_FAILURES = 20;
export const DEVICE_FREE_FAILURES = 5;
export const LOGIN_BUDGET = 10;
/** How many failures of one address count towards the login's budget. */
export const LOGIN_BUDGET_PER_ADDRESS = 2;
export const LOCKOUT_BASE_SECONDS = 30;
export const LOCKOUT_MAX_SECONDS = 3600;
const LOGIN_WINDOW_MS = 24 * 60 * 60 * 1000;
const IP_WINDOW_MS = 60 * 60 * 1000;
const LOGIN_LOCK_KEY = 727_101;
const IP_LOCK_KEY = 727_102;

/** Seconds to wait after the last failure once `failures` reached `free`; 0 below it. */
export function backoffSeconds(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(LOCKOUT_MAX_SECONDS, LOCKOUT_BASE_SECONDS * 2 ** Math.min(failures - free, 20));
}

export type LockScope = 'device' | 'login-address' | 'address' | 'login';

export interface ScopeState {
  scope: LockScope;
  failures: number;
  /** Seconds until an attempt is allowed again; 0 when it is now. */
  seconds: number;
}

export interface Attempt {
  login: string;
  ip: string;
  /** The nonce of a valid device cookie for this login, or null. */
  device: string | null;
  now: Date;
}

/**
 * The wait left of the back-off after `last`, within 0…back-off: an attempt reads the clock before
 * it waits for the advisory locks, so the last failure may be stamped after its `now`.
 */
function waitAfter(last: Date | undefined, failures: number, free: number, now: Date): number {
  const backoff = backoffSeconds(failures, free);
  if (last === undefined || backoff === 0) return 0;
  const left = Math.ceil((last.getTime() + backoff * 1000 - now.getTime()) / 1000);
  return Math.min(backoff, Math.max(0, left));
}

/**
 * The failures after the last success matching `where` (by row id, which follows the order the
 * attempts were entered in even when the clock gives two the same instant), within the window.
 */
async function afterLastSuccess(
  db: Executor,
  login: string,
  where: SQL | undefined,
  now: Date,
  windowMs: number,
): Promise<SQL | undefined> {
  const rows = await db
    .select({ id: staffLoginAttempts.id })
    .from(staffLoginAttempts)
    .where(and(eq(staffLoginAttempts.login, login), eq(staffLoginAttempts.success, true), where))
    .orderBy(desc(staffLoginAttempts.id))
    .limit(1);
  const lastId = rows[0]?.id;
  return and(
    gt(staffLoginAttempts.at, new Date(now.getTime() - windowMs)),
    lastId === undefined ? undefined : gt(staffLoginAttempts.id, lastId),
  );
}

/** The limits that apply to this attempt, with their failure counts and waits. */
export async function scopeStates(db: Executor, a: Attempt): Promise<ScopeState[]> {
  const { login, ip, device, now } = a;
  if (device !== null) {
    const fresh = await afterLastSuccess(db, login, eq(staffLoginAttempts.device, device), now, LOGIN_WINDOW_MS);
    const rows = await db
      .select({ at: staffLoginAttempts.at })
      .from(staffLoginAttempts)
      .where(
        and(
          eq(staffLoginAttempts.login, login),
          eq(staffLoginAttempts.device, device),
          eq(staffLoginAttempts.success, false),
          fresh,
        ),
      )
      .orderBy(desc(staffLoginAttempts.at));
    return [
      {
        scope: 'device',
        failures: rows.length,
        seconds: waitAfter(rows[0]?.at, rows.length, DEVICE_FREE_FAILURES, now),
      },
    ];
  }

  const pairFresh = await afterLastSuccess(db, login, eq(staffLoginAttempts.ip, ip), now, LOGIN_WINDOW_MS);
  const pair = await db
    .select({ at: staffLoginAttempts.at })
    .from(staffLoginAttempts)
    .where(
      and(
        eq(staffLoginAttempts.login, login),
        eq(staffLoginAttempts.ip, ip),
        isNull(staffLoginAttempts.device),
        eq(staffLoginAttempts.success, false),
        pairFresh,
      ),
    )
    .orderBy(desc(staffLoginAttempts.at));

  const byIp = await db
    .select({ at: staffLoginAttempts.at })
    .from(staffLoginAttempts)
    .where(
      and(
        eq(staffLoginAttempts.ip, ip),
        isNull(staffLoginAttempts.device),
        eq(staffLoginAttempts.success, false),
        gt(staffLoginAttempts.at, new Date(now.getTime() - IP_WINDOW_MS)),
      ),
    )
    .orderBy(desc(staffLoginAttempts.at))
    .limit(IP_FREE_FAILURES + 20);

  const loginFresh = await afterLastSuccess(db, login, undefined, now, LOGIN_WINDOW_MS);
  const budget = await db
    .select({
      failures: sql<number>`coalesce(sum(least(n, ${LOGIN_BUDGET_PER_ADDRESS})), 0)::int`,
      lastMs: sql<number | string | null>`(extract(epoch from max(last_at)) * 1000)::float8`,
    })
    .from(
      db
        .select({ n: sql<number>`count(*)`.as('n'), lastAt: sql<Date>`max(${staffLoginAttempts.at})`.as('last_at') })
        .from(staffLoginAttempts)
        .where(
          and(
            eq(staffLoginAttempts.login, login),
            isNull(staffLoginAttempts.device),
            eq(staffLoginAttempts.success, false),
            loginFresh,
          ),
        )
        .groupBy(staffLoginAttempts.ip)
        .as('per_address'),
    );
  const loginFailures = Number(budget[0]?.failures ?? 0);
  const lastMs = budget[0]?.lastMs;
  const loginLast = lastMs === null || lastMs === undefined ? undefined : new Date(Number(lastMs));

  return [
    {
      scope: 'login-address',
      failures: pair.length,
      seconds: waitAfter(pair[0]?.at, pair.length, PAIR_FREE_FAILURES, now),
    },
    { scope: 'address', failures: byIp.length, seconds: waitAfter(byIp[0]?.at, byIp.length, IP_FREE_FAILURES, now) },
    { scope: 'login', failures: loginFailures, seconds: waitAfter(loginLast, loginFailures, LOGIN_BUDGET, now) },
  ];
}

export type Gate =
  | { kind: 'open'; attemptId: number }
  | { kind: 'locked'; seconds: number }
  /** The login's budget for unknown devices is spent: a captcha (when configured) lets the attempt in. */
  | { kind: 'step-up'; seconds: number };

/**
 * Checks the limits and, when the attempt may go on, records it as a failure before the password
 * is checked (`succeed` turns it into a success). `captchaPassed`: the caller verified a captcha,
 * which lets an unknown device past the login's spent budget (never past an address's own lock).
 */
export async function enterAttempt(tx: Executor, a: Attempt, captchaPassed: boolean): Promise<Gate> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOGIN_LOCK_KEY}::int, hashtext(${a.login}))`);
  if (a.device === null) await tx.execute(sql`select pg_advisory_xact_lock(${IP_LOCK_KEY}::int, hashtext(${a.ip}))`);
  const states = await scopeStates(tx, a);
  const own = Math.max(0, ...states.filter((s) => s.scope !== 'login').map((s) => s.seconds));
  if (own > 0) return { kind: 'locked', seconds: own };
  const budget = states.find((s) => s.scope === 'login')?.seconds ?? 0;
  if (budget > 0 && !captchaPassed) return { kind: 'step-up', seconds: budget };
  const rows = await tx
    .insert(staffLoginAttempts)
    .values({ login: a.login, ip: a.ip, device: a.device, success: false, at: a.now })
    .returning({ id: staffLoginAttempts.id });
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('staff_login_attempts insert returned nothing');
  return { kind: 'open', attemptId: id };
}

/** The attempt's password was right. */
export async function succeed(tx: Executor, attemptId: number): Promise<void> {
  await tx.update(staffLoginAttempts).set({ success: true }).where(eq(staffLoginAttempts.id, attemptId));
}

/** The attempt ended without a password check's verdict to count (a disabled account). */
export async function forget(tx: Executor, attemptId: number): Promise<void> {
  await tx.delete(staffLoginAttempts).where(eq(staffLoginAttempts.id, attemptId));
}

/** After a failure: each limit it made (or kept) locked goes to the audit log, with the address. */
export async function auditLocks(tx: Executor, a: Attempt): Promise<LockScope[]> {
  const states = await scopeStates(tx, a);
  const locked = states.filter((s) => s.seconds > 0);
  for (const s of locked) {
    await writeAudit(
      tx,
      { staffId: null, login: 'system' },
      a.ip,
      {
        action: 'staff.lockout',
        entity: 'staff-login',
        entityId: a.login,
        after: { scope: s.scope, login: a.login, ip: a.ip, failures: s.failures, seconds: s.seconds },
      },
      a.now,
    );
  }
  return locked.map((s) => s.scope);
}

/**
 * Failed attempts on `login` since its previous successful sign-in (every recorded one before the
 * first), not counting the attempt `current`: what its owner is told at sign-in.
 */
export async function failuresSincePreviousSuccess(db: Executor, login: string, current: number): Promise<number> {
  const previous = await db
    .select({ id: staffLoginAttempts.id })
    .from(staffLoginAttempts)
    .where(
      and(
        eq(staffLoginAttempts.login, login),
        eq(staffLoginAttempts.success, true),
        ne(staffLoginAttempts.id, current),
      ),
    )
    .orderBy(desc(staffLoginAttempts.id))
    .limit(1);
  const after = previous[0]?.id;
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(staffLoginAttempts)
    .where(
      and(
        eq(staffLoginAttempts.login, login),
        eq(staffLoginAttempts.success, false),
        after === undefined ? undefined : gt(staffLoginAttempts.id, after),
      ),
    );
  return Number(rows[0]?.n ?? 0);
}
