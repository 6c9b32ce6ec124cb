// Restaurants from the POS (issue item 3): terminal groups and their liveness. A group whose id
// is one of our restaurants' delivery terminal ids is mapped to it at once; the rest wait for an
// operator's mapping in /admin.
import type { AppContext } from '../../context.js';
import { mapTerminalGroupRow, upsertTerminalGroup } from '../../repositories/posTerminals.js';
import { writeState } from '../../repositories/posState.js';
import { posOf } from './adapter.js';

export async function refreshTerminals(ctx: AppContext): Promise<void> {
  const pos = posOf(ctx);
  if (pos.kind === 'embedded') return;
  const groups = await pos.terminalGroups();
  const alive = await pos.aliveStatus(groups);
  const aliveOf = new Map(alive.map((a) => [a.terminalGroupId, a.isAlive]));
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    for (const g of groups) await upsertTerminalGroup(tx, g, aliveOf.get(g.id) ?? null, now);
    await writeState(tx, 'terminals', { refreshedAt: now.toISOString(), count: groups.length }, now);
  });
}

// read by the order's assessment (services/order/assess.ts)
export { isRestaurantDown } from '../../repositories/posTerminals.js';

export const TERMINAL_DOWN_MESSAGE =
  'Ресторан сейчас не принимает заказы: нет связи с его кассой. Выберите другой ресторан или попробуйте позже.';

/** An operator's mapping of a terminal group to one of our restaurants (null: none). */
export async function mapTerminal(
  ctx: AppContext,
  terminalGroupId: string,
  deliveryTerminalId: string | null,
): Promise<boolean> {
  return ctx.db.transaction((tx) => mapTerminalGroupRow(tx, terminalGroupId, deliveryTerminalId));
}
