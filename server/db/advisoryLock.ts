import { sql } from 'drizzle-orm';
import type { Executor } from './database.js';

/** Serialises transactions that touch the same key (a phone, an address, a customer) until commit. */
export async function lockKey(tx: Executor, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
