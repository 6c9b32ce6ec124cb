// /api/v1/admin/exports/*.csv (managers and admins): streamed CSV files, audited.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import * as c from '../../../src/api/contract/admin/exports.js';
import { exportCustomers, exportFileName, exportOrders } from '../../services/admin/exports.js';
import { adminRoute } from './adminRoute.js';

function sendCsv(reply: FastifyReply, stream: Readable, fileName: string): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(stream);
}

export function registerAdminExports(app: FastifyInstance): void {
  const ctx = app.ctx;
  adminRoute(app, c.adminExportOrders, async ({ ip, staff, query, reply }) =>
    sendCsv(reply, await exportOrders(ctx, staff, ip, query), exportFileName('orders', ctx.clock.now())),
  );
  adminRoute(app, c.adminExportCustomers, async ({ ip, staff, query, reply }) =>
    sendCsv(reply, await exportCustomers(ctx, staff, ip, query), exportFileName('customers', ctx.clock.now())),
  );
}
