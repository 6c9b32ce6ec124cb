// /api/v1/admin/couriers, /admin/orders/:id/courier and the courier's own /admin/courier/orders*.
import type { FastifyInstance } from 'fastify';
import * as c from '../../../src/api/contract/admin/couriers.js';
import { courierMove, courierOrders, listCouriers, setOrderCourier } from '../../services/admin/couriers.js';
import { adminRoute } from './adminRoute.js';

export function registerAdminCouriers(app: FastifyInstance): void {
  const ctx = app.ctx;
  adminRoute(app, c.adminListCouriers, () => ctx.db.run((db) => listCouriers(db)));
  adminRoute(app, c.adminAssignCourier, ({ ip, staff, params, body }) =>
    setOrderCourier({ ctx, ip, staff }, params.id, body.courierId),
  );
  adminRoute(app, c.courierListOrders, ({ staff }) => courierOrders(ctx, staff.staffId));
  adminRoute(app, c.courierPickedUp, ({ ip, staff, params }) => courierMove({ ctx, ip, staff }, params.id, 'OnWay'));
  adminRoute(app, c.courierDelivered, ({ ip, staff, params }) =>
    courierMove({ ctx, ip, staff }, params.id, 'Delivered'),
  );
}
