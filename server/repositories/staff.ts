// Staff sessions as an admin sees and ends them (table staff_sessions, migration 0005). Sign-in,
// the guard and the accounts themselves (services/admin/staff*.ts) move here in a later pass.
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { staffSessions } from '../db/schema/admin.js';

export type StaffSessionRow = typeof staffSessions.$inferSelect;

/** The member's sessions, newest first. */
export function sessionsOfStaff(db: Executor, staffId: string, limit: number): Promise<StaffSessionRow[]> {
  return db
    .select()
    .from(staffSessions)
    .where(eq(staffSessions.staffId, staffId))
    .orderBy(desc(staffSessions.createdAt))
    .limit(limit);
}

/** Ends one live session of the member; how many ended (0 or 1). */
export async function revokeStaffSession(tx: Executor, staffId: string, sessionId: string, now: Date): Promise<number> {
  const rows = await tx
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.id, sessionId), eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)))
    .returning({ id: staffSessions.id });
  return rows.length;
}
