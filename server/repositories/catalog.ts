// The catalogue's reference rows read outside the catalogue build: cities, their street
// reference and product existence. The catalogue build itself (services/catalog.ts) moves here
// in a later pass.
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { cities, products, streets } from '../db/schema/catalog.js';

export type CityRow = typeof cities.$inferSelect;
export type StreetRow = typeof streets.$inferSelect;

export function listCities(db: Executor): Promise<CityRow[]> {
  return db.select().from(cities).orderBy(asc(cities.position), asc(cities.id));
}

export async function cityExists(db: Executor, id: string): Promise<boolean> {
  return (await db.select({ id: cities.id }).from(cities).where(eq(cities.id, id)).limit(1)).length > 0;
}

export async function cityExistsByIikoId(db: Executor, iikoId: string): Promise<boolean> {
  return (await db.select({ id: cities.id }).from(cities).where(eq(cities.iikoId, iikoId)).limit(1)).length > 0;
}

/** The city's slug ('' for an unknown city). */
export async function citySlug(db: Executor, cityId: string): Promise<string> {
  const rows = await db.select({ slug: cities.slug }).from(cities).where(eq(cities.id, cityId)).limit(1);
  return rows[0]?.slug ?? '';
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
  return (await db.select({ id: products.id }).from(products).where(eq(products.id, id)).limit(1)).length > 0;
}
