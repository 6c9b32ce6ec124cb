// The one-row writes every repository repeats: insert and answer the row, update and answer it.
import type { SQL } from 'drizzle-orm';
import type { PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/database.js';

/** Inserts one row and answers it as stored (defaults filled in). */
export async function insertRow<T extends PgTable>(
  tx: Executor,
  table: T,
  values: PgInsertValue<T>,
): Promise<T['$inferSelect']> {
  const rows = (await tx.insert(table).values(values).returning()) as T['$inferSelect'][];
  const row = rows[0];
  if (!row) throw new Error('insert returned nothing');
  return row;
}

/**
 * Changes the given columns of the row `where` finds (undefined ones stay as they are) and answers
 * it after; with nothing to change it answers `unchanged()`, the row as it is.
 */
export async function updateRow<T extends PgTable>(
  tx: Executor,
  table: T,
  where: SQL,
  patch: PgUpdateSetSource<T>,
  unchanged: () => Promise<T['$inferSelect'] | undefined>,
): Promise<T['$inferSelect'] | undefined> {
  if (Object.values(patch).every((v) => v === undefined)) return unchanged();
  const rows = (await tx.update(table).set(patch).where(where).returning()) as T['$inferSelect'][];
  return rows[0];
}
