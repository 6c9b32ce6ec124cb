// Geocoding for checkout: which geocoder, the point of an address, the zone of a point.
// See docs/CHECKOUT.md «Geocoding».
import pino from 'pino';
import type { ReverseGeocodeAnswer, GeocodeAnswer } from '../../src/api/contract/geocode.js';
import type { ZoneQuote } from '../../src/api/contract/checkout.js';
import type { CityData, GeoPoint } from '../../src/api/entities.js';
import { findZone } from '../../src/domain/deliveryZone.js';
import type { AppContext, IntegrationLog } from '../context.js';
import type { Database, Executor } from '../db/database.js';
import { unprocessable } from '../http/errors.js';
import { findCity, type CityRow } from '../repositories/catalog.js';
import { listZones, type ZoneRow } from '../repositories/deliveryZones.js';
import {
  GeocoderError,
  chainGeocoders,
  createEmbeddedGeocoder,
  createYandexGeocoder,
  type GeocodedAddress,
  type Geocoder,
  type RemoteGeocoder,
} from '../integrations/geocoder.js';
import { ORDER_MESSAGES, refusal, streetNotFoundMessage } from './checkoutRefusals.js';
import { cachedLookup } from './geocodeCache.js';
import { loadOrderSettings } from './promo.js';
import type { RateLimit } from './rateLimit.js';
import { readSettingValue } from './settings.js';

let defaultLog: IntegrationLog | null = null;

/** ctx.log, or one pino logger for the process (secrets are never passed to it). */
export function logOf(ctx: AppContext): IntegrationLog {
  if (ctx.log) return ctx.log;
  defaultLog ??= pino({ level: ctx.config.logLevel, name: 'integrations' });
  return defaultLog;
}

const embedded = new WeakMap<Database, Geocoder>();
const yandex = new WeakMap<AppContext, { remote: RemoteGeocoder; chained: Geocoder }>();

async function mapsKey(ctx: AppContext): Promise<string> {
  if (ctx.config.geocoder.yandexKey) return ctx.config.geocoder.yandexKey;
  const value = await ctx.db.run((db) => readSettingValue(db, 'MAPS_KEY'));
  return typeof value === 'string' ? value.trim() : '';
}

interface Geocoders {
  reference: Geocoder;
  /** Yandex alone, and Yandex with the reference behind it; null without a key. */
  yandex: { remote: RemoteGeocoder; chained: Geocoder } | null;
}

async function geocodersOf(ctx: AppContext): Promise<Geocoders> {
  let reference = embedded.get(ctx.db);
  if (!reference) {
    reference = createEmbeddedGeocoder(ctx.db);
    embedded.set(ctx.db, reference);
  }
  const key = await mapsKey(ctx);
  if (key === '') return { reference, yandex: null };
  let remote = yandex.get(ctx);
  if (!remote) {
    const client = createYandexGeocoder({
      url: ctx.config.geocoder.yandexUrl,
      timeoutMs: () => ctx.config.geocoder.timeoutMs,
      apiKey: () => mapsKey(ctx),
      log: logOf(ctx),
    });
    remote = { remote: client, chained: chainGeocoders(client, reference) };
    yandex.set(ctx, remote);
  }
  return { reference, yandex: remote };
}

/** The geocoder for this request (docs/CHECKOUT.md «Geocoding»). Call outside transactions. */
export async function geocoderOf(ctx: AppContext): Promise<Geocoder> {
  if (ctx.geocoder) return ctx.geocoder;
  const { reference, yandex: remote } = await geocodersOf(ctx);
  return remote ? remote.chained : reference;
}

/** Checkout calls (quote, POST /order) that reach the external geocoder, per IP. */
export const CHECKOUT_GEOCODE_BUDGET: RateLimit = { bucket: 'checkout-geocode', limit: 60, windowMs: 60_000 };

export type { CityRow, ZoneRow };

