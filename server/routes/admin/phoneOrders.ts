// /api/v1/admin/phone-orders*: orders taken by phone (the call centre; docs/ADMIN.md «Phone orders»).
import type { FastifyInstance } from 'fastify';
import * as p from '../../../src/api/contract/admin/phoneOrders.js';
import {
  createPhoneCustomer,
  findPhoneCustomer,
  phoneMenu,
  phoneOrderDetail,
  phoneQuote,
  placePhoneOrder,
} from '../../services/admin/phoneOrders.js';
import { listOrders } from '../../services/admin/orders.js';
import { adminRoute } from './adminRoute.js';

export function registerAdminPhoneOrders(app: FastifyInstance): void {
  const ctx = app.ctx;
  adminRoute(app, p.adminPhoneFindCustomer, ({ query }) => findPhoneCustomer(ctx, query.phone));
  adminRoute(app, p.adminPhoneCreateCustomer, ({ ip, staff, body }) => createPhoneCustomer({ ctx, ip, staff }, body));
  adminRoute(app, p.adminPhoneMenu, () => phoneMenu(ctx));
  adminRoute(app, p.adminPhoneQuote, ({ ip, staff, body }) => phoneQuote({ ctx, ip, staff }, body));
  adminRoute(app, p.adminListPhoneOrders, ({ query }) => ctx.db.run((db) => listOrders(db, query, 'phone')));
  adminRoute(app, p.adminGetPhoneOrder, ({ params }) => ctx.db.run((db) => phoneOrderDetail(db, params.id)));
  adminRoute(app, p.adminPlacePhoneOrder, ({ ip, staff, body }) => placePhoneOrder({ ctx, ip, staff }, body));
}
