// /api/v1/admin/dashboard (managers and admins): the period's figures.
import type { FastifyInstance } from 'fastify';
import * as c from '../../../src/api/contract/admin/dashboard.js';
import { dashboard } from '../../services/admin/dashboard.js';
import { adminRoute } from './adminRoute.js';

export function registerAdminDashboard(app: FastifyInstance): void {
  const ctx = app.ctx;
  adminRoute(app, c.adminDashboard, ({ query }) => ctx.db.run((db) => dashboard(db, query, ctx.clock.now())));
}
