// Address geocoding behind one interface: the embedded street reference and Yandex.
// See docs/CHECKOUT.md «Geocoding».
import { eq } from 'drizzle-orm';
import { z } from 'zod/mini';
import type { GeoPoint } from '../../src/api/entities.js';
import type { Database } from '../db/database.js';
import type { IntegrationLog } from './log.js';
import { streets } from '../db/schema/catalog.js';

export const GEOCODER_INVALID_ANSWER = 'Не удалось обработать ответ API. Проверьте, валиден ли ответ сервера.';

export class GeocoderError extends Error {
  constructor(message = GEOCODER_INVALID_ANSWER) {
    super(message);
    this.name = 'GeocoderError';
  }
}

export interface AddressQuery {
  cityName: string;
  cityIikoId: string;
  street: string;
  home: string;
}

export interface GeocodedAddress {
  location: GeoPoint;
  precision: 'house' | 'street';
  /** The street as the source spells it. */
  street: string | null;
}

export interface AddressComponents {
  locality: string | null;
  street: string | null;
  house: string | null;
}

export interface Geocoder {
  readonly name: string;
  /** Text → point; null when nothing was found (never throws for a lookup failure). */
  forward(query: AddressQuery): Promise<GeocodedAddress | null>;
  /** Point → components; throws GeocoderError on an invalid answer. */
  reverse(point: GeoPoint, city: { name: string; iikoId: string }): Promise<AddressComponents>;
}

/** A text lookup's outcome: a point, an answer that holds none, or no usable answer at all. */
export type ForwardLookup = { kind: 'found'; address: GeocodedAddress } | { kind: 'not-found' } | { kind: 'failed' };

/** A geocoder that is paid per call (Yandex), whose answers are worth keeping. */
export interface RemoteGeocoder extends Geocoder {
  /** Like `forward` (failures logged, never thrown), but says whether a miss was a failure. */
  lookup(query: AddressQuery): Promise<ForwardLookup>;
}

// ---------------------------------------------------------------------------------------------
// Embedded reference

const STREET_KINDS = new Set([
  'улица',
  'ул',
  'проспект',
  'пр',
  'пр-т',
  'просп',
  'бульвар',
  'б-р',
  'бул',
  'микрорайон',
  'мкр',
  'мкрн',
  'мкр-н',
  'квартал',
  'кв-л',
  'переулок',
  'пер',
  'проезд',
  'пр-д',
  'площадь',
  'пл',
  'шоссе',
  'ш',
]);

/** Lower case, ё → е, no punctuation and no street-kind words: 'ул. Карла Маркса' ~ 'улица Карла Маркса'. */
export function normalizeStreet(name: string): string {
  return name
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[.,;:«»"()]/g, ' ')
    .split(/\s+/)
    .filter((word) => word.length > 0 && !STREET_KINDS.has(word))
    .join(' ');
}

/** Deterministic 0..1 from a string (FNV-1a). */
function unitHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h / 0x1_0000_0000;
}

/** Up to ±0.0004° of latitude and ±0.0006° of longitude (about ±45 m × ±40 m here) from the street's point. */
export function housePoint(streetId: string, streetPoint: GeoPoint, home: string): GeoPoint {
  const key = `${streetId}:${home.trim().toLowerCase()}`;
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  return {
    lat: round(streetPoint.lat + (unitHash(`${key}:lat`) - 0.5) * 0.0008),
    lon: round(streetPoint.lon + (unitHash(`${key}:lon`) - 0.5) * 0.0012),
  };
}

/** Metres between two points (equirectangular; fine at city scale). */
export function distanceMetres(a: GeoPoint, b: GeoPoint): number {
  const rad = Math.PI / 180;
  const x = (b.lon - a.lon) * rad * Math.cos(((a.lat + b.lat) / 2) * rad);
  const y = (b.lat - a.lat) * rad;
  return Math.sqrt(x * x + y * y) * 6_371_000;
}

/** A reverse lookup farther than this from every reference street finds no street. */
export const EMBEDDED_REVERSE_RADIUS_M = 1500;

