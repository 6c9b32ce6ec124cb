// A server on an in-memory PGlite (or, with TEST_DATABASE_URL, a fresh database on a
// PostgreSQL server), with the demo chain seeded, a settable clock and recording fakes for
// SMS and push.
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import { loadConfig, type Config } from '../../server/config.js';
import type { AppContext, Clock, PushMessage } from '../../server/context.js';
import { openPglite, openPostgres, type Database } from '../../server/db/database.js';
import { seedDemoChain } from '../../server/seed/index.js';
import { perFile } from '../support/perFile.js';
import { freshPostgres } from './freshPostgres.js';

export interface SettableClock extends Clock {
  set(iso: string): void;
  advance(ms: number): void;
}

export function settableClock(iso = '2026-11-20T05:00:00.000Z'): SettableClock {
  let now = new Date(iso).getTime();
  return {
    now: () => new Date(now),
    set: (next) => {
      now = new Date(next).getTime();
    },
    advance: (ms) => {
      now += ms;
    },
  };
}

export interface TestServer {
  app: FastifyInstance;
  ctx: AppContext;
  db: Database;
  clock: SettableClock;
  sms: { phone: string; text: string }[];
  pushed: PushMessage[];
  close(): Promise<void>;
}

export async function openTestDatabase(): Promise<{ db: Database; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { db: await openPglite(null), drop: async () => undefined };
  const fresh = await freshPostgres(base);
  return { db: await openPostgres(fresh.url), drop: fresh.drop };
}

export async function createTestServer(
  options: { seed?: boolean; config?: Partial<Config>; clock?: SettableClock } = {},
): Promise<TestServer> {
  const { db, drop } = await openTestDatabase();
  if (options.seed !== false) await seedDemoChain(db);
  const clock = options.clock ?? settableClock();
  const sms: { phone: string; text: string }[] = [];
  const pushed: PushMessage[] = [];
  const ctx: AppContext = {
    // contentVersionMaxAgeMs 0: a test reads its own writes at once
    config: { ...loadConfig({}), contentVersionMaxAgeMs: 0, ...options.config },
    db,
    clock,
    push: {
      publish: async (message) => {
        pushed.push(message);
      },
    },
    sms: {
      send: async (phone, text) => {
        sms.push({ phone, text });
      },
    },
  };
  const app = await buildApp(ctx);
  await app.ready();
  return {
    app,
    ctx,
    db,
    clock,
    sms,
    pushed,
    close: async () => {
      await app.close();
      await db.close();
      await drop();
    },
  };
}

/**
 * createTestServer for a whole test file: started before its tests, closed after them. `afterStart`
 * prepares what the file's tests share (staff and customers signed in, say) on the started server.
 */
export function testServerPerFile(
  options: Parameters<typeof createTestServer>[0] & { afterStart?: (server: TestServer) => Promise<void> } = {},
): TestServer {
  const { afterStart, ...serverOptions } = options;
  return perFile(
    async () => {
      const server = await createTestServer(serverOptions);
      await afterStart?.(server);
      return server;
    },
    (server) => server.close(),
  );
}

/**
 * A GET of `url` carries an ETag of this shape, and the same GET sent with it is a 304 without a
 * body; the first answer is returned for its other headers.
 */
export async function expectRevalidatesWithETag(
  server: { app: Pick<FastifyInstance, 'inject'> },
  url: string,
  etagShape: RegExp,
): Promise<Awaited<ReturnType<FastifyInstance['inject']>>> {
  const first = await server.app.inject({ method: 'GET', url });
  const etag = String(first.headers.etag);
  expect(etag).toMatch(etagShape);
  const again = await server.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
  expect(again.statusCode).toBe(304);
  expect(again.body).toBe('');
  return first;
}

/** The answer is a refusal with this status and this Russian `message`. */
export function expectRefusal(
  res: { statusCode: number; body: string; json<T>(): T },
  status: number,
  message: string,
): void {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json<{ message: string }>().message).toBe(message);
}
