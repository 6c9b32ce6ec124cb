// Staff accounts: argon2id passwords, sign-in with lockout, the first admin, account edits.
//
// The lockout (staffLockout.ts) holds back the guessing address, never the account: a correct
// password from an address without failures, or from a browser with a device cookie for the
// login (staffDevices.ts), signs in. A locked attempt answers 429 with Retry-After without
// checking the password; an unknown device past the login's budget is asked for the captcha
// (422 'Подтвердите, что вы не робот') when one is configured.
import { randomBytes, randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Database, Executor } from '../../db/database.js';
import { staff, staffSessions, type StaffRoleValue } from '../../db/schema/admin.js';
import { conflict, notFound, tooManyRequests, unauthorized, unprocessable } from '../../http/errors.js';
import { ADMIN_MESSAGES, lockoutMessage } from '../../../src/api/contract/admin/common.js';
import type { StaffMember } from '../../../src/api/contract/admin/auth.js';
import { CAPTCHA_MESSAGES, captchaInfo, captchaVerifierOf, requireCaptcha } from '../captcha.js';
import { audit, writeAudit } from './audit.js';
import { deviceSecret, deviceSetCookie, knownDevice, newDeviceNonce } from './staffDevices.js';
import {
  auditLocks,
  enterAttempt,
  failuresSincePreviousSuccess,
  forget,
  succeed,
  type Attempt,
} from './staffLockout.js';
import { createStaffSession, revokeStaffSessions, type StaffPrincipal } from './staffSessions.js';

export { backoffSeconds } from './staffLockout.js';
export const MIN_PASSWORD_LENGTH = 10;

type StaffRow = typeof staff.$inferSelect;

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Compared against when the login is unknown, so that an unknown login costs the same time.
let dummyHash: Promise<string> | null = null;
function dummy(): Promise<string> {
  dummyHash ??= hash(randomBytes(16).toString('hex'));
  return dummyHash;
}

export function toStaffMember(row: StaffRow): StaffMember {
  return {
    id: row.id,
    login: row.login,
    name: row.name,
    role: row.role,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
  };
}

export interface SignInResult {
  answer: { token: string; staff: StaffMember; failedAttempts: number };
  /** Set-Cookie of the device cookie for this login (issued on every sign-in). */
  deviceCookie: string;
}

/** What a sign-in needs to know of the browser asking. */
export interface SignInClient {
  ip: string;
  userAgent: string;
  /** The Cookie header (the device cookie is read from it). */
  cookieHeader: string | undefined;
}

