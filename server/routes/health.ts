// Health checks for load balancers and orchestrators (docs/DEPLOY.md):
// - GET /api/v1/health/live: the process answers (restart it when this fails); never touches the
//   database, so a database outage does not get every process restarted;
// - GET /api/v1/health/ready: route traffic here: the database answers within a few seconds and
//   the process is not draining for a shutdown; otherwise 503 with a Russian message;
// - GET /api/v1/health: the same as ready (what it always checked: the database).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { HttpError } from '../http/errors.js';
import { databaseAnswers } from '../services/health.js';
import { HEALTH_MESSAGES } from '../../src/domain/messages.js';

/** How long readiness waits for `select 1` before calling the database unavailable. */
export const READY_DB_TIMEOUT_MS = 3_000;

export async function registerHealth(app: FastifyInstance): Promise<void> {
  const noStore = (reply: FastifyReply) => void reply.header('cache-control', 'no-store');

  app.get('/health/live', async (_request, reply) => {
    noStore(reply);
    return { ok: true };
  });

  const ready = async (_request: unknown, reply: FastifyReply) => {
    noStore(reply);
    if (app.lifecycle.draining) throw new HttpError(503, HEALTH_MESSAGES.draining, 'draining');
    try {
      await databaseAnswers(app.ctx, READY_DB_TIMEOUT_MS);
    } catch (error) {
      app.log.warn({ err: error }, 'readiness: the database does not answer');
      throw new HttpError(503, HEALTH_MESSAGES.databaseUnavailable, 'database-unavailable');
    }
    return { ok: true };
  };
  app.get('/health/ready', ready);
  app.get('/health', ready);
}
