// Cache of Yandex geocoder answers (table geocode_cache, an LRU per process in front).
// See docs/CHECKOUT.md «Geocoding».
import type { AppContext } from '../context.js';
import { findGeocodeAnswer, saveGeocodeAnswer, sweepGeocodeAnswers } from '../repositories/geocodeCache.js';
import type { AddressQuery, ForwardLookup, GeocodedAddress, RemoteGeocoder } from '../integrations/geocoder.js';
import { takeRequest, type RateLimit } from './rateLimit.js';

const DAY_MS = 86_400_000;

export const GEOCODE_CACHE_TTL = { foundMs: 7 * DAY_MS, notFoundMs: DAY_MS } as const;

/** Addresses kept in each process's memory (a few hundred bytes each). */
export const GEOCODE_MEMORY_ENTRIES = 2000;

/** Answers worth keeping: a point, or the geocoder's word that there is none. */
type KeptAnswer = GeocodedAddress | null;

interface MemoryEntry {
  answer: KeptAnswer;
  lookedUpAt: number;
}

interface ProcessCache {
  entries: Map<string, MemoryEntry>;
  inFlight: Map<string, Promise<ForwardLookup>>;
}

const caches = new WeakMap<AppContext, ProcessCache>();

function processCache(ctx: AppContext): ProcessCache {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = { entries: new Map(), inFlight: new Map() };
    caches.set(ctx, cache);
  }
  return cache;
}

function fold(text: string): string {
  return text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[.,;:«»"()]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** 'Ангарск', ' Улица  Карла Маркса ', '10' → 'ангарск, улица карла маркса, 10'. */
export function addressCacheKey(query: Pick<AddressQuery, 'cityName' | 'street' | 'home'>): string {
  // fold() removes commas, so ', ' between the parts cannot be confused with one inside a part.
  return [fold(query.cityName), fold(query.street), fold(query.home)].join(', ');
}

const isFresh = (answer: KeptAnswer, lookedUpAt: number, now: number): boolean =>
  now - lookedUpAt < (answer === null ? GEOCODE_CACHE_TTL.notFoundMs : GEOCODE_CACHE_TTL.foundMs);

function remember(cache: ProcessCache, key: string, entry: MemoryEntry): void {
  // A Map iterates in insertion order: re-inserting on use makes the first key the least recent.
  cache.entries.delete(key);
  cache.entries.set(key, entry);
  if (cache.entries.size > GEOCODE_MEMORY_ENTRIES) {
    const oldest = cache.entries.keys().next();
    if (!oldest.done) cache.entries.delete(oldest.value);
  }
}

async function readStored(ctx: AppContext, key: string): Promise<MemoryEntry | null> {
  const row = await ctx.db.run((db) => findGeocodeAnswer(db, key));
  if (!row) return null;
  const answer: KeptAnswer =
    row.lat !== null && row.lon !== null && row.precision !== null
      ? { location: { lat: row.lat, lon: row.lon }, precision: row.precision, street: row.street }
      : null;
  return { answer, lookedUpAt: row.lookedUpAt.getTime() };
}

async function store(ctx: AppContext, key: string, entry: MemoryEntry): Promise<void> {
  const at = new Date(entry.lookedUpAt);
  const values = {
    address: key,
    lat: entry.answer?.location.lat ?? null,
    lon: entry.answer?.location.lon ?? null,
    precision: entry.answer?.precision ?? null,
    street: entry.answer?.street ?? null,
    lookedUpAt: at,
  };
  await ctx.db.transaction(async (tx) => {
    await sweepGeocodeAnswers(
      tx,
      new Date(entry.lookedUpAt - GEOCODE_CACHE_TTL.foundMs),
      new Date(entry.lookedUpAt - GEOCODE_CACHE_TTL.notFoundMs),
    );
    await saveGeocodeAnswer(tx, values);
  });
}

export interface GeocodeBudget {
  limit: RateLimit;
  keys: readonly string[];
}

/**
 * The geocoder's answer for the address: from memory, from the table, or (counted against
 * `budget` when given) from the geocoder itself. 'failed' when the geocoder could not answer or
 * the budget is spent. Call outside transactions.
 */
export async function cachedLookup(
  ctx: AppContext,
  geocoder: RemoteGeocoder,
  query: AddressQuery,
  budget: GeocodeBudget | null,
): Promise<ForwardLookup> {
  const key = addressCacheKey(query);
  const cache = processCache(ctx);
  const now = ctx.clock.now().getTime();
  const asLookup = (answer: KeptAnswer): ForwardLookup =>
    answer === null ? { kind: 'not-found' } : { kind: 'found', address: answer };

  const inMemory = cache.entries.get(key);
  if (inMemory && isFresh(inMemory.answer, inMemory.lookedUpAt, now)) {
    remember(cache, key, inMemory);
    return asLookup(inMemory.answer);
  }
  if (inMemory) cache.entries.delete(key);
  const stored = await readStored(ctx, key);
  if (stored && isFresh(stored.answer, stored.lookedUpAt, now)) {
    remember(cache, key, stored);
    return asLookup(stored.answer);
  }

  const shared = cache.inFlight.get(key);
  if (shared) return shared;
  if (budget && (await takeRequest(ctx, budget.limit, budget.keys)) > 0) return { kind: 'failed' };
  // Checked again: the budget's transaction may have let another request's call start.
  const started = cache.inFlight.get(key);
  if (started) return started;

  const call = (async (): Promise<ForwardLookup> => {
    const answer = await geocoder.lookup(query);
    if (answer.kind === 'failed') return answer;
    const entry = { answer: answer.kind === 'found' ? answer.address : null, lookedUpAt: ctx.clock.now().getTime() };
    remember(cache, key, entry);
    await store(ctx, key, entry);
    return answer;
  })();
  cache.inFlight.set(key, call);
  try {
    return await call;
  } finally {
    cache.inFlight.delete(key);
  }
}
