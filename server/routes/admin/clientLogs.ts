// Staff routes of the bug reports: GET /api/v1/admin/client-logs (newest first) and
// GET /api/v1/admin/client-logs/:id (with the log), for the replay viewer at /admin/reports.
// Any signed-in staff member (requireStaff: 401 without a staff session, 403 for a customer).
import type { FastifyInstance } from 'fastify';
import { getClientLog, listClientLogs } from '../../../src/api/contract/clientLog.js';
import { bearerToken } from '../../http/requestAuth.js';
import { route } from '../../http/route.js';
import { getClientReport, listClientReports } from '../../services/clientLogs.js';
import { requireStaff } from '../../services/admin/staffSessions.js';

export async function registerAdminClientLogs(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  route(app, listClientLogs, async ({ query, request }) => {
    await requireStaff(ctx, bearerToken(request), 'operator');
    const reports = await listClientReports(ctx, {
      limit: query.limit,
      ...(query.before === undefined ? {} : { before: query.before }),
    });
    return { reports };
  });

  route(app, getClientLog, async ({ params, request }) => {
    await requireStaff(ctx, bearerToken(request), 'operator');
    return getClientReport(ctx, params.id);
  });
}
