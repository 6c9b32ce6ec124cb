// Loads what buildPageHead needs for one route, through the services that already cache it
// (catalogue by its version, settings by theirs, overrides by the 'seo' version). The server's
// page rendering calls this, then buildPageHead and renderPageHead.
import type { Page } from '../../src/api/contract/pages.js';
import { INFORMATIONAL_PAGES, matchSiteRoute, type SiteRouteMatch } from '../../src/api/siteRoutes.js';
import type { City } from '../../src/api/entities.js';
import type { AppContext } from '../context.js';
import { findPage } from '../repositories/pages.js';
import { captchaVerifierOf } from '../services/captcha.js';
import { sharedCatalog } from '../services/catalog.js';
import { cityList } from '../services/cities.js';
import { loadSettings } from '../services/settings.js';
import { cachedOverrides } from './overrides.js';
import { buildPageHead, renderPageHead, type PageHead, type PageHeadInput } from './pageHead.js';
import { cityOfSlug } from './site.js';
import { readSeoVersions } from './versions.js';

/**
 * The city whose informational page a route shows: the route's city, or on a plain route the
 * chain's first city (the page the storefront shows before a city is chosen).
 */
function pageCity(cities: readonly City[], route: SiteRouteMatch): City | null {
  return route.city === null ? (cities[0] ?? null) : cityOfSlug(cities, route.city);
}

async function informationalPage(ctx: AppContext, city: City | null, route: SiteRouteMatch): Promise<Page | null> {
  if (city === null || !INFORMATIONAL_PAGES.includes(route.page)) return null;
  const row = await ctx.db.run((db) => findPage(db, city.id, route.page));
  if (!row) return null;
  return {
    slug: row.slug,
    cityId: row.cityId,
    title: row.title,
    body: row.body,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function loadPageHeadInput(ctx: AppContext, route: SiteRouteMatch): Promise<PageHeadInput> {
  const [cities, catalog, settings, versions] = await Promise.all([
    cityList(ctx),
    sharedCatalog(ctx.db, ctx.config.contentVersionMaxAgeMs),
    loadSettings(ctx.db, { captchaProvider: captchaVerifierOf(ctx)?.provider ?? null }),
    ctx.db.run(readSeoVersions),
  ]);
  const [page, overrides] = await Promise.all([
    informationalPage(ctx, pageCity(cities, route), route),
    cachedOverrides(ctx.db, versions.seo.version),
  ]);
  return {
    route,
    cities,
    catalog: catalog.catalog,
    settings: settings.settings,
    page,
    overrides,
    publicUrl: ctx.config.publicUrl,
  };
}

/**
 * The head of a page path ('/angarsk/catalog/pizza'), or null for a path the storefront does not
 * know. One call for the server's page rendering: match, load, build.
 */
export async function pageHeadForPath(
  ctx: AppContext,
  pathname: string,
): Promise<{ head: PageHead; html: string } | null> {
  const cities = await cityList(ctx);
  const route = matchSiteRoute(
    pathname,
    cities.map((c) => c.slug),
  );
  if (route === null) return null;
  const head = buildPageHead(await loadPageHeadInput(ctx, route));
  return { head, html: renderPageHead(head) };
}
