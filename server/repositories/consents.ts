// Personal-data consents (table personal_data_consents, migration 0105) and the /legal text they
// refer to (table pages, slug 'legal').
import { asc, desc, eq } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { pages } from '../db/schema/catalog.js';
import { personalDataConsents } from '../db/schema/consents.js';

export type ConsentRow = typeof personalDataConsents.$inferSelect;

/** Every city's /legal page, in a fixed order (what the version hash is taken over). */
export async function legalPages(db: Executor): Promise<{ cityId: string; title: string; body: string }[]> {
  return db
    .select({ cityId: pages.cityId, title: pages.title, body: pages.body })
    .from(pages)
    .where(eq(pages.slug, 'legal'))
    .orderBy(asc(pages.cityId));
}

export async function lastConsent(db: Executor, userId: string): Promise<ConsentRow | undefined> {
  return (
    await db
      .select()
      .from(personalDataConsents)
      .where(eq(personalDataConsents.userId, userId))
      .orderBy(desc(personalDataConsents.givenAt), desc(personalDataConsents.id))
      .limit(1)
  )[0];
}

export async function insertConsent(
  db: Executor,
  row: { userId: string; givenAt: Date; channel: ConsentRow['channel']; legalVersion: string },
): Promise<ConsentRow> {
  const [inserted] = await db.insert(personalDataConsents).values(row).returning();
  if (inserted === undefined) throw new Error('consent not stored');
  return inserted;
}
