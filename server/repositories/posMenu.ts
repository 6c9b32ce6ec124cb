// The POS's writes to our menu (groups, products) and stop lists (docs/IIKO.md): only the columns
// the POS owns; the catalogue version moves with them (its triggers).
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database.js';

/** A group as the import writes it (the parent is set apart, once every group exists). */
export interface PosGroupRow {
  id: string;
  name: string;
  slug: string;
  isIncludedInMenu: boolean;
  isGroupModifier: boolean;
  order: number;
  imageUrl: string | null;
}

/** A new group gets everything; a known one only the POS's name and flags. */
export async function upsertPosGroup(tx: Executor, g: PosGroupRow, at: string): Promise<void> {
  await tx.execute(sql`
      insert into groups (id, name, slug, parent_group, is_included_in_menu, is_group_modifier, position, image_url, updated_at)
      values (${g.id}, ${g.name}, ${g.slug}, null, ${g.isIncludedInMenu}, ${g.isGroupModifier},
        ${g.order}, ${g.imageUrl}, ${at})
      on conflict (id) do update set name = excluded.name, is_included_in_menu = excluded.is_included_in_menu,
        is_group_modifier = excluded.is_group_modifier, updated_at = excluded.updated_at`);
}

/** Writes nothing when the parent is already that (the catalogue version moves per statement). */
export async function setGroupParent(tx: Executor, id: string, parent: string | null): Promise<void> {
  await tx.execute(
    sql`update groups set parent_group = ${parent} where id = ${id} and parent_group is distinct from ${parent}`,
  );
}

export async function allGroupIds(tx: Executor): Promise<string[]> {
  const known = await tx.execute<{ id: string }>(sql`select id from groups`);
  return known.rows.map((r) => r.id);
}

/** A product as the import writes it. */
export interface PosProductRow {
  id: string;
  name: string;
  description: string;
  code: string;
  price: number;
  weight: number | null;
  nutrition: unknown;
  parentGroup: string;
  slug: string;
  imageUrl: string | null;
  groupModifiers: unknown;
  order: number;
  isDeleted: boolean;
}

/**
 * A new product gets everything; a known one the POS's columns. One the POS deleted is hidden and
 * remembered as hidden by the POS, so that its return shows it again unless an operator hid it.
 */
export async function upsertPosProduct(tx: Executor, p: PosProductRow, at: string): Promise<void> {
  await tx.execute(sql`
      insert into products (id, name, description, code, price, weight, nutrition, parent_group, slug, image_url,
        group_modifiers, position, is_visible, pos_owned, pos_removed, updated_at)
      values (${p.id}, ${p.name}, ${p.description}, ${p.code}, ${p.price}, ${p.weight},
        ${p.nutrition === null ? null : JSON.stringify(p.nutrition)}::jsonb, ${p.parentGroup}, ${p.slug},
        ${p.imageUrl}, ${JSON.stringify(p.groupModifiers)}::jsonb, ${p.order}, ${!p.isDeleted}, true, ${p.isDeleted}, ${at})
      on conflict (id) do update set name = excluded.name, code = excluded.code, price = excluded.price,
        weight = excluded.weight, nutrition = excluded.nutrition, parent_group = excluded.parent_group,
        group_modifiers = excluded.group_modifiers, pos_owned = true,
        is_visible = case when ${p.isDeleted} then false else products.is_visible or products.pos_removed end,
        pos_removed = case when ${p.isDeleted} then products.is_visible or products.pos_removed else false end,
        updated_at = excluded.updated_at`);
}

/** The POS's products missing from `ids` are hidden, remembered as the POS's doing. */
export async function hidePosProductsExcept(tx: Executor, ids: readonly string[], at: string): Promise<void> {
  await tx.execute(sql`
    update products set pos_removed = true, is_visible = false, updated_at = ${at}
    where pos_owned and is_visible
      and id not in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`);
}

/** The POS's stop-list entries of mapped terminal groups and known products, as our rows. */
const incomingStopList = (entries: readonly { terminalGroupId: string; productId: string; balance: number }[]) => sql`
      incoming as (
        select distinct on (t.delivery_terminal_id, e."productId") t.delivery_terminal_id, e."productId" as product_id, e.balance
        from jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) as e("terminalGroupId" text, "productId" text, balance numeric)
          join pos_terminal_groups t on t.id = e."terminalGroupId" and t.delivery_terminal_id is not null
          join products p on p.id = e."productId"
      ),
      mapped as (select delivery_terminal_id from pos_terminal_groups where delivery_terminal_id is not null)`;

/**
 * Each mapped restaurant's stop list replaced by the POS's entries; an unchanged list writes
 * nothing (the catalogue version's triggers fire per statement). Run it in a transaction.
 */
export async function replacePosStopLists(
  tx: Executor,
  entries: readonly { terminalGroupId: string; productId: string; balance: number }[],
  at: string,
): Promise<void> {
  const incoming = incomingStopList(entries);
  const diff = await tx.execute<{ changes: number }>(sql`
      with ${incoming}
      select ((select count(*) from stop_list s where s.delivery_terminal_id in (select * from mapped)
          and not exists (select 1 from incoming i where i.delivery_terminal_id = s.delivery_terminal_id and i.product_id = s.product_id))
        + (select count(*) from incoming i where not exists (select 1 from stop_list s
          where s.delivery_terminal_id = i.delivery_terminal_id and s.product_id = i.product_id and s.balance = i.balance)))::int as changes`);
  if ((diff.rows[0]?.changes ?? 0) === 0) return;
  await tx.execute(sql`
        with ${incoming},
        removed as (
          delete from stop_list s
          where s.delivery_terminal_id in (select * from mapped)
            and not exists (select 1 from incoming i where i.delivery_terminal_id = s.delivery_terminal_id and i.product_id = s.product_id)
          returning 1
        )
        insert into stop_list (delivery_terminal_id, product_id, balance, updated_at)
        select delivery_terminal_id, product_id, balance, ${at} from incoming
        on conflict (delivery_terminal_id, product_id) do update set balance = excluded.balance, updated_at = excluded.updated_at`);
}
