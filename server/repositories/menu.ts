// The menu as staff edit it: groups, products and the restaurants' stop list (tables of
// migration 0001, whose triggers bump the catalogue version on every write).
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { contentVersions, groups, products, stopList } from '../db/schema/catalog.js';
import { anyRow, displayOrder, keyedRows, valueOf } from './rows.js';

export type GroupRow = typeof groups.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type NewGroup = typeof groups.$inferInsert;
export type NewProduct = typeof products.$inferInsert;
export type StopListRow = typeof stopList.$inferSelect;

export function listGroups(db: Executor): Promise<GroupRow[]> {
  return db.select().from(groups).orderBy(displayOrder(groups));
}

export function listProducts(db: Executor): Promise<ProductRow[]> {
  return db.select().from(products).orderBy(displayOrder(products));
}

/** The group's parent ({ parent: null } at the top), or undefined when there is no such group. */
export async function groupParent(db: Executor, id: string): Promise<{ parent: string | null } | undefined> {
  return (await db.select({ parent: groups.parentGroup }).from(groups).where(eq(groups.id, id)).limit(1))[0];
}

export async function groupExists(db: Executor, id: string): Promise<boolean> {
  return anyRow(db, groups, eq(groups.id, id));
}

/** Whether a row of `table` other than `exceptId` has this slug. */
async function slugTaken(
  db: Executor,
  table: typeof groups | typeof products,
  slug: string,
  exceptId: string | null,
): Promise<boolean> {
  const sameSlug = eq(table.slug, slug);
  return anyRow(db, table, exceptId === null ? sameSlug : and(sameSlug, ne(table.id, exceptId)));
}

/** Whether a group other than `exceptId` has this slug. */
export const groupSlugTaken = (db: Executor, slug: string, exceptId: string | null): Promise<boolean> =>
  slugTaken(db, groups, slug, exceptId);

/** Whether a product other than `exceptId` has this slug. */
export const productSlugTaken = (db: Executor, slug: string, exceptId: string | null): Promise<boolean> =>
  slugTaken(db, products, slug, exceptId);

/** Whether any product or group sits in the group. */
export async function groupHasChildren(db: Executor, id: string): Promise<boolean> {
  return (await anyRow(db, products, eq(products.parentGroup, id))) || anyRow(db, groups, eq(groups.parentGroup, id));
}

export async function deleteGroupRow(tx: Executor, id: string): Promise<void> {
  await tx.delete(groups).where(eq(groups.id, id));
}

/** Whether another product offers this one as a modifier. */
export async function usedAsModifier(db: Executor, id: string): Promise<boolean> {
  const pattern = JSON.stringify([{ modifiers: [{ modifierId: id }] }]);
  return anyRow(db, products, and(ne(products.id, id), sql`${products.groupModifiers} @> ${pattern}::jsonb`));
}

export async function deleteProductRow(tx: Executor, id: string): Promise<void> {
  await tx.delete(products).where(eq(products.id, id));
}

/** The whole stop list by restaurant and product. */
export function listStopList(db: Executor): Promise<StopListRow[]> {
  return db.select().from(stopList).orderBy(asc(stopList.deliveryTerminalId), asc(stopList.productId));
}

const stopListEntry = (deliveryTerminalId: string, productId: string) =>
  and(eq(stopList.deliveryTerminalId, deliveryTerminalId), eq(stopList.productId, productId));

export async function isStopped(db: Executor, deliveryTerminalId: string, productId: string): Promise<boolean> {
  return anyRow(db, stopList, stopListEntry(deliveryTerminalId, productId));
}

export async function stopProduct(
  tx: Executor,
  deliveryTerminalId: string,
  productId: string,
  now: Date,
): Promise<void> {
  await tx.insert(stopList).values({ deliveryTerminalId, productId, balance: 0, updatedAt: now });
}

export async function resumeProduct(tx: Executor, deliveryTerminalId: string, productId: string): Promise<void> {
  await tx.delete(stopList).where(stopListEntry(deliveryTerminalId, productId));
}

export const { find: findGroup, insert: insertGroup, update: updateGroupRow } = keyedRows(groups, groups.id);
export const { find: findProduct, insert: insertProduct, update: updateProductRow } = keyedRows(products, products.id);

/** The groups the storefront shows, in menu order. */
export function visibleGroupRows(db: Executor): Promise<GroupRow[]> {
  return db.select().from(groups).where(eq(groups.isVisible, true)).orderBy(displayOrder(groups));
}

/** The products the storefront shows, by group and position. */
export function visibleProductRows(db: Executor): Promise<ProductRow[]> {
  return db
    .select()
    .from(products)
    .where(eq(products.isVisible, true))
    .orderBy(asc(products.parentGroup), displayOrder(products));
}

/** A product by id among the visible ones. */
export async function findVisibleProduct(db: Executor, id: string): Promise<ProductRow | null> {
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.isVisible, true)))
    .limit(1);
  return rows[0] ?? null;
}

/** The named content versions (catalog, settings, likes) as text; a missing one is '0'. */
export async function readContentVersions<N extends string>(
  db: Executor,
  names: readonly N[],
): Promise<Record<N, string>> {
  const rows = await db
    .select({ name: contentVersions.name, version: contentVersions.version })
    .from(contentVersions)
    .where(inArray(contentVersions.name, [...names]));
  const out = {} as Record<N, string>;
  for (const name of names) out[name] = String(rows.find((r) => r.name === name)?.version ?? 0);
  return out;
}

/** The catalogue version as a number (triggers bump it on every menu write); undefined when unset. */
export async function catalogVersionNumber(db: Executor): Promise<number | undefined> {
  return valueOf(db, contentVersions, contentVersions.version, eq(contentVersions.name, 'catalog'));
}

/** Every product (hidden ones too) with the columns pricing reads. */
export function pricingProductRows(db: Executor) {
  return db
    .select({
      id: products.id,
      name: products.name,
      code: products.code,
      price: products.price,
      parentGroup: products.parentGroup,
      sale: products.sale,
      groupModifiers: products.groupModifiers,
      maxPerPosition: products.maxPerPosition,
      isVisible: products.isVisible,
    })
    .from(products);
}

/** Every group with the columns pricing reads. */
export function pricingGroupRows(db: Executor) {
  return db
    .select({
      id: groups.id,
      name: groups.name,
      isGroupModifier: groups.isGroupModifier,
      isServiceGroup: groups.isServiceGroup,
    })
    .from(groups);
}

/** One product's price, or null when it is not in the catalogue. */
export async function productPrice(db: Executor, productId: string): Promise<number | null> {
  return (await valueOf(db, products, products.price, eq(products.id, productId))) ?? null;
}
