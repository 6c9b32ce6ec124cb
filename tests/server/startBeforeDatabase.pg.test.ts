// A process manager may start the server before PostgreSQL: the start retries the connection with
// back-off for DATABASE_CONNECT_TIMEOUT_S, logging each try (host, port, reason; never the
// password), and gives up with a plain message. While the database is away, readiness is 503
// and liveness 200 (server/db/database.ts waitForPostgres, server/routes/health.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgres, type FreshPostgres } from './freshPostgres.js';
import { fakeClientDir, freePort, spawnServer, type ServerProcess } from './serverProcess.js';
import { tcpProxy, type TcpProxy } from './tcpProxy.js';
import { eventually } from './eventually.js';

const baseUrl = process.env.TEST_DATABASE_URL ?? '';
if (!baseUrl) throw new Error('startBeforeDatabase.pg.test.ts needs TEST_DATABASE_URL: run it with `npm run test:pg`');

const PASSWORD = 'pw-never-in-the-log';

/** The JSON log lines of `output` with the given message. */
function logLines(output: string, msg: string): Record<string, unknown>[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === msg);
}

describe('starting before PostgreSQL', () => {
  const dirs: string[] = [];
  let database: FreshPostgres;
  let proxy: TcpProxy;
  let server: ServerProcess | undefined;
  let late: ServerProcess | undefined;
  const env = async (databaseUrl: string, extra: Record<string, string> = {}) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-start-'));
    const clientDir = fakeClientDir();
    dirs.push(dataDir, clientDir);
    return {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      CLIENT_DIR: clientDir,
      PORT: String(await freePort()),
      ...extra,
    };
  };

  beforeAll(async () => {
    database = await freshPostgres(baseUrl, 'storefront_start');
    const target = new URL(baseUrl);
    proxy = await tcpProxy({ host: target.hostname, port: Number(target.port) || 5432 });
  });

  afterAll(async () => {
    await server?.stop('SIGKILL');
    await late?.stop('SIGKILL');
    await proxy?.cut();
    await database?.drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('waits for a PostgreSQL that starts later, logging each try with host, port and reason but no password', async () => {
    const url = new URL(baseUrl);
    url.password = PASSWORD; // trust authentication: never asked for, but it is in the address
    url.port = String(proxy.port);
    url.pathname = new URL(database.url).pathname;
    late = await spawnServer(await env(url.toString()), { waitForListening: false });
    const started = late;
    await eventually(
      'two logged tries',
      () => logLines(started.output(), 'database not reachable yet, retrying').length >= 2,
      20_000,
    );
    for (const line of logLines(started.output(), 'database not reachable yet, retrying').slice(0, 2)) {
      expect(line).toMatchObject({
        host: '127.0.0.1',
        port: proxy.port,
        reason: expect.stringContaining('ECONNREFUSED'),
      });
    }
    expect(started.child.exitCode).toBeNull();

    await proxy.open();
    await eventually(
      'listening once the database is up',
      () => started.output().includes(`Storefront: http://localhost:${started.port}`),
      90_000,
    );
    expect((await fetch(`${started.url}/api/v1/health/ready`)).status).toBe(200);
    expect(started.output()).not.toContain(PASSWORD);
  }, 120_000);

  it('while the database is away readiness is 503 with a Russian message and liveness 200; back, readiness is 200', async () => {
    const running = late;
    if (!running) throw new Error('not started');
    await proxy.cut();
    let answer: unknown;
    await eventually(
      'readiness 503 without the database',
      async () => {
        const res = await fetch(`${running.url}/api/v1/health/ready`);
        if (res.status !== 503) return false;
        answer = await res.json();
        return true;
      },
      10_000,
    );
    expect(answer).toEqual({ message: 'База данных недоступна. Попробуйте позже', code: 'database-unavailable' });
    expect((await fetch(`${running.url}/api/v1/health/live`)).status).toBe(200);
    await proxy.open();
    await eventually(
      'readiness 200 with the database back',
      async () => (await fetch(`${running.url}/api/v1/health/ready`)).status === 200,
      15_000,
    );
    expect((await running.stop()).code).toBe(0);
  }, 60_000);

  it('with no database and a short DATABASE_CONNECT_TIMEOUT_S it exits non-zero with a plain message, no stack trace', async () => {
    const nothing = await freePort();
    const url = new URL(baseUrl);
    url.port = String(nothing);
    server = await spawnServer(await env(url.toString(), { DATABASE_CONNECT_TIMEOUT_S: '2' }), {
      waitForListening: false,
    });
    const stopped = server;
    let timer: NodeJS.Timeout | undefined;
    const result = await Promise.race([
      stopped.exited,
      new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), 20_000))),
    ]);
    clearTimeout(timer);
    expect(result, stopped.output()).toEqual({ code: 1, signal: null });
    const output = stopped.output();
    expect(output).toContain(`Не удалось подключиться к PostgreSQL на 127.0.0.1:${nothing} за 2 с`);
    expect(output).toContain('DATABASE_CONNECT_TIMEOUT_S');
    expect(output).not.toMatch(/^\s+at /m);
    expect(logLines(output, 'database not reachable yet, retrying').length).toBeGreaterThanOrEqual(1);
  }, 60_000);
});
