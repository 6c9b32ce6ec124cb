// GET /city/ (SPEC §7): the cities in display order. '/city' answers the same.
import type { FastifyInstance } from 'fastify';
import { asc } from 'drizzle-orm';
import { listCities } from '../../src/api/contract/cities.js';
import { route } from '../http/route.js';
import { cities } from '../db/schema/catalog.js';

export async function registerCities(app: FastifyInstance): Promise<void> {
  const handler = async () => {
    const rows = await app.ctx.db.run((db) => db.select().from(cities).orderBy(asc(cities.position), asc(cities.id)));
    return rows.map((c) => ({
      id: c.id,
      name: c.name,
      slug: c.slug,
      iikoId: c.iikoId,
      cityIn: c.cityIn,
      timeZone: c.timeZone,
    }));
  };
  route(app, listCities, handler);
  route(app, { ...listCities, path: '/city' }, handler);
}
