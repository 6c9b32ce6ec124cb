// Cross-origin calls to /api/v1 from the origins in CORS_ORIGINS (the chain's Capacitor app runs
// on capacitor://localhost or https://localhost, so each of its calls is cross-origin). The app
// signs in with a bearer token, so no cookies or credentials ever cross; the admin API stays
// same-origin whatever the list says, so a compromised app origin cannot reach staff routes.
// Registered inside the /api/v1 scope: its OPTIONS route answers preflights for every API path.
import cors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PREFIX } from '../../src/api/openapi.js';
import { IDEMPOTENCY_HEADER } from '../../src/api/contract/orders.js';

const ADMIN_PREFIX = `${API_PREFIX}/admin`;

function isAdminPath(request: FastifyRequest): boolean {
  const pathname = request.url.split('?')[0] ?? '';
  return pathname === ADMIN_PREFIX || pathname.startsWith(`${ADMIN_PREFIX}/`);
}

export async function registerCors(api: FastifyInstance, allowed: readonly string[]): Promise<void> {
  await api.register(cors, {
    delegator: (request, callback) => {
      const origin = request.headers.origin?.toLowerCase();
      const open = origin !== undefined && allowed.includes(origin) && !isAdminPath(request);
      callback(null, {
        // false: no CORS headers at all, and a preflight falls through to the API's 404
        origin: open ? request.headers.origin : false,
        methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
        allowedHeaders: ['Authorization', 'Content-Type', IDEMPOTENCY_HEADER, 'If-None-Match'],
        // 429's wait and the settings' ETag are read by the client
        exposedHeaders: ['Retry-After', 'ETag'],
        credentials: false,
        maxAge: 600,
        // an allowed origin's OPTIONS without Access-Control-Request-Method gets the headers
        // rather than the plugin's English 400
        strictPreflight: false,
      });
    },
  });
}
