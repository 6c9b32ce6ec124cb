// Delivery zones of the cities (table delivery_zones, migration 0001).
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { deliveryZones } from '../db/schema/catalog.js';
import { insertRow, updateRow } from './rows.js';

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

export async function findZone(db: Executor, id: string): Promise<ZoneRow | undefined> {
  return (await db.select().from(deliveryZones).where(eq(deliveryZones.id, id)).limit(1))[0];
}

export async function insertZone(tx: Executor, zone: NewZone): Promise<ZoneRow> {
  return insertRow(tx, deliveryZones, zone);
}

/** Changes the given columns; the row after (undefined when there is no such zone). */
export async function updateZoneRow(
  tx: Executor,
  id: string,
  patch: Partial<Omit<NewZone, 'id'>>,
): Promise<ZoneRow | undefined> {
  return updateRow(tx, deliveryZones, eq(deliveryZones.id, id), patch, () => findZone(tx, id));
}

export async function deleteZoneRow(tx: Executor, id: string): Promise<void> {
  await tx.delete(deliveryZones).where(eq(deliveryZones.id, id));
}
