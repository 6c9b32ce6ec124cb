// /api/v1/admin/customers*, /admin/coupons*, /admin/promotions*.
import type { FastifyInstance } from 'fastify';
import * as customers from '../../../src/api/contract/admin/customers.js';
import * as promo from '../../../src/api/contract/admin/promo.js';
import { adjustBonus, customerDetail, findCustomers } from '../../services/admin/customers.js';
import {
  createCoupon,
  listCoupons,
  listPromotions,
  updateCoupon,
  updatePromotion,
} from '../../services/admin/promo.js';
import { adminRoute } from './adminRoute.js';

export function registerAdminCustomers(app: FastifyInstance): void {
  const ctx = app.ctx;
  adminRoute(app, customers.adminFindCustomers, async ({ query }) => ({
    customers: await ctx.db.run((db) => findCustomers(db, query.phone)),
  }));
  adminRoute(app, customers.adminGetCustomer, ({ params }) => ctx.db.run((db) => customerDetail(db, params.id)));
  adminRoute(app, customers.adminAdjustBonus, ({ ip, staff, params, body }) =>
    adjustBonus(ctx, ip, staff, params.id, body.delta, body.reason),
  );
}

export function registerAdminPromo(app: FastifyInstance): void {
  const ctx = app.ctx;
  adminRoute(app, promo.adminListCoupons, async () => ({ coupons: await ctx.db.run(listCoupons) }));
  adminRoute(app, promo.adminCreateCoupon, ({ ip, staff, body }) => createCoupon({ ctx, ip, staff }, body));
  adminRoute(app, promo.adminUpdateCoupon, ({ ip, staff, params, body }) =>
    updateCoupon({ ctx, ip, staff }, params.code, body),
  );
  adminRoute(app, promo.adminListPromotions, async () => ({ promotions: await ctx.db.run(listPromotions) }));
  adminRoute(app, promo.adminUpdatePromotion, ({ ip, staff, params, body }) =>
    updatePromotion({ ctx, ip, staff }, params.kind, body),
  );
}
