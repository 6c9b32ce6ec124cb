// /api/v1/admin/orders/:id/edit*: an operator's edit of an order before cooking (docs/ORDER-EDITING.md).
import type { FastifyInstance } from 'fastify';
import * as e from '../../../src/api/contract/admin/orderEdits.js';
import { editOrder, listOrderEdits, quoteOrderEdit } from '../../services/admin/orderEdits.js';
import { adminRoute } from './adminRoute.js';

export function registerAdminOrderEdits(app: FastifyInstance): void {
  const ctx = app.ctx;
  adminRoute(app, e.adminOrderEditQuote, ({ ip, staff, params, body }) =>
    quoteOrderEdit({ ctx, ip, staff }, params.id, body.changes),
  );
  adminRoute(app, e.adminEditOrder, ({ ip, staff, params, body }) => editOrder({ ctx, ip, staff }, params.id, body));
  adminRoute(app, e.adminOrderEdits, ({ staff, params }) => listOrderEdits(ctx, staff, params.id));
}
