// The audit log (table audit_log, migration 0005) and the SMS outbox the admin reads
// (sms_outbox, migration 0002).
import { and, desc, eq, gte, like, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { auditLog } from '../db/schema/admin.js';
import { smsOutbox } from '../db/schema/customers.js';
import { pageOfRows, type PageWindow } from './rows.js';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;
export type SmsOutboxRow = typeof smsOutbox.$inferSelect;

export async function insertAudit(db: Executor, row: NewAuditRow): Promise<void> {
  await db.insert(auditLog).values(row);
}

export interface AuditFilter {
  staffId?: string | undefined;
  action?: string | undefined;
  entity?: string | undefined;
  entityId?: string | undefined;
  /** at ≥ from */
  from?: Date | undefined;
  /** at < to */
  to?: Date | undefined;
}

/** A page of entries, newest first, and how many match. */
export async function auditPage(
  db: Executor,
  filter: AuditFilter,
  page: PageWindow,
): Promise<{ rows: AuditRow[]; total: number }> {
  const where: SQL[] = [];
  if (filter.staffId) where.push(eq(auditLog.staffId, filter.staffId));
  if (filter.action) where.push(eq(auditLog.action, filter.action));
  if (filter.entity) where.push(eq(auditLog.entity, filter.entity));
  if (filter.entityId) where.push(eq(auditLog.entityId, filter.entityId));
  if (filter.from) where.push(gte(auditLog.at, filter.from));
  if (filter.to) where.push(lt(auditLog.at, filter.to));
  return pageOfRows(db, auditLog, and(...where), desc(auditLog.id), page);
}

/** A page of the outbox, newest first; `phoneDigits` (when not empty) matches part of the number. */
export async function smsOutboxPage(
  db: Executor,
  phoneDigits: string,
  page: PageWindow,
): Promise<{ rows: SmsOutboxRow[]; total: number }> {
  const condition = phoneDigits.length > 0 ? like(smsOutbox.phone, `%${phoneDigits}%`) : undefined;
  return pageOfRows(db, smsOutbox, condition, desc(smsOutbox.createdAt), page);
}
