// The Fastify application: API under /api/v1, errors as { message } in Russian.
// Static files, the route table, /img and the WebSocket are registered by their own modules.
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { z } from 'zod/mini';
import type { TrustProxy } from './config.js';
import { API_MESSAGES } from '../src/domain/messages.js';
import type { AppContext } from './context.js';
import { answerClientError } from './http/clientError.js';
import { registerCors } from './http/cors.js';
import { registerSecurityHeaders } from './http/securityHeaders.js';
import { HttpError, describeZodError, notFound } from './http/errors.js';
import { installDrain, type Lifecycle } from './http/drain.js';
import { apiModules, siteModules } from './routes/index.js';
import { inlineStyleHashes } from './routes/pageStyles.js';
import { activeCounters } from './services/settings.js';
import { trustedRead } from './services/trustedRead.js';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Draining before a shutdown (server/http/drain.ts). */
    lifecycle: Lifecycle;
  }
}

/**
 * Fastify 5.12 reads a numeric trustProxy as "trust nothing" (a hop count alone cannot tell a
 * proxy from a client reaching the server directly), so a count is given as the function that
 * trusts that many hops, the meaning it had before; README recommends the address list instead.
 */
function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/** Fastify's own refusals by error code: status, Russian message, our code. */
const FRAMEWORK_REFUSALS: Record<string, { status: number; message: string; code: string }> = {
  FST_ERR_BAD_URL: { status: 400, message: API_MESSAGES.badUrl, code: 'bad-url' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: API_MESSAGES.urlTooLong, code: 'url-too-long' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: API_MESSAGES.payloadTooLarge, code: 'payload-too-large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    message: API_MESSAGES.unsupportedMediaType,
    code: 'unsupported-media-type',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: API_MESSAGES.invalidJson, code: 'invalid-json' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    message: API_MESSAGES.emptyJsonBody,
    code: 'invalid-json',
  },
};

/**
 * The one error handler: route errors (setErrorHandler), refusals before routing
 * (frameworkErrors) and unknown routes (the not-found handlers throw) all leave as
 * { message, code } with a Russian message.
 */
function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  if (error instanceof HttpError) {
    void reply.headers(error.headers).code(error.statusCode).send({ message: error.message, code: error.code });
    return;
  }
  if (error instanceof z.core.$ZodError) {
    void reply.code(400).send({ message: describeZodError(error), code: 'invalid-request' });
    return;
  }
  const fields = typeof error === 'object' && error !== null ? (error as { statusCode?: unknown; code?: unknown }) : {};
  const known = typeof fields.code === 'string' ? FRAMEWORK_REFUSALS[fields.code] : undefined;
  if (known) {
    void reply.code(known.status).send({ message: known.message, code: known.code });
    return;
  }
  const status = typeof fields.statusCode === 'number' ? fields.statusCode : 500;
  if (status >= 400 && status < 500) {
    // another of Fastify's refusals (a bad Content-Length, a malformed header…)
    void reply.code(status).send({ message: API_MESSAGES.badRequest, code: 'bad-request' });
    return;
  }
  request.log.error({ err: error }, 'unhandled error');
  void reply.code(500).send({ message: API_MESSAGES.internal, code: 'internal' });
}

export async function buildApp(ctx: AppContext, options: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    bodyLimit: 1_048_576,
    // request.ip, which every per-IP limit counts by, comes from the proxies TRUST_PROXY names
    trustProxy: fastifyTrustProxy(ctx.config.trustProxy),
    // app.close() ends idle keep-alive connections at once (Fastify's default, stated here since
    // the drain relies on it), and a request arriving on a still-open connection while it closes
    // is served (with `Connection: close`) rather than refused with Fastify's English 503.
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    // refusals made before routing (a malformed percent-escape, a path parameter over 100
    // characters) answer in Russian like every other error instead of Fastify's English JSON
    frameworkErrors: sendError,
    clientErrorHandler: answerClientError,
    ...options,
  });
  app.decorate('ctx', ctx);
  app.decorate('lifecycle', installDrain(app));

  app.setErrorHandler(sendError);

  await registerSecurityHeaders(
    app,
    ctx.config,
    // read per page navigation: trusted for the content-version window like the page itself
    trustedRead(ctx.config.contentVersionMaxAgeMs, () => activeCounters(ctx.db)),
    () => inlineStyleHashes(ctx.config.clientDir),
  );

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
      await registerCors(api, ctx.config.corsOrigins);
      for (const register of apiModules) await register(api);
      api.setNotFoundHandler(() => {
        throw notFound(API_MESSAGES.methodNotFound);
      });
    },
    { prefix: '/api/v1' },
  );
  for (const register of siteModules) await register(app);
  return app;
}
