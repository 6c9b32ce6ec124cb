// The one-row writes every repository repeats: insert and answer the row, update and answer it.
import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
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

/** Find, insert and update of a table's rows by one key column. */
export interface KeyedRows<T extends PgTable> {
  find(db: Executor, key: string): Promise<T['$inferSelect'] | undefined>;
  insert(tx: Executor, values: PgInsertValue<T>): Promise<T['$inferSelect']>;
  /** Changes the given columns; the row after (undefined when there is no such row). */
  update(tx: Executor, key: string, patch: PgUpdateSetSource<T>): Promise<T['$inferSelect'] | undefined>;
}

export function keyedRows<T extends PgTable>(table: T, keyColumn: PgColumn): KeyedRows<T> {
  const find = async (db: Executor, key: string) =>
    (
      (await db
        .select()
        .from(table as PgTable)
        .where(eq(keyColumn, key))
        .limit(1)) as T['$inferSelect'][]
    )[0];
  return {
    find,
    insert: (tx, values) => insertRow(tx, table, values),
    update: (tx, key, patch) => updateRow(tx, table, eq(keyColumn, key), patch, () => find(tx, key)),
  };
}
