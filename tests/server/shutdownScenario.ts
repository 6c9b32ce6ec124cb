// SIGTERM under a load of orders over keep-alive connections (server/http/drain.ts): readiness
// turns 503 at once, orders are still taken through the grace period, then the process closes
// and exits on its own; no order is cut off (every 2xx answer has its order, once, and no order
// exists without its answer). Run on PGlite (shutdown.test.ts) and PostgreSQL (shutdown.pg.test.ts).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.js';
import { seedDemoChain } from '../../server/seed/index.js';
import { fakeClientDir, freePort, lastCode, signIn, spawnServer, type ServerProcess } from './serverProcess.js';
import { connect, type TestSocket } from './wsClient.js';
import { eventually } from './eventually.js';

export interface ShutdownBackend {
  /** DATABASE_URL / DATA_DIR of the server process. */
  env: Record<string, string>;
  /** Opens the database in this process (for PGlite only while the server is not running). */
  open(): Promise<Database>;
  cleanup(): Promise<void>;
}

const GRACE_S = 3;
const WORKERS = 6;
/** What a request may take on a busy machine, on top of the grace period, before the exit. */
const EXIT_SLACK_MS = 15_000;
const OPEN_ALL_DAY = JSON.stringify(
  Array.from({ length: 7 }, () => ({ open: '00:00', close: '00:01', isNextDay: true })),
);

interface Outcome {
  key: string;
  startedAt: number;
  endedAt: number;
  status?: number;
  connection?: string;
  orderId?: string;
  error?: string;
}

function postOrder(agent: http.Agent, port: number, token: string, key: string): Promise<Outcome> {
  const body = JSON.stringify({
    cityId: 'city-angarsk',
    deliveryMethod: 'self',
    items: [{ productId: 'set-philadelphia', amount: 1, mods: [] }],
    deliveryTerminalId: 'dt-angarsk-2',
    paymentMethod: 'cash',
  });
  const startedAt = Date.now();
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/v1/order',
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          'idempotency-key': key,
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          let orderId: string | undefined;
          try {
            const parsed = JSON.parse(text) as { id?: unknown };
            orderId = typeof parsed.id === 'string' ? parsed.id : undefined;
          } catch {
            orderId = undefined;
          }
          resolve({
            key,
            startedAt,
            endedAt: Date.now(),
            status: response.statusCode,
            connection: response.headers.connection,
            orderId,
          });
        });
        response.on('error', (error) => resolve({ key, startedAt, endedAt: Date.now(), error: error.message }));
      },
    );
    request.on('error', (error) => resolve({ key, startedAt, endedAt: Date.now(), error: error.message }));
    request.end(body);
  });
}

