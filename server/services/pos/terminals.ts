// Restaurants from the POS (issue item 3): terminal groups and their liveness. A group whose id
// is one of our restaurants' delivery terminal ids is mapped to it at once; the rest wait for an
// operator's mapping in /admin.
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/database.js';
import { posOf } from './adapter.js';
import { writeState } from './state.js';

export async function refreshTerminals(ctx: AppContext): Promise<void> {
  const pos = posOf(ctx);
  if (pos.kind === 'embedded') return;
  const groups = await pos.terminalGroups();
  const alive = await pos.aliveStatus(groups);
  const aliveOf = new Map(alive.map((a) => [a.terminalGroupId, a.isAlive]));
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    for (const g of groups) {
      await tx.execute(sql`
        insert into pos_terminal_groups (id, organization_id, name, address, time_zone, is_alive, checked_at, delivery_terminal_id)
        values (${g.id}, ${g.organizationId}, ${g.name}, ${g.address}, ${g.timeZone}, ${aliveOf.get(g.id) ?? null}, ${now.toISOString()},
          (select r.delivery_terminal_id from restaurants r
           where r.delivery_terminal_id = ${g.id}
             and not exists (select 1 from pos_terminal_groups t where t.delivery_terminal_id = r.delivery_terminal_id)))
        on conflict (id) do update set organization_id = excluded.organization_id, name = excluded.name,
          address = excluded.address, time_zone = excluded.time_zone, is_alive = excluded.is_alive,
          checked_at = excluded.checked_at`);
    }
    await writeState(tx, 'terminals', { refreshedAt: now.toISOString(), count: groups.length }, now);
  });
}

export const TERMINAL_DOWN_MESSAGE =
  'Ресторан сейчас не принимает заказы: нет связи с его кассой. Выберите другой ресторан или попробуйте позже.';

/** Whether the restaurant's terminal group is known to be down (a mapped group whose last check said not alive). */
export async function isRestaurantDown(db: Executor, deliveryTerminalId: string): Promise<boolean> {
  const rows = await db.execute<{ down: boolean }>(
    sql`select true as down from pos_terminal_groups where delivery_terminal_id = ${deliveryTerminalId} and is_alive = false`,
  );
  return rows.rows.length > 0;
}

/** An operator's mapping of a terminal group to one of our restaurants (null: none). */
export async function mapTerminal(
  ctx: AppContext,
  terminalGroupId: string,
  deliveryTerminalId: string | null,
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    if (deliveryTerminalId !== null)
      await tx.execute(
        sql`update pos_terminal_groups set delivery_terminal_id = null where delivery_terminal_id = ${deliveryTerminalId}`,
      );
    const updated = await tx.execute<{ id: string }>(
      sql`update pos_terminal_groups set delivery_terminal_id = ${deliveryTerminalId} where id = ${terminalGroupId} returning id`,
    );
    return updated.rows.length > 0;
  });
}
