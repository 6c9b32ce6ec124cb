// The webhook's refreshes (StopListUpdate, NomenclatureUpdate) run after iiko has its answer, never
// inside its request: iiko waits on its webhook a few seconds only, and a slow iiko would make it
// resend. A process runs one refresh at a time; requests arriving meanwhile are coalesced into at
// most one more run of each kind (it reads what changed after the running one asked), and on
// PostgreSQL each run holds the sync's advisory lock.
import type { AppContext } from '../../context.js';
import { importMenus } from './menuImport.js';
import { recordError, type PosArea } from '../../repositories/posState.js';
import { refreshStopLists } from './stopLists.js';
import { underSyncLock } from './syncLock.js';

export type RefreshKind = 'menu' | 'stop-lists';

interface Queue {
  wanted: Set<RefreshKind>;
  running: Promise<void> | null;
}

const queues = new WeakMap<AppContext, Queue>();

function queueOf(ctx: AppContext): Queue {
  let queue = queues.get(ctx);
  if (!queue) {
    queue = { wanted: new Set(), running: null };
    queues.set(ctx, queue);
  }
  return queue;
}

const RUNS: Record<RefreshKind, (ctx: AppContext) => Promise<unknown>> = {
  menu: importMenus,
  'stop-lists': refreshStopLists,
};

/** Asks for a refresh and returns at once; the work runs after the caller's answer. */
export function scheduleRefresh(ctx: AppContext, kind: RefreshKind): void {
  const queue = queueOf(ctx);
  queue.wanted.add(kind);
  if (queue.running) return;
  queue.running = drain(ctx, queue).finally(() => {
    queue.running = null;
  });
}

/** Resolves once nothing is scheduled or running (shutdown, tests). */
export async function refreshesSettled(ctx: AppContext): Promise<void> {
  const queue = queues.get(ctx);
  while (queue?.running) await queue.running;
}

async function drain(ctx: AppContext, queue: Queue): Promise<void> {
  // the webhook's answer goes out before the first call to iiko
  await new Promise((resolve) => setImmediate(resolve));
  while (queue.wanted.size > 0) {
    const kinds = [...queue.wanted];
    queue.wanted.clear();
    for (const kind of kinds) {
      try {
        await underSyncLock(ctx, () => RUNS[kind](ctx));
      } catch (error) {
        // the 60 s sync catches up; the reason is shown in /admin
        const message = error instanceof Error ? error.message : String(error);
        const area: PosArea = kind;
        await ctx.db.run((db) => recordError(db, area, message, ctx.clock.now())).catch(() => undefined);
      }
    }
  }
}
