// TRUST_PROXY under each of its forms: the per-IP budgets (here the sign-in codes' address budget,
// set to one code) must count the client named in X-Forwarded-For, not the balancer in front.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { nextPhone } from './customers.js';
import { createTestServer, type TestServer } from './helpers.js';

let server: TestServer;
const apps: FastifyInstance[] = [];
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await server?.close();
});

/** An app on the shared test database with TRUST_PROXY read from `value` and a budget of one code per address. */
async function appTrusting(value: string): Promise<FastifyInstance> {
  const read = loadConfig({ TRUST_PROXY: value });
  const config = { ...server.ctx.config, trustProxy: read.trustProxy, otp: { ipCodesPer10Min: 1, ipCodesPerDay: 1 } };
  const app = await buildApp({ ...server.ctx, config });
  await app.ready();
  apps.push(app);
  return app;
}

function sendCode(app: FastifyInstance, remoteAddress: string, forwardedFor?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/code',
    payload: { phone: nextPhone() },
    remoteAddress,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });
}

/**
 * With TRUST_PROXY read from `value`: the statuses of one sign-in code each from `remoteAddress`,
 * with these X-Forwarded-For values in turn.
 */
async function statusesTrusting(value: string, remoteAddress: string, forwardedFors: string[]): Promise<number[]> {
  const app = await appTrusting(value);
  const statuses: number[] = [];
  for (const forwardedFor of forwardedFors) {
    statuses.push((await sendCode(app, remoteAddress, forwardedFor)).statusCode);
  }
  return statuses;
}

describe('per-IP limits behind a proxy (TRUST_PROXY)', () => {
  it('true: the leftmost X-Forwarded-For address is the client (off, customers share the budget)', async () => {
    expect(await statusesTrusting('false', '10.19.0.1', ['203.0.113.31', '203.0.113.32'])).toEqual([200, 429]);
    // a second code for the same client is refused; another customer behind the same balancer has a budget of their own
    const forwarded = ['203.0.113.1', '203.0.113.1', '203.0.113.2'];
    expect(await statusesTrusting('true', '10.20.0.1', forwarded)).toEqual([200, 429, 200]);
  });

  it.each([
    ['1', '203.0.113.41', '203.0.113.51'],
    ['yes', '203.0.113.42', '203.0.113.52'],
  ])('%s reads as true, the way env files often write it', async (value, client, neighbour) => {
    expect(await statusesTrusting(value, '10.20.0.2', [client, client, neighbour])).toEqual([200, 429, 200]);
  });

  it('a hop count: the address that many hops back is the client, whatever a client put before it', async () => {
    // client → edge proxy (10.21.0.9) → balancer → server; the client forged 198.51.100.1 itself
    const forwarded = [
      '198.51.100.1, 203.0.113.11, 10.21.0.9',
      '198.51.100.2, 203.0.113.11, 10.21.0.9',
      '198.51.100.1, 203.0.113.12, 10.21.0.9',
    ];
    expect(await statusesTrusting('2', '10.21.0.1', forwarded)).toEqual([200, 429, 200]);
  });

  it('a list of proxy ranges: addresses are walked back through the trusted proxies only', async () => {
    const ranges = '10.22.0.0/16, ::1';
    const forwarded = [
      '198.51.100.1, 203.0.113.21, 10.22.5.5',
      '198.51.100.2, 203.0.113.21, 10.22.5.5',
      '203.0.113.22',
    ];
    expect(await statusesTrusting(ranges, '10.22.0.1', forwarded)).toEqual([200, 429, 200]);
    // a client reaching the server directly cannot borrow another address's budget
    expect(await statusesTrusting(ranges, '203.0.113.23', ['203.0.113.99', '203.0.113.98'])).toEqual([200, 429]);
  });
});
