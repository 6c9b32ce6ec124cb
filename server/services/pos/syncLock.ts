// The POS sync's cross-process lock on PostgreSQL (docs/IIKO.md «Several processes»): the 60 s
// pass and the webhook's refreshes never ask iiko and write the same rows at once.
import type { AppContext } from '../../context.js';
import { lockNumber } from '../../repositories/locks.js';

/** Any fixed number works; it only has to be ours alone. */
export const SYNC_LOCK_KEY = 7_410_107;

/**
 * Runs `work` holding the lock, waiting for it when another process has it. PGlite is one
 * process: nothing to wait for (and its one connection must stay free for the work).
 */
export async function underSyncLock<T>(ctx: AppContext, work: () => Promise<T>): Promise<T> {
  if (ctx.config.databaseUrl === null) return work();
  // held by this transaction's connection for the work, which uses others
  return ctx.db.transaction(async (tx) => {
    await lockNumber(tx, SYNC_LOCK_KEY);
    return work();
  });
}
