// Menu import by revision (issue item 4). The POS owns a product's name, code, price, weight,
// nutrition, group and modifiers; we own its picture, description, tags (allergens, filters),
// sort order, slug, old price and hidden flag, so an import writes only the POS's columns. A
// product the POS dropped is hidden, never deleted (history and repeat orders refer to it), and
// shown again if it comes back, unless an operator hid it meanwhile. The catalogue version moves
// with the writes (its triggers), so open storefronts reload within their 60 s check.
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/database.js';
import type { PosMenu } from '../../integrations/pos/port.js';
import {
  allGroupIds,
  hidePosProductsExcept,
  setGroupParent,
  upsertPosGroup,
  upsertPosProduct,
} from '../../repositories/posMenu.js';
import { readState, recordError, writeState } from '../../repositories/posState.js';
import { posOf } from './adapter.js';
import { posSlug } from './slug.js';

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
    await upsertPosGroup(
      tx,
      {
        id: g.id,
        name: g.name,
        slug: posSlug(g.name, g.id),
        isIncludedInMenu: g.isIncludedInMenu && !g.isDeleted,
        isGroupModifier: g.isGroupModifier,
        order: g.order,
        imageUrl: g.imageUrl,
      },
      at,
    );
  }
  for (const g of menu.groups) {
    const parent = g.parentGroup !== null && groupIds.has(g.parentGroup) ? g.parentGroup : null;
    await setGroupParent(tx, g.id, parent);
  }
  const present = new Set(menu.products.filter((p) => !p.isDeleted).map((p) => p.id));
  const ourGroups = new Set(await allGroupIds(tx));
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
    await upsertPosProduct(
      tx,
      {
        id: p.id,
        name: p.name,
        description: p.description,
        code: p.code,
        price: p.price,
        weight: p.weight,
        nutrition: p.nutrition,
        parentGroup: p.parentGroup,
        slug: posSlug(p.name, p.id),
        imageUrl: p.imageUrl,
        groupModifiers,
        order: p.order,
        isDeleted: p.isDeleted,
      },
      at,
    );
  }
  // gone from the POS: hidden (remembered as the POS's doing, so a return shows it again)
  await hidePosProductsExcept(tx, [...new Set(menu.products.map((p) => p.id))], at);
  if (skipped.length > 0)
    await recordError(tx, 'menu', `Без группы в меню iiko, не загружены: ${skipped.slice(0, 10).join(', ')}`, now);
}
