// The /admin integration page's data and actions.
import type { IntegrationHandoff, IntegrationOverview } from '../../../src/api/contract/admin/integration.js';
import type { AppContext } from '../../context.js';
import { notFound, unprocessable } from '../../http/errors.js';
import { handoffQueueLength, problemHandoffs, type ProblemHandoffRow } from '../../repositories/posOutbox.js';
import { readState, recentErrors } from '../../repositories/posState.js';
import {
  mappableRestaurants,
  restaurantExists,
  terminalGroupsWithRestaurants,
} from '../../repositories/posTerminals.js';
import { posOf } from './adapter.js';
import { menuStateName, type MenuState } from './menuImport.js';
import { retryHandoff } from './outbox.js';
import { syncOnce } from './runner.js';
import { mapTerminal } from './terminals.js';

/** A pending hand-off this many attempts in is shown as delayed. */
const DELAYED_ATTEMPTS = 3;

const handoff = (r: ProblemHandoffRow): IntegrationHandoff => ({
  orderId: r.order_id,
  number: Number(r.number),
  state: r.state,
  attempts: r.attempts,
  lastError: r.last_error,
  createdAt: new Date(r.created_at).toISOString(),
});

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export async function integrationOverview(ctx: AppContext): Promise<IntegrationOverview> {
  const pos = posOf(ctx);
  return ctx.db.run(async (db) => {
    const menu = [];
    for (const organizationId of pos.organizationIds) {
      const state = await readState<MenuState>(db, menuStateName(organizationId));
      menu.push({
        organizationId,
        revision: state?.revision ?? 0,
        importedAt: state?.importedAt ?? null,
        checkedAt: state?.checkedAt ?? null,
      });
    }
    const stop = await readState<{ refreshedAt: string }>(db, 'stopLists');
    const queueLength = await handoffQueueLength(db);
    const problems = await problemHandoffs(db, DELAYED_ATTEMPTS);
    const terminals = await terminalGroupsWithRestaurants(db);
    const restaurants = await mappableRestaurants(db);
    return {
      adapter: pos.kind,
      organizationIds: [...pos.organizationIds],
      webhook: (ctx.config.iiko?.webhookToken ?? '') !== '',
      menu,
      stopListsRefreshedAt: stop?.refreshedAt ?? null,
      queueLength,
      failed: problems.filter((r) => r.state === 'failed').map(handoff),
      delayed: problems.filter((r) => r.state !== 'failed').map(handoff),
      terminals: terminals.map((t) => ({
        id: t.id,
        organizationId: t.organization_id,
        name: t.name,
        address: t.address,
        isAlive: t.is_alive,
        checkedAt: iso(t.checked_at),
        deliveryTerminalId: t.delivery_terminal_id,
        restaurantName: t.restaurant_name,
      })),
      restaurants: restaurants.map((r) => ({ deliveryTerminalId: r.delivery_terminal_id, name: r.name })),
      errors: await recentErrors(db),
    };
  });
}

export const INTEGRATION_MESSAGES = {
  notFailed: 'Заказ не ждёт повторной передачи',
  noTerminal: 'Терминальная группа не найдена',
  noRestaurant: 'Ресторан не найден',
} as const;

export async function retryFailedHandoff(ctx: AppContext, orderId: string): Promise<{ ok: boolean }> {
  if (!(await retryHandoff(ctx, orderId))) throw notFound(INTEGRATION_MESSAGES.notFailed, 'handoff-not-failed');
  return { ok: true };
}

export async function mapTerminalGroup(
  ctx: AppContext,
  terminalGroupId: string,
  deliveryTerminalId: string | null,
): Promise<{ ok: boolean }> {
  if (deliveryTerminalId !== null) {
    const known = await ctx.db.run((db) => restaurantExists(db, deliveryTerminalId));
    if (!known) throw unprocessable(INTEGRATION_MESSAGES.noRestaurant, 'restaurant-not-found');
  }
  if (!(await mapTerminal(ctx, terminalGroupId, deliveryTerminalId)))
    throw notFound(INTEGRATION_MESSAGES.noTerminal, 'terminal-not-found');
  return { ok: true };
}

export async function syncNow(ctx: AppContext): Promise<{ ok: boolean }> {
  await syncOnce(ctx);
  return { ok: true };
}
