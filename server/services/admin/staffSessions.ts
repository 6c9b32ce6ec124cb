// Staff sessions and the staff guard of every /api/v1/admin route.
// See docs/ADMIN.md «Sign-in and sessions» and «Roles».
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/database.js';
import type { StaffRoleValue } from '../../db/schema/admin.js';
import {
  insertStaffSession,
  liveStaffSession,
  reviveStaffSession,
  revokeLiveStaffSessions,
  touchStaffSession,
} from '../../repositories/staff.js';
import { forbidden, unauthorized } from '../../http/errors.js';
import { userOfToken } from '../sessions.js';
import { ADMIN_MESSAGES, roleReaches } from '../../../src/api/contract/admin/common.js';

export interface StaffPrincipal {
  staffId: string;
  login: string;
  name: string;
  role: StaffRoleValue;
  sessionId: string;
}

export const STAFF_TOKEN_PREFIX = 'st_';
export const STAFF_SESSION_IDLE_HOURS = 12;
const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const STAFF_TOKEN_SHAPE = /^st_[A-Za-z0-9_-]{43}$/;

export function isStaffToken(token: string): boolean {
  return STAFF_TOKEN_SHAPE.test(token);
}

export function hashStaffToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Starts a staff session; the token is returned once and never stored. */
export async function createStaffSession(
  db: Executor,
  staffId: string,
  now: Date,
  meta: { ip: string; userAgent: string },
): Promise<{ token: string; sessionId: string }> {
  const token = STAFF_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const sessionId = randomUUID();
  await insertStaffSession(db, {
    id: sessionId,
    tokenHash: hashStaffToken(token),
    staffId,
    ip: meta.ip.slice(0, 100),
    userAgent: meta.userAgent.slice(0, 300),
    createdAt: now,
    lastSeenAt: now,
  });
  return { token, sessionId };
}

/** Revokes sessions of a member: all, or all but `exceptSessionId`. Returns how many. */
export async function revokeStaffSessions(
  db: Executor,
  staffId: string,
  now: Date,
  exceptSessionId: string | null = null,
): Promise<number> {
  const ended = await revokeLiveStaffSessions(db, staffId, now);
  if (exceptSessionId === null) return ended.length;
  if (ended.includes(exceptSessionId)) {
    await reviveStaffSession(db, exceptSessionId);
    return ended.length - 1;
  }
  return ended.length;
}

/** The staff member signed in by the token (header, or ?token= on a WebSocket), or null. */
export async function staffFromToken(ctx: AppContext, token: string | null): Promise<StaffPrincipal | null> {
  if (token === null || !isStaffToken(token)) return null;
  const tokenHash = hashStaffToken(token);
  const now = ctx.clock.now();
  const idleSince = new Date(now.getTime() - STAFF_SESSION_IDLE_HOURS * HOUR_MS);
  return ctx.db.run(async (db) => {
    const row = await liveStaffSession(db, tokenHash, idleSince);
    if (!row) return null;
    if (now.getTime() - row.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
      await touchStaffSession(db, row.sessionId, now);
    }
    return { staffId: row.staffId, login: row.login, name: row.name, role: row.role, sessionId: row.sessionId };
  });
}

export function authenticateStaff(ctx: AppContext, token: string | null): Promise<StaffPrincipal | null> {
  return staffFromToken(ctx, token);
}

/**
 * The staff guard. 401 'Требуется вход в панель управления' without a valid staff session;
 * 403 'Доступ только для сотрудников' for a signed-in customer's token; 403 'Действие доступно
 * только администратору' for an operator when `role` is 'admin', 'Раздел доступен только менеджеру и
 * администратору' for an operator when it is 'manager'.
 */
export async function requireStaff(
  ctx: AppContext,
  token: string | null,
  role: StaffRoleValue | 'staff' = 'operator',
): Promise<StaffPrincipal> {
  const principal = await staffFromToken(ctx, token);
  if (!principal) {
    if (token !== null && !isStaffToken(token) && (await userOfToken(ctx, token)) !== null) {
      throw forbidden(ADMIN_MESSAGES.staffOnly, 'staff-only');
    }
    throw unauthorized(ADMIN_MESSAGES.signInRequired, 'staff-unauthorized');
  }
  if (!roleReaches(principal.role, role)) {
    if (role === 'admin') throw forbidden(ADMIN_MESSAGES.adminOnly, 'admin-only');
    if (role === 'manager') throw forbidden(ADMIN_MESSAGES.managerOnly, 'manager-only');
    throw forbidden(ADMIN_MESSAGES.roleForbidden, 'role-forbidden');
  }
  return principal;
}
