// Advisory locks services take inside their transactions (a phone, an address, a customer), and
// the sweep lock a table's cleanup takes so that one sweeper at a time deletes its old rows.
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database.js';

export { lockKey } from '../db/advisoryLock.js';

/** Takes the named lock until commit when it is free; false (without waiting) when it is not. */
export async function tryLockKey(tx: Executor, key: string): Promise<boolean> {
  const result = await tx.execute<{ locked: boolean }>(
    sql`select pg_try_advisory_xact_lock(hashtextextended(${key}, 0)) as locked`,
  );
  return result.rows[0]?.locked === true;
}

/** Waits for the lock of a fixed number (a worker's own key) until commit. */
export async function lockNumber(tx: Executor, key: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${key})`);
}

/** Takes the lock of a fixed number until commit when it is free; false (without waiting) when it is not. */
export async function tryLockNumber(tx: Executor, key: number): Promise<boolean> {
  const got = await tx.execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(${key}) as ok`);
  return got.rows[0]?.ok === true;
}
