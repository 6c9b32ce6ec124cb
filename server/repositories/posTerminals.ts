// The POS's terminal groups (pos_terminal_groups) and their mapping onto our restaurants.
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database.js';

/**
 * Stores a group as the POS lists it; a new group whose id is one of our restaurants' delivery
 * terminal ids (and not mapped to another group yet) is mapped to it at once.
 */
export async function upsertTerminalGroup(
  tx: Executor,
  g: { id: string; organizationId: string; name: string; address: string; timeZone: string | null },
  isAlive: boolean | null,
  now: Date,
): Promise<void> {
  await tx.execute(sql`
        insert into pos_terminal_groups (id, organization_id, name, address, time_zone, is_alive, checked_at, delivery_terminal_id)
        values (${g.id}, ${g.organizationId}, ${g.name}, ${g.address}, ${g.timeZone}, ${isAlive}, ${now.toISOString()},
          (select r.delivery_terminal_id from restaurants r
           where r.delivery_terminal_id = ${g.id}
             and not exists (select 1 from pos_terminal_groups t where t.delivery_terminal_id = r.delivery_terminal_id)))
        on conflict (id) do update set organization_id = excluded.organization_id, name = excluded.name,
          address = excluded.address, time_zone = excluded.time_zone, is_alive = excluded.is_alive,
          checked_at = excluded.checked_at`);
}

/** Whether the restaurant's terminal group is known to be down (a mapped group whose last check said not alive). */
export async function isRestaurantDown(db: Executor, deliveryTerminalId: string): Promise<boolean> {
  const rows = await db.execute<{ down: boolean }>(
    sql`select true as down from pos_terminal_groups where delivery_terminal_id = ${deliveryTerminalId} and is_alive = false`,
  );
  return rows.rows.length > 0;
}

/**
 * Maps a terminal group to one of our restaurants (null: none), taking the restaurant from any
 * group it had; false when there is no such group. Run it in a transaction.
 */
export async function mapTerminalGroupRow(
  tx: Executor,
  terminalGroupId: string,
  deliveryTerminalId: string | null,
): Promise<boolean> {
  if (deliveryTerminalId !== null)
    await tx.execute(
      sql`update pos_terminal_groups set delivery_terminal_id = null where delivery_terminal_id = ${deliveryTerminalId}`,
    );
  const updated = await tx.execute<{ id: string }>(
    sql`update pos_terminal_groups set delivery_terminal_id = ${deliveryTerminalId} where id = ${terminalGroupId} returning id`,
  );
  return updated.rows.length > 0;
}

export type TerminalGroupRow = {
  id: string;
  organization_id: string;
  name: string;
  address: string;
  is_alive: boolean | null;
  checked_at: Date | string | null;
  delivery_terminal_id: string | null;
  restaurant_name: string | null;
};

/** Every group by name, with the name of the restaurant it is mapped to. */
export async function terminalGroupsWithRestaurants(db: Executor): Promise<TerminalGroupRow[]> {
  const terminals = await db.execute<TerminalGroupRow>(sql`
      select t.id, t.organization_id, t.name, t.address, t.is_alive, t.checked_at, t.delivery_terminal_id, r.name as restaurant_name
      from pos_terminal_groups t left join restaurants r on r.delivery_terminal_id = t.delivery_terminal_id
      order by t.name`);
  return terminals.rows;
}

/** Our restaurants a group can be mapped to, in display order. */
export async function mappableRestaurants(db: Executor): Promise<{ delivery_terminal_id: string; name: string }[]> {
  const restaurants = await db.execute<{ delivery_terminal_id: string; name: string }>(
    sql`select delivery_terminal_id, name from restaurants order by position, name`,
  );
  return restaurants.rows;
}

export async function restaurantExists(db: Executor, deliveryTerminalId: string): Promise<boolean> {
  const known = await db.execute(sql`select 1 from restaurants where delivery_terminal_id = ${deliveryTerminalId}`);
  return known.rows.length > 0;
}
