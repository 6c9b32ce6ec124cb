// sitemap.xml: every public page of every city (index, catalogue, sections, products and the
// informational pages the city has), lastmod from the content versions. Past `limit` URLs
// (sitemaps.org allows 50,000 per file) /sitemap.xml becomes a sitemap index of per-city files
// /sitemaps/<city>-<n>.xml, each at most `limit` URLs.
import type { Catalog, City } from '../../src/api/entities.js';
import { PAGE_SLUGS } from '../../src/api/contract/pages.js';
import { escapeXml } from './escape.js';
import { absoluteUrl, cityPrefix, menuSectionsOf, productPath, sectionPath } from './site.js';
import type { SeoVersions } from './versions.js';

export const SITEMAP_LIMIT = 50_000;

export interface SitemapUrl {
  path: string;
  /** ISO time. */
  lastmod: string;
}

export interface SitemapSource {
  publicUrl: string;
  cities: readonly City[];
  catalog: Catalog;
  /** Each city's informational pages: slug and last change. */
  pages: readonly { cityId: string; slug: string; updatedAt: string }[];
  versions: SeoVersions;
}

const latest = (...times: string[]): string => times.reduce((a, b) => (a > b ? a : b));

/** The chain's city-less index, then each city's pages in menu order. Keyed by file group. */
export function sitemapUrls(source: SitemapSource): { group: string; urls: SitemapUrl[] }[] {
  const { versions } = source;
  const menuTime = latest(versions.catalog.updatedAt, versions.seo.updatedAt);
  const indexTime = latest(menuTime, versions.settings.updatedAt);
  const sections = menuSectionsOf(source.catalog);
  const groups = [{ group: 'main', urls: [{ path: '/', lastmod: indexTime }] }];
  for (const city of source.cities) {
    const urls: SitemapUrl[] = [
      { path: cityPrefix(city), lastmod: indexTime },
      { path: `${cityPrefix(city)}/catalog`, lastmod: menuTime },
    ];
    for (const s of sections) {
      urls.push({ path: sectionPath(city, s.group), lastmod: menuTime });
      for (const p of s.products) urls.push({ path: productPath(city, s.group, p), lastmod: menuTime });
    }
    for (const slug of PAGE_SLUGS) {
      const page = source.pages.find((p) => p.cityId === city.id && p.slug === slug);
      if (page)
        urls.push({ path: `${cityPrefix(city)}/${slug}`, lastmod: latest(page.updatedAt, versions.seo.updatedAt) });
    }
    groups.push({ group: city.slug, urls });
  }
  return groups;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function urlset(publicUrl: string, urls: readonly SitemapUrl[]): string {
  const body = urls
    .map((u) => `<url><loc>${escapeXml(absoluteUrl(publicUrl, u.path))}</loc><lastmod>${u.lastmod}</lastmod></url>`)
    .join('\n');
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${body}\n</urlset>\n`;
}

export interface SitemapFiles {
  /** What /sitemap.xml answers: the one urlset, or the index of the files below. */
  root: string;
  /** '/sitemaps/angarsk-1.xml' → its urlset; empty while one file holds everything. */
  files: Map<string, string>;
}

export function buildSitemaps(source: SitemapSource, limit = SITEMAP_LIMIT): SitemapFiles {
  const groups = sitemapUrls(source);
  const all = groups.flatMap((g) => g.urls);
  if (all.length <= limit) return { root: urlset(source.publicUrl, all), files: new Map() };
  const files = new Map<string, string>();
  const entries: { path: string; lastmod: string }[] = [];
  for (const g of groups) {
    for (let start = 0, n = 1; start < g.urls.length; start += limit, n += 1) {
      const chunk = g.urls.slice(start, start + limit);
      const path = `/sitemaps/${g.group}-${n}.xml`;
      files.set(path, urlset(source.publicUrl, chunk));
      entries.push({ path, lastmod: chunk.map((u) => u.lastmod).reduce((a, b) => latest(a, b)) });
    }
  }
  const body = entries
    .map(
      (e) =>
        `<sitemap><loc>${escapeXml(absoluteUrl(source.publicUrl, e.path))}</loc><lastmod>${e.lastmod}</lastmod></sitemap>`,
    )
    .join('\n');
  return { root: `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${body}\n</sitemapindex>\n`, files };
}
