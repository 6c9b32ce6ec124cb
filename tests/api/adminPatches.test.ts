// A PATCH changes only what it names: an absent field must stay absent after parsing, or the
// service would write the create route's default over the stored value (a renamed restaurant
// switched back on, a re-priced product losing its description, a city losing CITIES_DATA).
import { describe, expect, it } from 'vitest';
import * as admin from '../../src/api/contract/admin/index.js';
import { isAdminRouteDef } from '../../src/api/contract/admin/common.js';
import type { RouteDef } from '../../src/api/route.js';

const contract: readonly unknown[] = Object.values(admin);
const patchRoutes = contract
  .filter((value): value is RouteDef => typeof value === 'object' && value !== null && 'method' in value)
  .filter((def) => isAdminRouteDef(def) && def.method === 'PATCH');

describe('admin PATCH bodies', () => {
  it('there are PATCH routes to check (cities, restaurants, zones, groups, products, coupons)', () => {
    expect(patchRoutes.map((def) => def.path)).toEqual(
      expect.arrayContaining([
        '/admin/cities/:id',
        '/admin/restaurants/:id',
        '/admin/zones/:id',
        '/admin/menu/groups/:id',
        '/admin/menu/products/:id',
        '/admin/coupons/:code',
      ]),
    );
  });

  it.each(patchRoutes.map((def) => [def.path, def] as const))(
    '%s: an empty body parses to an empty change',
    (_, def) => {
      expect(def.body?.parse({})).toEqual({});
    },
  );
});
