// /api/v1/admin/campaigns*: advertising campaigns (managers and admins).
import type { FastifyInstance } from 'fastify';
import * as c from '../../../src/api/contract/admin/campaigns.js';
import { createCampaign, listCampaigns, previewCampaign, stopCampaign } from '../../services/admin/campaigns.js';
import { adminRoute } from './adminRoute.js';

export function registerAdminCampaigns(app: FastifyInstance): void {
  const ctx = app.ctx;
  adminRoute(app, c.adminPreviewCampaign, ({ body }) => previewCampaign(ctx, body));
  adminRoute(app, c.adminCreateCampaign, ({ ip, staff, body }) => createCampaign({ ctx, ip, staff }, body));
  adminRoute(app, c.adminListCampaigns, () => ctx.db.run((db) => listCampaigns(db)));
  adminRoute(app, c.adminStopCampaign, ({ ip, staff, params }) => stopCampaign({ ctx, ip, staff }, params.id));
}
