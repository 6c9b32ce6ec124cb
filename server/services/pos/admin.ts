// The /admin integration page's data and actions.
import { sql } from 'drizzle-orm';
import type { IntegrationHandoff, IntegrationOverview } from '../../../src/api/contract/admin/integration.js';
import type { AppContext } from '../../context.js';
import { notFound, unprocessable } from '../../http/errors.js';
import { posOf } from './adapter.js';
import { menuStateName, type MenuState } from './menuImport.js';
import { retryHandoff } from './outbox.js';
import { syncOnce } from './runner.js';
import { readState, recentErrors } from './state.js';
import { mapTerminal } from './terminals.js';

/** A pending hand-off this many attempts in is shown as delayed. */
const DELAYED_ATTEMPTS = 3;

type HandoffRow = {
  order_id: string;
  number: string | number;
  state: IntegrationHandoff['state'];
  attempts: number;
  last_error: string | null;
  created_at: Date | string;
};

const handoff = (r: HandoffRow): IntegrationHandoff => ({
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
    const queue = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from pos_outbox where state in ('pending', 'waiting')`,
    );
    const problems = await db.execute<HandoffRow>(sql`
      select b.order_id, o.number, b.state, b.attempts, b.last_error, b.created_at
      from pos_outbox b join orders o on o.id = b.order_id
      where b.state = 'failed' or (b.state in ('pending', 'waiting') and b.attempts >= ${DELAYED_ATTEMPTS})
      order by b.created_at desc limit 100`);
    const terminals = await db.execute<{
      id: string;
      organization_id: string;
      name: string;
      address: string;
      is_alive: boolean | null;
      checked_at: Date | string | null;
      delivery_terminal_id: string | null;
      restaurant_name: string | null;
    }>(sql`
      select t.id, t.organization_id, t.name, t.address, t.is_alive, t.checked_at, t.delivery_terminal_id, r.name as restaurant_name
      from pos_terminal_groups t left join restaurants r on r.delivery_terminal_id = t.delivery_terminal_id
      order by t.name`);
    const restaurants = await db.execute<{ delivery_terminal_id: string; name: string }>(
      sql`select delivery_terminal_id, name from restaurants order by position, name`,
    );
    return {
      adapter: pos.kind,
      organizationIds: [...pos.organizationIds],
      webhook: (ctx.config.iiko?.webhookToken ?? '') !== '',
      menu,
      stopListsRefreshedAt: stop?.refreshedAt ?? null,
      queueLength: queue.rows[0]?.n ?? 0,
      failed: problems.rows.filter((r) => r.state === 'failed').map(handoff),
      delayed: problems.rows.filter((r) => r.state !== 'failed').map(handoff),
      terminals: terminals.rows.map((t) => ({
        id: t.id,
        organizationId: t.organization_id,
        name: t.name,
        address: t.address,
        isAlive: t.is_alive,
        checkedAt: iso(t.checked_at),
        deliveryTerminalId: t.delivery_terminal_id,
        restaurantName: t.restaurant_name,
      })),
      restaurants: restaurants.rows.map((r) => ({ deliveryTerminalId: r.delivery_terminal_id, name: r.name })),
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
    const known = await ctx.db.run((db) =>
      db.execute(sql`select 1 from restaurants where delivery_terminal_id = ${deliveryTerminalId}`),
    );
    if (known.rows.length === 0) throw unprocessable(INTEGRATION_MESSAGES.noRestaurant, 'restaurant-not-found');
  }
  if (!(await mapTerminal(ctx, terminalGroupId, deliveryTerminalId)))
    throw notFound(INTEGRATION_MESSAGES.noTerminal, 'terminal-not-found');
  return { ok: true };
}

export async function syncNow(ctx: AppContext): Promise<{ ok: boolean }> {
  await syncOnce(ctx);
  return { ok: true };
}
