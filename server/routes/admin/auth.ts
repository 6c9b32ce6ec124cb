// /api/v1/admin/auth/* and /api/v1/admin/staff*: staff sign-in and accounts.
import type { FastifyInstance } from 'fastify';
import { and, desc, eq, isNull } from 'drizzle-orm';
import * as c from '../../../src/api/contract/admin/auth.js';
import { staffSessions } from '../../db/schema/admin.js';
import { notFound } from '../../http/errors.js';
import { audit } from '../../services/admin/audit.js';
import {
  changeOwnPassword,
  createStaff,
  getStaff,
  listStaff,
  signIn,
  signOut,
  toStaffMember,
  updateStaff,
} from '../../services/admin/staff.js';
import { revokeStaffSessions } from '../../services/admin/staffSessions.js';
import { adminRoute, publicAdminRoute } from './adminRoute.js';

export function registerAdminAuth(app: FastifyInstance): void {
  const ctx = app.ctx;
  publicAdminRoute(app, c.adminLogin, async ({ body, request, reply }) => {
    const { answer, deviceCookie } = await signIn(ctx, request, body.login, body.password, body.captchaToken ?? null);
    void reply.header('set-cookie', deviceCookie);
    return answer;
  });

  adminRoute(app, c.adminLogout, async ({ staff, request }) => {
    await signOut(ctx, request, staff);
  });

  adminRoute(app, c.adminMe, async ({ staff }) => toStaffMember(await ctx.db.run((db) => getStaff(db, staff.staffId))));

  adminRoute(app, c.adminChangeOwnPassword, async ({ staff, request, body }) => {
    await changeOwnPassword(ctx, request, staff, body.currentPassword, body.newPassword);
  });

  adminRoute(app, c.adminListStaff, async () => ({ staff: await ctx.db.run(listStaff) }));

  adminRoute(app, c.adminCreateStaff, ({ staff, request, body }) => createStaff(ctx, request, staff, body));

  adminRoute(app, c.adminUpdateStaff, ({ staff, request, params, body }) =>
    updateStaff(ctx, request, staff, params.id, body),
  );

  adminRoute(app, c.adminListStaffSessions, async ({ staff, params }) => {
    const rows = await ctx.db.run(async (db) => {
      await getStaff(db, params.id);
      return db
        .select()
        .from(staffSessions)
        .where(eq(staffSessions.staffId, params.id))
        .orderBy(desc(staffSessions.createdAt))
        .limit(50);
    });
    return {
      sessions: rows.map((r) => ({
        id: r.id,
        ip: r.ip,
        userAgent: r.userAgent,
        createdAt: r.createdAt.toISOString(),
        lastSeenAt: r.lastSeenAt.toISOString(),
        revokedAt: r.revokedAt ? r.revokedAt.toISOString() : null,
        isCurrent: r.id === staff.sessionId,
      })),
    };
  });

  adminRoute(app, c.adminRevokeStaffSessions, async ({ staff, request, params, body }) => {
    const now = ctx.clock.now();
    const revoked = await ctx.db.transaction(async (tx) => {
      await getStaff(tx, params.id);
      let n: number;
      if (body.sessionId === null) {
        n = await revokeStaffSessions(tx, params.id, now);
      } else {
        const rows = await tx
          .update(staffSessions)
          .set({ revokedAt: now })
          .where(
            and(
              eq(staffSessions.id, body.sessionId),
              eq(staffSessions.staffId, params.id),
              isNull(staffSessions.revokedAt),
            ),
          )
          .returning({ id: staffSessions.id });
        if (rows.length === 0) throw notFound('Сессия не найдена или уже завершена', 'session-not-found');
        n = rows.length;
      }
      await audit(
        tx,
        staff,
        request,
        {
          action: 'staff.revoke-sessions',
          entity: 'staff',
          entityId: params.id,
          after: { sessionId: body.sessionId, revoked: n },
        },
        now,
      );
      return n;
    });
    return { revoked };
  });
}
