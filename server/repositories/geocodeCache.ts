// Stored geocoder answers (table geocode_cache): one row per address key, lat null for "not found".
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { geocodeCache } from '../db/schema/geocodeCache.js';
import { tryLockKey } from './locks.js';

export type GeocodeCacheRow = typeof geocodeCache.$inferSelect;

export async function findGeocodeAnswer(db: Executor, address: string): Promise<GeocodeCacheRow | undefined> {
  return (await db.select().from(geocodeCache).where(eq(geocodeCache.address, address)).limit(1))[0];
}

/** Stores (or replaces) the answer for its address. */
export async function saveGeocodeAnswer(tx: Executor, row: GeocodeCacheRow): Promise<void> {
  const { address: _key, ...answer } = row;
  await tx.insert(geocodeCache).values(row).onConflictDoUpdate({ target: geocodeCache.address, set: answer });
}

/**
 * Deletes answers found before `foundBefore` and "not found" ones before `notFoundBefore`, when
 * this transaction gets the sweep lock without waiting (one sweeper at a time).
 */
export async function sweepGeocodeAnswers(tx: Executor, foundBefore: Date, notFoundBefore: Date): Promise<void> {
  if (!(await tryLockKey(tx, 'geocode-cache-sweep'))) return;
  await tx
    .delete(geocodeCache)
    .where(
      or(
        lt(geocodeCache.lookedUpAt, foundBefore),
        and(isNull(geocodeCache.lat), lt(geocodeCache.lookedUpAt, notFoundBefore)),
      ),
    );
}
