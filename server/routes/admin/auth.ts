// /api/v1/admin/auth/* and /api/v1/admin/staff*: staff sign-in and accounts.
import type { FastifyInstance } from 'fastify';
import * as c from '../../../src/api/contract/admin/auth.js';
import { signInClient } from '../../http/requestAuth.js';
import { changeOwnPassword, createStaff, staffMember, staffMembers, updateStaff } from '../../services/admin/staff.js';
import { signIn, signOut } from '../../services/admin/staffSignIn.js';
import { listSessionsOfStaff, revokeSessionsOfStaff } from '../../services/admin/staffAccountSessions.js';
import { adminRoute, publicAdminRoute } from './adminRoute.js';

export function registerAdminAuth(app: FastifyInstance): void {
  const ctx = app.ctx;
  publicAdminRoute(app, c.adminLogin, async ({ body, request, reply }) => {
    const { answer, deviceCookie } = await signIn(
      ctx,
      signInClient(request),
      body.login,
      body.password,
      body.captchaToken ?? null,
    );
    void reply.header('set-cookie', deviceCookie);
    return answer;
  });

  adminRoute(app, c.adminLogout, async ({ staff, ip }) => {
    await signOut(ctx, ip, staff);
  });

  adminRoute(app, c.adminMe, ({ staff }) => staffMember(ctx, staff.staffId));

  adminRoute(app, c.adminChangeOwnPassword, async ({ staff, ip, body }) => {
    await changeOwnPassword(ctx, ip, staff, body.currentPassword, body.newPassword);
  });

  adminRoute(app, c.adminListStaff, async () => ({ staff: await staffMembers(ctx) }));

  adminRoute(app, c.adminCreateStaff, ({ staff, ip, body }) => createStaff(ctx, ip, staff, body));

  adminRoute(app, c.adminUpdateStaff, ({ staff, ip, params, body }) => updateStaff(ctx, ip, staff, params.id, body));

  adminRoute(app, c.adminListStaffSessions, async ({ staff, params }) => ({
    sessions: await listSessionsOfStaff(ctx, staff, params.id),
  }));

  adminRoute(app, c.adminRevokeStaffSessions, async ({ staff, ip, params, body }) => ({
    revoked: await revokeSessionsOfStaff(ctx, ip, staff, params.id, body.sessionId),
  }));
}
