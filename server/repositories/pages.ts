// Informational pages of a city (table pages, migration 0001).
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { pages } from '../db/schema/catalog.js';

export type PageRow = typeof pages.$inferSelect;

export async function findPage(db: Executor, cityId: string, slug: string): Promise<PageRow | undefined> {
  return (
    await db
      .select()
      .from(pages)
      .where(and(eq(pages.slug, slug), eq(pages.cityId, cityId)))
      .limit(1)
  )[0];
}

/** The pages of one city, or of every city by city, by slug. */
export function listPages(db: Executor, cityId?: string): Promise<PageRow[]> {
  return db
    .select()
    .from(pages)
    .where(cityId ? eq(pages.cityId, cityId) : undefined)
    .orderBy(asc(pages.cityId), asc(pages.slug));
}

/** Writes the page's title and body, creating it when there is none. */
export async function upsertPage(
  tx: Executor,
  page: { slug: string; cityId: string; title: string; body: string; updatedAt: Date },
): Promise<PageRow> {
  const row = (
    await tx
      .insert(pages)
      .values(page)
      .onConflictDoUpdate({
        target: [pages.slug, pages.cityId],
        set: { title: page.title, body: page.body, updatedAt: page.updatedAt },
      })
      .returning()
  )[0];
  if (!row) throw new Error('page upsert returned nothing');
  return row;
}
