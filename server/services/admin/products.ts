// Products as staff edit them: a unique id and slug, a parent group, modifiers that exist, and
// never deleted while another product offers them as a modifier.
import { randomUUID } from 'node:crypto';
import type { z } from 'zod/mini';
import type { Executor } from '../../db/database.js';
import {
  deleteProductRow,
  findProduct,
  groupExists,
  insertProduct,
  productSlugTaken,
  updateProductRow,
  usedAsModifier,
  type ProductRow,
} from '../../repositories/menu.js';
import { productExists } from '../../repositories/catalog.js';
import { conflict, notFound, unprocessable } from '../../http/errors.js';
import type { AdminProduct, ProductInput, ProductPatch } from '../../../src/api/contract/admin/menu.js';
import type { Actor } from './actor.js';
import { createRecord, deleteRecord, updateRecord, type EditedKind } from './recordEdits.js';
import {
  checkKeysFree,
  MENU_MESSAGES,
  modifierNotFoundMessage,
  publishCatalog,
  toAdminProduct,
  type MenuKeys,
} from './menu.js';

/** The product, or 404. */
export async function requireProduct(db: Executor, id: string): Promise<ProductRow> {
  const row = await findProduct(db, id);
  if (!row) throw notFound(MENU_MESSAGES.productNotFound, 'product-not-found');
  return row;
}

const PRODUCT_KEYS: MenuKeys = { idTaken: productExists, slugTaken: productSlugTaken };

async function checkParentGroup(db: Executor, parentGroup: string | undefined): Promise<void> {
  if (parentGroup !== undefined && !(await groupExists(db, parentGroup)))
    throw unprocessable(MENU_MESSAGES.parentNotFound, 'parent-not-found');
}

async function checkModifiers(db: Executor, groupModifiers: AdminProduct['groupModifiers'] | undefined): Promise<void> {
  if (!groupModifiers) return;
  for (const gm of groupModifiers) {
    if (!(await groupExists(db, gm.id))) throw unprocessable(modifierNotFoundMessage(gm.id), 'modifier-not-found');
    for (const m of gm.modifiers) {
      if (!(await productExists(db, m.modifierId)))
        throw unprocessable(modifierNotFoundMessage(m.modifierId), 'modifier-not-found');
    }
  }
}

function productColumns({ order, maxPerPositionInOrder, ...columns }: z.output<typeof ProductPatch>) {
  return { ...columns, position: order, maxPerPosition: maxPerPositionInOrder };
}

const PRODUCT: EditedKind<ProductRow, AdminProduct> = {
  entity: 'product',
  require: requireProduct,
  show: toAdminProduct,
  publish: publishCatalog,
};

export async function createProduct(actor: Actor, input: z.output<typeof ProductInput>): Promise<AdminProduct> {
  const { id: givenId, ...fields } = input;
  const id = givenId ?? randomUUID();
  return createRecord(actor, PRODUCT, id, async (tx, now) => {
    await checkKeysFree(tx, PRODUCT_KEYS, id, input.slug, null);
    await checkParentGroup(tx, input.parentGroup);
    await checkModifiers(tx, input.groupModifiers);
    return insertProduct(tx, {
      id,
      ...productColumns(fields),
      name: input.name,
      price: input.price,
      parentGroup: input.parentGroup,
      slug: input.slug,
      code: input.code,
      updatedAt: now,
    });
  });
}

export async function updateProduct(
  actor: Actor,
  id: string,
  patch: z.output<typeof ProductPatch>,
): Promise<AdminProduct> {
  return updateRecord(actor, PRODUCT, id, async (tx, _before, now) => {
    await checkKeysFree(tx, PRODUCT_KEYS, null, patch.slug, id);
    await checkParentGroup(tx, patch.parentGroup);
    await checkModifiers(tx, patch.groupModifiers);
    return updateProductRow(tx, id, { ...productColumns(patch), updatedAt: now });
  });
}

export async function deleteProduct(actor: Actor, id: string): Promise<void> {
  await deleteRecord(actor, PRODUCT, id, async (tx) => {
    if (await usedAsModifier(tx, id)) throw conflict(MENU_MESSAGES.usedAsModifier, 'used-as-modifier');
    await deleteProductRow(tx, id);
  });
}
