// The catalogue: groups, products and stop lists, with a prepared GET /catalog answer.
// See docs/SERVER.md «The catalogue answer».
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Catalog, type Group, type Product, type StopListEntry } from '../../src/api/entities.js';
import type { Database, Executor } from '../db/database.js';
import { likeCounts } from '../repositories/likes.js';
import { listStopList, readContentVersions, visibleGroupRows, visibleProductRows } from '../repositories/menu.js';

export { likedProductIds } from '../repositories/likes.js';
export { findVisibleProduct } from '../repositories/menu.js';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export interface PreparedBody {
  json: string;
  etag: string;
  gzip: Buffer;
  br: Buffer;
}

export interface PreparedCatalog extends PreparedBody {
  /** Catalogue version + likes fingerprint this was built from. */
  key: string;
  version: string;
  catalog: Catalog;
}

/** The catalogue version clients poll (GET /storage/version). */
export async function readContentVersion(db: Executor, name: 'catalog' | 'settings'): Promise<string> {
  return (await readContentVersions(db, [name]))[name];
}

async function readCatalogKey(db: Executor): Promise<CatalogKey> {
  const { catalog: version, likes } = await readContentVersions(db, ['catalog', 'likes']);
  return { version, key: `${version}/${likes}` };
}

/** Reads the whole visible catalogue with isLiked = false. */
export async function buildCatalog(db: Executor): Promise<Catalog> {
  const groupRows = await visibleGroupRows(db);
  const visibleGroups = new Set(groupRows.map((g) => g.id));
  const productRows = await visibleProductRows(db);
  const likes = await likeCounts(db);
  const stopRows = await listStopList(db);

  const groupOrder = new Map(groupRows.map((g, i) => [g.id, i]));
  const outGroups: Group[] = groupRows.map((g) => ({
    id: g.id,
    name: g.name,
    slug: g.slug,
    parentGroup: g.parentGroup !== null && visibleGroups.has(g.parentGroup) ? g.parentGroup : null,
    isIncludedInMenu: g.isIncludedInMenu,
    isGroupModifier: g.isGroupModifier,
    order: g.position,
    imageUrl: g.imageUrl,
    additionalInfo: { isServiceGroup: g.isServiceGroup },
  }));
  const outProducts: Product[] = productRows
    .filter((p) => visibleGroups.has(p.parentGroup))
    .sort(
      (a, b) => (groupOrder.get(a.parentGroup) ?? 0) - (groupOrder.get(b.parentGroup) ?? 0) || a.position - b.position,
    )
    .map((p) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      code: p.code,
      price: p.price,
      oldPrice: p.oldPrice,
      weight: p.weight,
      nutrition: p.nutrition ?? null,
      parentGroup: p.parentGroup,
      slug: p.slug,
      imageUrl: p.imageUrl,
      groupModifiers: p.groupModifiers.map((gm) => ({
        id: gm.id,
        required: gm.required,
        maxAmount: gm.maxAmount ?? 1,
        modifiers: gm.modifiers.map((m) => ({ modifierId: m.modifierId, price: m.price })),
      })),
      allergens: p.allergens.map((a) => ({ code: a.code, name: a.name })),
      filters: p.filters.map((f) => ({ code: f.code, name: f.name })),
      maxPerPositionInOrder: p.maxPerPosition,
      additionalInfo: p.sale === null ? {} : { sale: p.sale },
      likesCount: likes.get(p.id) ?? 0,
      isLiked: false,
    }));
  const byTerminal = new Map<string, StopListEntry>();
  for (const row of stopRows) {
    let entry = byTerminal.get(row.deliveryTerminalId);
    if (!entry) {
      entry = { deliveryTerminalId: row.deliveryTerminalId, items: [] };
      byTerminal.set(row.deliveryTerminalId, entry);
    }
    entry.items.push({ productId: row.productId, balance: Number(row.balance) });
  }
  // Parsing catches a row that drifted from the shared schema before any client sees it.
  return Catalog.parse({ groups: outGroups, products: outProducts, stopList: [...byTerminal.values()] });
}

