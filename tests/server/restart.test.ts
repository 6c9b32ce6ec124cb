// The embedded database survives a hard kill, and one DATA_DIR has one process (server/db/lock.ts).
// Runs the real server process (`node --import tsx server/main.ts`) on PGlite in a temp DATA_DIR.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPglite } from '../../server/db/database.js';
import { deliveryBody } from './ordersFixtures.js';
import {
  fakeClientDir,
  freePort,
  lastCode,
  postOrderTo,
  signIn,
  spawnServer,
  type ServerProcess,
} from './serverProcess.js';
import { connect } from './wsClient.js';

describe('restart on the embedded database (PGlite in DATA_DIR)', () => {
  let dataDir: string;
  let clientDir: string;
  let first: ServerProcess | undefined;
  let second: ServerProcess | undefined;
  const phone = '+79995550033';
  let session: { token: string; userId: string };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-restart-'));
    clientDir = fakeClientDir();
    // not in the environment of the parent run: this suite is about PGlite
    first = await spawnServer({
      DATA_DIR: dataDir,
      CLIENT_DIR: clientDir,
      PORT: String(await freePort()),
      DATABASE_URL: '',
    });
  }, 120_000);

  afterAll(async () => {
    await first?.stop('SIGKILL');
    await second?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('writes through the API: an account created by the sign-in flow', async () => {
    const server = first;
    if (!server) throw new Error('not started');
    // the outbox SMS provider logs the code: 'Код для входа: NNNNNN'
    session = await signIn(server.url, phone, async () => lastCode(server.output()));
    const patch = await fetch(`${server.url}/api/v1/user/${encodeURIComponent(phone)}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Пережил kill -9' }),
    });
    expect(patch.status).toBe(200);
  });

  it("the log never holds a customer's token: a WebSocket opened with ?token= (a browser's only way) is logged with it hidden", async () => {
    const server = first;
    if (!server) throw new Error('not started');
    const socket = connect(`${server.url.replace(/^http/, 'ws')}/api/v1/ws?token=${encodeURIComponent(session.token)}`);
    expect(await socket.next((m) => m['type'] === 'hello')).toMatchObject({ signedIn: true });
    socket.close();
    await fetch(`${server.url}/api/v1/storage/version?token=${encodeURIComponent(session.token)}`);
    await expect.poll(() => server.output().match(/token=\[redacted\]/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
    expect(server.output()).not.toContain(session.token);
  });

  it('a second process on the same DATA_DIR refuses to start with the Russian lock message', async () => {
    const other = await spawnServer(
      { DATA_DIR: dataDir, CLIENT_DIR: clientDir, PORT: String(await freePort()), DATABASE_URL: '' },
      { waitForListening: false },
    );
    const { code } = await other.exited;
    expect(code).toBe(1);
    expect(other.output()).toContain(`Каталог данных ${dataDir} уже используется процессом ${first?.child.pid}`);
    expect(other.output()).toContain('укажите другой DATA_DIR');
    // and the first process is unharmed
    expect((await fetch(`${first?.url}/api/v1/storage/version`)).status).toBe(200);
  });

  it('after kill -9 the server starts again on the same DATA_DIR and the data is there', async () => {
    const killed = await first?.stop('SIGKILL');
    expect(killed?.signal).toBe('SIGKILL');
    expect(fs.existsSync(path.join(dataDir, 'storefront.lock'))).toBe(true); // left behind by the dead process
    second = await spawnServer({
      DATA_DIR: dataDir,
      CLIENT_DIR: clientDir,
      PORT: String(await freePort()),
      DATABASE_URL: '',
    });
    expect(second.output()).not.toContain('seeded the demo chain');
    const res = await fetch(`${second.url}/api/v1/user/${encodeURIComponent(phone)}`, {
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: session.userId, name: 'Пережил kill -9' });
  }, 120_000);

  it('SIGTERM closes cleanly and releases DATA_DIR', async () => {
    const stopped = await second?.stop('SIGTERM');
    expect(stopped?.code).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'storefront.lock'))).toBe(false);
  });
});

describe('an order caught by kill -9 mid-request (PGlite)', () => {
  let dataDir: string;
  let clientDir: string;
  let server: ServerProcess | undefined;
  let geocoder: http.Server | undefined;
  const geocoderHits: http.ServerResponse[] = [];
  const env = async (extra: Record<string, string> = {}) => ({
    DATA_DIR: dataDir,
    CLIENT_DIR: clientDir,
    PORT: String(await freePort()),
    DATABASE_URL: '',
    ...extra,
  });

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-crash-'));
    clientDir = fakeClientDir();
    // a Yandex geocoder that never answers: it holds the order between its key claim and its transaction
    geocoder = http.createServer((_req, res) => void geocoderHits.push(res));
    await new Promise<void>((resolve) => geocoder?.listen(0, '127.0.0.1', resolve));
  }, 120_000);

  afterAll(async () => {
    await server?.stop('SIGKILL');
    geocoder?.closeAllConnections();
    geocoder?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('a retry of the same Idempotency-Key after the restart places the order at once, and only once', async () => {
    server = await spawnServer(await env());
    const started = server;
    const session = await signIn(started.url, '+79995550034', async () => lastCode(started.output()));
    await server.stop('SIGTERM');
    // open around the clock, so the order does not depend on the hour the suite runs at
    const db = await openPglite(dataDir);
    const allDay = JSON.stringify(
      Array.from({ length: 7 }, () => ({ open: '00:00', close: '00:01', isNextDay: true })),
    );
    await db.run((x) => x.execute(sql`update restaurants set hours = ${allDay}::jsonb`));
    await db.close();

    const address = geocoder?.address();
    const geocoderUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
    server = await spawnServer(await env({ YANDEX_GEOCODER_KEY: 'test-key', YANDEX_GEOCODER_URL: geocoderUrl }));
    const key = `crash-${session.userId}`;
    const post = (url: string) => postOrderTo(url, session.token, key, deliveryBody());
    const inFlight = post(server.url).catch(() => null); // never answered: the process dies under it
    await expect.poll(() => geocoderHits.length, { timeout: 10_000 }).toBe(1);
    const killed = await server.stop('SIGKILL');
    expect(killed.signal).toBe('SIGKILL');
    expect(await inFlight).toBeNull();

    server = await spawnServer(await env()); // the embedded street reference geocodes now
    const retried = await post(server.url);
    const order = (await retried.json()) as { id?: string };
    expect(retried.status, JSON.stringify(order)).toBe(200);
    const again = await post(server.url);
    expect(((await again.json()) as { id?: string }).id).toBe(order.id);
    await server.stop('SIGTERM');
    const check = await openPglite(dataDir);
    try {
      const orders = await check.run((x) =>
        x.execute<{ n: number }>(sql`select count(*)::int as n from orders where user_id = ${session.userId}`),
      );
      expect(orders.rows[0]?.n).toBe(1);
    } finally {
      await check.close();
    }
  }, 180_000);
});
