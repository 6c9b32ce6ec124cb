// Delivery zones as staff edit them: a closed ring, served by a restaurant of the same city.
import type { Executor } from '../../db/database.js';
import {
  deleteZoneRow,
  findZone,
  insertZone,
  listZones,
  updateZoneRow,
  type ZoneRow,
} from '../../repositories/deliveryZones.js';
import { findRestaurant } from '../../repositories/restaurants.js';
import { conflict, notFound, unprocessable } from '../../http/errors.js';
import type { AdminZone, adminCreateZone, adminUpdateZone } from '../../../src/api/contract/admin/settings.js';
import { toDeliveryZone } from '../settings.js';
import type { Actor, BodyOf } from './actor.js';
import { createRecord, deleteRecord, updateRecord, type EditedKind } from './recordEdits.js';
import { requireCity } from './restaurants.js';
import { publishSettings, SETTINGS_MESSAGES } from './settings.js';

function toAdminZone(z: ZoneRow): AdminZone {
  return { ...toDeliveryZone(z), order: z.position };
}

function checkRing(polygon: [number, number][] | undefined): void {
  if (polygon === undefined) return;
  const first = polygon[0];
  const last = polygon[polygon.length - 1];
  if (!first || !last || first[0] !== last[0] || first[1] !== last[1])
    throw unprocessable(SETTINGS_MESSAGES.ringNotClosed, 'ring-not-closed');
}

async function checkZoneRestaurant(tx: Executor, cityId: string, terminalId: string): Promise<void> {
  const row = await findRestaurant(tx, terminalId);
  if (!row) throw unprocessable(SETTINGS_MESSAGES.restaurantNotFound, 'restaurant-not-found');
  if (row.cityId !== cityId) throw unprocessable(SETTINGS_MESSAGES.restaurantOfOtherCity, 'restaurant-other-city');
}

async function requireZone(tx: Executor, id: string): Promise<ZoneRow> {
  const row = await findZone(tx, id);
  if (!row) throw notFound(SETTINGS_MESSAGES.zoneNotFound, 'zone-not-found');
  return row;
}

export async function listAdminZones(db: Executor, cityId: string | undefined): Promise<AdminZone[]> {
  return (await listZones(db, cityId)).map(toAdminZone);
}

const ZONE: EditedKind<ZoneRow, AdminZone> = {
  entity: 'zone',
  require: requireZone,
  show: toAdminZone,
  publish: publishSettings,
};

export async function createZone(
  actor: Actor,
  input: BodyOf<typeof adminCreateZone>,
  newId: string,
): Promise<AdminZone> {
  checkRing(input.polygon);
  const { id: givenId, order, ...columns } = input;
  const id = givenId ?? newId;
  return createRecord(actor, ZONE, id, async (tx) => {
    await requireCity(tx, input.cityId);
    await checkZoneRestaurant(tx, input.cityId, input.deliveryTerminalId);
    if (await findZone(tx, id)) throw conflict(SETTINGS_MESSAGES.zoneTaken, 'zone-taken');
    return insertZone(tx, { id, ...columns, position: order });
  });
}

export async function updateZone(actor: Actor, id: string, patch: BodyOf<typeof adminUpdateZone>): Promise<AdminZone> {
  checkRing(patch.polygon);
  return updateRecord(actor, ZONE, id, async (tx, before) => {
    const cityId = patch.cityId ?? before.cityId;
    if (patch.cityId !== undefined) await requireCity(tx, cityId);
    if (patch.cityId !== undefined || patch.deliveryTerminalId !== undefined)
      await checkZoneRestaurant(tx, cityId, patch.deliveryTerminalId ?? before.deliveryTerminalId);
    const { order, ...columns } = patch;
    return updateZoneRow(tx, id, { ...columns, position: order });
  });
}

export async function deleteZone(actor: Actor, id: string): Promise<void> {
  await deleteRecord(actor, ZONE, id, async (tx) => {
    await deleteZoneRow(tx, id);
  });
}
