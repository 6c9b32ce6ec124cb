// The staff sign-in lockout: it holds the guessing address back, never the account.
// See docs/ADMIN.md «Lockout».
import type { Executor } from '../../db/database.js';
import {
  addressFailures,
  deleteAttempt,
  deviceFailures,
  insertFailedAttempt,
  lockAttempts,
  loginFailures,
  markAttemptSucceeded,
  pairFailures,
} from '../../repositories/staffLoginAttempts.js';
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

/** The limits that apply to this attempt, with their failure counts and waits. */
export async function scopeStates(db: Executor, a: Attempt): Promise<ScopeState[]> {
  const { login, ip, device, now } = a;
  const loginWindow = new Date(now.getTime() - LOGIN_WINDOW_MS);
  if (device !== null) {
    const own = await deviceFailures(db, login, device, loginWindow);
    return [
      { scope: 'device', failures: own.count, seconds: waitAfter(own.last, own.count, DEVICE_FREE_FAILURES, now) },
    ];
  }
  const pair = await pairFailures(db, login, ip, loginWindow);
  const byIp = await addressFailures(db, ip, new Date(now.getTime() - IP_WINDOW_MS), IP_FREE_FAILURES + 20);
  const budget = await loginFailures(db, login, loginWindow, LOGIN_BUDGET_PER_ADDRESS);
  return [
    {
      scope: 'login-address',
      failures: pair.count,
      seconds: waitAfter(pair.last, pair.count, PAIR_FREE_FAILURES, now),
    },
    { scope: 'address', failures: byIp.count, seconds: waitAfter(byIp.last, byIp.count, IP_FREE_FAILURES, now) },
    { scope: 'login', failures: budget.count, seconds: waitAfter(budget.last, budget.count, LOGIN_BUDGET, now) },
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
  await lockAttempts(tx, a.login, a.device === null ? a.ip : null);
  const states = await scopeStates(tx, a);
  const own = Math.max(0, ...states.filter((s) => s.scope !== 'login').map((s) => s.seconds));
  if (own > 0) return { kind: 'locked', seconds: own };
  const budget = states.find((s) => s.scope === 'login')?.seconds ?? 0;
  if (budget > 0 && !captchaPassed) return { kind: 'step-up', seconds: budget };
  const attemptId = await insertFailedAttempt(tx, { login: a.login, ip: a.ip, device: a.device, at: a.now });
  return { kind: 'open', attemptId };
}

/** The attempt's password was right. */
export async function succeed(tx: Executor, attemptId: number): Promise<void> {
  await markAttemptSucceeded(tx, attemptId);
}

/** The attempt ended without a password check's verdict to count (a disabled account). */
export async function forget(tx: Executor, attemptId: number): Promise<void> {
  await deleteAttempt(tx, attemptId);
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

/** Failed attempts on `login` since its previous successful sign-in: what its owner is told at sign-in. */
export { failuresSincePreviousSuccess } from '../../repositories/staffLoginAttempts.js';
