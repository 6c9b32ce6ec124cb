// The content versions the SEO outputs are built from, with when each last changed: the key of
// every cache here and the sitemap's lastmod (docs/SEO.md «Caching»).
import type { Executor } from '../db/database.js';
import { contentVersionRows } from '../repositories/contentVersions.js';

export const SEO_SOURCES = ['catalog', 'settings', 'pages', 'seo'] as const;
export type SeoSource = (typeof SEO_SOURCES)[number];

export interface ContentStamp {
  version: number;
  /** ISO time of the last change. */
  updatedAt: string;
}

export type SeoVersions = Record<SeoSource, ContentStamp>;

export async function readSeoVersions(db: Executor): Promise<SeoVersions> {
  const rows = await contentVersionRows(db, SEO_SOURCES);
  const stamp = (name: SeoSource): ContentStamp => {
    const row = rows.find((r) => r.name === name);
    return { version: row?.version ?? 0, updatedAt: (row?.updatedAt ?? new Date(0)).toISOString() };
  };
  return { catalog: stamp('catalog'), settings: stamp('settings'), pages: stamp('pages'), seo: stamp('seo') };
}

/** One string naming every version: equal keys, equal outputs. */
export function versionKey(versions: SeoVersions): string {
  return SEO_SOURCES.map((s) => `${s}:${versions[s].version}`).join('/');
}
