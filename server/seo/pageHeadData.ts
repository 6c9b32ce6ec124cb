// Loads what buildPageHead needs for one route, through the services that already cache it
// (catalogue by its version, settings by theirs, overrides by the 'seo' version). The server's
// page rendering calls this, then buildPageHead and renderPageHead.
import type { Page } from '../../src/api/contract/pages.js';
import { INFORMATIONAL_PAGES, matchSiteRoute, type SiteRouteMatch } from '../../src/api/siteRoutes.js';
import type { City } from '../../src/api/entities.js';
import { defaultCityId } from '../../src/domain/siteDefaults.js';
import type { AppContext } from '../context.js';
import type { Database } from '../db/database.js';
import { findPage } from '../repositories/pages.js';
import { loadStorefrontSettings } from '../services/storefrontSettings.js';
import { sharedCatalog } from '../services/catalog.js';
import { cityList } from '../services/cities.js';
import { cachedOverrides } from './overrides.js';
import { buildPageHead, renderPageHead, type PageHead, type PageHeadInput } from './pageHead.js';
import { cityOfSlug } from './site.js';
import { readSeoVersions, versionKey, type SeoVersions } from './versions.js';

/**
 * The city whose informational page a route shows: the route's city, or on a plain route the
 * default city, as the server's rendering and a first visit's session choose it.
 */
function pageCity(cities: readonly City[], route: SiteRouteMatch, settingId: string): City | null {
  if (route.city !== null) return cityOfSlug(cities, route.city);
  const id = defaultCityId(settingId, cities);
  return cities.find((c) => c.id === id) ?? null;
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

/** `known`: what the caller already read (pageHeadForPath), so it is not read twice. */
export async function loadPageHeadInput(
  ctx: AppContext,
  route: SiteRouteMatch,
  known: { cities?: City[]; versions?: SeoVersions } = {},
): Promise<PageHeadInput> {
  const [cities, catalog, settings, versions] = await Promise.all([
    known.cities ?? cityList(ctx),
    // max age 0: a head cached under the versions just read must not be built from an older menu
    sharedCatalog(ctx.db, 0),
    loadStorefrontSettings(ctx),
    known.versions ?? ctx.db.run(readSeoVersions),
  ]);
  const [page, overrides] = await Promise.all([
    informationalPage(ctx, pageCity(cities, route, settings.settings.ANGARSK_ID), route),
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

interface HeadCache {
  key: string;
  cities: City[];
  heads: Map<string, RenderedHead | null>;
}
export interface RenderedHead {
  head: PageHead;
  html: string;
}
const headCaches = new WeakMap<Database, HeadCache>();
/** Distinct paths kept per content version: every page of a large menu in a few cities. */
const MAX_HEADS = 5000;

/**
 * The head of a page path ('/angarsk/catalog/pizza'), or null for a path the storefront does not
 * know. One call for the server's page rendering: match, load, build, render. Kept per path
 * until a content version moves (one small query per call), so a page view costs no rebuild.
 */
export async function pageHeadForPath(ctx: AppContext, pathname: string): Promise<RenderedHead | null> {
  const versions = await ctx.db.run(readSeoVersions);
  const key = `${versionKey(versions)}|${ctx.config.publicUrl}`;
  let cache = headCaches.get(ctx.db);
  if (cache?.key !== key) {
    cache = { key, cities: await cityList(ctx), heads: new Map() };
    headCaches.set(ctx.db, cache);
  }
  const known = cache.heads.get(pathname);
  if (known !== undefined) return known;
  const route = matchSiteRoute(
    pathname,
    cache.cities.map((c) => c.slug),
  );
  let rendered: RenderedHead | null = null;
  if (route !== null) {
    const head = buildPageHead(await loadPageHeadInput(ctx, route, { cities: cache.cities, versions }));
    rendered = { head, html: renderPageHead(head) };
  }
  if (cache.heads.size >= MAX_HEADS) cache.heads.clear();
  cache.heads.set(pathname, rendered);
  return rendered;
}
