// The audit log: every staff action, who did it, and the object before and after.
// Written with the executor of the change itself, so a rolled-back change leaves no entry.
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/database.js';
import { auditPage, insertAudit, smsOutboxPage } from '../../repositories/audit.js';
import type { AuditEntry } from '../../../src/api/contract/admin/audit.js';
import type { StaffPrincipal } from './staffSessions.js';
import { DEFAULT_TIME_ZONE, dayOrInstant } from './dates.js';

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
  /** The client's address ('' when none). */
  ip: string,
  record: AuditRecord,
  now: Date,
): Promise<void> {
  await insertAudit(db, {
    at: now,
    staffId: who.staffId,
    staffLogin: who.login,
    action: record.action,
    entity: record.entity,
    entityId: record.entityId ?? '',
    before: scrub(record.before),
    after: scrub(record.after),
    ip,
  });
}

/** Shorthand for an action of the signed-in member. */
export function audit(db: Executor, staff: StaffPrincipal, ip: string, record: AuditRecord, now: Date): Promise<void> {
  return writeAudit(db, { staffId: staff.staffId, login: staff.login }, ip, record, now);
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
  const { rows, total } = await auditPage(
    db,
    {
      staffId: query.staffId,
      action: query.action,
      entity: query.entity,
      entityId: query.entityId,
      from: query.from ? dayOrInstant(query.from, timeZone, 'start') : undefined,
      to: query.to ? dayOrInstant(query.to, timeZone, 'end') : undefined,
    },
    query,
  );
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
    total,
  };
}

/** GET /admin/audit, in the chain's time zone. */
export function auditEntries(ctx: AppContext, query: AuditQuery): Promise<{ entries: AuditEntry[]; total: number }> {
  return ctx.db.run((db) => listAudit(db, query, DEFAULT_TIME_ZONE));
}

export interface SmsOutboxView {
  embedded: boolean;
  messages: { id: string; phone: string; text: string; status: string; createdAt: string }[];
  total: number;
}

/** GET /admin/sms-outbox: what the embedded SMS outbox kept (`embedded`: no real gateway configured). */
export async function smsOutboxMessages(
  ctx: AppContext,
  query: { phone?: string | undefined; limit: number; offset: number },
): Promise<SmsOutboxView> {
  const digits = query.phone?.replace(/\D/g, '') ?? '';
  const { rows, total } = await ctx.db.run((db) => smsOutboxPage(db, digits, query));
  return {
    embedded: ctx.config.sms.provider === 'outbox',
    messages: rows.map((r) => ({
      id: r.id,
      phone: r.phone,
      text: r.text,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
    })),
    total,
  };
}
