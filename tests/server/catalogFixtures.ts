// Helpers shared by the catalogue-area server tests.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../server/db/database.js';

export async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = await db.run((x) => x.execute(query));
  return (result as unknown as { rows: T[] }).rows;
}

export async function one<T>(db: Database, query: SQL): Promise<T> {
  const [row] = await rows<T>(db, query);
  if (row === undefined) throw new Error('no row');
  return row;
}

export async function version(db: Database, name: 'catalog' | 'settings'): Promise<string> {
  const row = await one<{ version: string }>(
    db,
    sql`select version::text as version from content_versions where name = ${name}`,
  );
  return row.version;
}

/** Ray casting over a closed ring of [lon, lat] pairs. */
export function insidePolygon(point: { lat: number; lon: number }, ring: [number, number][]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] ?? [0, 0];
    const [xj, yj] = ring[j] ?? [0, 0];
    if (yi > point.lat !== yj > point.lat && point.lon < ((xj - xi) * (point.lat - yi)) / (yj - yi) + xi)
      inside = !inside;
  }
  return inside;
}
