// Restaurants (delivery terminals) as staff edit them.
import type { Executor } from '../../db/database.js';
import { cityExists } from '../../repositories/catalog.js';
import {
  findRestaurant,
  insertRestaurant,
  listRestaurantsByCity,
  updateRestaurantRow,
  type RestaurantRow,
} from '../../repositories/restaurants.js';
import { conflict, notFound, unprocessable } from '../../http/errors.js';
import type {
  AdminRestaurant,
  adminCreateRestaurant,
  adminUpdateRestaurant,
} from '../../../src/api/contract/admin/settings.js';
import { toRestaurant } from '../settings.js';
import type { Actor, BodyOf } from './actor.js';
import { createRecord, updateRecord, type EditedKind } from './recordEdits.js';
import { publishSettings, SETTINGS_MESSAGES } from './settings.js';

function toAdminRestaurant(r: RestaurantRow): AdminRestaurant {
  return { ...toRestaurant(r), isActive: r.isActive, order: r.position };
}

/** 422 when the city a restaurant or zone names does not exist. */
export async function requireCity(tx: Executor, cityId: string): Promise<void> {
  if (!(await cityExists(tx, cityId))) throw unprocessable(SETTINGS_MESSAGES.cityNotFound, 'city-not-found');
}

export async function listAdminRestaurants(db: Executor): Promise<AdminRestaurant[]> {
  return (await listRestaurantsByCity(db)).map(toAdminRestaurant);
}

async function requireRestaurant(tx: Executor, id: string): Promise<RestaurantRow> {
  const row = await findRestaurant(tx, id);
  if (!row) throw notFound(SETTINGS_MESSAGES.restaurantNotFound, 'restaurant-not-found');
  return row;
}

const RESTAURANT: EditedKind<RestaurantRow, AdminRestaurant> = {
  entity: 'restaurant',
  require: requireRestaurant,
  show: toAdminRestaurant,
  publish: publishSettings,
};

export async function createRestaurant(
  actor: Actor,
  input: BodyOf<typeof adminCreateRestaurant>,
): Promise<AdminRestaurant> {
  return createRecord(actor, RESTAURANT, input.deliveryTerminalId, async (tx) => {
    await requireCity(tx, input.cityId);
    if (await findRestaurant(tx, input.deliveryTerminalId))
      throw conflict(SETTINGS_MESSAGES.restaurantTaken, 'restaurant-taken');
    const { order, location, ...columns } = input;
    return insertRestaurant(tx, { ...columns, lat: location.lat, lon: location.lon, position: order });
  });
}

export async function updateRestaurant(
  actor: Actor,
  id: string,
  patch: BodyOf<typeof adminUpdateRestaurant>,
): Promise<AdminRestaurant> {
  return updateRecord(actor, RESTAURANT, id, async (tx) => {
    if (patch.cityId !== undefined) await requireCity(tx, patch.cityId);
    const { order, location, ...columns } = patch;
    return updateRestaurantRow(tx, id, { ...columns, lat: location?.lat, lon: location?.lon, position: order });
  });
}