export function describeShutdownUnderLoad(name: string, backend: () => Promise<ShutdownBackend>): void {
  describe(`SIGTERM under a load of orders over keep-alive connections (${name})`, () => {
    let store: ShutdownBackend;
    let server: ServerProcess | undefined;
    let clientDir: string;
    let session: { token: string; userId: string };
    const agent = new http.Agent({ keepAlive: true, maxSockets: WORKERS });
    // a connection the balancer keeps open and idle
    const idleAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let socket: TestSocket | undefined;

    beforeAll(async () => {
      store = await backend();
      const db = await store.open();
      try {
        await seedDemoChain(db);
        // open at any hour the suite runs
        await db.run((x) => x.execute(sql`update restaurants set hours = ${OPEN_ALL_DAY}::jsonb`));
      } finally {
        await db.close();
      }
      clientDir = fakeClientDir();
      server = await spawnServer(
        { ...store.env, CLIENT_DIR: clientDir, PORT: String(await freePort()), SHUTDOWN_GRACE_S: String(GRACE_S) },
        { timeoutMs: 110_000 },
      );
      const running = server;
      session = await signIn(running.url, '+79995550077', async () => lastCode(running.output()));
    }, 120_000);

    afterAll(async () => {
      socket?.close();
      agent.destroy();
      idleAgent.destroy();
      await server?.stop('SIGKILL');
      await store?.cleanup();
      if (clientDir) fs.rmSync(clientDir, { recursive: true, force: true });
    });

    it('readiness turns 503 at once, orders are served through the grace period, none is cut off, WebSockets close with 1001, the process exits on its own', async () => {
      const running = server;
      if (!running) throw new Error('not started');
      const ready = () => fetch(`${running.url}/api/v1/health/ready`, { headers: { connection: 'close' } });
      expect((await ready()).status).toBe(200);
      socket = connect(`ws://127.0.0.1:${running.port}/api/v1/ws`);
      await socket.next((m) => m.type === 'hello');
      await new Promise<void>((resolve, reject) =>
        http
          .get({ host: '127.0.0.1', port: running.port, path: '/api/v1/health/live', agent: idleAgent }, (r) =>
            r.resume().on('end', resolve),
          )
          .on('error', reject),
      );

      const outcomes: Outcome[] = [];
      let stop = false;
      const worker = async () => {
        while (!stop) {
          const outcome = await postOrder(agent, running.port, session.token, randomBytes(16).toString('hex'));
          outcomes.push(outcome);
          if (outcome.error !== undefined) return; // the listener is gone
        }
      };
      const workers = Array.from({ length: WORKERS }, worker);
      try {
        await eventually(
          'orders under load',
          () => outcomes.filter((o) => o.status === 201 || o.status === 200).length >= 10,
          60_000,
        );

        const sigtermAt = Date.now();
        let exitedAt = 0;
        const exited = running.exited.then((result) => {
          exitedAt = Date.now();
          return result;
        });
        running.child.kill('SIGTERM');

        let readyDownAt = 0;
        let drainingAnswer: unknown;
        await eventually(
          'readiness 503 after SIGTERM',
          async () => {
            const res = await ready();
            if (res.status !== 503) return false;
            readyDownAt = Date.now();
            drainingAnswer = await res.json();
            return true;
          },
          5_000,
        );
        expect(drainingAnswer).toEqual({
          message: 'Сервер останавливается, запрос направлен на другой',
          code: 'draining',
        });
        expect(readyDownAt - sigtermAt).toBeLessThan(GRACE_S * 1000);

        let timer: NodeJS.Timeout | undefined;
        const result = await Promise.race([
          exited,
          new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), GRACE_S * 1000 + EXIT_SLACK_MS))),
        ]);
        clearTimeout(timer);
        expect(
          result,
          `still running ${GRACE_S} s + ${EXIT_SLACK_MS} ms after SIGTERM:\n${running.output().slice(-3000)}`,
        ).toEqual({ code: 0, signal: null });
        expect(exitedAt - sigtermAt).toBeGreaterThanOrEqual(GRACE_S * 1000);
        expect(running.output()).not.toContain('unclean shutdown');

        const closed = await socket.closed;
        expect(closed).toEqual({ code: 1001, reason: 'Сервер перезапускается' });

        stop = true;
        await Promise.all(workers);

        // answers: only 2xx; a connection refused or reset only once the grace period was over
        const answered = outcomes.filter((o) => o.status !== undefined);
        expect(answered.filter((o) => o.status !== 201 && o.status !== 200)).toEqual([]);
        expect(outcomes.filter((o) => o.error !== undefined && o.endedAt < sigtermAt + GRACE_S * 1000)).toEqual([]);
        // orders placed while readiness said 503 were taken, each answer closing its connection
        const duringDrain = answered.filter((o) => o.startedAt > readyDownAt);
        expect(duringDrain.length).toBeGreaterThan(0);
        expect(duringDrain.filter((o) => o.connection !== 'close')).toEqual([]);

        // the database: every 2xx order once, and no order without its answer
        const db = await store.open();
        try {
          const rows = (
            await db.run((x) => x.execute<{ id: string }>(sql`select id from orders where user_id = ${session.userId}`))
          ).rows;
          const stored = rows.map((r) => r.id).sort();
          const ok = answered.map((o) => o.orderId ?? `no id for ${o.key}`).sort();
          expect(new Set(ok).size).toBe(ok.length);
          expect(stored).toEqual(ok);
        } finally {
          await db.close();
        }
      } finally {
        stop = true;
        await Promise.all(workers);
      }
    }, 120_000);
  });
}
