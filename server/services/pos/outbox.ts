// Order hand-off, exactly once (issue item 6). The order's transaction wrote the outbox row (a
// trigger of migration 0107); this worker sends it. A row is claimed with FOR UPDATE SKIP LOCKED
// and leased (next_at moved past the work), so two processes never work on one order, and a
// process killed mid-send leaves the row to be taken again once the lease ends. Every claim
// counts an attempt first: from the second attempt on, the POS is asked whether it already has
// the order (deliveries/by_id with our id) before a create, so an answer lost to a crash, a
// timeout or a 5xx never makes a second iiko order. iiko failing on its side is retried with a
// growing pause for IIKO_HANDOFF_GIVE_UP_MINUTES, then the order is flagged for an operator.
import { DEFAULT_HANDOFF_GIVE_UP_MINUTES } from '../../config.js';
import type { AppContext } from '../../context.js';
import { PosError, type PosOrderInfo } from '../../integrations/pos/port.js';
import {
  claimDueHandoffs,
  requeueFailedHandoff,
  updateHandoff,
  type HandoffUpdate,
  type OutboxRow,
} from '../../repositories/posOutbox.js';
import { readState, recordError } from '../../repositories/posState.js';
import { posOf } from './adapter.js';
import { handoffBody, HandoffImpossible, TerminalNotMapped } from './handoffBody.js';
import { applyPosStatus } from './orderStatus.js';

/** How long a claimed row is ours; another process takes it after that. */
export const LEASE_MS = 60_000;
/** Creation is asynchronous: how soon to ask commands/status again. */
export const FOLLOW_MS = 2_000;
const BACKOFF_BASE_MS = 5_000;
const BACKOFF_MAX_MS = 120_000;

/** 5 s, 10 s, 20 s … up to 2 minutes: an iiko back from an outage gets the queue within that. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

async function claimDue(ctx: AppContext, now: Date, limit: number): Promise<OutboxRow[]> {
  const leaseEnd = new Date(now.getTime() + LEASE_MS);
  return ctx.db.transaction((tx) => claimDueHandoffs(tx, now, leaseEnd, limit));
}

async function update(
  ctx: AppContext,
  orderId: string,
  set: Omit<HandoffUpdate, 'nextAt'> & { nextAt?: Date },
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.run((db) => updateHandoff(db, orderId, { ...set, nextAt: set.nextAt ?? now }, now));
}

/** One pass: claims the due rows and moves each one step. Returns how many were worked on. */
export async function runOutboxOnce(ctx: AppContext, limit = 20): Promise<number> {
  const pos = posOf(ctx);
  if (pos.kind === 'embedded') return 0;
  const rows = await claimDue(ctx, ctx.clock.now(), limit);
  for (const row of rows) await step(ctx, row);
  return rows.length;
}

async function step(ctx: AppContext, row: OutboxRow): Promise<void> {
  const pos = posOf(ctx);
  try {
    if (row.state === 'waiting' && row.correlation_id !== null && row.organization_id !== null) {
      const command = await pos.commandStatus(row.organization_id, row.correlation_id);
      if (command.state === 'InProgress')
        return await update(ctx, row.order_id, { state: 'waiting', nextAt: later(ctx, FOLLOW_MS) });
      if (command.state === 'Success') return await sent(ctx, row.order_id, null);
      return await failed(ctx, row.order_id, command.message);
    }
    const body = await ctx.db.run((db) => handoffBody(db, row.order_id));
    if (row.attempts > 1 || row.state === 'waiting') {
      // an earlier attempt may have reached the POS: look before creating
      const [known] = await pos.ordersById(body.organizationId, [row.order_id]);
      // a creation that ended in Error left no order there: create it again
      if (known && known.creationStatus !== 'Error') return await followKnown(ctx, row.order_id, known);
    }
    const { correlationId } = await pos.createOrder(body);
    await update(ctx, row.order_id, {
      state: 'waiting',
      correlationId,
      organizationId: body.organizationId,
      nextAt: later(ctx, FOLLOW_MS),
      lastError: null,
    });
  } catch (error) {
    // an order accepted before the process's first sync has read the terminal groups waits for it
    const unmappedYet = error instanceof TerminalNotMapped && !(await terminalsKnown(ctx));
    if (error instanceof HandoffImpossible && !unmappedYet) return failed(ctx, row.order_id, error.message);
    if (error instanceof PosError && error.kind === 'refused') return failed(ctx, row.order_id, error.message);
    // iiko down, slow or garbled: later, with a growing pause (the row keeps its state)
    const message = error instanceof Error ? error.message : String(error);
    const giveUpMs = giveUpAfterMs(ctx);
    if (ctx.clock.now().getTime() - new Date(row.retried_at ?? row.created_at).getTime() >= giveUpMs)
      return failed(ctx, row.order_id, `iiko не принимает заказ ${MINUTES.format(giveUpMs / 60_000)} мин: ${message}`);
    await update(ctx, row.order_id, {
      state: row.state,
      nextAt: later(ctx, backoffMs(row.attempts)),
      lastError: message,
    });
    await ctx.db.run((db) => recordError(db, 'handoff', message, ctx.clock.now()));
  }
}

async function followKnown(ctx: AppContext, orderId: string, known: PosOrderInfo): Promise<void> {
  if (known.creationStatus === 'Success') return sent(ctx, orderId, known.status);
  if (known.creationStatus === 'Error')
    return failed(ctx, orderId, known.errorMessage ?? 'iiko: ошибка создания заказа');
  // still being created: follow it by id (its correlation id may be lost)
  await update(ctx, orderId, { state: 'waiting', correlationId: null, nextAt: later(ctx, FOLLOW_MS) });
}

async function sent(ctx: AppContext, orderId: string, posStatus: PosOrderInfo['status']): Promise<void> {
  await update(ctx, orderId, { state: 'sent', lastError: null, posStatus });
  if (posStatus !== null) await applyPosStatus(ctx, orderId, posStatus);
}

async function failed(ctx: AppContext, orderId: string, reason: string): Promise<void> {
  await update(ctx, orderId, { state: 'failed', lastError: reason });
  await ctx.db.run((db) => recordError(db, 'handoff', `Заказ не передан на кухню: ${reason}`, ctx.clock.now()));
}

/** Whether a sync has ever read iiko's terminal groups (pos_state 'terminals'). */
async function terminalsKnown(ctx: AppContext): Promise<boolean> {
  return (await ctx.db.run((db) => readState(db, 'terminals'))) !== null;
}

const MINUTES = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });

/** How long transient failures are retried (IIKO_HANDOFF_GIVE_UP_MINUTES; the default without an iiko account). */
function giveUpAfterMs(ctx: AppContext): number {
  return ctx.config.iiko?.handoffGiveUpMs ?? DEFAULT_HANDOFF_GIVE_UP_MINUTES * 60_000;
}

function later(ctx: AppContext, ms: number): Date {
  return new Date(ctx.clock.now().getTime() + ms);
}

/**
 * An operator's retry of a failed hand-off: looked up first, then created if iiko lacks it; iiko
 * failing again is retried for a new window from now.
 */
export async function retryHandoff(ctx: AppContext, orderId: string): Promise<boolean> {
  return ctx.db.run((db) => requeueFailedHandoff(db, orderId, ctx.clock.now()));
}
