// The Fastify application: API under /api/v1, errors as { message } in Russian.
// Static files, the route table, /img and the WebSocket are registered by their own modules.
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { z } from 'zod/mini';
import type { AppContext } from './context.js';
import { HttpError, describeZodError } from './http/errors.js';
import { installDrain, type Lifecycle } from './http/drain.js';
import { apiModules, siteModules } from './routes/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Draining before a shutdown (server/http/drain.ts). */
    lifecycle: Lifecycle;
  }
}

export async function buildApp(ctx: AppContext, options: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    bodyLimit: 1_048_576,
    trustProxy: process.env.TRUST_PROXY === 'true',
    // app.close() ends idle keep-alive connections at once (Fastify's default, stated here since
    // the drain relies on it), and a request arriving on a still-open connection while it closes
    // is served (with `Connection: close`) rather than refused with Fastify's English 503.
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    ...options,
  });
  app.decorate('ctx', ctx);
  app.decorate('lifecycle', installDrain(app));

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) {
      void reply.headers(error.headers).code(error.statusCode).send({ message: error.message, code: error.code });
      return;
    }
    if (error instanceof z.core.$ZodError) {
      void reply.code(400).send({ message: describeZodError(error), code: 'invalid-request' });
      return;
    }
    const status = typeof (error as { statusCode?: unknown }).statusCode === 'number' ? (error as { statusCode: number }).statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own refusals (bad JSON, body too large, unsupported media type).
      const message =
        status === 413
          ? 'Слишком большой запрос'
          : status === 415
            ? 'Неподдерживаемый формат запроса'
            : 'Некорректный запрос';
      void reply.code(status).send({ message, code: 'bad-request' });
      return;
    }
    request.log.error({ err: error }, 'unhandled error');
    void reply.code(500).send({ message: 'Ошибка сервера. Попробуйте позже', code: 'internal' });
  });

  // API answers compressed on the fly (brotli at a quick level); the catalogue brings its own
  // pre-compressed body and static files their .br/.gz, which the plugin leaves alone.
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(
    async (api) => {
      for (const register of apiModules) await register(api);
      api.setNotFoundHandler((_request, reply) => {
        void reply.code(404).send({ message: 'Метод API не найден', code: 'not-found' });
      });
    },
    { prefix: '/api/v1' },
  );
  for (const register of siteModules) await register(app);
  return app;
}
