// Operators' titles and descriptions of pages (table seo_overrides), read for every head and
// edited in /admin (routes/admin/seo.ts), every change in the audit log. Paths are normalised so that '/Angarsk/about/' and
// '/angarsk/about' are one row.
import type { AppContext } from '../context.js';
import type { Database, Executor } from '../db/database.js';
import { unprocessable } from '../http/errors.js';
import {
  deleteOverrideRow,
  findOverrideRow,
  listOverrideRows,
  upsertOverrideRow,
  type SeoOverrideStored,
} from '../repositories/seoOverrides.js';
import {
  SEO_MESSAGES,
  seoDescriptionTooLongMessage,
  seoTitleTooLongMessage,
} from '../../src/api/contract/admin/messages.js';
import { audit } from '../services/admin/audit.js';
import type { StaffPrincipal } from '../services/admin/staffSessions.js';
import type { SeoOverride } from './pageHead.js';

export const OVERRIDE_TITLE_MAX = 200;
export const OVERRIDE_DESCRIPTION_MAX = 500;
const PATH_MAX = 500;

export interface SeoOverrideRow extends SeoOverride {
  updatedAt: string;
}

/** '/angarsk/about/' → '/angarsk/about'; null for a path that cannot be a storefront page. */
export function normalizeOverridePath(raw: string): string | null {
  let path = raw.trim();
  try {
    const url = new URL(path, 'http://x');
    path = url.pathname;
  } catch {
    return null;
  }
  if (!path.startsWith('/') || path.length > PATH_MAX) return null;
  if (path.length > 1) path = path.replace(/\/+$/, '');
  if (path.includes('//') || path === '/admin' || path.startsWith('/admin/') || path.startsWith('/api/')) return null;
  return path;
}

function blankToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

export async function listOverrides(db: Executor): Promise<SeoOverrideRow[]> {
  return (await listOverrideRows(db)).map(toRow);
}

function toRow(r: SeoOverrideStored): SeoOverrideRow {
  return { path: r.path, title: r.title, description: r.description, updatedAt: r.updatedAt.toISOString() };
}

const cache = new WeakMap<Database, { version: number; rows: SeoOverride[] }>();

/** The overrides, re-read only when the 'seo' content version moved. */
export async function cachedOverrides(database: Database, version: number): Promise<SeoOverride[]> {
  const known = cache.get(database);
  if (known?.version === version) return known.rows;
  const rows = await database.run(listOverrides);
  cache.set(database, { version, rows });
  return rows;
}

/**
 * Saves a page's override; both fields empty removes it. 422 with a Russian message for a path
 * that is no storefront page or a text over its limit.
 */
export async function saveOverride(
  { ctx, ip, staff }: { ctx: AppContext; ip: string; staff: StaffPrincipal },
  input: { path: string; title?: string | null | undefined; description?: string | null | undefined },
): Promise<SeoOverrideRow | null> {
  const path = normalizeOverridePath(input.path);
  if (path === null) throw unprocessable(SEO_MESSAGES.notStorefrontPath, 'seo-path');
  const title = blankToNull(input.title);
  const description = blankToNull(input.description);
  if (title !== null && title.length > OVERRIDE_TITLE_MAX)
    throw unprocessable(seoTitleTooLongMessage(OVERRIDE_TITLE_MAX), 'seo-title-too-long');
  if (description !== null && description.length > OVERRIDE_DESCRIPTION_MAX)
    throw unprocessable(seoDescriptionTooLongMessage(OVERRIDE_DESCRIPTION_MAX), 'seo-description-too-long');
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const before = await findOverrideRow(tx, path);
    let after: SeoOverrideRow | null = null;
    if (title === null && description === null) {
      await deleteOverrideRow(tx, path);
    } else {
      after = toRow(await upsertOverrideRow(tx, { path, title, description }, now));
    }
    await audit(
      tx,
      staff,
      ip,
      { action: 'seo.save', entity: 'seo', entityId: path, before: before ? toRow(before) : null, after },
      now,
    );
    return after;
  });
}
