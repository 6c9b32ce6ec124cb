// What every repository repeats: insert and answer the row, update and answer it, ask whether a
// row exists, count rows, read a page of them, and the staff-arranged display order.
import { asc, eq, sql, type GetColumnData, type SQL } from 'drizzle-orm';
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

/** Whether any row of `table` matches `where` (whether there is any row at all without it). */
export async function anyRow(db: Executor, table: PgTable, where?: SQL): Promise<boolean> {
  return (
    (
      await db
        .select({ one: sql`1` })
        .from(table)
        .where(where)
        .limit(1)
    ).length > 0
  );
}

/** One column of the row `where` finds (of the first, when several match); undefined when none does. */
export async function valueOf<C extends PgColumn>(
  db: Executor,
  table: PgTable,
  column: C,
  where: SQL,
): Promise<GetColumnData<C> | undefined> {
  const rows = await db.select({ value: column }).from(table).where(where).limit(1);
  return rows[0]?.value;
}

/** How many rows of `table` match `where`. */
export async function countRows(db: Executor, table: PgTable, where: SQL | undefined): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(where);
  return rows[0]?.n ?? 0;
}

export interface PageWindow {
  limit: number;
  offset: number;
}

/** One page of the rows `where` matches, in `order`, and how many match in all. */
export async function pageOfRows<T extends PgTable>(
  db: Executor,
  table: T,
  where: SQL | undefined,
  order: SQL,
  page: PageWindow,
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  const rows = (await db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(order)
    .limit(page.limit)
    .offset(page.offset)) as T['$inferSelect'][];
  return { rows, total: await countRows(db, table, where) };
}

/** The order staff arrange rows in: by position, ties by id. */
export const displayOrder = (table: { position: PgColumn; id: PgColumn }): SQL =>
  sql.join([asc(table.position), asc(table.id)], sql`, `);

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
