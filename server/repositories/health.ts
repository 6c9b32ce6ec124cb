// The readiness check's statement: the cheapest round trip that proves the database answers.
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database.js';

export async function pingDatabase(db: Executor): Promise<void> {
  await db.execute(sql`select 1`);
}
