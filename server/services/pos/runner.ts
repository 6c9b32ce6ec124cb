// The POS worker of a process (docs/IIKO.md «Several processes»): the outbox every few seconds in
// every process (rows are claimed with SKIP LOCKED), and the sync (terminal groups, menu by
// revision, stop lists, and statuses when no webhook is set) every 60 s in exactly one process at
// a time: on PostgreSQL the one holding an advisory lock; PGlite is one process anyway.
import type { AppContext, IntegrationLog } from '../../context.js';
import { tryLockNumber } from '../../repositories/locks.js';
import { recordError, writeState, type PosArea } from '../../repositories/posState.js';
import { posOf } from './adapter.js';
import { importMenus } from './menuImport.js';
import { runOutboxOnce } from './outbox.js';
import { refreshesSettled } from './refreshQueue.js';
import { pollOpenOrders } from './statusSync.js';
import { refreshStopLists } from './stopLists.js';
import { SYNC_LOCK_KEY } from './syncLock.js';
import { refreshTerminals } from './terminals.js';

export const OUTBOX_TICK_MS = 3_000;
export const SYNC_TICK_MS = 60_000;

/** Whether accepted orders get an outbox row (read by migration 0107's trigger). */
export async function setHandoff(ctx: AppContext, on: boolean): Promise<void> {
  await ctx.db.run((db) => writeState(db, 'handoff', on, ctx.clock.now()));
}

/** One sync pass; each part's failure is recorded and the others still run. */
export async function syncOnce(ctx: AppContext): Promise<void> {
  const parts: [PosArea, () => Promise<unknown>][] = [
    ['terminals', () => refreshTerminals(ctx)],
    ['menu', () => importMenus(ctx)],
    ['stop-lists', () => refreshStopLists(ctx)],
  ];
  if ((ctx.config.iiko?.webhookToken ?? '') === '') parts.push(['status', () => pollOpenOrders(ctx)]);
  for (const [area, run] of parts) {
    try {
      await run();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await ctx.db.run((db) => recordError(db, area, message, ctx.clock.now())).catch(() => undefined);
    }
  }
}

/** The sync under the cross-process lock; false when another process holds it. */
export async function syncIfLeader(ctx: AppContext): Promise<boolean> {
  if (ctx.config.databaseUrl === null) {
    await syncOnce(ctx);
    return true;
  }
  // held for the pass by this transaction's connection; the pass itself uses others
  return ctx.db.transaction(async (tx) => {
    if (!(await tryLockNumber(tx, SYNC_LOCK_KEY))) return false;
    await syncOnce(ctx);
    return true;
  });
}

export interface PosRunner {
  stop(): Promise<void>;
}

/** Starts the worker when an iiko account is configured; the embedded POS needs none. */
export async function startPosRunner(ctx: AppContext, log: IntegrationLog): Promise<PosRunner | null> {
  const pos = posOf(ctx);
  await setHandoff(ctx, pos.kind !== 'embedded');
  if (pos.kind === 'embedded') return null;
  let stopped = false;
  const chains: Promise<unknown>[] = [];
  // each job runs one pass at a time; the outbox never waits behind a slow sync
  const guard = (what: string, work: () => Promise<unknown>) => {
    const index = chains.push(Promise.resolve()) - 1;
    return () => {
      chains[index] = (chains[index] ?? Promise.resolve())
        .then(async () => {
          if (!stopped) await work();
        })
        .catch((error: unknown) =>
          log.warn({ err: error instanceof Error ? error.message : String(error) }, `pos: ${what} failed`),
        );
    };
  };
  const outbox = guard('outbox', async () => {
    // drain what is due, a bounded number of passes per tick
    for (let i = 0; i < 10 && !stopped && (await runOutboxOnce(ctx)) > 0; i += 1);
  });
  const sync = guard('sync', () => syncIfLeader(ctx));
  sync();
  outbox();
  const outboxTimer = setInterval(outbox, OUTBOX_TICK_MS);
  const syncTimer = setInterval(sync, SYNC_TICK_MS);
  outboxTimer.unref();
  syncTimer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(outboxTimer);
      clearInterval(syncTimer);
      await Promise.all(chains);
      await refreshesSettled(ctx);
    },
  };
}
