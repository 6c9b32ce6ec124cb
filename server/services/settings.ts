// Settings of PRODUCT.md §3: the `settings` rows (edited generically by the admin area through their
// metadata) plus what is assembled from the tables that own it: WORK_TIME, DELIVERY_TERMINALS
// and CITY_ZONES from restaurants and delivery_zones, SETTINGS_VERSION from content_versions.
// The assembled object is cached per settings version (bumped by triggers on settings, cities,
// restaurants and delivery_zones). CAPTCHA_PROVIDER comes from the server's configuration, and
// ANALYTICS joins the counter id settings with it (null when neither id is set).
import {
  Settings,
  type AnalyticsSettings,
  type CaptchaProvider,
  type DeliveryZone,
  type Restaurant,
  type WeekHours,
  type WorkDay,
} from '../../src/api/entities.js';
import type { Config } from '../config.js';
import { settingRefusalMessage } from '../../src/domain/messages.js';
import type { Database, Executor } from '../db/database.js';
import { listCities } from '../repositories/catalog.js';
import { listZones, type ZoneRow } from '../repositories/deliveryZones.js';
import { listActiveRestaurants, type RestaurantRow } from '../repositories/restaurants.js';
import { readStoredSettings } from '../repositories/settings.js';
import { readContentVersion, strongEtag } from './catalog.js';
import { isClosedDay } from '../../src/domain/workingHours.js';

// Read here by the order and captcha services too.
export { readStoredSettings };

/** Names answered by GET /setting/:name, with their defaults. */
export const SINGLE_VALUE_SETTINGS: Record<string, string> = {
  STORE_VERSION: '1',
  MOBILE_APP_VERSION: '1',
};

const DERIVED = new Set(['SETTINGS_VERSION', 'WORK_TIME', 'DELIVERY_TERMINALS', 'CITY_ZONES']);
/** Answered from the server's configuration, never stored. */
const FROM_CONFIG = new Set(['CAPTCHA_PROVIDER', 'ANALYTICS']);
/** The counter ids (docs/ANALYTICS.md): stored rows the storefront gets inside ANALYTICS. */
const COUNTER_ID_PATTERNS: Record<string, RegExp> = {
  /** A Metrika counter number, or empty for none. */
  METRIKA_COUNTER_ID: /^(\d{1,12})?$/,
  /** A GA4 measurement id ('G-' and capitals and digits), or empty for none. */
  GA4_MEASUREMENT_ID: /^(G-[A-Z0-9]{4,16})?$/,
};

/** Where the counters' scripts load from. */
export type AnalyticsScripts = { metrika: string; ga4: string };

/** What GET /setting adds from the process's configuration. */
export interface ServerSettings {
  /** The verifier's provider, or null when the server has no captcha secret. */
  captchaProvider: CaptchaProvider | null;
  /** Where the web counters' scripts load from (config.analytics). */
  analyticsScripts: AnalyticsScripts;
}

/** The counters' script addresses from the configuration (the captcha provider comes from its verifier). */
export const analyticsScriptsOf = (config: Pick<Config, 'analytics'>): AnalyticsScripts => ({
  metrika: config.analytics.metrikaScriptUrl,
  ga4: config.analytics.ga4ScriptUrl,
});

/** Which web counters have an id (docs/ANALYTICS.md): the pages' security policy opens their hosts. */
export async function activeCounters(database: Database): Promise<{ metrika: boolean; ga4: boolean }> {
  const values = await database.run((db) => readStoredSettings(db, ['METRIKA_COUNTER_ID', 'GA4_MEASUREMENT_ID']));
  const set = (v: unknown) => typeof v === 'string' && v.trim() !== '';
  return { metrika: set(values.METRIKA_COUNTER_ID), ga4: set(values.GA4_MEASUREMENT_ID) };
}

/** One stored setting value, or undefined when there is no such row. */
export async function readSettingValue(db: Executor, name: string): Promise<unknown> {
  return (await readStoredSettings(db, [name]))[name];
}

/** 'HH:MM' → minutes after the day's midnight; a next-day close counts past 24:00. */
function minutes(time: string, nextDay: boolean): number {
  const [h = '0', m = '0'] = time.split(':');
  return Number(h) * 60 + Number(m) + (nextDay ? 24 * 60 : 0);
}
function clock(total: number): string {
  const inDay = ((total % 1440) + 1440) % 1440;
  return `${String(Math.floor(inDay / 60)).padStart(2, '0')}:${String(inDay % 60).padStart(2, '0')}`;
}

/**
 * A city's working hours: per weekday, from the earliest opening to the latest closing of its
 * active restaurants (a closed restaurant does not count; all closed → the day is closed).
 */
export function cityWorkTime(weeks: WeekHours[]): WeekHours {
  const result: WorkDay[] = [];
  for (let d = 0; d < 7; d++) {
    const open = weeks.map((w) => w[d]).filter((day): day is WorkDay => day !== undefined && !isClosedDay(day));
    if (open.length === 0) {
      result.push({ open: '00:00', close: '00:00', isNextDay: false });
      continue;
    }
    const start = Math.min(...open.map((day) => minutes(day.open, false)));
    const latest = Math.max(...open.map((day) => minutes(day.close, day.isNextDay)));
    // A whole day's cover would read as equal open and close, i.e. closed (PRODUCT.md §5): one more minute keeps it open.
    const end = latest === start + 1440 ? latest + 1 : latest;
    result.push({ open: clock(start), close: clock(end), isNextDay: end >= 1440 });
  }
  return result;
}

