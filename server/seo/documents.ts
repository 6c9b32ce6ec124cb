// robots.txt, the sitemaps and the Yandex feed, generated from the database and kept per process
// until a content version they read moves (catalog, settings, pages, seo: versions.ts), so a
// menu edit in /admin shows in the next request. Each document carries a strong ETag.
import type { AppContext } from '../context.js';
import type { Database, Executor } from '../db/database.js';
import { listPages } from '../repositories/pages.js';
import { loadStorefrontSettings } from '../services/storefrontSettings.js';
import { sharedCatalog, strongEtag } from '../services/catalog.js';
import { cityList } from '../services/cities.js';
import { robotsTxt } from './robots.js';
import { SITEMAP_LIMIT, buildSitemaps, type SitemapFiles } from './sitemap.js';
import { readSeoVersions, versionKey, type SeoVersions } from './versions.js';
import { yandexFeed } from './yandexFeed.js';

export const XML_TYPE = 'application/xml; charset=utf-8';
export const TEXT_TYPE = 'text/plain; charset=utf-8';

export interface SeoDocument {
  body: string;
  etag: string;
  contentType: string;
}

const documentOf = (body: string, contentType: string): SeoDocument => ({ body, etag: strongEtag(body), contentType });

/** Every city's pages by city and slug, with when each last changed (the sitemap's lastmod). */
async function pageStamps(db: Executor) {
  const rows = await listPages(db);
  return rows.map((r) => ({ cityId: r.cityId, slug: r.slug, updatedAt: r.updatedAt.toISOString() }));
}

interface Built {
  key: string;
  robots?: SeoDocument;
  sitemaps?: { root: SeoDocument; files: Map<string, SeoDocument> };
  feed?: SeoDocument;
}
const caches = new WeakMap<Database, Built>();

export interface SeoDocuments {
  robots(): Promise<SeoDocument>;
  /** '/sitemap.xml' or a '/sitemaps/…' file; null for a file the current sitemaps do not have. */
  sitemap(path: string): Promise<SeoDocument | null>;
  yandexFeed(): Promise<SeoDocument>;
}

/** `sitemapLimit`: URLs per sitemap file (50,000 by the protocol; tests lower it). */
export function seoDocuments(ctx: AppContext, options: { sitemapLimit?: number } = {}): SeoDocuments {
  const limit = options.sitemapLimit ?? SITEMAP_LIMIT;

  /** The cache slot of the current versions (a new empty one when any moved). */
  async function current(): Promise<{ slot: Built; versions: SeoVersions }> {
    const versions = await ctx.db.run(readSeoVersions);
    const key = `${versionKey(versions)}|${ctx.config.publicUrl}|${limit}`;
    let slot = caches.get(ctx.db);
    if (slot?.key !== key) {
      slot = { key };
      caches.set(ctx.db, slot);
    }
    return { slot, versions };
  }

  const catalog = async () => (await sharedCatalog(ctx.db, 0)).catalog;
  const settings = async () => (await loadStorefrontSettings(ctx)).settings;

  return {
    async robots() {
      const { slot } = await current();
      slot.robots ??= documentOf(robotsTxt(ctx.config.publicUrl, await cityList(ctx)), TEXT_TYPE);
      return slot.robots;
    },
    async sitemap(path) {
      const { slot, versions } = await current();
      if (!slot.sitemaps) {
        const [cities, menu, pageRows] = await Promise.all([cityList(ctx), catalog(), ctx.db.run(pageStamps)]);
        const built: SitemapFiles = buildSitemaps(
          { publicUrl: ctx.config.publicUrl, cities, catalog: menu, pages: pageRows, versions },
          limit,
        );
        slot.sitemaps = {
          root: documentOf(built.root, XML_TYPE),
          files: new Map([...built.files].map(([p, body]) => [p, documentOf(body, XML_TYPE)])),
        };
      }
      return path === '/sitemap.xml' ? slot.sitemaps.root : (slot.sitemaps.files.get(path) ?? null);
    },
    async yandexFeed() {
      const { slot, versions } = await current();
      if (!slot.feed) {
        const [menu, all] = await Promise.all([catalog(), settings()]);
        const date =
          versions.catalog.updatedAt > versions.seo.updatedAt ? versions.catalog.updatedAt : versions.seo.updatedAt;
        slot.feed = documentOf(
          yandexFeed({ publicUrl: ctx.config.publicUrl, catalog: menu, settings: all, date }),
          XML_TYPE,
        );
      }
      return slot.feed;
    },
  };
}
