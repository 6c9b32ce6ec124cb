// Staff sign-in attempts (table staff_login_attempts): what the lockout counts. The limits and
// their back-off are services/admin/staffLockout.ts.
import { and, desc, eq, gt, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { staffLoginAttempts } from '../db/schema/admin.js';
import { countRows } from './rows.js';

const LOGIN_LOCK_KEY = 727_101;
const IP_LOCK_KEY = 727_102;

/** Failures, newest first: how many, and when the newest was. */
export interface Failures {
  count: number;
  last: Date | undefined;
}

function failuresOf(rows: { at: Date }[]): Failures {
  return { count: rows.length, last: rows[0]?.at };
}

/** When the failed attempts matching `where` were made, newest first. */
function failureTimes(db: Executor, where: SQL | undefined) {
  return db
    .select({ at: staffLoginAttempts.at })
    .from(staffLoginAttempts)
    .where(and(where, eq(staffLoginAttempts.success, false)))
    .orderBy(desc(staffLoginAttempts.at));
}

/**
 * The id of the login's newest success matching `where` (row ids follow the order the attempts
 * were entered in even when the clock gives two the same instant); undefined before the first.
 */
async function lastSuccessId(db: Executor, login: string, where: SQL | undefined): Promise<number | undefined> {
  const rows = await db
    .select({ id: staffLoginAttempts.id })
    .from(staffLoginAttempts)
    .where(and(eq(staffLoginAttempts.login, login), eq(staffLoginAttempts.success, true), where))
    .orderBy(desc(staffLoginAttempts.id))
    .limit(1);
  return rows[0]?.id;
}

/** The attempts after the last success matching `where` (by row id), within the window. */
async function afterLastSuccess(
  db: Executor,
  login: string,
  where: SQL | undefined,
  since: Date,
): Promise<SQL | undefined> {
  const lastId = await lastSuccessId(db, login, where);
  return and(gt(staffLoginAttempts.at, since), lastId === undefined ? undefined : gt(staffLoginAttempts.id, lastId));
}

/** The login's failures matching `where` since its last success matching `scope`, after `since`. */
async function failuresSinceSuccess(
  db: Executor,
  login: string,
  scope: SQL,
  where: SQL | undefined,
  since: Date,
): Promise<Failures> {
  const fresh = await afterLastSuccess(db, login, scope, since);
  return failuresOf(await failureTimes(db, and(eq(staffLoginAttempts.login, login), scope, where, fresh)));
}

/** Failures of the login from the device since its last success there, after `since`. */
export function deviceFailures(db: Executor, login: string, device: string, since: Date): Promise<Failures> {
  return failuresSinceSuccess(db, login, eq(staffLoginAttempts.device, device), undefined, since);
}

/** Cookie-less failures of the login from the address since its last success there, after `since`. */
export function pairFailures(db: Executor, login: string, ip: string, since: Date): Promise<Failures> {
  return failuresSinceSuccess(db, login, eq(staffLoginAttempts.ip, ip), isNull(staffLoginAttempts.device), since);
}

/** Cookie-less failures of the address on any login after `since`, at most `limit` counted. */
export async function addressFailures(db: Executor, ip: string, since: Date, limit: number): Promise<Failures> {
  const where = and(eq(staffLoginAttempts.ip, ip), isNull(staffLoginAttempts.device), gt(staffLoginAttempts.at, since));
  return failuresOf(await failureTimes(db, where).limit(limit));
}

/**
 * Cookie-less failures of the login since its last success, after `since`, each address counting
 * at most `perAddress` of its own.
 */
export async function loginFailures(db: Executor, login: string, since: Date, perAddress: number): Promise<Failures> {
  const fresh = await afterLastSuccess(db, login, undefined, since);
  const budget = await db
    .select({
      failures: sql<number>`coalesce(sum(least(n, ${perAddress})), 0)::int`,
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
            fresh,
          ),
        )
        .groupBy(staffLoginAttempts.ip)
        .as('per_address'),
    );
  const lastMs = budget[0]?.lastMs;
  return {
    count: Number(budget[0]?.failures ?? 0),
    last: lastMs === null || lastMs === undefined ? undefined : new Date(Number(lastMs)),
  };
}

/** Serialises attempts on the login (and, without a device cookie, from the address) until commit. */
export async function lockAttempts(tx: Executor, login: string, ip: string | null): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOGIN_LOCK_KEY}::int, hashtext(${login}))`);
  if (ip !== null) await tx.execute(sql`select pg_advisory_xact_lock(${IP_LOCK_KEY}::int, hashtext(${ip}))`);
}

/** Records an attempt as a failure; its id. */
export async function insertFailedAttempt(
  tx: Executor,
  a: { login: string; ip: string; device: string | null; at: Date },
): Promise<number> {
  const rows = await tx
    .insert(staffLoginAttempts)
    .values({ ...a, success: false })
    .returning({ id: staffLoginAttempts.id });
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('staff_login_attempts insert returned nothing');
  return id;
}

export async function markAttemptSucceeded(tx: Executor, attemptId: number): Promise<void> {
  await tx.update(staffLoginAttempts).set({ success: true }).where(eq(staffLoginAttempts.id, attemptId));
}

export async function deleteAttempt(tx: Executor, attemptId: number): Promise<void> {
  await tx.delete(staffLoginAttempts).where(eq(staffLoginAttempts.id, attemptId));
}

/**
 * Failed attempts on `login` since its previous successful sign-in (every recorded one before the
 * first), not counting the attempt `current`.
 */
export async function failuresSincePreviousSuccess(db: Executor, login: string, current: number): Promise<number> {
  const after = await lastSuccessId(db, login, ne(staffLoginAttempts.id, current));
  return countRows(
    db,
    staffLoginAttempts,
    and(
      eq(staffLoginAttempts.login, login),
      eq(staffLoginAttempts.success, false),
      after === undefined ? undefined : gt(staffLoginAttempts.id, after),
    ),
  );
}
