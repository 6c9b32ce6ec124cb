// /api/v1/admin/seo: operators' page titles and descriptions (server/seo/overrides.ts).
import type { FastifyInstance } from 'fastify';
import * as c from '../../../src/api/contract/admin/seo.js';
import { listOverrides, saveOverride } from '../../seo/overrides.js';
import { adminRoute } from './adminRoute.js';

export function registerAdminSeo(app: FastifyInstance): void {
  const ctx = app.ctx;
  adminRoute(app, c.adminListSeoOverrides, async () => ({ overrides: await ctx.db.run(listOverrides) }));
  adminRoute(app, c.adminSaveSeoOverride, async ({ ip, staff, body }) => ({
    override: await saveOverride({ ctx, ip, staff }, body),
  }));
}
