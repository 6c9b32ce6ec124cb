// Seeds the demo chain (cities, settings, menu, restaurants, zones, streets, pages, coupons and
// gift promotions) into an empty database. Idempotent: returns false without writing when the chain is already there.
// An advisory lock makes concurrent starts against one PostgreSQL take turns.
import { count, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/database.js';
import {
  cities,
  deliveryZones,
  groups,
  pages,
  products,
  restaurants,
  settings,
  stopList,
  streets,
} from '../db/schema/catalog.js';
import { CITIES, RESTAURANTS, STREETS, ZONES } from './geo.js';
import { GROUPS, PRODUCTS, STOP_LIST } from './menu.js';
import { PAGES } from './pages.js';
import { SETTINGS } from './settings.js';
import { insertDemoPromotions } from '../services/promo.js';

export { CITY, CITY_IIKO, GROUP, PRODUCT, TERMINAL } from './ids.js';

const SEED_LOCK_KEY = 727_002;

export async function seedDemoChain(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const existing = await tx.select({ n: count() }).from(cities);
    if ((existing[0]?.n ?? 0) > 0) return false;
    await insertAll(tx);
    return true;
  });
}

async function insertAll(tx: Executor): Promise<void> {
  await tx.insert(cities).values(CITIES);
  // Rows a migration already made (HALF_PIZZA, off) take the demo chain's values.
  await tx
    .insert(settings)
    .values(SETTINGS.map((s, i) => ({ ...s, position: i + 1 })))
    .onConflictDoUpdate({
      target: settings.name,
      set: { value: sql`excluded.value`, position: sql`excluded.position` },
    });
  // parents first: groups reference their parent group
  await tx.insert(groups).values(GROUPS);
  await tx.insert(products).values(PRODUCTS);
  await tx.insert(restaurants).values(RESTAURANTS);
  await tx.insert(deliveryZones).values(ZONES);
  await tx.insert(stopList).values(STOP_LIST);
  await tx.insert(streets).values(STREETS);
  if (PAGES.length > 0) await tx.insert(pages).values(PAGES);
  // coupons and the snack and pizza gifts: without them the gift rules of PRODUCT.md §4 never fire
  await insertDemoPromotions(tx);
}
