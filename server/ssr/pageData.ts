// The public data a page is rendered from, read through the same services as the API answers the
// browser would load (GET /setting, /city/, /catalog, /page/{slug}/{cityId}), and the version key
// a rendered page is cached under (docs/SSR.md «Caching»).
import { createHash } from 'node:crypto';
import type { Page } from '../../src/api/contract/pages.js';
import type { Catalog, City, Settings } from '../../src/api/entities.js';
import type { PageRenderInput } from '../../src/api/pageRender.js';
import { INFORMATIONAL_PAGES, type SiteRouteMatch } from '../../src/api/siteRoutes.js';
import { defaultCityId } from '../../src/domain/siteDefaults.js';
import type { AppContext } from '../context.js';
import { HttpError } from '../http/errors.js';
import { loadStorefrontSettings } from '../services/storefrontSettings.js';
import { sharedCatalog } from '../services/catalog.js';
import { cityList } from '../services/cities.js';
import { cityPage } from '../services/pages.js';
import { readSeoVersions, versionKey } from '../seo/versions.js';
import { trustedRead } from '../services/trustedRead.js';

export interface PageData {
  /** Changes whenever the catalogue, the settings, the pages, the SEO overrides or the cities change. */
  version: string;
  /** The page's city: the address's, or the default one on a plain address. */
  cityId: string | null;
  timeZone: string | null;
  /** What the page is rendered from; read only when the page is not cached. */
  input(): Promise<Omit<PageRenderInput, 'pathname' | 'search' | 'match' | 'now'>>;
}

type PageAnswer = { page: Page | null; pageFailure: { status: number; message: string } | null };

async function infoPage(ctx: AppContext, match: SiteRouteMatch | null, cityId: string | null): Promise<PageAnswer> {
  if (match === null || cityId === null || !INFORMATIONAL_PAGES.includes(match.page))
    return { page: null, pageFailure: null };
  try {
    return { page: await cityPage(ctx, cityId, match.page), pageFailure: null };
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404)
      return { page: null, pageFailure: { status: 404, message: error.message } };
    throw error;
  }
}

interface SharedData {
  catalog: Catalog;
  settings: Settings;
  cities: City[];
  version: string;
}

async function readShared(ctx: AppContext): Promise<SharedData> {
  const [catalog, settings, cities, seo] = await Promise.all([
    sharedCatalog(ctx.db, ctx.config.contentVersionMaxAgeMs),
    loadStorefrontSettings(ctx),
    cityList(ctx),
    ctx.db.run(readSeoVersions),
  ]);
  const version = createHash('sha256')
    .update(`${catalog.etag}|${settings.etag}|${settings.version}|${versionKey(seo)}|${JSON.stringify(cities)}`)
    .digest('base64url')
    .slice(0, 22);
  return { catalog: catalog.catalog, settings: settings.settings, cities, version };
}

/**
 * The shared data and its version, trusted for the content-version window: a cached page is then
 * answered with no database read (each read was a round trip of its own).
 */
const sharedReads = new WeakMap<AppContext, () => Promise<SharedData>>();

export async function pageData(ctx: AppContext, match: SiteRouteMatch | null): Promise<PageData> {
  let read = sharedReads.get(ctx);
  if (read === undefined) {
    read = trustedRead(ctx.config.contentVersionMaxAgeMs, () => readShared(ctx));
    sharedReads.set(ctx, read);
  }
  const { catalog, settings, cities, version } = await read();
  const routeCity = match?.city ?? null;
  const cityId =
    routeCity !== null
      ? (cities.find((c) => c.slug === routeCity)?.id ?? null)
      : defaultCityId(settings.ANGARSK_ID, cities);
  return {
    version,
    cityId,
    timeZone: cities.find((c) => c.id === cityId)?.timeZone ?? null,
    input: async () => ({
      settings,
      cities,
      catalog,
      catalogVersion: null,
      cityId,
      ...(await infoPage(ctx, match, cityId)),
    }),
  };
}
