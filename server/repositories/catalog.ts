// The catalogue's reference rows read outside the catalogue build: cities (and their edits by
// staff), their street reference and product existence. The catalogue build itself
// (services/catalog.ts) moves here in a later pass.
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { cities, products, restaurants, streets } from '../db/schema/catalog.js';
import type { RestaurantRow } from './restaurants.js';
import { anyRow, displayOrder, keyedRows, valueOf } from './rows.js';

export type CityRow = typeof cities.$inferSelect;
export type StreetRow = typeof streets.$inferSelect;
export type NewCity = typeof cities.$inferInsert;

export function listCities(db: Executor): Promise<CityRow[]> {
  return db.select().from(cities).orderBy(displayOrder(cities));
}

export async function cityExists(db: Executor, id: string): Promise<boolean> {
  return anyRow(db, cities, eq(cities.id, id));
}

export async function cityExistsByIikoId(db: Executor, iikoId: string): Promise<boolean> {
  return anyRow(db, cities, eq(cities.iikoId, iikoId));
}

/** Whether another city (not `exceptId`) already has one of these keys. */
export async function cityKeyTaken(
  db: Executor,
  keys: { id?: string; slug: string; iikoId: string },
  exceptId: string | null,
): Promise<boolean> {
  const same = or(
    keys.id !== undefined ? eq(cities.id, keys.id) : undefined,
    eq(cities.slug, keys.slug),
    eq(cities.iikoId, keys.iikoId),
  );
  return anyRow(db, cities, exceptId === null ? same : and(ne(cities.id, exceptId), same));
}

/** The ids of these that are cities. */
export async function existingCityIds(db: Executor, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  return (
    await db
      .select({ id: cities.id })
      .from(cities)
      .where(inArray(cities.id, [...ids]))
  ).map((r) => r.id);
}

/** Every city's id. */
export async function allCityIds(db: Executor): Promise<string[]> {
  return (await db.select({ id: cities.id }).from(cities)).map((r) => r.id);
}

/** The city's active restaurants, in display order. */
export function activeRestaurantsOfCity(db: Executor, cityId: string): Promise<RestaurantRow[]> {
  return db
    .select()
    .from(restaurants)
    .where(and(eq(restaurants.cityId, cityId), eq(restaurants.isActive, true)))
    .orderBy(asc(restaurants.position));
}

/** The city's slug ('' for an unknown city). */
export async function citySlug(db: Executor, cityId: string): Promise<string> {
  return (await valueOf(db, cities, cities.slug, eq(cities.id, cityId))) ?? '';
}

/** Every city's slug, in display order. */
export async function citySlugs(db: Executor): Promise<string[]> {
  const result = await db.execute<{ slug: string }>(sql`select slug from cities order by position, slug`);
  return result.rows.map((r) => r.slug);
}

export function streetsOfCity(db: Executor, cityIikoId: string): Promise<StreetRow[]> {
  return db.select().from(streets).where(eq(streets.cityIikoId, cityIikoId));
}

export async function productExists(db: Executor, id: string): Promise<boolean> {
  return anyRow(db, products, eq(products.id, id));
}

export const { find: findCity, insert: insertCity, update: updateCityRow } = keyedRows(cities, cities.id);
