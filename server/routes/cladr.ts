// GET /cladr/city/:cityIikoId (SPEC §7): the city's street reference.
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { listCityStreets } from '../../src/api/contract/cladr.js';
import { notFound } from '../http/errors.js';
import { route } from '../http/route.js';
import { cities, streets } from '../db/schema/catalog.js';

const collator = new Intl.Collator('ru', { numeric: true });

export async function registerCladr(app: FastifyInstance): Promise<void> {
  route(app, listCityStreets, async ({ params, reply }) => {
    const rows = await app.ctx.db.run(async (db) => {
      const city = await db.select({ id: cities.id }).from(cities).where(eq(cities.iikoId, params.cityIikoId)).limit(1);
      if (city.length === 0) return null;
      return db.select().from(streets).where(eq(streets.cityIikoId, params.cityIikoId));
    });
    if (rows === null) throw notFound('Город не найден', 'city-not-found');
    reply.header('cache-control', 'public, max-age=3600');
    // Russian alphabetical order whatever the database collation is.
    const sorted = [...rows].sort((a, b) => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : 1));
    return sorted.map((s) => ({
      id: s.id,
      cityIikoId: s.cityIikoId,
      name: s.name,
      kind: s.kind,
      location: { lat: s.lat, lon: s.lon },
    }));
  });
}
