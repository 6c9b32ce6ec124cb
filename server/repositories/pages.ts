// Informational pages of a city (table pages, migration 0001).
import { and, eq } from 'drizzle-orm';
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