/** A restaurant row as Settings.DELIVERY_TERMINALS shows it. */
export function toRestaurant(r: RestaurantRow): Restaurant {
  return {
    deliveryTerminalId: r.deliveryTerminalId,
    cityId: r.cityId,
    name: r.name,
    address: r.address,
    phone: r.phone,
    location: { lat: r.lat, lon: r.lon },
    hours: r.hours,
    cookingMinutes: r.cookingMinutes,
    isOnlinePaymentDisabled: r.isOnlinePaymentDisabled,
  };
}

/** A zone row as Settings.CITY_ZONES shows it. */
export function toDeliveryZone(z: ZoneRow): DeliveryZone {
  return {
    id: z.id,
    cityId: z.cityId,
    name: z.name,
    polygon: z.polygon,
    minSum: z.minSum,
    deliveryPrice: z.deliveryPrice,
    deliveryMinutes: z.deliveryMinutes,
    deliveryTerminalId: z.deliveryTerminalId,
  };
}

function analyticsOf(rows: Record<string, unknown>, scripts: AnalyticsScripts): AnalyticsSettings | null {
  const id = (name: string) => (typeof rows[name] === 'string' ? rows[name].trim() : '');
  const metrika = id('METRIKA_COUNTER_ID');
  const ga4 = id('GA4_MEASUREMENT_ID');
  if (metrika === '' && ga4 === '') return null;
  return { metrika, ga4, metrikaScript: scripts.metrika, ga4Script: scripts.ga4 };
}

async function assemble(db: Executor, server: ServerSettings): Promise<Settings> {
  const version = await readContentVersion(db, 'settings');
  const rows = await readStoredSettings(db);
  const cityRows = await listCities(db);
  const restaurantRows = await listActiveRestaurants(db);
  const zoneRows = await listZones(db);

  const stored: Record<string, unknown> = { STORE_VERSION: '1', MOBILE_APP_VERSION: '1' };
  for (const [name, value] of Object.entries(rows))
    if (!DERIVED.has(name) && !FROM_CONFIG.has(name)) stored[name] = value;

  const WORK_TIME: Record<string, WeekHours> = {};
  const DELIVERY_TERMINALS: Record<string, Restaurant[]> = {};
  const CITY_ZONES: Record<string, DeliveryZone[]> = {};
  for (const city of cityRows) {
    const own = restaurantRows.filter((r) => r.cityId === city.id);
    DELIVERY_TERMINALS[city.id] = own.map(toRestaurant);
    WORK_TIME[city.id] = cityWorkTime(own.map((r) => r.hours));
    CITY_ZONES[city.id] = zoneRows.filter((z) => z.cityId === city.id).map(toDeliveryZone);
  }
  return Settings.parse({
    ...stored,
    SETTINGS_VERSION: version,
    WORK_TIME,
    DELIVERY_TERMINALS,
    CITY_ZONES,
    CAPTCHA_PROVIDER: server.captchaProvider,
    ANALYTICS: analyticsOf(rows, server.analyticsScripts),
  });
}

export interface PreparedSettings {
  version: string;
  settings: Settings;
  etag: string;
}
const caches = new WeakMap<Database, PreparedSettings & { server: string }>();

/** The Settings object, rebuilt when the settings version (or the server's part) changed. */
export async function loadSettings(database: Database, server: ServerSettings): Promise<PreparedSettings> {
  const version = await database.run((db) => readContentVersion(db, 'settings'));
  const cached = caches.get(database);
  const serverKey = JSON.stringify(server);
  if (cached?.version === version && cached.server === serverKey) return cached;
  const value = await database.run((db) => assemble(db, server));
  const prepared = { version: value.SETTINGS_VERSION, settings: value, etag: strongEtag(JSON.stringify(value)) };
  caches.set(database, { ...prepared, server: serverKey });
  return prepared;
}

/**
 * Checks a value an admin is about to store for a setting against the shared Settings schema,
 * so an edit can never break GET /setting. Assembled names cannot be stored.
 */
export function validateSettingValue(name: string, value: unknown): { ok: true } | { ok: false; message: string } {
  if (DERIVED.has(name)) return { ok: false, message: settingRefusalMessage(name, 'derived') };
  if (FROM_CONFIG.has(name)) return { ok: false, message: settingRefusalMessage(name, 'from-config') };
  const pattern = COUNTER_ID_PATTERNS[name];
  if (pattern !== undefined)
    return typeof value === 'string' && pattern.test(value)
      ? { ok: true }
      : { ok: false, message: settingRefusalMessage(name, 'invalid') };
  const shape = Settings.shape as Record<string, { safeParse(v: unknown): { success: boolean } } | undefined>;
  const schema = shape[name];
  if (!schema) return { ok: true }; // a setting outside PRODUCT.md §3 (admin-only): any JSON
  return schema.safeParse(value).success
    ? { ok: true }
    : { ok: false, message: settingRefusalMessage(name, 'invalid') };
}
