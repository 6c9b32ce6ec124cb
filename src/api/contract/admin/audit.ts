// The audit log of staff actions and the SMS outbox (issue 6 §7). Admin only.
import { z } from 'zod';
import { IsoDateTime } from '../../entities.js';
import { AdminPaging, DateOrInstant, defineAdminRoute } from './common.js';

export const AuditEntry = z.object({
  id: z.number().int(),
  at: IsoDateTime,
  staffId: z.string().nullable(),
  staffLogin: z.string(),
  /** e.g. 'order.status', 'order.cancel', 'product.update', 'setting.update', 'staff.login'. */
  action: z.string(),
  /** e.g. 'order', 'product', 'setting', 'staff'. */
  entity: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const adminListAudit = defineAdminRoute('admin', {
  method: 'GET',
  path: '/admin/audit',
  summary: 'Staff actions, newest first, filtered by staff member, action, entity, object and dates',
  auth: 'staff',
  query: AdminPaging.extend({
    staffId: z.string().min(1).max(64).optional(),
    action: z.string().min(1).max(64).optional(),
    entity: z.string().min(1).max(64).optional(),
    entityId: z.string().min(1).max(200).optional(),
    from: DateOrInstant.optional(),
    to: DateOrInstant.optional(),
  }),
  response: z.object({ entries: z.array(AuditEntry), total: z.number().int().nonnegative() }),
});

export const adminListSmsOutbox = defineAdminRoute('admin', {
  method: 'GET',
  path: '/admin/sms-outbox',
  summary: 'Messages the embedded SMS provider kept instead of sending, newest first (embedded: false when a real gateway is configured)',
  auth: 'staff',
  query: AdminPaging.extend({ phone: z.string().trim().min(1).max(32).optional() }),
  response: z.object({
    embedded: z.boolean(),
    messages: z.array(z.object({ id: z.string(), phone: z.string(), text: z.string(), status: z.string(), createdAt: IsoDateTime })),
    total: z.number().int().nonnegative(),
  }),
});
