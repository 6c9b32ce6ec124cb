// Menu import by revision (issue item 4). The POS owns a product's name, code, price, weight,
// nutrition, group and modifiers; we own its picture, description, tags (allergens, filters),
// sort order, slug, old price and hidden flag, so an import writes only the POS's columns. A
// product the POS dropped is hidden, never deleted (history and repeat orders refer to it), and
// shown again if it comes back, unless an operator hid it meanwhile. The catalogue version moves
// with the writes (its triggers), so open storefronts reload within their 60 s check.
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/database.js';
import type { PosMenu } from '../../integrations/pos/port.js';
import { posOf } from './adapter.js';
import { posSlug } from './slug.js';
import { readState, recordError, writeState } from './state.js';

export interface MenuState {
  revision: number;
  importedAt: string | null;
  checkedAt: string;
}

export const menuStateName = (organizationId: string) => `menu:${organizationId}`;

/** Asks the POS for each organization's menu past the revision we have; imports what moved. */
export async function importMenus(ctx: AppContext): Promise<{ imported: number }> {
  const pos = posOf(ctx);
  let imported = 0;
  for (const organizationId of pos.organizationIds) {
    const name = menuStateName(organizationId);
    const known = await ctx.db.run((db) => readState<MenuState>(db, name));
    const menu = await pos.menu(organizationId, known?.revision ?? 0);
    const now = ctx.clock.now();
    await ctx.db.transaction(async (tx) => {
      if (menu.changed) await applyMenu(tx, menu, now);
      await writeState(
        tx,
        name,
        {
          revision: menu.revision,
          importedAt: menu.changed ? now.toISOString() : (known?.importedAt ?? null),
          checkedAt: now.toISOString(),
        } satisfies MenuState,
        now,
      );
    });
    if (menu.changed) imported += 1;
  }
  return { imported };
}

async function applyMenu(tx: Executor, menu: PosMenu, now: Date): Promise<void> {
  const at = now.toISOString();
  const groupIds = new Set(menu.groups.map((g) => g.id));
  // groups: first without parents (the foreign key), then the parents
  for (const g of menu.groups) {
    await tx.execute(sql`
      insert into groups (id, name, slug, parent_group, is_included_in_menu, is_group_modifier, position, image_url, updated_at)
      values (${g.id}, ${g.name}, ${posSlug(g.name, g.id)}, null, ${g.isIncludedInMenu && !g.isDeleted}, ${g.isGroupModifier},
        ${g.order}, ${g.imageUrl}, ${at})
      on conflict (id) do update set name = excluded.name, is_included_in_menu = excluded.is_included_in_menu,
        is_group_modifier = excluded.is_group_modifier, updated_at = excluded.updated_at`);
  }
  for (const g of menu.groups) {
    const parent = g.parentGroup !== null && groupIds.has(g.parentGroup) ? g.parentGroup : null;
    await tx.execute(
      sql`update groups set parent_group = ${parent} where id = ${g.id} and parent_group is distinct from ${parent}`,
    );
  }
  const present = new Set(menu.products.filter((p) => !p.isDeleted).map((p) => p.id));
  const known = await tx.execute<{ id: string }>(sql`select id from groups`);
  const ourGroups = new Set(known.rows.map((r) => r.id));
  const skipped: string[] = [];
  for (const p of menu.products) {
    if (p.parentGroup === null || !ourGroups.has(p.parentGroup)) {
      skipped.push(p.name);
      continue;
    }
    // a modifier the POS no longer offers is not offered here either
    const groupModifiers = p.groupModifiers.map((g) => ({
      ...g,
      modifiers: g.modifiers.filter((m) => present.has(m.modifierId)),
    }));
    await tx.execute(sql`
      insert into products (id, name, description, code, price, weight, nutrition, parent_group, slug, image_url,
        group_modifiers, position, is_visible, pos_owned, pos_removed, updated_at)
      values (${p.id}, ${p.name}, ${p.description}, ${p.code}, ${p.price}, ${p.weight},
        ${p.nutrition === null ? null : JSON.stringify(p.nutrition)}::jsonb, ${p.parentGroup}, ${posSlug(p.name, p.id)},
        ${p.imageUrl}, ${JSON.stringify(groupModifiers)}::jsonb, ${p.order}, ${!p.isDeleted}, true, ${p.isDeleted}, ${at})
      on conflict (id) do update set name = excluded.name, code = excluded.code, price = excluded.price,
        weight = excluded.weight, nutrition = excluded.nutrition, parent_group = excluded.parent_group,
        group_modifiers = excluded.group_modifiers, pos_owned = true,
        is_visible = case when ${p.isDeleted} then false else products.is_visible or products.pos_removed end,
        pos_removed = case when ${p.isDeleted} then products.is_visible or products.pos_removed else false end,
        updated_at = excluded.updated_at`);
  }
  // gone from the POS: hidden (remembered as the POS's doing, so a return shows it again)
  const ids = [...new Set(menu.products.map((p) => p.id))];
  await tx.execute(sql`
    update products set pos_removed = true, is_visible = false, updated_at = ${at}
    where pos_owned and is_visible
      and id not in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`);
  if (skipped.length > 0)
    await recordError(tx, 'menu', `Без группы в меню iiko, не загружены: ${skipped.slice(0, 10).join(', ')}`, now);
}
