// Menu editing. The catalogue version is bumped by the triggers of migration 0001
// on every write to groups, products and stop_list; after each change catalog:update is
// published with the new version, so open storefronts reload the catalogue at once (and at the
// latest on their next 60 s version check).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp, { type OutputInfo } from 'sharp';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { UPLOADS_DIR_NAME } from '../../config.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/database.js';
import { groups, products, restaurants, stopList } from '../../db/schema/catalog.js';
import { conflict, notFound, unprocessable } from '../../http/errors.js';
import type {
  AdminGroup,
  AdminProduct,
  GroupInput,
  GroupPatch,
  ProductInput,
  ProductPatch,
} from '../../../src/api/contract/admin/menu.js';
import type { StopListEntry } from '../../../src/api/entities.js';
import type { z } from 'zod/mini';
import { readContentVersion } from '../catalog.js';
import { audit } from './audit.js';
import type { StaffPrincipal } from './staffSessions.js';

type GroupRow = typeof groups.$inferSelect;
type ProductRow = typeof products.$inferSelect;

export const MENU_MESSAGES = {
  groupNotFound: 'Группа не найдена',
  productNotFound: 'Товар не найден',
  restaurantNotFound: 'Ресторан не найден',
  parentNotFound: 'Родительская группа не найдена',
  parentCycle: 'Группа не может быть вложена сама в себя',
  groupNotEmpty: 'В группе есть товары или подгруппы: скройте её или сначала перенесите их',
  idTaken: 'Такой идентификатор уже есть',
  slugTaken: 'Такой адрес (slug) уже занят',
  usedAsModifier: 'Товар предлагается как модификатор других товаров: сначала уберите его оттуда',
  badImage: 'Файл не похож на изображение JPEG, PNG, WebP, AVIF или GIF',
  imageTooBig: 'Изображение больше 6 МБ',
} as const;

export function modifierNotFoundMessage(id: string): string {
  return `Модификатор ${id} не найден в меню`;
}

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
  const g = await db.select().from(groups).orderBy(asc(groups.position), asc(groups.id));
  const p = await db.select().from(products).orderBy(asc(products.position), asc(products.id));
  return {
    groups: g.map(toAdminGroup),
    products: p.map(toAdminProduct),
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

async function findGroup(db: Executor, id: string): Promise<GroupRow> {
  const row = (await db.select().from(groups).where(eq(groups.id, id)).limit(1))[0];
  if (!row) throw notFound(MENU_MESSAGES.groupNotFound, 'group-not-found');
  return row;
}

async function findProduct(db: Executor, id: string): Promise<ProductRow> {
  const row = (await db.select().from(products).where(eq(products.id, id)).limit(1))[0];
  if (!row) throw notFound(MENU_MESSAGES.productNotFound, 'product-not-found');
  return row;
}

async function checkParent(db: Executor, groupId: string | null, parent: string | null): Promise<void> {
  if (parent === null) return;
  let current: string | null = parent;
  for (let depth = 0; current !== null && depth < 50; depth++) {
    if (groupId !== null && current === groupId) throw unprocessable(MENU_MESSAGES.parentCycle, 'group-cycle');
    const row: { parent: string | null } | undefined = (
      await db.select({ parent: groups.parentGroup }).from(groups).where(eq(groups.id, current)).limit(1)
    )[0];
    if (!row) throw unprocessable(MENU_MESSAGES.parentNotFound, 'parent-not-found');
    current = row.parent;
  }
}

async function checkGroupUnique(
  db: Executor,
  id: string | null,
  slug: string | undefined,
  exceptId: string | null,
): Promise<void> {
  if (id !== null && (await db.select({ id: groups.id }).from(groups).where(eq(groups.id, id)).limit(1)).length > 0)
    throw conflict(MENU_MESSAGES.idTaken, 'id-taken');
  if (slug !== undefined) {
    const taken = await db
      .select({ id: groups.id })
      .from(groups)
      .where(exceptId === null ? eq(groups.slug, slug) : and(eq(groups.slug, slug), ne(groups.id, exceptId)))
      .limit(1);
    if (taken.length > 0) throw conflict(MENU_MESSAGES.slugTaken, 'slug-taken');
  }
}

async function checkProductUnique(
  db: Executor,
  id: string | null,
  slug: string | undefined,
  exceptId: string | null,
): Promise<void> {
  if (
    id !== null &&
    (await db.select({ id: products.id }).from(products).where(eq(products.id, id)).limit(1)).length > 0
  )
    throw conflict(MENU_MESSAGES.idTaken, 'id-taken');
  if (slug !== undefined) {
    const taken = await db
      .select({ id: products.id })
      .from(products)
      .where(exceptId === null ? eq(products.slug, slug) : and(eq(products.slug, slug), ne(products.id, exceptId)))
      .limit(1);
    if (taken.length > 0) throw conflict(MENU_MESSAGES.slugTaken, 'slug-taken');
  }
}

async function checkModifiers(db: Executor, groupModifiers: AdminProduct['groupModifiers'] | undefined): Promise<void> {
  if (!groupModifiers) return;
  for (const gm of groupModifiers) {
    const group = (await db.select({ id: groups.id }).from(groups).where(eq(groups.id, gm.id)).limit(1))[0];
    if (!group) throw unprocessable(modifierNotFoundMessage(gm.id), 'modifier-not-found');
    for (const m of gm.modifiers) {
      const found = await db.select({ id: products.id }).from(products).where(eq(products.id, m.modifierId)).limit(1);
      if (found.length === 0) throw unprocessable(modifierNotFoundMessage(m.modifierId), 'modifier-not-found');
    }
  }
}

function groupValues(input: z.output<typeof GroupPatch>) {
  return {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.slug !== undefined ? { slug: input.slug } : {}),
    ...(input.parentGroup !== undefined ? { parentGroup: input.parentGroup } : {}),
    ...(input.isIncludedInMenu !== undefined ? { isIncludedInMenu: input.isIncludedInMenu } : {}),
    ...(input.isGroupModifier !== undefined ? { isGroupModifier: input.isGroupModifier } : {}),
    ...(input.isServiceGroup !== undefined ? { isServiceGroup: input.isServiceGroup } : {}),
    ...(input.isVisible !== undefined ? { isVisible: input.isVisible } : {}),
    ...(input.order !== undefined ? { position: input.order } : {}),
    ...(input.imageUrl !== undefined ? { imageUrl: input.imageUrl } : {}),
  };
}

