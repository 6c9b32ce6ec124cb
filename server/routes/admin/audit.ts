// /api/v1/admin/audit and /api/v1/admin/sms-outbox (admin only).
import type { FastifyInstance } from 'fastify';
import { desc, like, sql } from 'drizzle-orm';
import * as c from '../../../src/api/contract/admin/audit.js';
import { smsOutbox } from '../../db/schema/customers.js';
import { listAudit } from '../../services/admin/audit.js';
import { DEFAULT_TIME_ZONE } from '../../services/admin/orders.js';
import { adminRoute } from './adminRoute.js';

export function registerAdminAudit(app: FastifyInstance): void {
  const ctx = app.ctx;
  adminRoute(app, c.adminListAudit, ({ query }) => ctx.db.run((db) => listAudit(db, query, DEFAULT_TIME_ZONE)));

  adminRoute(app, c.adminListSmsOutbox, async ({ query }) => {
    const digits = query.phone?.replace(/\D/g, '') ?? '';
    const condition = digits.length > 0 ? like(smsOutbox.phone, `%${digits}%`) : undefined;
    const { rows, total } = await ctx.db.run(async (db) => ({
      rows: await db
        .select()
        .from(smsOutbox)
        .where(condition)
        .orderBy(desc(smsOutbox.createdAt))
        .limit(query.limit)
        .offset(query.offset),
      total:
        (
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(smsOutbox)
            .where(condition)
        )[0]?.n ?? 0,
    }));
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
  });
}