export function createEmbeddedGeocoder(db: Database): Geocoder {
  const cityStreets = (cityIikoId: string) =>
    db.run((tx) =>
      tx
        .select({ id: streets.id, name: streets.name, lat: streets.lat, lon: streets.lon })
        .from(streets)
        .where(eq(streets.cityIikoId, cityIikoId)),
    );
  return {
    name: 'embedded',
    async forward(query) {
      const wanted = normalizeStreet(query.street);
      if (wanted === '') return null;
      const rows = await cityStreets(query.cityIikoId);
      const hit = rows.find((r) => normalizeStreet(r.name) === wanted);
      if (!hit) return null;
      const streetPoint = { lat: hit.lat, lon: hit.lon };
      const home = query.home.trim();
      return home === ''
        ? { location: streetPoint, precision: 'street', street: hit.name }
        : { location: housePoint(hit.id, streetPoint, home), precision: 'house', street: hit.name };
    },
    async reverse(point, city) {
      const rows = await cityStreets(city.iikoId);
      let best: { name: string; distance: number } | null = null;
      for (const r of rows) {
        const distance = distanceMetres(point, { lat: r.lat, lon: r.lon });
        if (!best || distance < best.distance) best = { name: r.name, distance };
      }
      const near = best !== null && best.distance <= EMBEDDED_REVERSE_RADIUS_M;
      return { locality: near ? city.name : null, street: near && best ? best.name : null, house: null };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Yandex Geocoder API 1.x

const YandexComponent = z.object({ kind: z.string(), name: z.string() });
const YandexGeoObject = z.object({
  metaDataProperty: z.object({
    GeocoderMetaData: z.object({
      kind: z.optional(z.string()),
      precision: z.optional(z.string()),
      text: z.optional(z.string()),
      Address: z.optional(z.object({ Components: z.array(YandexComponent) })),
    }),
  }),
  Point: z.object({ pos: z.string().check(z.regex(/^-?\d+(\.\d+)?\s+-?\d+(\.\d+)?$/)) }),
});
const YandexAnswer = z.object({
  response: z.object({
    GeoObjectCollection: z.object({
      featureMember: z.array(z.object({ GeoObject: YandexGeoObject })),
    }),
  }),
});
type YandexGeoObject = z.infer<typeof YandexGeoObject>;

export interface YandexGeocoderOptions {
  url: string;
  /** Read per call: a key from the settings may change while the server runs. */
  apiKey: () => Promise<string> | string;
  log: IntegrationLog;
  /** Read per call, like the key: how long one request may take (5 s when absent). */
  timeoutMs?: () => number;
  fetch?: typeof fetch;
}

function parsePos(pos: string): GeoPoint {
  const [lon = NaN, lat = NaN] = pos.trim().split(/\s+/).map(Number);
  if (!Number.isFinite(lon) || !Number.isFinite(lat) || Math.abs(lat) > 90 || Math.abs(lon) > 180)
    throw new GeocoderError();
  return { lat, lon };
}

function components(geo: YandexGeoObject): AddressComponents {
  const list = geo.metaDataProperty.GeocoderMetaData.Address?.Components ?? [];
  const last = (kind: string) => [...list].reverse().find((c) => c.kind === kind)?.name ?? null;
  return { locality: last('locality'), street: last('street'), house: last('house') };
}

export function createYandexGeocoder(options: YandexGeocoderOptions): RemoteGeocoder {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  /**
   * A kept-alive connection the service closes just as a request goes out fails before any answer:
   * the GET is sent once more, within the same deadline. A timeout is not retried.
   */
  async function get(url: URL): Promise<Response> {
    const signal = AbortSignal.timeout(options.timeoutMs?.() ?? 5000);
    try {
      return await doFetch(url, { signal });
    } catch (error) {
      if (signal.aborted) throw error;
      return doFetch(url, { signal });
    }
  }

  /** The parsed answer; throws GeocoderError for an invalid one, Error for HTTP/network failures. */
  async function call(geocode: string, extra: Record<string, string>): Promise<YandexGeoObject[]> {
    const url = new URL(options.url);
    url.searchParams.set('apikey', await options.apiKey());
    url.searchParams.set('geocode', geocode);
    url.searchParams.set('format', 'json');
    url.searchParams.set('lang', 'ru_RU');
    url.searchParams.set('results', '1');
    for (const [k, v] of Object.entries(extra)) url.searchParams.set(k, v);
    const response = await get(url);
    if (!response.ok) throw new Error(`Yandex geocoder answered HTTP ${response.status}`);
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      throw new GeocoderError();
    }
    const parsed = YandexAnswer.safeParse(json);
    if (!parsed.success) throw new GeocoderError();
    return parsed.data.response.GeoObjectCollection.featureMember.map((m) => m.GeoObject);
  }

  async function lookup(query: AddressQuery): Promise<ForwardLookup> {
    const text = [query.cityName, query.street, query.home]
      .map((s) => s.trim())
      .filter((s) => s !== '')
      .join(', ');
    try {
      const first = (await call(text, {}))[0];
      if (!first) {
        options.log.warn({ geocoder: 'yandex', query: text }, 'geocoding: nothing found for the address');
        return { kind: 'not-found' };
      }
      const meta = first.metaDataProperty.GeocoderMetaData;
      const parts = components(first);
      return {
        kind: 'found',
        address: {
          location: parsePos(first.Point.pos),
          precision: meta.kind === 'house' ? 'house' : 'street',
          street: parts.street,
        },
      };
    } catch (error) {
      // PRODUCT.md §8: address-from-text failures are logged and return nothing.
      options.log.warn(
        { geocoder: 'yandex', query: text, err: error instanceof Error ? error.message : String(error) },
        'geocoding: address lookup failed',
      );
      return { kind: 'failed' };
    }
  }

  return {
    name: 'yandex',
    lookup,
    async forward(query) {
      const answer = await lookup(query);
      return answer.kind === 'found' ? answer.address : null;
    },
    async reverse(point) {
      let found: YandexGeoObject[];
      try {
        found = await call(`${point.lon},${point.lat}`, { kind: 'house', sco: 'longlat' });
      } catch (error) {
        options.log.warn(
          { geocoder: 'yandex', point, err: error instanceof Error ? error.message : String(error) },
          'geocoding: reverse lookup failed',
        );
        throw error instanceof GeocoderError ? error : new GeocoderError();
      }
      const first = found[0];
      return first ? components(first) : { locality: null, street: null, house: null };
    },
  };
}

/** `first`, and `fallback` for what `first` does not find (forward) or cannot answer (reverse). */
export function chainGeocoders(first: Geocoder, fallback: Geocoder): Geocoder {
  return {
    name: `${first.name}+${fallback.name}`,
    async forward(query) {
      return (await first.forward(query)) ?? fallback.forward(query);
    },
    async reverse(point, city) {
      const answer = await first.reverse(point, city);
      if (answer.street !== null || answer.locality !== null) return answer;
      return fallback.reverse(point, city);
    },
  };
}