function productValues(input: z.output<typeof ProductPatch>) {
  return {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.code !== undefined ? { code: input.code } : {}),
    ...(input.price !== undefined ? { price: input.price } : {}),
    ...(input.oldPrice !== undefined ? { oldPrice: input.oldPrice } : {}),
    ...(input.weight !== undefined ? { weight: input.weight } : {}),
    ...(input.nutrition !== undefined ? { nutrition: input.nutrition } : {}),
    ...(input.parentGroup !== undefined ? { parentGroup: input.parentGroup } : {}),
    ...(input.slug !== undefined ? { slug: input.slug } : {}),
    ...(input.imageUrl !== undefined ? { imageUrl: input.imageUrl } : {}),
    ...(input.groupModifiers !== undefined ? { groupModifiers: input.groupModifiers } : {}),
    ...(input.allergens !== undefined ? { allergens: input.allergens } : {}),
    ...(input.filters !== undefined ? { filters: input.filters } : {}),
    ...(input.maxPerPositionInOrder !== undefined ? { maxPerPosition: input.maxPerPositionInOrder } : {}),
    ...(input.sale !== undefined ? { sale: input.sale } : {}),
    ...(input.isVisible !== undefined ? { isVisible: input.isVisible } : {}),
    ...(input.order !== undefined ? { position: input.order } : {}),
  };
}

interface Actor {
  ctx: AppContext;
  ip: string;
  staff: StaffPrincipal;
}

export async function createGroup({ ctx, ip, staff }: Actor, input: z.output<typeof GroupInput>): Promise<AdminGroup> {
  const now = ctx.clock.now();
  const id = input.id ?? randomUUID();
  const created = await ctx.db.transaction(async (tx) => {
    await checkGroupUnique(tx, id, input.slug, null);
    await checkParent(tx, id, input.parentGroup);
    const rows = await tx
      .insert(groups)
      .values({ id, ...groupValues(input), name: input.name, slug: input.slug, updatedAt: now })
      .returning();
    const row = rows[0];
    if (!row) throw new Error('group insert returned nothing');
    const after = toAdminGroup(row);
    await audit(tx, staff, ip, { action: 'group.create', entity: 'group', entityId: id, after }, now);
    return after;
  });
  await publishCatalog(ctx);
  return created;
}

