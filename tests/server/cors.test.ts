// Cross-origin calls from the chain's mobile app (CORS_ORIGINS): preflight and answers carry
// the CORS headers for an allowed origin on every /api/v1 route, never with credentials; other
// origins and the admin API get none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corsOriginsFrom, loadConfig } from '../../server/config.js';
import { signIn, type SignedIn } from './customers.js';
import { createTestServer, type TestServer } from './helpers.js';

const APP = 'capacitor://localhost';
const APP_HTTPS = 'https://localhost';

let server: TestServer;
let customer: SignedIn;
beforeAll(async () => {
  server = await createTestServer({ config: { corsOrigins: [APP, APP_HTTPS] } });
  customer = await signIn(server);
});
afterAll(async () => {
  await server?.close();
});

const preflight = (url: string, origin: string, method: string, headers?: string) =>
  server.app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': method,
      ...(headers ? { 'access-control-request-headers': headers } : {}),
    },
  });

describe('CORS_ORIGINS', () => {
  it('is empty by default, lowercased, and a bad value stops the start naming the variable', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(corsOriginsFrom(' Capacitor://localhost ,https://localhost:8443,, ')).toEqual([
      'capacitor://localhost',
      'https://localhost:8443',
    ]);
    for (const bad of ['*', 'https://app.example/path', 'localhost', 'https://localhost/']) {
      expect(() => loadConfig({ CORS_ORIGINS: bad })).toThrow(/^CORS_ORIGINS must be /);
    }
  });
});

describe('an allowed origin', () => {
  it.each([
    ['/api/v1/setting', 'GET', undefined],
    ['/api/v1/catalog', 'GET', 'authorization'],
    ['/api/v1/promo', 'POST', 'content-type'],
    ['/api/v1/order', 'POST', 'authorization, content-type, idempotency-key'],
    ['/api/v1/user/%2B79991234567', 'PATCH', 'authorization, content-type'],
    ['/api/v1/address/some-id', 'DELETE', 'authorization'],
  ] as const)('preflight %s %s (%s) is allowed', async (url, method, headers) => {
    for (const origin of [APP, APP_HTTPS]) {
      const res = await preflight(url, origin, method, headers);
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(String(res.headers['access-control-allow-methods'])).toContain(method);
      for (const header of (headers ?? '')
        .split(',')
        .map((h) => h.trim())
        .filter(Boolean)) {
        expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain(header);
      }
      // bearer tokens only: never cookies across origins
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      expect(String(res.headers.vary)).toMatch(/origin/i);
    }
  });

  it('the answer itself carries the origin, with a bearer token too', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/v1/user/${encodeURIComponent(customer.phone)}`,
      headers: { origin: APP, ...customer.auth },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(APP);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(res.headers['access-control-expose-headers'])).toContain('Retry-After');
  });
});

describe('refused', () => {
  it('another origin: no CORS headers on the preflight or the answer', async () => {
    const pre = await preflight('/api/v1/setting', 'https://evil.example', 'GET', 'authorization');
    expect(pre.statusCode).toBe(404);
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    expect(pre.headers['access-control-allow-methods']).toBeUndefined();
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/v1/setting',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it.each([
    ['/api/v1/admin/auth/login', 'POST'],
    ['/api/v1/admin/orders', 'GET'],
    ['/api/v1/admin/zones/z1', 'DELETE'],
  ] as const)('the admin API %s %s is never opened, even to an allowed origin', async (url, method) => {
    const pre = await preflight(url, APP, method, 'authorization, content-type');
    expect(pre.statusCode).toBe(404);
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    const res = await server.app.inject({ method, url, headers: { origin: APP } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('without CORS_ORIGINS nothing is opened (same-origin only)', async () => {
    const plain = await createTestServer({ seed: false });
    try {
      const pre = await plain.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/setting',
        headers: { origin: APP, 'access-control-request-method': 'GET' },
      });
      expect(pre.headers['access-control-allow-origin']).toBeUndefined();
      expect(pre.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
