// The read-only data every checkout is assessed against, kept per content version.
// See docs/CHECKOUT.md «Reference data of a checkout».
import type { Database, Executor } from '../db/database.js';
import { listCities, type CityRow } from '../repositories/catalog.js';
import { type REFERENCE_VERSIONS, referenceVersionRows } from '../repositories/contentVersions.js';
import { listZones, type ZoneRow } from '../repositories/deliveryZones.js';
import { listStopList } from '../repositories/menu.js';
import { listPromotionRows } from '../repositories/promo.js';
import { listActiveRestaurants, type RestaurantRow } from '../repositories/restaurants.js';
import { loadPricingCatalog, type PricingCatalog } from './pricing.js';
import { giftRulesFrom, loadOrderSettings, type GiftRules, type OrderSettings, type PromotionRow } from './promo.js';
import { readStoredSettings } from './settings.js';

/** The settings that decide whether the bot check is required (services/captcha.ts). */
export const CAPTCHA_SETTING_NAMES = ['IS_WITHOUT_RECAPTCHA', 'CAPTCHA_SITE_KEY'];

export type { RestaurantRow };
export { REFERENCE_VERSIONS, REFERENCE_VERSION_NAMES } from '../repositories/contentVersions.js';
export type ReferenceVersions = Record<(typeof REFERENCE_VERSIONS)[number], string>;

/** The versions from rows of (name, version as text); a missing row reads as '-1'. */
export function referenceVersionsFrom(rows: readonly { name: string; version: string }[]): ReferenceVersions {
  const get = (name: string) => rows.find((r) => r.name === name)?.version ?? '-1';
  return { settings: get('settings'), catalog: get('catalog'), promotions: get('promotions') };
}

/** What changes with content_versions('settings'). */
export interface SettingsPart {
  version: string;
  settings: OrderSettings;
  cities: ReadonlyMap<string, CityRow>;
  /** Active restaurants of each city, by position. */
  restaurants: ReadonlyMap<string, readonly RestaurantRow[]>;
  /** Delivery zones of each city, by position. */
  zones: ReadonlyMap<string, readonly ZoneRow[]>;
  /** The stored CAPTCHA_SETTING_NAMES: POST /order checks them on every order. */
  captchaSettings: Readonly<Record<string, unknown>>;
}

/** What changes with content_versions('catalog'). */
export interface CatalogPart {
  version: string;
  catalog: PricingCatalog;
  /** Stop-listed product ids by delivery terminal. */
  stopped: ReadonlyMap<string, ReadonlySet<string>>;
}

/** What changes with content_versions('promotions'). */
export interface PromotionsPart {
  version: string;
  rows: readonly PromotionRow[];
}

export interface CheckoutReference {
  settings: SettingsPart;
  catalog: CatalogPart;
  promotions: PromotionsPart;
  /** The gift rules of these settings and promotions. */
  giftRules: GiftRules;
}

interface Cached {
  reference: CheckoutReference;
  /** performance.now() of the last version check. */
  checkedAt: number;
}
const cache = new WeakMap<object, Cached>();
/** A version check under way for recentCheckoutReference. */
const checking = new WeakMap<Database, Promise<CheckoutReference>>();

export async function readReferenceVersions(db: Executor): Promise<ReferenceVersions> {
  return referenceVersionsFrom(await referenceVersionRows(db));
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}

async function readSettingsPart(db: Executor, version: string): Promise<SettingsPart> {
  const settings = await loadOrderSettings(db);
  const cityRows = await listCities(db);
  const restaurantRows = await listActiveRestaurants(db);
  // by city, then position: grouped by city below, each city's zones keep their order
  const zoneRows = await listZones(db);
  const captchaSettings = await readStoredSettings(db, CAPTCHA_SETTING_NAMES);
  return {
    version,
    settings,
    captchaSettings,
    cities: new Map(cityRows.map((c) => [c.id, c])),
    restaurants: groupBy(restaurantRows, (r) => r.cityId),
    zones: groupBy(zoneRows, (z) => z.cityId),
  };
}

async function readCatalogPart(db: Executor, version: string): Promise<CatalogPart> {
  const catalog = await loadPricingCatalog(db);
  const rows = await listStopList(db);
  const stopped = new Map<string, Set<string>>();
  for (const row of rows) {
    let set = stopped.get(row.deliveryTerminalId);
    if (!set) stopped.set(row.deliveryTerminalId, (set = new Set()));
    set.add(row.productId);
  }
  return { version, catalog, stopped };
}

/**
 * The current reference data: the versions read with `db` (so inside a transaction, the
 * transaction's view) unless the caller read them itself in the same transaction, and the parts
 * whose version moved read again.
 */
export async function checkoutReference(
  db: Executor,
  owner: object,
  versions?: ReferenceVersions,
): Promise<CheckoutReference> {
  const current = versions ?? (await readReferenceVersions(db));
  const cached = cache.get(owner)?.reference;
  const settings =
    cached?.settings.version === current.settings ? cached.settings : await readSettingsPart(db, current.settings);
  const catalog =
    cached?.catalog.version === current.catalog ? cached.catalog : await readCatalogPart(db, current.catalog);
  const promotionsPart =
    cached?.promotions.version === current.promotions
      ? cached.promotions
      : { version: current.promotions, rows: await listPromotionRows(db) };
  const reference =
    cached && settings === cached.settings && catalog === cached.catalog && promotionsPart === cached.promotions
      ? cached
      : {
          settings,
          catalog,
          promotions: promotionsPart,
          giftRules: giftRulesFrom(promotionsPart.rows, settings.settings),
        };
  cache.set(owner, { reference, checkedAt: performance.now() });
  return reference;
}

/**
 * Reference data checked at most `maxAgeMs` ago (CONTENT_VERSION_MAX_AGE_MS), for work outside
 * transactions that the assessment re-checks anyway; 0 checks every time.
 */
export async function recentCheckoutReference(database: Database, maxAgeMs: number): Promise<CheckoutReference> {
  const cached = cache.get(database);
  if (maxAgeMs > 0 && cached && performance.now() - cached.checkedAt < maxAgeMs) return cached.reference;
  if (maxAgeMs === 0) return database.run((db) => checkoutReference(db, database));
  // One check for all the requests that find the copy old at the same moment.
  let pending = checking.get(database);
  if (!pending) {
    pending = database.run((db) => checkoutReference(db, database)).finally(() => checking.delete(database));
    checking.set(database, pending);
  }
  return pending;
}
