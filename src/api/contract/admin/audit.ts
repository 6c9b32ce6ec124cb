// The audit log of staff actions and the SMS outbox. Admin only.
import { z } from 'zod/mini';
import { Id, IsoDateTime } from '../../entities.js';
import { AdminPaging, DateOrInstant, defineAdminRoute, PhoneSearch } from './common.js';

export const AuditEntry = z.object({
  id: z.int(),
  at: IsoDateTime,
  staffId: z.nullable(z.string()),
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

export const adminListAudit = defineAdminRoute('admin', 'GET /admin/audit', {
  summary: 'Staff actions, newest first, filtered by staff member, action, entity, object and dates',
  query: z.extend(AdminPaging, {
    staffId: z.optional(Id),
    action: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
    entity: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
    entityId: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
    from: z.optional(DateOrInstant),
    to: z.optional(DateOrInstant),
  }),
  response: z.object({ entries: z.array(AuditEntry), total: z.int().check(z.nonnegative()) }),
});

export const adminListSmsOutbox = defineAdminRoute('admin', 'GET /admin/sms-outbox', {
  summary:
    'Messages the embedded SMS provider kept instead of sending, newest first (embedded: false when a real gateway is configured)',
  query: z.extend(AdminPaging, { phone: z.optional(PhoneSearch) }),
  response: z.object({
    embedded: z.boolean(),
    messages: z.array(
      z.object({ id: z.string(), phone: z.string(), text: z.string(), status: z.string(), createdAt: IsoDateTime }),
    ),
    total: z.int().check(z.nonnegative()),
  }),
});
