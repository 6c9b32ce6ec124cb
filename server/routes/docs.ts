// GET /api/docs: the OpenAPI 3.1 document generated from the shared contract (src/api/openapi.ts),
// built once on first request.
import type { FastifyInstance } from 'fastify';
import { buildOpenApi } from '../../src/api/openapi.js';

export async function registerDocs(app: FastifyInstance): Promise<void> {
  let document: string | null = null;
  app.get('/api/docs', async (_request, reply) => {
    document ??= JSON.stringify(buildOpenApi());
    return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(document);
  });
}