export async function signIn(
  ctx: AppContext,
  client: SignInClient,
  rawLogin: string,
  password: string,
  captchaToken: string | null = null,
): Promise<SignInResult> {
  const login = rawLogin.trim().toLowerCase();
  const ip = client.ip;
  const now = ctx.clock.now();
  const secret = await deviceSecret(ctx.db);
  const device = knownDevice(client.cookieHeader, secret, login, now);
  const attempt: Attempt = { login, ip, device, now };

  // The captcha matters only to an unknown device once the login's budget is spent; a token sent
  // then is checked before the attempt is counted (a wrong one answers 422, like elsewhere).
  const captchaOn =
    device === null && captchaVerifierOf(ctx) !== null && (await ctx.db.run((db) => captchaInfo(ctx, db))).required;
  const token = captchaToken?.trim() ?? '';
  let captchaPassed = false;
  if (captchaOn && token !== '') {
    await requireCaptcha(ctx, token, ip);
    captchaPassed = true;
  }

  const gate = await ctx.db.transaction((tx) => enterAttempt(tx, attempt, captchaPassed));
  if (gate.kind === 'locked') throw tooManyRequests(lockoutMessage(gate.seconds), gate.seconds);
  if (gate.kind === 'step-up') {
    if (captchaOn) throw unprocessable(CAPTCHA_MESSAGES.required, 'captcha-required');
    throw tooManyRequests(lockoutMessage(gate.seconds), gate.seconds);
  }

  const row = await ctx.db.run(async (db) => (await db.select().from(staff).where(eq(staff.login, login)).limit(1))[0]);
  const ok = await verifyPassword(row?.passwordHash ?? (await dummy()), password);
  if (!row || !ok) {
    await ctx.db.transaction((tx) => auditLocks(tx, attempt));
    throw unauthorized(ADMIN_MESSAGES.badCredentials, 'bad-credentials');
  }
  if (!row.isActive) {
    await ctx.db.run((db) => forget(db, gate.attemptId));
    throw unauthorized(ADMIN_MESSAGES.inactive, 'staff-inactive');
  }

  const userAgent = client.userAgent;
  const answer = await ctx.db.transaction(async (tx) => {
    await succeed(tx, gate.attemptId);
    const failedAttempts = await failuresSincePreviousSuccess(tx, login, gate.attemptId);
    const updated = await tx.update(staff).set({ lastLoginAt: now }).where(eq(staff.id, row.id)).returning();
    const { token: sessionToken, sessionId } = await createStaffSession(tx, row.id, now, { ip, userAgent });
    await writeAudit(
      tx,
      { staffId: row.id, login: row.login },
      ip,
      {
        action: 'staff.login',
        entity: 'staff',
        entityId: row.id,
        after: { sessionId, knownDevice: device !== null, failedAttempts },
      },
      now,
    );
    return { token: sessionToken, staff: toStaffMember(updated[0] ?? row), failedAttempts };
  });
  return { answer, deviceCookie: deviceSetCookie(ctx, secret, login, device ?? newDeviceNonce(), now) };
}

export async function signOut(ctx: AppContext, ip: string, principal: StaffPrincipal): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx.update(staffSessions).set({ revokedAt: now }).where(eq(staffSessions.id, principal.sessionId));
    await audit(
      tx,
      principal,
      ip,
      {
        action: 'staff.logout',
        entity: 'staff',
        entityId: principal.staffId,
        after: { sessionId: principal.sessionId },
      },
      now,
    );
  });
}

export async function getStaff(db: Executor, id: string): Promise<StaffRow> {
  const row = (await db.select().from(staff).where(eq(staff.id, id)).limit(1))[0];
  if (!row) throw notFound('Сотрудник не найден', 'staff-not-found');
  return row;
}

export async function listStaff(db: Executor): Promise<StaffMember[]> {
  return (await db.select().from(staff).orderBy(asc(staff.login))).map(toStaffMember);
}

/** GET /admin/me and the like: the member as the admin area shows it. */
export async function staffMember(ctx: AppContext, id: string): Promise<StaffMember> {
  return toStaffMember(await ctx.db.run((db) => getStaff(db, id)));
}

export function staffMembers(ctx: AppContext): Promise<StaffMember[]> {
  return ctx.db.run(listStaff);
}

export async function createStaff(
  ctx: AppContext,
  ip: string,
  principal: StaffPrincipal,
  input: { login: string; name: string; role: StaffRoleValue; password: string },
): Promise<StaffMember> {
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const taken = await tx.select({ id: staff.id }).from(staff).where(eq(staff.login, input.login)).limit(1);
    if (taken.length > 0) throw conflict(ADMIN_MESSAGES.loginTaken, 'login-taken');
    const rows = await tx
      .insert(staff)
      .values({
        id: randomUUID(),
        login: input.login,
        name: input.name,
        role: input.role,
        passwordHash,
        createdAt: now,
      })
      .returning();
    const created = rows[0];
    if (!created) throw new Error('staff insert returned nothing');
    const member = toStaffMember(created);
    await audit(
      tx,
      principal,
      ip,
      { action: 'staff.create', entity: 'staff', entityId: created.id, after: member },
      now,
    );
    return member;
  });
}

async function activeAdminsOtherThan(db: Executor, id: string): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(staff)
    .where(and(eq(staff.role, 'admin'), eq(staff.isActive, true), ne(staff.id, id)));
  return rows[0]?.n ?? 0;
}

