// POST /api/v1/client-log: a bug report from the storefront. Body size limited to
// CLIENT_LOG_BODY_LIMIT (413 'Отчёт об ошибке слишком большой (не более 5 МБ)'), validated by the
// contract (400 with a Russian message), limited per IP per hour in the database (429).
import type { FastifyInstance } from 'fastify';
import { CLIENT_LOG_BODY_LIMIT, CLIENT_LOG_MESSAGES, uploadClientLog } from '../../src/api/contract/clientLog.js';
import { HttpError } from '../http/errors.js';
import { route } from '../http/route.js';
import { storeClientReport } from '../services/clientLogs.js';

function isBodyTooLarge(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  return Reflect.get(error, 'statusCode') === 413 || Reflect.get(error, 'code') === 'FST_ERR_CTP_BODY_TOO_LARGE';
}

export async function registerClientLog(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  // Own scope: the larger body limit and the 413 message apply to this route only.
  await app.register(async (scope) => {
    scope.addHook('onRoute', (options) => {
      options.bodyLimit = CLIENT_LOG_BODY_LIMIT;
    });
    scope.setErrorHandler((error) => {
      if (isBodyTooLarge(error)) throw new HttpError(413, CLIENT_LOG_MESSAGES.tooLarge, 'too-large');
      // Everything else is answered by the application's handler.
      throw error;
    });
    route(scope, uploadClientLog, async ({ body, request, reply }) => {
      const stored = await storeClientReport(ctx, body, request.ip);
      reply.code(201);
      return stored;
    });
  });
}
