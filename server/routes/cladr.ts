// GET /cladr/city/:cityIikoId (PRODUCT.md §7): the city's street reference.
import type { FastifyInstance } from 'fastify';
import { listCityStreets } from '../../src/api/contract/cladr.js';
import { route } from '../http/route.js';
import { cityStreets } from '../services/cities.js';

export async function registerCladr(app: FastifyInstance): Promise<void> {
  route(app, listCityStreets, async ({ params, reply }) => {
    const streets = await cityStreets(app.ctx, params.cityIikoId);
    reply.header('cache-control', 'public, max-age=3600');
    return streets;
  });
}
