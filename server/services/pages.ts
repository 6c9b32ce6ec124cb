// Informational pages of a city (GET /page/:slug/:cityId).
import type { Page } from '../../src/api/contract/pages.js';
import type { AppContext } from '../context.js';
import { notFound } from '../http/errors.js';
import { cityExists } from '../repositories/catalog.js';
import { findPage } from '../repositories/pages.js';
import { ACCOUNT_MESSAGES } from '../../src/domain/messages.js';

/** 404 'Город не найден' for an unknown city, 'Страница не найдена' for a page it lacks. */
export async function cityPage(ctx: AppContext, cityId: string, slug: string): Promise<Page> {
  const found = await ctx.db.run(async (db) => {
    if (!(await cityExists(db, cityId))) return 'no-city' as const;
    return (await findPage(db, cityId, slug)) ?? null;
  });
  if (found === 'no-city') throw notFound(ACCOUNT_MESSAGES.cityNotFound, 'city-not-found');
  if (found === null) throw notFound(ACCOUNT_MESSAGES.pageNotFound, 'page-not-found');
  return {
    slug: found.slug,
    cityId: found.cityId,
    title: found.title,
    body: found.body,
    updatedAt: found.updatedAt.toISOString(),
  };
}
