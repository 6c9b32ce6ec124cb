import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';

/** Liveness for load balancers: answers 200 when the database answers. */
export async function registerHealth(app: FastifyInstance): Promise<void> {
  app.get('/health', async () => {
    await app.ctx.db.run((db) => db.execute(sql`select 1`));
    return { ok: true };
  });
}
