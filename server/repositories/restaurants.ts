// Restaurants (delivery terminals, table restaurants of migration 0001) as the admin area edits
// them and the settings assemble them.
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { restaurants } from '../db/schema/catalog.js';
import { keyedRows } from './rows.js';

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

export const {
  find: findRestaurant,
  insert: insertRestaurant,
  update: updateRestaurantRow,
} = keyedRows(restaurants, restaurants.deliveryTerminalId);
