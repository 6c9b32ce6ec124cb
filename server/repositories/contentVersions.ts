// The content versions (content_versions, bumped by triggers): those a checkout's reference data
// depends on, read as one fixed statement (POST /order reads them on every order), and those the
// SEO outputs are built from (server/seo/versions.ts).
import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { contentVersions } from '../db/schema/catalog.js';

/** The content_versions rows the reference data depends on. */
export const REFERENCE_VERSIONS = ['settings', 'catalog', 'promotions'] as const;

/** SQL list of REFERENCE_VERSIONS, for a caller that reads the versions within its own statement. */
export const REFERENCE_VERSION_NAMES = sql.raw(REFERENCE_VERSIONS.map((n) => `'${n}'`).join(', '));

/** The REFERENCE_VERSIONS rows there are, versions as text. */
export async function referenceVersionRows(db: Executor): Promise<{ name: string; version: string }[]> {
  const result = await db.execute<{ name: string; version: string }>(
    sql`select name, version::text as version from content_versions where name in (${REFERENCE_VERSION_NAMES})`,
  );
  return result.rows;
}

export type ContentVersionRow = typeof contentVersions.$inferSelect;

/** The rows of these content versions there are, with when each last moved (the SEO outputs' key). */
export function contentVersionRows(db: Executor, names: readonly string[]): Promise<ContentVersionRow[]> {
  return db
    .select()
    .from(contentVersions)
    .where(inArray(contentVersions.name, [...names]));
}