export async function updateGroup(
  { ctx, ip, staff }: Actor,
  id: string,
  patch: z.output<typeof GroupPatch>,
): Promise<AdminGroup> {
  const now = ctx.clock.now();
  const updated = await ctx.db.transaction(async (tx) => {
    const before = await findGroup(tx, id);
    await checkGroupUnique(tx, null, patch.slug, id);
    if (patch.parentGroup !== undefined) await checkParent(tx, id, patch.parentGroup);
    const rows = await tx
      .update(groups)
      .set({ ...groupValues(patch), updatedAt: now })
      .where(eq(groups.id, id))
      .returning();
    const after = toAdminGroup(rows[0] ?? before);
    await audit(
      tx,
      staff,
      ip,
      { action: 'group.update', entity: 'group', entityId: id, before: toAdminGroup(before), after },
      now,
    );
    return after;
  });
  await publishCatalog(ctx);
  return updated;
}

export async function deleteGroup({ ctx, ip, staff }: Actor, id: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const before = await findGroup(tx, id);
    const childProducts = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.parentGroup, id))
      .limit(1);
    const childGroups = await tx.select({ id: groups.id }).from(groups).where(eq(groups.parentGroup, id)).limit(1);
    if (childProducts.length > 0 || childGroups.length > 0)
      throw conflict(MENU_MESSAGES.groupNotEmpty, 'group-not-empty');
    await tx.delete(groups).where(eq(groups.id, id));
    await audit(
      tx,
      staff,
      ip,
      { action: 'group.delete', entity: 'group', entityId: id, before: toAdminGroup(before) },
      now,
    );
  });
  await publishCatalog(ctx);
}

export async function createProduct(
  { ctx, ip, staff }: Actor,
  input: z.output<typeof ProductInput>,
): Promise<AdminProduct> {
  const now = ctx.clock.now();
  const id = input.id ?? randomUUID();
  const created = await ctx.db.transaction(async (tx) => {
    await checkProductUnique(tx, id, input.slug, null);
    await findGroup(tx, input.parentGroup).catch(() => {
      throw unprocessable(MENU_MESSAGES.parentNotFound, 'parent-not-found');
    });
    await checkModifiers(tx, input.groupModifiers);
    const rows = await tx
      .insert(products)
      .values({
        id,
        ...productValues(input),
        name: input.name,
        price: input.price,
        parentGroup: input.parentGroup,
        slug: input.slug,
        code: input.code,
        updatedAt: now,
      })
      .returning();
    const row = rows[0];
    if (!row) throw new Error('product insert returned nothing');
    const after = toAdminProduct(row);
    await audit(tx, staff, ip, { action: 'product.create', entity: 'product', entityId: id, after }, now);
    return after;
  });
  await publishCatalog(ctx);
  return created;
}

export async function updateProduct(
  { ctx, ip, staff }: Actor,
  id: string,
  patch: z.output<typeof ProductPatch>,
): Promise<AdminProduct> {
  const now = ctx.clock.now();
  const updated = await ctx.db.transaction(async (tx) => {
    const before = await findProduct(tx, id);
    await checkProductUnique(tx, null, patch.slug, id);
    if (patch.parentGroup !== undefined) {
      await findGroup(tx, patch.parentGroup).catch(() => {
        throw unprocessable(MENU_MESSAGES.parentNotFound, 'parent-not-found');
      });
    }
    await checkModifiers(tx, patch.groupModifiers);
    const rows = await tx
      .update(products)
      .set({ ...productValues(patch), updatedAt: now })
      .where(eq(products.id, id))
      .returning();
    const after = toAdminProduct(rows[0] ?? before);
    await audit(
      tx,
      staff,
      ip,
      { action: 'product.update', entity: 'product', entityId: id, before: toAdminProduct(before), after },
      now,
    );
    return after;
  });
  await publishCatalog(ctx);
  return updated;
}

export async function deleteProduct({ ctx, ip, staff }: Actor, id: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const before = await findProduct(tx, id);
    const pattern = JSON.stringify([{ modifiers: [{ modifierId: id }] }]);
    const users = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(ne(products.id, id), sql`${products.groupModifiers} @> ${pattern}::jsonb`))
      .limit(1);
    if (users.length > 0) throw conflict(MENU_MESSAGES.usedAsModifier, 'used-as-modifier');
    await tx.delete(products).where(eq(products.id, id));
    await audit(
      tx,
      staff,
      ip,
      { action: 'product.delete', entity: 'product', entityId: id, before: toAdminProduct(before) },
      now,
    );
  });
  await publishCatalog(ctx);
}

