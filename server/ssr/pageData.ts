// The public data a page is rendered from, read through the same services as the API answers the
// browser would load (GET /setting, /city/, /catalog, /page/{slug}/{cityId}), and the version key
// a rendered page is cached under (docs/SSR.md «Caching»).
import { createHash } from 'node:crypto';
import type { Page } from '../../src/api/contract/pages.js';
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

export interface PageData {
  input: Omit<PageRenderInput, 'pathname' | 'search' | 'match' | 'now'>;
  /** Changes whenever the catalogue, the settings, the pages, the SEO overrides or the cities change. */
  version: string;
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

export async function pageData(ctx: AppContext, match: SiteRouteMatch | null): Promise<PageData> {
  const [catalog, settings, cities, seo] = await Promise.all([
    sharedCatalog(ctx.db, ctx.config.contentVersionMaxAgeMs),
    loadStorefrontSettings(ctx),
    cityList(ctx),
    ctx.db.run(readSeoVersions),
  ]);
  const routeCity = match?.city ?? null;
  const cityId =
    routeCity !== null
      ? (cities.find((c) => c.slug === routeCity)?.id ?? null)
      : defaultCityId(settings.settings.ANGARSK_ID, cities);
  const citiesJson = JSON.stringify(cities);
  const version = createHash('sha256')
    .update(`${catalog.etag}|${settings.etag}|${settings.version}|${versionKey(seo)}|${citiesJson}`)
    .digest('base64url')
    .slice(0, 22);
  return {
    input: {
      settings: settings.settings,
      cities,
      catalog: catalog.catalog,
      catalogVersion: null,
      cityId,
      ...(await infoPage(ctx, match, cityId)),
    },
    version,
  };
}
