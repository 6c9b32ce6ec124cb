// GET /city/ (PRODUCT.md §7): the cities in display order. '/city' answers the same.
import type { FastifyInstance } from 'fastify';
import { listCities } from '../../src/api/contract/cities.js';
import { route } from '../http/route.js';
import { cityList } from '../services/cities.js';

export async function registerCities(app: FastifyInstance): Promise<void> {
  const handler = () => cityList(app.ctx);
  route(app, listCities, handler);
  route(app, { ...listCities, path: '/city' }, handler);
}
