// What the POS sync last did (pos_state) and the errors shown in /admin (pos_errors).
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database.js';

export async function readState<T>(db: Executor, name: string): Promise<T | null> {
  const rows = await db.execute<{ value: T }>(sql`select value from pos_state where name = ${name}`);
  return rows.rows[0]?.value ?? null;
}

export async function writeState(db: Executor, name: string, value: unknown, now: Date): Promise<void> {
  await db.execute(sql`
    insert into pos_state (name, value, updated_at) values (${name}, ${JSON.stringify(value)}::jsonb, ${now.toISOString()})
    on conflict (name) do update set value = excluded.value, updated_at = excluded.updated_at`);
}

/** Kept short: the admin page shows the latest; older ones go. */
const KEPT_ERRORS = 200;

export type PosArea = 'auth' | 'terminals' | 'menu' | 'stop-lists' | 'handoff' | 'status' | 'webhook';

export async function recordError(db: Executor, area: PosArea, message: string, now: Date): Promise<void> {
  await db.execute(
    sql`insert into pos_errors (at, area, message) values (${now.toISOString()}, ${area}, ${message.slice(0, 500)})`,
  );
  await db.execute(sql`delete from pos_errors where id <= (select max(id) from pos_errors) - ${KEPT_ERRORS}`);
}

export async function recentErrors(db: Executor, limit = 20): Promise<{ at: string; area: string; message: string }[]> {
  const rows = await db.execute<{ at: Date | string; area: string; message: string }>(
    sql`select at, area, message from pos_errors order by id desc limit ${limit}`,
  );
  return rows.rows.map((r) => ({ at: new Date(r.at).toISOString(), area: r.area, message: r.message }));
}
