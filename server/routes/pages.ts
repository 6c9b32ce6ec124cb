// GET /page/:slug/:cityId: an informational page of a city.
import type { FastifyInstance } from 'fastify';
import { getPage } from '../../src/api/contract/pages.js';
import { route } from '../http/route.js';
import { cityPage } from '../services/pages.js';

export async function registerPages(app: FastifyInstance): Promise<void> {
  route(app, getPage, async ({ params, reply }) => {
    const page = await cityPage(app.ctx, params.cityId, params.slug);
    reply.header('cache-control', 'public, max-age=3600');
    return page;
  });
}
