// Readiness waits READY_DB_TIMEOUT_MS (3 s) for the database's `select 1` (server/routes/health.ts,
// server/services/health.ts, docs/DEPLOY.md): a database that never answers is not ready once that
// time has passed; one that answers within it is ready. The timers are fake: no real second passes.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app.js';
import type { Database, Executor } from '../../server/db/database.js';
import { READY_DB_TIMEOUT_MS } from '../../server/routes/health.js';
import { databaseAnswers } from '../../server/services/health.js';
import { testServerPerFile } from './helpers.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('databaseAnswers', () => {
  /** A database that answers only when the test says so; `asked` says whether it was asked. */
  function heldPing() {
    let answer: () => void = () => undefined;
    let asked = false;
    const db = {
      run: () =>
        new Promise<void>((resolve) => {
          asked = true;
          answer = resolve;
        }),
    };
    return { db, asked: () => asked, answer: () => answer() };
  }

  it('a database that never answers: still awaited 1 ms before the timeout, refused at it', async () => {
    vi.useFakeTimers();
    const held = heldPing();
    let outcome: string | null = null;
    const checked = databaseAnswers({ db: held.db }, READY_DB_TIMEOUT_MS).then(
      () => (outcome = 'ready'),
      (error: unknown) => (outcome = error instanceof Error ? error.message : String(error)),
    );
    expect(held.asked()).toBe(true);
    await vi.advanceTimersByTimeAsync(READY_DB_TIMEOUT_MS - 1);
    expect(outcome).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    await checked;
    expect(outcome).toBe('no answer within 3000 ms');
  });

  it('a database that answers 1 ms before the timeout: ready, and its timer is cleared', async () => {
    vi.useFakeTimers();
    const held = heldPing();
    const checked = databaseAnswers({ db: held.db }, READY_DB_TIMEOUT_MS);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(READY_DB_TIMEOUT_MS - 1);
    held.answer();
    await expect(checked).resolves.toBeUndefined();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a database that fails at once: refused with its own error, its timer cleared', async () => {
    vi.useFakeTimers();
    const down = { run: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')) };
    await expect(databaseAnswers({ db: down }, READY_DB_TIMEOUT_MS)).rejects.toThrow('ECONNREFUSED');
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('GET /api/v1/health/ready waits 3 seconds for the database', () => {
  const server = testServerPerFile({ seed: false });

  /** The test server's database, its statements held until the test answers them. */
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

  /**
   * GET /health/ready against a held database, 1 ms before the timeout: `settled()` says whether it
   * has answered yet, `answer()` lets the database answer.
   */
  async function askReadyAlmostTimedOut() {
    const held = heldDatabase();
    const app = await appOn(held.db);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let settled = false;
    const response = app.inject({ method: 'GET', url: '/api/v1/health/ready' }).finally(() => {
      settled = true;
    });
    // the timeout is armed before the statement is sent (services/health.ts)
    await held.started;
    await vi.advanceTimersByTimeAsync(READY_DB_TIMEOUT_MS - 1);
    return { response, settled: () => settled, answer: held.answer };
  }

  it('is 3 s, as docs/DEPLOY.md says', () => {
    expect(READY_DB_TIMEOUT_MS).toBe(3_000);
  });

  it('a database that never answers: still waiting just before the timeout, 503 «База данных недоступна» at it', async () => {
    const ready = await askReadyAlmostTimedOut();
    expect(ready.settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const res = await ready.response;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'База данных недоступна. Попробуйте позже', code: 'database-unavailable' });
  });

  it('a database that answers just before the timeout: ready', async () => {
    const ready = await askReadyAlmostTimedOut();
    ready.answer();
    const res = await ready.response;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });
});
