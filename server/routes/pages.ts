// GET /page/:slug/:cityId: an informational page of a city.
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { getPage } from '../../src/api/contract/pages.js';
import { notFound } from '../http/errors.js';
import { route } from '../http/route.js';
import { cities, pages } from '../db/schema/catalog.js';

export async function registerPages(app: FastifyInstance): Promise<void> {
  route(app, getPage, async ({ params, reply }) => {
    const found = await app.ctx.db.run(async (db) => {
      const city = await db.select({ id: cities.id }).from(cities).where(eq(cities.id, params.cityId)).limit(1);
      if (city.length === 0) return 'no-city' as const;
      const rows = await db
        .select()
        .from(pages)
        .where(and(eq(pages.slug, params.slug), eq(pages.cityId, params.cityId)))
        .limit(1);
      return rows[0] ?? null;
    });
    if (found === 'no-city') throw notFound('Город не найден', 'city-not-found');
    if (found === null) throw notFound('Страница не найдена', 'page-not-found');
    reply.header('cache-control', 'public, max-age=3600');
    return {
      slug: found.slug,
      cityId: found.cityId,
      title: found.title,
      body: found.body,
      updatedAt: found.updatedAt.toISOString(),
    };
  });
}