export async function updateStaff(
  ctx: AppContext,
  ip: string,
  principal: StaffPrincipal,
  id: string,
  patch: {
    name?: string | undefined;
    role?: StaffRoleValue | undefined;
    isActive?: boolean | undefined;
    password?: string | undefined;
  },
): Promise<StaffMember> {
  const passwordHash = patch.password !== undefined ? await hashPassword(patch.password) : undefined;
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const before = await getStaff(tx, id);
    const demotes = (patch.role !== undefined && patch.role !== 'admin') || patch.isActive === false;
    if (before.role === 'admin' && before.isActive && demotes && (await activeAdminsOtherThan(tx, id)) === 0) {
      throw conflict(ADMIN_MESSAGES.lastAdmin, 'last-admin');
    }
    const rows = await tx
      .update(staff)
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.role !== undefined ? { role: patch.role } : {}),
        ...(patch.isActive !== undefined ? { isActive: patch.isActive } : {}),
        ...(passwordHash !== undefined ? { passwordHash } : {}),
      })
      .where(eq(staff.id, id))
      .returning();
    const after = rows[0] ?? before;
    if (patch.isActive === false || passwordHash !== undefined) await revokeStaffSessions(tx, id, now);
    await audit(
      tx,
      principal,
      ip,
      {
        action: 'staff.update',
        entity: 'staff',
        entityId: id,
        before: toStaffMember(before),
        after: { ...toStaffMember(after), passwordChanged: passwordHash !== undefined },
      },
      now,
    );
    return toStaffMember(after);
  });
}

export async function changeOwnPassword(
  ctx: AppContext,
  ip: string,
  principal: StaffPrincipal,
  current: string,
  next: string,
): Promise<void> {
  const row = await ctx.db.run((db) => getStaff(db, principal.staffId));
  if (!(await verifyPassword(row.passwordHash, current)))
    throw unprocessable(ADMIN_MESSAGES.wrongPassword, 'wrong-password');
  const passwordHash = await hashPassword(next);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx.update(staff).set({ passwordHash }).where(eq(staff.id, principal.staffId));
    await revokeStaffSessions(tx, principal.staffId, now, principal.sessionId);
    await audit(tx, principal, ip, { action: 'staff.password', entity: 'staff', entityId: principal.staffId }, now);
  });
}

export interface FirstAdmin {
  login: string;
  /** The password to print once when it was generated; null when it came from ADMIN_PASSWORD. */
  generatedPassword: string | null;
}

/**
 * On a database with no staff at all, creates the first admin: ADMIN_LOGIN (default 'admin')
 * with ADMIN_PASSWORD, or with a generated password the caller prints once. Returns null when
 * staff already exist (the environment is not read again: change passwords in /admin).
 */
export async function ensureFirstAdmin(
  database: Database,
  config: { login: string; password: string | null },
  now: Date,
): Promise<FirstAdmin | null> {
  const login = config.login.trim().toLowerCase();
  if (!/^[a-z0-9._-]{3,64}$/.test(login)) throw new Error('ADMIN_LOGIN: 3–64 characters a-z 0-9 . _ -');
  if (config.password !== null && config.password.length < MIN_PASSWORD_LENGTH) {
    throw new Error(`ADMIN_PASSWORD: at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  const any = await database.run((db) => db.select({ id: staff.id }).from(staff).limit(1));
  if (any.length > 0) return null;
  const password = config.password ?? randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  const created = await database.transaction(async (tx) => {
    const again = await tx.select({ id: staff.id }).from(staff).limit(1);
    if (again.length > 0) return false; // another process was first
    const id = randomUUID();
    const inserted = await tx
      .insert(staff)
      .values({ id, login, name: 'Администратор', role: 'admin', passwordHash, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: staff.id });
    if (inserted.length === 0) return false;
    await writeAudit(
      tx,
      { staffId: id, login: 'system' },
      '',
      { action: 'staff.create', entity: 'staff', entityId: id, after: { login, role: 'admin', firstAdmin: true } },
      now,
    );
    return true;
  });
  if (!created) return null;
  return { login, generatedPassword: config.password === null ? password : null };
}
