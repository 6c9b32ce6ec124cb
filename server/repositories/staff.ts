// Staff accounts and their sessions as an admin sees and ends them (tables staff and
// staff_sessions, migration 0005), the sessions the staff guard finds, and the device cookies' key
// (server_secrets, migration 0013). The sign-in lockout's attempts are in staffLoginAttempts.ts.
import { and, asc, count, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { serverSecrets, staff, staffSessions } from '../db/schema/admin.js';
import { anyRow, keyedRows } from './rows.js';

export type StaffSessionRow = typeof staffSessions.$inferSelect;
export type StaffRow = typeof staff.$inferSelect;
export type NewStaff = typeof staff.$inferInsert;

export async function findStaffByLogin(db: Executor, login: string): Promise<StaffRow | undefined> {
  return (await db.select().from(staff).where(eq(staff.login, login)).limit(1))[0];
}

/** Every member by login. */
export function listStaffRows(db: Executor): Promise<StaffRow[]> {
  return db.select().from(staff).orderBy(asc(staff.login));
}

/** Whether there is any staff member at all. */
export async function anyStaff(db: Executor): Promise<boolean> {
  return anyRow(db, staff);
}

/** Adds a member; undefined when the login or id is taken already. */
export async function insertStaffIfNew(tx: Executor, member: NewStaff): Promise<StaffRow | undefined> {
  return (await tx.insert(staff).values(member).onConflictDoNothing().returning())[0];
}

/** Active admins other than `id`. */
export async function countActiveAdminsOtherThan(db: Executor, id: string): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(staff)
    .where(and(eq(staff.role, 'admin'), eq(staff.isActive, true), ne(staff.id, id)));
  return rows[0]?.n ?? 0;
}

/** Ends one session by its id, whoever's it is (signing out). */
export async function endStaffSession(tx: Executor, sessionId: string, now: Date): Promise<void> {
  await tx.update(staffSessions).set({ revokedAt: now }).where(eq(staffSessions.id, sessionId));
}

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

export const { find: findStaffById, update: updateStaffRow } = keyedRows(staff, staff.id);

export type NewStaffSession = typeof staffSessions.$inferInsert;

export async function insertStaffSession(db: Executor, session: NewStaffSession): Promise<void> {
  await db.insert(staffSessions).values(session);
}

/** Ends every live session of the member; the ids ended. */
export async function revokeLiveStaffSessions(db: Executor, staffId: string, now: Date): Promise<string[]> {
  const rows = await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)))
    .returning({ id: staffSessions.id });
  return rows.map((r) => r.id);
}

/** Makes an ended session live again (the one kept when a member ends their others). */
export async function reviveStaffSession(db: Executor, sessionId: string): Promise<void> {
  await db.update(staffSessions).set({ revokedAt: null }).where(eq(staffSessions.id, sessionId));
}

export async function touchStaffSession(db: Executor, sessionId: string, now: Date): Promise<void> {
  await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, sessionId));
}

/** The live session of an active member by token hash, seen after `idleSince`. */
export async function liveStaffSession(db: Executor, tokenHash: string, idleSince: Date) {
  const rows = await db
    .select({
      sessionId: staffSessions.id,
      lastSeenAt: staffSessions.lastSeenAt,
      staffId: staff.id,
      login: staff.login,
      name: staff.name,
      role: staff.role,
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash),
        isNull(staffSessions.revokedAt),
        eq(staff.isActive, true),
        gt(staffSessions.lastSeenAt, idleSince),
      ),
    )
    .limit(1);
  return rows[0];
}

/** The named server secret, stored as `generated` by whichever process asks first. */
export async function serverSecret(db: Executor, name: string, generated: string): Promise<string | undefined> {
  await db.insert(serverSecrets).values({ name, value: generated }).onConflictDoNothing();
  const rows = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  return rows[0]?.value;
}