/** The city's delivery zones in display order. */
export function cityZones(db: Executor, cityId: string): Promise<ZoneRow[]> {
  return listZones(db, cityId);
}

export function zoneQuote(zone: ZoneRow, cityData: CityData | undefined): ZoneQuote {
  return {
    id: zone.id,
    name: zone.name,
    minSum: zone.minSum,
    deliveryPrice: zone.deliveryPrice,
    freeDeliveryFrom: cityData ? cityData.freeDeliveryFrom : null,
    deliveryMinutes: zone.deliveryMinutes,
    deliveryTerminalId: zone.deliveryTerminalId,
  };
}

/**
 * The point of a street + house in the city; null when the geocoder finds nothing. With
 * `checkoutIp`, a call that has to reach Yandex counts against CHECKOUT_GEOCODE_BUDGET.
 */
export async function geocodeStreet(
  ctx: AppContext,
  city: CityRow,
  street: string,
  home: string,
  checkoutIp: string | null = null,
): Promise<GeocodedAddress | null> {
  const query = { cityName: city.name, cityIikoId: city.iikoId, street, home };
  if (ctx.geocoder) return ctx.geocoder.forward(query);
  const { reference, yandex: remote } = await geocodersOf(ctx);
  if (remote) {
    const budget = checkoutIp === null ? null : { limit: CHECKOUT_GEOCODE_BUDGET, keys: [`ip:${checkoutIp}`] };
    const answer = await cachedLookup(ctx, remote.remote, query, budget);
    if (answer.kind === 'found') return answer.address;
  }
  return reference.forward(query);
}

async function cityOr404(ctx: AppContext, cityId: string): Promise<CityRow> {
  const city = await ctx.db.run((db) => findCity(db, cityId));
  if (!city) throw unprocessable(ORDER_MESSAGES.cityNotFound, 'city-not-found');
  return city;
}

async function zoneAnswer(ctx: AppContext, city: CityRow, point: GeoPoint) {
  return ctx.db.run(async (db) => {
    const zone = findZone(await cityZones(db, city.id), point);
    const settings = await loadOrderSettings(db);
    return zone ? zoneQuote(zone, settings.citiesData[city.iikoId]) : null;
  });
}

/** POST /geocode. */
export async function geocodeForCheckout(
  ctx: AppContext,
  body: { cityId: string; street: string; home: string },
): Promise<GeocodeAnswer> {
  const city = await cityOr404(ctx, body.cityId);
  const found = await geocodeStreet(ctx, city, body.street, body.home);
  if (!found) {
    return {
      found: false,
      location: null,
      precision: null,
      street: null,
      zone: null,
      refusal: refusal('street-not-found', streetNotFoundMessage(body.street, city.name)),
    };
  }
  const zone = await zoneAnswer(ctx, city, found.location);
  return {
    found: true,
    location: found.location,
    precision: found.precision,
    street: found.street,
    zone,
    refusal: zone ? null : refusal('outside-zone', ORDER_MESSAGES.outsideZone),
  };
}

/** GET /geocode/reverse; an invalid geocoder answer is 422 with the PRODUCT.md §8 text. */
export async function reverseForCheckout(
  ctx: AppContext,
  query: { cityId: string; lat: number; lon: number },
): Promise<ReverseGeocodeAnswer> {
  const city = await cityOr404(ctx, query.cityId);
  const point = { lat: query.lat, lon: query.lon };
  const geocoder = await geocoderOf(ctx);
  let parts;
  try {
    parts = await geocoder.reverse(point, { name: city.name, iikoId: city.iikoId });
  } catch (error) {
    if (error instanceof GeocoderError) throw unprocessable(error.message, 'geocoder-invalid-answer');
    throw error;
  }
  const zone = await zoneAnswer(ctx, city, point);
  return {
    ...parts,
    location: point,
    zone,
    refusal: zone ? null : refusal('outside-zone', ORDER_MESSAGES.outsideZone),
  };
}
