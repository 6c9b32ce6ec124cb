// GET /api/v1/user/:id/last-order and GET /api/v1/user/:phone/history, owner only.
import type { FastifyInstance } from 'fastify';
import { getLastOrder, getOrderHistory } from '../../src/api/contract/orders.js';
import { route } from '../http/route.js';
import { lastOrder, orderHistory } from '../services/order/index.js';
import { requireOwner, requireUser } from '../http/requestAuth.js';
import { ensureOwnerByPhone } from '../services/sessions.js';

export async function registerHistory(app: FastifyInstance): Promise<void> {
  route(app, getLastOrder, async ({ params, request }) => {
    const user = await requireOwner(app.ctx, request, params.id);
    return app.ctx.db.run((db) => lastOrder(db, user.userId));
  });

  route(app, getOrderHistory, async ({ params, query, request }) => {
    const user = await requireUser(app.ctx, request);
    ensureOwnerByPhone(user, params.phone);
    return app.ctx.db.run((db) => orderHistory(db, user.userId, query.limit, query.before));
  });
}
