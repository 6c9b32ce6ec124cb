// The POS integration (docs/IIKO.md): iiko's webhook POST /pos/iiko/webhook (read as the raw
// body in a scope with its own content-type parser, so garbage is ours to refuse) and the staff
// API of the /admin integration page.
import type { FastifyInstance } from 'fastify';
import {
  adminIntegration,
  adminMapTerminal,
  adminRetryHandoff,
  adminSyncNow,
} from '../../src/api/contract/admin/integration.js';
import { bearerToken } from '../http/requestAuth.js';
import { route } from '../http/route.js';
import { requireStaff } from '../services/admin/staffSessions.js';
import { integrationOverview, mapTerminalGroup, retryFailedHandoff, syncNow } from '../services/pos/admin.js';
import { handleIikoWebhook } from '../services/pos/webhook.js';

export async function registerPos(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1_048_576 }, (_request, body, done) =>
      done(null, body),
    );
    scope.post('/pos/iiko/webhook', async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return handleIikoWebhook(ctx, request.headers.authorization, raw);
    });
  });

  route(app, adminIntegration, async ({ request }) => {
    await requireStaff(ctx, bearerToken(request), 'operator');
    return integrationOverview(ctx);
  });
  route(app, adminRetryHandoff, async ({ params, request }) => {
    await requireStaff(ctx, bearerToken(request), 'operator');
    return retryFailedHandoff(ctx, params.orderId);
  });
  route(app, adminMapTerminal, async ({ params, body, request }) => {
    await requireStaff(ctx, bearerToken(request), 'admin');
    return mapTerminalGroup(ctx, params.id, body.deliveryTerminalId);
  });
  route(app, adminSyncNow, async ({ request }) => {
    await requireStaff(ctx, bearerToken(request), 'operator');
    return syncNow(ctx);
  });
}
