// The audit log: every staff action, who did it, and the object before and after (issue 6 §7).
// Written with the executor of the change itself, so a rolled-back change leaves no entry.
import type { FastifyRequest } from 'fastify';
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { auditLog } from '../../db/schema/admin.js';
import type { AuditEntry } from '../../../src/api/contract/admin/audit.js';
import type { StaffPrincipal } from './staffSessions.js';
import { dayOrInstant } from './dates.js';

export interface AuditRecord {
  action: string;
  entity: string;
  entityId?: string;
  before?: unknown;
  after?: unknown;
}

const SECRET_KEYS = new Set([
  'password',
  'passwordHash',
  'password_hash',
  'token',
  'tokenHash',
  'currentPassword',
  'newPassword',
]);

/** A JSON copy without secrets (passwords, hashes, tokens), for the log. */
export function scrub(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(scrub);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) out[key] = SECRET_KEYS.has(key) ? '***' : scrub(v);
    return out;
  }
  return value;
}

export async function writeAudit(
  db: Executor,
  who: { staffId: string | null; login: string },
  request: FastifyRequest | null,
  record: AuditRecord,
  now: Date,
): Promise<void> {
  await db.insert(auditLog).values({
    at: now,
    staffId: who.staffId,
    staffLogin: who.login,
    action: record.action,
    entity: record.entity,
    entityId: record.entityId ?? '',
    before: scrub(record.before),
    after: scrub(record.after),
    ip: request?.ip ?? '',
  });
}

/** Shorthand for an action of the signed-in member. */
export function audit(
  db: Executor,
  staff: StaffPrincipal,
  request: FastifyRequest,
  record: AuditRecord,
  now: Date,
): Promise<void> {
  return writeAudit(db, { staffId: staff.staffId, login: staff.login }, request, record, now);
}

export interface AuditQuery {
  limit: number;
  offset: number;
  staffId?: string | undefined;
  action?: string | undefined;
  entity?: string | undefined;
  entityId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export async function listAudit(
  db: Executor,
  query: AuditQuery,
  timeZone: string,
): Promise<{ entries: AuditEntry[]; total: number }> {
  const where: SQL[] = [];
  if (query.staffId) where.push(eq(auditLog.staffId, query.staffId));
  if (query.action) where.push(eq(auditLog.action, query.action));
  if (query.entity) where.push(eq(auditLog.entity, query.entity));
  if (query.entityId) where.push(eq(auditLog.entityId, query.entityId));
  if (query.from) where.push(gte(auditLog.at, dayOrInstant(query.from, timeZone, 'start')));
  if (query.to) where.push(lt(auditLog.at, dayOrInstant(query.to, timeZone, 'end')));
  const condition = where.length > 0 ? and(...where) : undefined;
  const rows = await db
    .select()
    .from(auditLog)
    .where(condition)
    .orderBy(desc(auditLog.id))
    .limit(query.limit)
    .offset(query.offset);
  const count = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(condition);
  return {
    entries: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      staffId: r.staffId,
      staffLogin: r.staffLogin,
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      before: r.before ?? null,
      after: r.after ?? null,
      ip: r.ip,
    })),
    total: count[0]?.n ?? 0,
  };
}
