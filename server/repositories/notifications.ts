// NOTIFYs that go out with the caller's transaction: PostgreSQL delivers them at its commit and
// drops them on a rollback, so a listener never hears of a change that did not happen.
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database.js';

/** Runs a NOTIFY expression (Push.notifyOnCommit's) in the transaction. */
export async function notifyWithCommit(tx: Executor, notify: SQL): Promise<void> {
  await tx.execute(sql`select ${notify}`);
}
