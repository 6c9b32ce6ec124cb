// Menu editing: the shapes staff see, the catalogue version, and groups (products, the stop
// list and pictures have their own modules beside this one). The catalogue version is bumped by
// the triggers of migration 0001 on every write to groups, products and stop_list; after each
// change catalog:update is published with the new version, so open storefronts reload the
// catalogue at once (and at the latest on their next 60 s version check).
import { randomUUID } from 'node:crypto';
import type { z } from 'zod/mini';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/database.js';
import {
  deleteGroupRow,
  findGroup,
  groupExists,
  groupHasChildren,
  groupParent,
  groupSlugTaken,
  insertGroup,
  listGroups,
  listProducts,
  updateGroupRow,
  type GroupRow,
  type ProductRow,
} from '../../repositories/menu.js';
import { conflict, notFound, unprocessable } from '../../http/errors.js';
import type { AdminGroup, AdminProduct, GroupInput, GroupPatch } from '../../../src/api/contract/admin/menu.js';
import { MENU_MESSAGES, modifierNotFoundMessage } from '../../../src/api/contract/admin/messages.js';
import { readContentVersion } from '../catalog.js';
import type { Actor } from './actor.js';
import { createRecord, deleteRecord, updateRecord, type EditedKind } from './recordEdits.js';

export { MENU_MESSAGES, modifierNotFoundMessage };

export function toAdminGroup(row: GroupRow): AdminGroup {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    parentGroup: row.parentGroup,
    isIncludedInMenu: row.isIncludedInMenu,
    isGroupModifier: row.isGroupModifier,
    isServiceGroup: row.isServiceGroup,
    isVisible: row.isVisible,
    order: row.position,
    imageUrl: row.imageUrl,
  };
}

export function toAdminProduct(row: ProductRow): AdminProduct {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    code: row.code,
    price: row.price,
    oldPrice: row.oldPrice,
    weight: row.weight,
    nutrition: row.nutrition ?? null,
    parentGroup: row.parentGroup,
    slug: row.slug,
    imageUrl: row.imageUrl,
    groupModifiers: row.groupModifiers,
    allergens: row.allergens,
    filters: row.filters,
    maxPerPositionInOrder: row.maxPerPosition,
    sale: row.sale,
    isVisible: row.isVisible,
    order: row.position,
  };
}

export async function getMenu(
  db: Executor,
): Promise<{ groups: AdminGroup[]; products: AdminProduct[]; version: string }> {
  return {
    groups: (await listGroups(db)).map(toAdminGroup),
    products: (await listProducts(db)).map(toAdminProduct),
    version: await readContentVersion(db, 'catalog'),
  };
}

/**
 * After a committed change: tell every storefront the catalogue changed. Each process drops its
 * cached catalogue key when the message reaches it (server/push.ts), so a storefront reloading
 * on it gets the new catalogue.
 */
export async function publishCatalog(ctx: AppContext): Promise<string> {
  const version = await ctx.db.run((db) => readContentVersion(db, 'catalog'));
  await ctx.push.publish({ type: 'catalog:update', version });
  return version;
}

/** The group, or 404. */
export async function requireGroup(db: Executor, id: string): Promise<GroupRow> {
  const row = await findGroup(db, id);
  if (!row) throw notFound(MENU_MESSAGES.groupNotFound, 'group-not-found');
  return row;
}

/** 422 unless `parent` is a group and not `groupId` itself or below it. */
async function checkParent(db: Executor, groupId: string | null, parent: string | null): Promise<void> {
  if (parent === null) return;
  let current: string | null = parent;
  for (let depth = 0; current !== null && depth < 50; depth++) {
    if (groupId !== null && current === groupId) throw unprocessable(MENU_MESSAGES.parentCycle, 'group-cycle');
    const row: { parent: string | null } | undefined = await groupParent(db, current);
    if (!row) throw unprocessable(MENU_MESSAGES.parentNotFound, 'parent-not-found');
    current = row.parent;
  }
}

/** How a kind of menu record (group, product) finds a taken id or slug. */
export interface MenuKeys {
  idTaken: (db: Executor, id: string) => Promise<boolean>;
  slugTaken: (db: Executor, slug: string, exceptId: string | null) => Promise<boolean>;
}

/** 409 for a taken id or slug (the slug of another record of the kind than `exceptId`). */
export async function checkKeysFree(
  db: Executor,
  keys: MenuKeys,
  id: string | null,
  slug: string | undefined,
  exceptId: string | null,
): Promise<void> {
  if (id !== null && (await keys.idTaken(db, id))) throw conflict(MENU_MESSAGES.idTaken, 'id-taken');
  if (slug !== undefined && (await keys.slugTaken(db, slug, exceptId)))
    throw conflict(MENU_MESSAGES.slugTaken, 'slug-taken');
}

const GROUP_KEYS: MenuKeys = { idTaken: groupExists, slugTaken: groupSlugTaken };

function groupColumns({ order, ...columns }: z.output<typeof GroupPatch>) {
  return { ...columns, position: order };
}

const GROUP: EditedKind<GroupRow, AdminGroup> = {
  entity: 'group',
  require: requireGroup,
  show: toAdminGroup,
  publish: publishCatalog,
};

export async function createGroup(actor: Actor, input: z.output<typeof GroupInput>): Promise<AdminGroup> {
  const { id: givenId, ...fields } = input;
  const id = givenId ?? randomUUID();
  return createRecord(actor, GROUP, id, async (tx, now) => {
    await checkKeysFree(tx, GROUP_KEYS, id, input.slug, null);
    await checkParent(tx, id, input.parentGroup);
    return insertGroup(tx, { id, ...groupColumns(fields), name: input.name, slug: input.slug, updatedAt: now });
  });
}

export async function updateGroup(actor: Actor, id: string, patch: z.output<typeof GroupPatch>): Promise<AdminGroup> {
  return updateRecord(actor, GROUP, id, async (tx, _before, now) => {
    await checkKeysFree(tx, GROUP_KEYS, null, patch.slug, id);
    if (patch.parentGroup !== undefined) await checkParent(tx, id, patch.parentGroup);
    return updateGroupRow(tx, id, { ...groupColumns(patch), updatedAt: now });
  });
}

export async function deleteGroup(actor: Actor, id: string): Promise<void> {
  await deleteRecord(actor, GROUP, id, async (tx) => {
    if (await groupHasChildren(tx, id)) throw conflict(MENU_MESSAGES.groupNotEmpty, 'group-not-empty');
    await deleteGroupRow(tx, id);
  });
}
