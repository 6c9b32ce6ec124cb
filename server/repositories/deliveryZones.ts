// Delivery zones of the cities (table delivery_zones, migration 0001).
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { deliveryZones } from '../db/schema/catalog.js';
import { keyedRows } from './rows.js';

export type ZoneRow = typeof deliveryZones.$inferSelect;
export type NewZone = typeof deliveryZones.$inferInsert;

/** The zones of one city, or of every city by city, in display order. */
export function listZones(db: Executor, cityId?: string): Promise<ZoneRow[]> {
  return db
    .select()
    .from(deliveryZones)
    .where(cityId ? eq(deliveryZones.cityId, cityId) : undefined)
    .orderBy(asc(deliveryZones.cityId), asc(deliveryZones.position), asc(deliveryZones.id));
}

export async function deleteZoneRow(tx: Executor, id: string): Promise<void> {
  await tx.delete(deliveryZones).where(eq(deliveryZones.id, id));
}

export const { find: findZone, insert: insertZone, update: updateZoneRow } = keyedRows(deliveryZones, deliveryZones.id);
