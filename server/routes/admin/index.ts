// /api/v1/admin/*: the admin area's API. One encapsulated plugin so that the staff
// guard (./adminRoute.ts) covers every route registered here and nothing else.
import type { FastifyInstance } from 'fastify';
import { installStaffGuard } from './adminRoute.js';
import { registerAdminAuth } from './auth.js';
import { registerAdminOrders } from './orders.js';
import { registerAdminMenu } from './menu.js';
import { registerAdminAudit } from './audit.js';
import { registerAdminSettings } from './settings.js';
import { registerAdminCustomers, registerAdminPromo } from './customers.js';
import { registerAdminSeo } from './seo.js';
import { registerAdminCouriers } from './couriers.js';
import { registerAdminCampaigns } from './campaigns.js';
import { registerAdminDashboard } from './dashboard.js';
import { registerAdminExports } from './exports.js';
import { registerAdminPhoneOrders } from './phoneOrders.js';
import { registerAdminRatings } from './ratings.js';
import { registerAdminOrderEdits } from './orderEdits.js';

export async function registerAdmin(app: FastifyInstance): Promise<void> {
  await app.register(async (admin) => {
    installStaffGuard(admin);
    registerAdminAuth(admin);
    registerAdminOrders(admin);
    registerAdminMenu(admin);
    registerAdminAudit(admin);
    registerAdminSettings(admin);
    registerAdminCustomers(admin);
    registerAdminPromo(admin);
    registerAdminSeo(admin);
    registerAdminCouriers(admin);
    registerAdminCampaigns(admin);
    registerAdminDashboard(admin);
    registerAdminExports(admin);
    registerAdminPhoneOrders(admin);
    registerAdminRatings(admin);
    registerAdminOrderEdits(admin);
  });
}