export async function readStopList(db: Executor): Promise<StopListEntry[]> {
  const rows = await db.select().from(stopList).orderBy(asc(stopList.deliveryTerminalId), asc(stopList.productId));
  const byTerminal = new Map<string, StopListEntry>();
  for (const r of rows) {
    const entry = byTerminal.get(r.deliveryTerminalId) ?? { deliveryTerminalId: r.deliveryTerminalId, items: [] };
    entry.items.push({ productId: r.productId, balance: Number(r.balance) });
    byTerminal.set(r.deliveryTerminalId, entry);
  }
  return [...byTerminal.values()];
}

export async function toggleStopList(
  { ctx, ip, staff }: Actor,
  deliveryTerminalId: string,
  productId: string,
  stopped: boolean,
): Promise<{ stopped: boolean; version: string }> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const restaurant = await tx
      .select({ id: restaurants.deliveryTerminalId })
      .from(restaurants)
      .where(eq(restaurants.deliveryTerminalId, deliveryTerminalId))
      .limit(1);
    if (restaurant.length === 0) throw notFound(MENU_MESSAGES.restaurantNotFound, 'restaurant-not-found');
    await findProduct(tx, productId);
    const existing = await tx
      .select({ id: stopList.productId })
      .from(stopList)
      .where(and(eq(stopList.deliveryTerminalId, deliveryTerminalId), eq(stopList.productId, productId)))
      .limit(1);
    const was = existing.length > 0;
    if (was === stopped) return;
    if (stopped) await tx.insert(stopList).values({ deliveryTerminalId, productId, balance: 0, updatedAt: now });
    else
      await tx
        .delete(stopList)
        .where(and(eq(stopList.deliveryTerminalId, deliveryTerminalId), eq(stopList.productId, productId)));
    await audit(
      tx,
      staff,
      ip,
      {
        action: 'stop-list.toggle',
        entity: 'stop-list',
        entityId: `${deliveryTerminalId}/${productId}`,
        before: { stopped: was },
        after: { stopped },
      },
      now,
    );
  });
  const version = await publishCatalog(ctx);
  return { stopped, version };
}

export const MAX_IMAGE_BYTES = 6 * 1024 * 1024;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'gif', 'heif']);

/**
 * Stores an uploaded picture under DATA_DIR/uploads/<kind>/ as WebP (at most 2000 px wide,
 * metadata stripped) and answers its /img URL; the /img pipeline resizes it like seed pictures.
 */
export async function storeImage(
  { ctx, ip, staff }: Actor,
  kind: 'products' | 'groups' | 'stories' | 'slides',
  dataBase64: string,
): Promise<{ imageUrl: string; width: number; height: number }> {
  const input = Buffer.from(dataBase64.replace(/^data:[^,]*,/, ''), 'base64');
  if (input.length > MAX_IMAGE_BYTES) throw unprocessable(MENU_MESSAGES.imageTooBig, 'image-too-big');
  let output: { data: Buffer; info: OutputInfo };
  try {
    const meta = await sharp(input).metadata();
    if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw new Error('format');
    output = await sharp(input)
      .rotate()
      .resize({ width: 2000, withoutEnlargement: true })
      .webp({ quality: 90 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw unprocessable(MENU_MESSAGES.badImage, 'bad-image');
  }
  const name = `${randomUUID()}.webp`;
  const dir = path.join(ctx.config.dataDir, UPLOADS_DIR_NAME, kind);
  await fs.promises.mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.${name}.tmp`);
  await fs.promises.writeFile(temp, output.data);
  await fs.promises.rename(temp, path.join(dir, name));
  const imageUrl = `/img/${UPLOADS_DIR_NAME}/${kind}/${name}`;
  await ctx.db.run((db) =>
    audit(
      db,
      staff,
      ip,
      {
        action: 'image.upload',
        entity: 'image',
        entityId: imageUrl,
        after: { kind, bytes: output.data.length, width: output.info.width, height: output.info.height },
      },
      ctx.clock.now(),
    ),
  );
  return { imageUrl, width: output.info.width, height: output.info.height };
}
