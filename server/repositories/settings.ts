// The stored settings rows (table settings, migration 0001) and the settings version that the
// triggers of migration 0001 bump on settings, cities, restaurants and delivery_zones.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { settings } from '../db/schema/catalog.js';
import { anyRow } from './rows.js';

export type SettingRow = typeof settings.$inferSelect;
/** What a setting row that does not exist yet is created with, besides its value. */
export type SettingMetadata = Pick<SettingRow, 'title' | 'type' | 'widget'> & { description?: string };

/**
 * Stored setting values by name. Read as text and parsed here: Drizzle's jsonb reader parses a
 * JSON string value a second time (the string '1' would come back as the number 1).
 */
export async function readStoredSettings(db: Executor, names?: string[]): Promise<Record<string, unknown>> {
  const result = await db.execute(
    names === undefined
      ? sql`select name, value::text as value from settings`
      : sql`select name, value::text as value from settings where name in ${
          names.length > 0
            ? sql`(${sql.join(
                names.map((n) => sql`${n}`),
                sql`, `,
              )})`
            : sql`(null)`
        }`,
  );
  const out: Record<string, unknown> = {};
  for (const row of (result as unknown as { rows: { name: string; value: string }[] }).rows)
    out[row.name] = JSON.parse(row.value);
  return out;
}

/** The named rows' values as the settings table's column reader gives them. */
export async function settingColumnValues(db: Executor, names: readonly string[]): Promise<Record<string, unknown>> {
  const rows = await db
    .select({ name: settings.name, value: settings.value })
    .from(settings)
    .where(inArray(settings.name, [...names]));
  return Object.fromEntries(rows.map((r) => [r.name, r.value]));
}

/** Every setting row in the admin area's order. */
export function listSettingRows(db: Executor): Promise<SettingRow[]> {
  return db.select().from(settings).orderBy(asc(settings.position), asc(settings.name));
}

export async function findSettingRow(db: Executor, name: string): Promise<SettingRow | undefined> {
  return (await db.select().from(settings).where(eq(settings.name, name)).limit(1))[0];
}

/** Stores a value in an existing row (jsonb written from its JSON text, so strings stay strings). */
export async function writeSetting(tx: Executor, name: string, value: unknown, now: Date): Promise<void> {
  await tx.execute(
    sql`update settings set value = ${JSON.stringify(value)}::jsonb, updated_at = ${now.toISOString()}::timestamptz where name = ${name}`,
  );
}

/** Stores a value, creating the row with `metadata` when there is none yet. */
export async function saveSetting(
  tx: Executor,
  name: string,
  value: unknown,
  now: Date,
  metadata: SettingMetadata,
): Promise<void> {
  if (await anyRow(tx, settings, eq(settings.name, name))) await writeSetting(tx, name, value, now);
  else await tx.insert(settings).values({ name, ...metadata, value, updatedAt: now });
}

/** Raises the settings version by hand, for content without a version trigger (pages). */
export async function bumpSettingsVersion(tx: Executor): Promise<void> {
  await tx.execute(sql`update content_versions set version = version + 1, updated_at = now() where name = 'settings'`);
}
