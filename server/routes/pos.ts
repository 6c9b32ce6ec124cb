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
import { adminRoute, installStaffGuard } from './admin/adminRoute.js';
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

  // the staff guard runs before the request is parsed (routes/admin/adminRoute.ts)
  await app.register(async (admin) => {
    installStaffGuard(admin);
    adminRoute(admin, adminIntegration, () => integrationOverview(ctx));
    adminRoute(admin, adminRetryHandoff, ({ params }) => retryFailedHandoff(ctx, params.orderId));
    adminRoute(admin, adminMapTerminal, ({ params, body }) =>
      mapTerminalGroup(ctx, params.id, body.deliveryTerminalId),
    );
    adminRoute(admin, adminSyncNow, () => syncNow(ctx));
  });
}
