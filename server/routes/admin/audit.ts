// /api/v1/admin/audit and /api/v1/admin/sms-outbox (admin only).
import type { FastifyInstance } from 'fastify';
import * as c from '../../../src/api/contract/admin/audit.js';
import { auditEntries, smsOutboxMessages } from '../../services/admin/audit.js';
import { adminRoute } from './adminRoute.js';

export function registerAdminAudit(app: FastifyInstance): void {
  const ctx = app.ctx;
  adminRoute(app, c.adminListAudit, ({ query }) => auditEntries(ctx, query));
  adminRoute(app, c.adminListSmsOutbox, ({ query }) => smsOutboxMessages(ctx, query));
}