export async function prepareBody(json: string): Promise<PreparedBody> {
  const [gz, br] = await Promise.all([
    gzip(json, { level: 9 }),
    brotli(json, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(json),
      },
    }),
  ]);
  return { json, etag: strongEtag(json), gzip: gz, br };
}

export function strongEtag(text: string): string {
  return `"${createHash('sha256').update(text).digest('base64url').slice(0, 32)}"`;
}

interface CatalogKey {
  /** The catalogue version clients poll (GET /storage/version). */
  version: string;
  /** The catalogue and likes versions: the shared body changes when either does. */
  key: string;
}

interface CacheSlot {
  prepared: PreparedCatalog | null;
  building: { key: string; promise: Promise<PreparedCatalog> } | null;
  /** The last key read and when (performance.now()). */
  lastKey: { value: CatalogKey; readAt: number } | null;
  /** A key read in flight that concurrent requests share (only when maxAgeMs > 0). */
  reading: Promise<CatalogKey> | null;
}
const caches = new WeakMap<Database, CacheSlot>();

function slotFor(database: Database): CacheSlot {
  let slot = caches.get(database);
  if (!slot) {
    slot = { prepared: null, building: null, lastKey: null, reading: null };
    caches.set(database, slot);
  }
  return slot;
}

/**
 * The catalogue's key, read from the database at most once per `maxAgeMs` (config
 * contentVersionMaxAgeMs). Under load this takes GET /catalog and GET /storage/version off the
 * database queue; a change (made by any process) shows within maxAgeMs, far inside the clients'
 * 60 s version check (PRODUCT.md §9). 0 reads on every call.
 */
async function currentKey(database: Database, maxAgeMs: number): Promise<CatalogKey> {
  const slot = slotFor(database);
  if (maxAgeMs <= 0) return database.run(readCatalogKey);
  if (slot.lastKey && performance.now() - slot.lastKey.readAt < maxAgeMs) return slot.lastKey.value;
  if (slot.reading) return slot.reading;
  const reading = database.run(readCatalogKey).then((value) => {
    slot.lastKey = { value, readAt: performance.now() };
    return value;
  });
  slot.reading = reading;
  try {
    return await reading;
  } finally {
    if (slot.reading === reading) slot.reading = null;
  }
}

/**
 * Drops the process's cached catalogue key: called when a catalog:update reaches this process
 * (server/push.ts), so a storefront reloading on that message gets the new catalogue at once.
 */
export function forgetCatalogKey(database: Database): void {
  const slot = caches.get(database);
  if (slot) slot.lastKey = null;
}

/** The catalogue version clients poll, cached like the shared body's key. */
export async function catalogVersion(database: Database, maxAgeMs: number): Promise<string> {
  return (await currentKey(database, maxAgeMs)).version;
}

/** The prepared shared catalogue, rebuilt only when the catalogue or the likes changed. */
export async function sharedCatalog(database: Database, maxAgeMs = 0): Promise<PreparedCatalog> {
  const slot = slotFor(database);
  const { key, version } = await currentKey(database, maxAgeMs);
  if (slot.prepared?.key === key) return slot.prepared;
  if (slot.building?.key === key) return slot.building.promise;
  const current = slot;
  const promise = (async () => {
    const catalog = await database.run(buildCatalog);
    const body = await prepareBody(JSON.stringify(catalog));
    const prepared: PreparedCatalog = { ...body, key, version, catalog };
    current.prepared = prepared;
    return prepared;
  })();
  current.building = { key, promise };
  try {
    return await promise;
  } finally {
    if (current.building?.promise === promise) current.building = null;
  }
}

/** The shared catalogue with isLiked set for `liked`; ETag = shared ETag + hash of the ids. */
export function personalCatalog(shared: PreparedCatalog, liked: string[]): { json: string; etag: string } {
  const set = new Set(liked);
  const catalog: Catalog = {
    ...shared.catalog,
    products: shared.catalog.products.map((p) => (set.has(p.id) ? { ...p, isLiked: true } : p)),
  };
  const tag = createHash('sha256').update(shared.etag).update(liked.join(',')).digest('base64url').slice(0, 32);
  return { json: JSON.stringify(catalog), etag: `"${tag}"` };
}
