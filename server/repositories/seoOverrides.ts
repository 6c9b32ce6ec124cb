// Operators' titles and descriptions of pages (table seo_overrides), one row per normalised path.
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { seoOverrides } from '../db/schema/seo.js';

export type SeoOverrideStored = typeof seoOverrides.$inferSelect;

export function listOverrideRows(db: Executor): Promise<SeoOverrideStored[]> {
  return db.select().from(seoOverrides).orderBy(asc(seoOverrides.path));
}

export async function findOverrideRow(db: Executor, path: string): Promise<SeoOverrideStored | undefined> {
  return (await db.select().from(seoOverrides).where(eq(seoOverrides.path, path)).limit(1))[0];
}

export async function deleteOverrideRow(tx: Executor, path: string): Promise<void> {
  await tx.delete(seoOverrides).where(eq(seoOverrides.path, path));
}

/** Writes the page's texts, replacing any it had, and answers the row. */
export async function upsertOverrideRow(
  tx: Executor,
  row: { path: string; title: string | null; description: string | null },
  now: Date,
): Promise<SeoOverrideStored> {
  const [stored] = await tx
    .insert(seoOverrides)
    .values({ ...row, updatedAt: now })
    .onConflictDoUpdate({
      target: seoOverrides.path,
      set: { title: row.title, description: row.description, updatedAt: now },
    })
    .returning();
  if (!stored) throw new Error('seo override upsert returned nothing');
  return stored;
}
