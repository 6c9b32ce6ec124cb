// A city's informational pages as staff edit them. Pages have no version trigger: saving one
// bumps the settings version so open storefronts re-read.
import type { Executor } from '../../db/database.js';
import { cityExists } from '../../repositories/catalog.js';
import { findPage, listPages, upsertPage, type PageRow } from '../../repositories/pages.js';
import { bumpSettingsVersion } from '../../repositories/settings.js';
import { notFound } from '../../http/errors.js';
import type { Page } from '../../../src/api/contract/pages.js';
import type { Actor } from './actor.js';
import { staffEdit } from './staffEdit.js';
import { publishSettings, SETTINGS_MESSAGES } from './settings.js';

function toPage(p: PageRow): Page {
  return { slug: p.slug, cityId: p.cityId, title: p.title, body: p.body, updatedAt: p.updatedAt.toISOString() };
}

export async function listAdminPages(db: Executor, cityId: string | undefined): Promise<Page[]> {
  return (await listPages(db, cityId)).map(toPage);
}

export async function savePage(
  actor: Actor,
  cityId: string,
  slug: string,
  input: { title: string; body: string },
): Promise<Page> {
  return staffEdit(
    actor,
    async (tx, record, now) => {
      if (!(await cityExists(tx, cityId))) throw notFound(SETTINGS_MESSAGES.pageCity, 'city-not-found');
      const before = await findPage(tx, cityId, slug);
      const after = toPage(
        await upsertPage(tx, { slug, cityId, title: input.title, body: input.body, updatedAt: now }),
      );
      await bumpSettingsVersion(tx);
      await record({
        action: 'page.save',
        entity: 'page',
        entityId: `${cityId}/${slug}`,
        before: before ? toPage(before) : null,
        after,
      });
      return after;
    },
    () => publishSettings(actor.ctx),
  );
}
