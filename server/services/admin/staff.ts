// Staff accounts: the member as the admin area shows it, account edits by an admin, a member's
// own password. Sign-in is staffSignIn.ts, the first admin firstAdmin.ts, passwords
// staffPasswords.ts (re-exported here for the process start and the tests).
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/database.js';
import type { StaffRoleValue } from '../../db/schema/admin.js';
import {
  countActiveAdminsOtherThan,
  findStaffById,
  findStaffByLogin,
  insertStaffIfNew,
  listStaffRows,
  updateStaffRow,
  type StaffRow,
} from '../../repositories/staff.js';
import { conflict, notFound, unprocessable } from '../../http/errors.js';
import { ADMIN_MESSAGES } from '../../../src/api/contract/admin/common.js';
import type { StaffMember } from '../../../src/api/contract/admin/auth.js';
import { audit } from './audit.js';
import { hashPassword, verifyPassword } from './staffPasswords.js';
import { revokeStaffSessions, type StaffPrincipal } from './staffSessions.js';

export { backoffSeconds } from './staffLockout.js';
export { ensureFirstAdmin, type FirstAdmin } from './firstAdmin.js';
export { hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from './staffPasswords.js';

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

/** What a sign-in needs to know of the browser asking. */
export interface SignInClient {
  ip: string;
  userAgent: string;
  /** The Cookie header (the device cookie is read from it). */
  cookieHeader: string | undefined;
}

export async function getStaff(db: Executor, id: string): Promise<StaffRow> {
  const row = await findStaffById(db, id);
  if (!row) throw notFound(ADMIN_MESSAGES.staffNotFound, 'staff-not-found');
  return row;
}

export async function listStaff(db: Executor): Promise<StaffMember[]> {
  return (await listStaffRows(db)).map(toStaffMember);
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
    const created =
      (await findStaffByLogin(tx, input.login)) === undefined
        ? await insertStaffIfNew(tx, {
            id: randomUUID(),
            login: input.login,
            name: input.name,
            role: input.role,
            passwordHash,
            createdAt: now,
          })
        : undefined;
    if (!created) throw conflict(ADMIN_MESSAGES.loginTaken, 'login-taken');
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
    if (before.role === 'admin' && before.isActive && demotes && (await countActiveAdminsOtherThan(tx, id)) === 0) {
      throw conflict(ADMIN_MESSAGES.lastAdmin, 'last-admin');
    }
    const after =
      (await updateStaffRow(tx, id, {
        name: patch.name,
        role: patch.role,
        isActive: patch.isActive,
        passwordHash,
      })) ?? before;
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
    await updateStaffRow(tx, principal.staffId, { passwordHash });
    await revokeStaffSessions(tx, principal.staffId, now, principal.sessionId);
    await audit(tx, principal, ip, { action: 'staff.password', entity: 'staff', entityId: principal.staffId }, now);
  });
}
