// /api/v1/admin/settings*, /admin/cities*, /admin/restaurants*, /admin/zones*, /admin/pages*.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import * as c from '../../../src/api/contract/admin/settings.js';
import { createCity, listAdminCities, updateCity } from '../../services/admin/cities.js';
import { listAdminPages, savePage } from '../../services/admin/pages.js';
import { createRestaurant, listAdminRestaurants, updateRestaurant } from '../../services/admin/restaurants.js';
import { bumpStoreVersion, listSettings, updateSetting } from '../../services/admin/settings.js';
import { createZone, deleteZone, listAdminZones, updateZone } from '../../services/admin/zones.js';
import { adminRoute } from './adminRoute.js';

export function registerAdminSettings(app: FastifyInstance): void {
  const ctx = app.ctx;
  adminRoute(app, c.adminListSettings, () => ctx.db.run(listSettings));
  adminRoute(app, c.adminUpdateSetting, ({ ip, staff, params, body }) =>
    updateSetting({ ctx, ip, staff }, params.name, body.value),
  );
  adminRoute(app, c.adminBumpStoreVersion, ({ ip, staff }) => bumpStoreVersion({ ctx, ip, staff }));

  adminRoute(app, c.adminListCities, async () => ({ cities: await ctx.db.run(listAdminCities) }));
  adminRoute(app, c.adminCreateCity, ({ ip, staff, body }) => createCity({ ctx, ip, staff }, body));
  adminRoute(app, c.adminUpdateCity, ({ ip, staff, params, body }) => updateCity({ ctx, ip, staff }, params.id, body));

  adminRoute(app, c.adminListRestaurants, async () => ({ restaurants: await ctx.db.run(listAdminRestaurants) }));
  adminRoute(app, c.adminCreateRestaurant, ({ ip, staff, body }) => createRestaurant({ ctx, ip, staff }, body));
  adminRoute(app, c.adminUpdateRestaurant, ({ ip, staff, params, body }) =>
    updateRestaurant({ ctx, ip, staff }, params.id, body),
  );

  adminRoute(app, c.adminListZones, async ({ query }) => ({
    zones: await ctx.db.run((db) => listAdminZones(db, query.cityId)),
  }));
  adminRoute(app, c.adminCreateZone, ({ ip, staff, body }) =>
    createZone({ ctx, ip, staff }, body, `zone-${randomUUID()}`),
  );
  adminRoute(app, c.adminUpdateZone, ({ ip, staff, params, body }) => updateZone({ ctx, ip, staff }, params.id, body));
  adminRoute(app, c.adminDeleteZone, ({ ip, staff, params }) => deleteZone({ ctx, ip, staff }, params.id));

  adminRoute(app, c.adminListPages, async ({ query }) => ({
    pages: await ctx.db.run((db) => listAdminPages(db, query.cityId)),
  }));
  adminRoute(app, c.adminSavePage, ({ ip, staff, params, body }) =>
    savePage({ ctx, ip, staff }, params.cityId, params.slug, body),
  );
}
