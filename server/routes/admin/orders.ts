// /api/v1/admin/orders*: the operators' order list, detail, status moves, cancellation and
// a staff retry of a refund that failed.
import type { FastifyInstance } from 'fastify';
import * as c from '../../../src/api/contract/admin/orders.js';
import { cancelOrder, changeOrderStatus, listOrders, orderDetail, retryRefund } from '../../services/admin/orders.js';
import { adminRoute } from './adminRoute.js';

export function registerAdminOrders(app: FastifyInstance): void {
  const ctx = app.ctx;
  adminRoute(app, c.adminListOrders, ({ query }) => ctx.db.run((db) => listOrders(db, query)));
  adminRoute(app, c.adminGetOrder, ({ params }) => ctx.db.run((db) => orderDetail(db, params.id)));
  adminRoute(app, c.adminChangeOrderStatus, ({ ip, staff, params, body }) =>
    changeOrderStatus(ctx, ip, staff, params.id, body.status),
  );
  adminRoute(app, c.adminCancelOrder, ({ ip, staff, params, body }) =>
    cancelOrder(ctx, ip, staff, params.id, body.reason),
  );
  adminRoute(app, c.adminRetryRefund, ({ ip, staff, params }) => retryRefund(ctx, ip, staff, params.id));
}
