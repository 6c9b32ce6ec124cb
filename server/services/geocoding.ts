// Geocoding for checkout (POST /geocode, GET /geocode/reverse, the quote and POST /order): which
// geocoder to use, the point of an address, and the delivery zone of a point.
//
// The geocoder: ctx.geocoder when given (tests), else Yandex when YANDEX_GEOCODER_KEY or the
// MAPS_KEY setting holds a key (with the embedded reference as the fallback for what Yandex does
// not find), else the embedded street reference alone.
import { asc, eq } from 'drizzle-orm';
import pino from 'pino';
import type { ReverseGeocodeAnswer, GeocodeAnswer } from '../../src/api/contract/geocode.js';
import type { ZoneQuote } from '../../src/api/contract/checkout.js';
import type { CityData, GeoPoint } from '../../src/api/entities.js';
import { findZone } from '../../src/domain/deliveryZone.js';
import type { AppContext, IntegrationLog } from '../context.js';
import type { Database, Executor } from '../db/database.js';
import { cities, deliveryZones } from '../db/schema/catalog.js';
import { unprocessable } from '../http/errors.js';
import { GeocoderError, chainGeocoders, createEmbeddedGeocoder, createYandexGeocoder, type GeocodedAddress, type Geocoder } from '../integrations/geocoder.js';
import { ORDER_MESSAGES, refusal, streetNotFoundMessage } from './checkoutRefusals.js';
import { loadOrderSettings } from './promo.js';
import { readSettingValue } from './settings.js';

let defaultLog: IntegrationLog | null = null;

/** ctx.log, or one pino logger for the process (secrets are never passed to it). */
export function logOf(ctx: AppContext): IntegrationLog {
  if (ctx.log) return ctx.log;
  defaultLog ??= pino({ level: process.env.LOG_LEVEL ?? 'info', name: 'integrations' });
  return defaultLog;
}

const embedded = new WeakMap<Database, Geocoder>();
const yandex = new WeakMap<AppContext, Geocoder>();

async function mapsKey(ctx: AppContext): Promise<string> {
  if (ctx.config.geocoder.yandexKey) return ctx.config.geocoder.yandexKey;
  const value = await ctx.db.run((db) => readSettingValue(db, 'MAPS_KEY'));
  return typeof value === 'string' ? value.trim() : '';
}

/** The geocoder for this request (see the header). Call outside transactions. */
export async function geocoderOf(ctx: AppContext): Promise<Geocoder> {
  if (ctx.geocoder) return ctx.geocoder;
  let reference = embedded.get(ctx.db);
  if (!reference) {
    reference = createEmbeddedGeocoder(ctx.db);
    embedded.set(ctx.db, reference);
  }
  const key = await mapsKey(ctx);
  if (key === '') return reference;
  let remote = yandex.get(ctx);
  if (!remote) {
    remote = chainGeocoders(createYandexGeocoder({ url: ctx.config.geocoder.yandexUrl, apiKey: () => mapsKey(ctx), log: logOf(ctx) }), reference);
    yandex.set(ctx, remote);
  }
  return remote;
}

export type ZoneRow = typeof deliveryZones.$inferSelect;
export type CityRow = typeof cities.$inferSelect;

export async function cityZones(db: Executor, cityId: string): Promise<ZoneRow[]> {
  return db.select().from(deliveryZones).where(eq(deliveryZones.cityId, cityId)).orderBy(asc(deliveryZones.position), asc(deliveryZones.id));
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

/** The point of a street + house in the city; null when the geocoder finds nothing. */
export async function geocodeStreet(ctx: AppContext, city: CityRow, street: string, home: string): Promise<GeocodedAddress | null> {
  const geocoder = await geocoderOf(ctx);
  return geocoder.forward({ cityName: city.name, cityIikoId: city.iikoId, street, home });
}

async function cityOr404(ctx: AppContext, cityId: string): Promise<CityRow> {
  const city = await ctx.db.run(async (db) => (await db.select().from(cities).where(eq(cities.id, cityId)).limit(1))[0]);
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
export async function geocodeForCheckout(ctx: AppContext, body: { cityId: string; street: string; home: string }): Promise<GeocodeAnswer> {
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

/** GET /geocode/reverse; an invalid geocoder answer is 422 with the SPEC §8 text. */
export async function reverseForCheckout(ctx: AppContext, query: { cityId: string; lat: number; lon: number }): Promise<ReverseGeocodeAnswer> {
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
  return { ...parts, location: point, zone, refusal: zone ? null : refusal('outside-zone', ORDER_MESSAGES.outsideZone) };
}
