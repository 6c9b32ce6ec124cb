// /api/v1/admin/settings*, /admin/cities*, /admin/restaurants*, /admin/zones*, /admin/pages*.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import * as c from '../../../src/api/contract/admin/settings.js';
import {
  bumpStoreVersion,
  createCity,
  createRestaurant,
  createZone,
  deleteZone,
  listAdminCities,
  listAdminPages,
  listAdminRestaurants,
  listAdminZones,
  listSettings,
  savePage,
  updateCity,
  updateRestaurant,
  updateSetting,
  updateZone,
} from '../../services/admin/settings.js';
import { adminRoute } from './adminRoute.js';

export function registerAdminSettings(app: FastifyInstance): void {
  const ctx = app.ctx;
  adminRoute(app, c.adminListSettings, () => ctx.db.run(listSettings));
  adminRoute(app, c.adminUpdateSetting, ({ request, staff, params, body }) =>
    updateSetting({ ctx, request, staff }, params.name, body.value),
  );
  adminRoute(app, c.adminBumpStoreVersion, ({ request, staff }) => bumpStoreVersion({ ctx, request, staff }));

  adminRoute(app, c.adminListCities, async () => ({ cities: await ctx.db.run(listAdminCities) }));
  adminRoute(app, c.adminCreateCity, ({ request, staff, body }) => createCity({ ctx, request, staff }, body));
  adminRoute(app, c.adminUpdateCity, ({ request, staff, params, body }) =>
    updateCity({ ctx, request, staff }, params.id, body),
  );

  adminRoute(app, c.adminListRestaurants, async () => ({ restaurants: await ctx.db.run(listAdminRestaurants) }));
  adminRoute(app, c.adminCreateRestaurant, ({ request, staff, body }) =>
    createRestaurant({ ctx, request, staff }, body),
  );
  adminRoute(app, c.adminUpdateRestaurant, ({ request, staff, params, body }) =>
    updateRestaurant({ ctx, request, staff }, params.id, body),
  );

  adminRoute(app, c.adminListZones, async ({ query }) => ({
    zones: await ctx.db.run((db) => listAdminZones(db, query.cityId)),
  }));
  adminRoute(app, c.adminCreateZone, ({ request, staff, body }) =>
    createZone({ ctx, request, staff }, body, `zone-${randomUUID()}`),
  );
  adminRoute(app, c.adminUpdateZone, ({ request, staff, params, body }) =>
    updateZone({ ctx, request, staff }, params.id, body),
  );
  adminRoute(app, c.adminDeleteZone, ({ request, staff, params }) => deleteZone({ ctx, request, staff }, params.id));

  adminRoute(app, c.adminListPages, async ({ query }) => ({
    pages: await ctx.db.run((db) => listAdminPages(db, query.cityId)),
  }));
  adminRoute(app, c.adminSavePage, ({ request, staff, params, body }) =>
    savePage({ ctx, request, staff }, params.cityId, params.slug, body),
  );
}
