// Restaurants (delivery terminals, table restaurants of migration 0001) as the admin area edits
// them and the settings assemble them.
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { restaurants } from '../db/schema/catalog.js';
import { insertRow, updateRow } from './rows.js';

export type RestaurantRow = typeof restaurants.$inferSelect;
export type NewRestaurant = typeof restaurants.$inferInsert;

/** Every restaurant, inactive ones included, by city and display order. */
export function listRestaurantsByCity(db: Executor): Promise<RestaurantRow[]> {
  return db
    .select()
    .from(restaurants)
    .orderBy(asc(restaurants.cityId), asc(restaurants.position), asc(restaurants.deliveryTerminalId));
}

/** The active restaurants of every city, in display order. */
export function listActiveRestaurants(db: Executor): Promise<RestaurantRow[]> {
  return db
    .select()
    .from(restaurants)
    .where(eq(restaurants.isActive, true))
    .orderBy(asc(restaurants.position), asc(restaurants.deliveryTerminalId));
}

export async function findRestaurant(db: Executor, deliveryTerminalId: string): Promise<RestaurantRow | undefined> {
  return (
    await db.select().from(restaurants).where(eq(restaurants.deliveryTerminalId, deliveryTerminalId)).limit(1)
  )[0];
}

export async function insertRestaurant(tx: Executor, restaurant: NewRestaurant): Promise<RestaurantRow> {
  return insertRow(tx, restaurants, restaurant);
}

/** Changes the given columns; the row after (undefined when there is no such restaurant). */
export async function updateRestaurantRow(
  tx: Executor,
  deliveryTerminalId: string,
  patch: Partial<Omit<NewRestaurant, 'deliveryTerminalId'>>,
): Promise<RestaurantRow | undefined> {
  return updateRow(tx, restaurants, eq(restaurants.deliveryTerminalId, deliveryTerminalId), patch, () =>
    findRestaurant(tx, deliveryTerminalId),
  );
}
