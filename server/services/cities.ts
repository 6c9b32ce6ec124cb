// Cities and their street reference (GET /city/, GET /cladr/city/:cityIikoId), and the city
// slugs the page routes recognise.
import type { Street } from '../../src/api/contract/cladr.js';
import type { City } from '../../src/api/entities.js';
import type { AppContext } from '../context.js';
import { notFound } from '../http/errors.js';
import { citySlugs, cityExistsByIikoId, listCities, streetsOfCity } from '../repositories/catalog.js';
import { ACCOUNT_MESSAGES } from '../../src/domain/messages.js';

const collator = new Intl.Collator('ru', { numeric: true });

/** The cities in display order. */
export async function cityList(ctx: AppContext): Promise<City[]> {
  const rows = await ctx.db.run(listCities);
  return rows.map((c) => ({
    id: c.id,
    name: c.name,
    slug: c.slug,
    iikoId: c.iikoId,
    cityIn: c.cityIn,
    timeZone: c.timeZone,
  }));
}

/** The city's streets in Russian alphabetical order; 404 'Город не найден' for an unknown city. */
export async function cityStreets(ctx: AppContext, cityIikoId: string): Promise<Street[]> {
  const rows = await ctx.db.run(async (db) => {
    if (!(await cityExistsByIikoId(db, cityIikoId))) return null;
    return streetsOfCity(db, cityIikoId);
  });
  if (rows === null) throw notFound(ACCOUNT_MESSAGES.cityNotFound, 'city-not-found');
  // Russian alphabetical order whatever the database collation is.
  const sorted = [...rows].sort((a, b) => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : 1));
  return sorted.map((s) => ({
    id: s.id,
    cityIikoId: s.cityIikoId,
    name: s.name,
    kind: s.kind,
    location: { lat: s.lat, lon: s.lon },
  }));
}

const SLUGS_MAX_AGE_MS = 30_000;
const SLUGS_RETRY_MS = 5_000;

/** The chain's city slugs, read from the database and cached briefly. */
export function citySlugCache(ctx: AppContext) {
  let slugs: string[] = [];
  let loadedAt = -Infinity;
  let loading: Promise<string[]> | null = null;
  const load = (): Promise<string[]> => {
    loading ??= ctx.db
      .run(citySlugs)
      .then((rows) => {
        slugs = rows;
        loadedAt = Date.now();
        return slugs;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  };
  return {
    async get(): Promise<string[]> {
      return Date.now() - loadedAt > SLUGS_MAX_AGE_MS ? load() : slugs;
    },
    /** Re-reads when the cache is older than a few seconds (a path looked like a new city). */
    async fresher(): Promise<string[] | null> {
      return Date.now() - loadedAt > SLUGS_RETRY_MS ? load() : null;
    },
  };
}
