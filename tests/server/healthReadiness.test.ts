// Readiness waits READY_DB_TIMEOUT_MS (3 s) for the database's `select 1` (server/routes/health.ts,
// server/services/health.ts, docs/DEPLOY.md): a database that never answers is not ready once that
// time has passed; one that answers within it is ready. The timers are fake: no real second passes.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app.js';
import type { Database, Executor } from '../../server/db/database.js';
import { READY_DB_TIMEOUT_MS } from '../../server/routes/health.js';
import { testServerPerFile } from './helpers.js';

const server = testServerPerFile({ seed: false });

/** A database whose statements wait for the test: `started` resolves when readiness asks it. */
function heldDatabase(): { db: Database; started: Promise<void>; answer: () => void } {
  let started!: () => void;
  const asked = new Promise<void>((resolve) => {
    started = resolve;
  });
  let answer: () => void = () => undefined;
  const run = <T>(fn: (db: Executor) => Promise<T>): Promise<T> => {
    started();
    return new Promise<T>((resolve, reject) => {
      answer = () => void server.db.run(fn).then(resolve, reject);
    });
  };
  return { db: { ...server.db, run }, started: asked, answer: () => answer() };
}

let apps: FastifyInstance[] = [];
async function appOn(db: Database): Promise<FastifyInstance> {
  const app = await buildApp({ ...server.ctx, db });
  apps.push(app);
  return app;
}

afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(apps.map((app) => app.close()));
  apps = [];
});

/** GET /health/ready on `app`; `settled()` says whether it has answered yet. */
function askReady(app: FastifyInstance) {
  let settled = false;
  const response = app.inject({ method: 'GET', url: '/api/v1/health/ready' }).finally(() => {
    settled = true;
  });
  return { response, settled: () => settled };
}

describe('GET /api/v1/health/ready waits 3 seconds for the database', () => {
  it('is 3 s, as docs/DEPLOY.md says', () => {
    expect(READY_DB_TIMEOUT_MS).toBe(3_000);
  });

  it('a database that never answers: still waiting just before the timeout, 503 «База данных недоступна» at it', async () => {
    const held = heldDatabase();
    const app = await appOn(held.db);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const ready = askReady(app);
    // the timeout is armed before the statement is sent (services/health.ts)
    await held.started;
    await vi.advanceTimersByTimeAsync(READY_DB_TIMEOUT_MS - 1);
    expect(ready.settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const res = await ready.response;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'База данных недоступна. Попробуйте позже', code: 'database-unavailable' });
  });

  it('a database that answers just before the timeout: ready, and no timer is left behind', async () => {
    const held = heldDatabase();
    const app = await appOn(held.db);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const ready = askReady(app);
    await held.started;
    await vi.advanceTimersByTimeAsync(READY_DB_TIMEOUT_MS - 1);
    held.answer();
    const res = await ready.response;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a database that answers at once: ready without any time passing', async () => {
    const app = await appOn(server.db);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const res = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(vi.getTimerCount()).toBe(0);
  });
});
