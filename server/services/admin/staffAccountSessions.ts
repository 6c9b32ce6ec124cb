// An admin's view of a member's sessions: the list and ending them (with the audit entry).
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { revokeStaffSession, sessionsOfStaff } from '../../repositories/staff.js';
import { audit } from './audit.js';
import { getStaff } from './staff.js';
import { revokeStaffSessions, type StaffPrincipal } from './staffSessions.js';
import { ADMIN_MESSAGES } from '../../../src/api/contract/admin/messages.js';

export interface StaffSessionView {
  id: string;
  ip: string;
  userAgent: string;
  createdAt: string;
  lastSeenAt: string;
  revokedAt: string | null;
  isCurrent: boolean;
}

/** The member's last 50 sessions; `isCurrent` marks the asking admin's own. */
export async function listSessionsOfStaff(
  ctx: AppContext,
  principal: StaffPrincipal,
  staffId: string,
): Promise<StaffSessionView[]> {
  const rows = await ctx.db.run(async (db) => {
    await getStaff(db, staffId);
    return sessionsOfStaff(db, staffId, 50);
  });
  return rows.map((r) => ({
    id: r.id,
    ip: r.ip,
    userAgent: r.userAgent,
    createdAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    revokedAt: r.revokedAt ? r.revokedAt.toISOString() : null,
    isCurrent: r.id === principal.sessionId,
  }));
}

/** Ends one session of the member, or all of them (sessionId null); how many ended. */
export async function revokeSessionsOfStaff(
  ctx: AppContext,
  ip: string,
  principal: StaffPrincipal,
  staffId: string,
  sessionId: string | null,
): Promise<number> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await getStaff(tx, staffId);
    let n: number;
    if (sessionId === null) {
      n = await revokeStaffSessions(tx, staffId, now);
    } else {
      n = await revokeStaffSession(tx, staffId, sessionId, now);
      if (n === 0) throw notFound(ADMIN_MESSAGES.sessionNotFound, 'session-not-found');
    }
    await audit(
      tx,
      principal,
      ip,
      { action: 'staff.revoke-sessions', entity: 'staff', entityId: staffId, after: { sessionId, revoked: n } },
      now,
    );
    return n;
  });
}
