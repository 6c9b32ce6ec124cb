// Two real server processes (server/main.ts, spawned) on one PostgreSQL with the iiko adapter
// pointed at the fake iiko: orders placed through both, some creates carried out by iiko with
// their answers lost; every order reaches iiko exactly once, whichever process works its row.
// An order iiko refuses is announced to the staff screens of the other process too.
// Needs TEST_DATABASE_URL: `bash tools/pg-test-server.sh run npx vitest run tests/server/pos/twoProcesses.pg.test.ts`.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../../server/db/database.js';
import { startFakeIiko, type FakeIiko } from '../../fakes/iiko/server.js';
import { freshPostgres, type FreshPostgres } from '../freshPostgres.js';
import { eventually } from '../eventually.js';
import { deliveryBody, pickupBody, signedInUser } from '../ordersFixtures.js';
import { fakeClientDir, freePort, spawnServer, type ServerProcess } from '../serverProcess.js';
import { connect, type TestSocket } from '../wsClient.js';

const base = process.env.TEST_DATABASE_URL ?? '';
if (!base) throw new Error('twoProcesses.pg.test.ts needs TEST_DATABASE_URL: run it with `npm run test:pg`');

/** Every day open from 00:00 to 00:01 the next day: the orders do not depend on the hour the suite runs. */
const OPEN_ALL_DAY = JSON.stringify(
  Array.from({ length: 7 }, () => ({ open: '00:00', close: '00:01', isNextDay: true })),
);
const ORDERS = 8;
const ADMIN_PASSWORD = 'first admin password';

/** How long a started process may take to do its part. */
const PROCESS_WAIT_MS = 150_000;

describe('two server processes with the iiko adapter on one PostgreSQL', () => {
  const dirs: string[] = [];
  let url: string;
  let fresh: FreshPostgres | undefined;
  let fake: FakeIiko;
  let db: Database | undefined;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;

  beforeAll(async () => {
    fresh = await freshPostgres(base, 'storefront_iiko_mp');
    url = fresh.url;
    fake = await startFakeIiko();
    const clientDir = fakeClientDir();
    dirs.push(clientDir);
    const env = async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-iiko-mp-'));
      dirs.push(dataDir);
      return {
        DATABASE_URL: url,
        PORT: String(await freePort()),
        DATA_DIR: dataDir,
        CLIENT_DIR: clientDir,
        IIKO_API_URL: fake.url,
        IIKO_API_LOGIN: fake.apiLogin,
        IIKO_ORGANIZATION_ID: fake.organizationId,
        ADMIN_LOGIN: 'chief',
        ADMIN_PASSWORD,
      };
    };
    // started together: migrations and the seed take turns through advisory locks
    [a, b] = await Promise.all([spawnServer(await env()), spawnServer(await env())]);
    db = await openPostgres(url);
    const database = db;
    await database.run((x) => x.execute(sql`update restaurants set hours = ${OPEN_ALL_DAY}::jsonb`));
    // the sync's leader maps the fake's terminal groups onto the demo restaurants at start
    await eventually(
      'the terminal groups to be mapped',
      async () => {
        const rows = await database.run((x) =>
          x.execute<{ n: number }>(
            sql`select count(*)::int as n from pos_terminal_groups where delivery_terminal_id is not null`,
          ),
        );
        return (rows.rows[0]?.n ?? 0) > 0;
      },
      PROCESS_WAIT_MS,
    );
  }, 180_000);

  const sockets: TestSocket[] = [];

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.close();
    await fake?.close();
    await fresh?.drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('orders placed through both processes reach iiko exactly once each', { timeout: 300_000 }, async () => {
    const database = db;
    if (!a || !b || !database) throw new Error('not started');
    // iiko carries out a few creates but their answers are lost: a retry must look before creating
    fake.fail('lost-answer', 3, '/api/1/deliveries/create');
    const ids: string[] = [];
    for (let i = 0; i < ORDERS; i += 1) {
      const through = i % 2 === 0 ? a : b;
      const customer = await signedInUser(database, { now: new Date() });
      const body = i % 4 === 3 ? pickupBody({ paymentMethod: 'cash' }) : deliveryBody();
      const placed = await fetch(`${through.url}/api/v1/order`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${customer.token}`,
          'content-type': 'application/json',
          'idempotency-key': `two-processes-${i}-${randomBytes(4).toString('hex')}`,
        },
        body: JSON.stringify(body),
      });
      const answer = (await placed.json()) as { id: string };
      expect(placed.status, JSON.stringify(answer)).toBe(200);
      ids.push(answer.id);
    }

    await eventually(
      'every order to be confirmed by iiko',
      () => ids.every((id) => fake.orders.get(id)?.creationStatus === 'Success'),
      PROCESS_WAIT_MS,
    );
    await eventually(
      'every outbox row to be sent',
      async () => {
        const rows = await database.run((x) =>
          x.execute<{ n: number }>(sql`select count(*)::int as n from pos_outbox where state <> 'sent'`),
        );
        return rows.rows[0]?.n === 0;
      },
      PROCESS_WAIT_MS,
    );
    for (const id of ids)
      expect(
        fake.creates.filter((c) => c === id),
        id,
      ).toHaveLength(1);
    expect(fake.orders.size).toBe(ORDERS);
    // the lost answers were followed by looking the orders up, never by a second create
    expect(fake.calls).toContain('/api/1/deliveries/by_id');
    const rows = await database.run((x) =>
      x.execute<{ state: string; n: number }>(sql`select state, count(*)::int as n from pos_outbox group by state`),
    );
    expect(rows.rows).toEqual([{ state: 'sent', n: ORDERS }]);
  });

  it(
    'an order iiko refuses is flagged on the staff socket of the other process, and its retry sends it once',
    { timeout: 300_000 },
    async () => {
      const database = db;
      if (!a || !b || !database) throw new Error('not started');
      const login = await fetch(`${a.url}/api/v1/admin/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ login: 'chief', password: ADMIN_PASSWORD }),
      });
      expect(login.status).toBe(200);
      const staffToken = ((await login.json()) as { token: string }).token;
      const socket = connect(`ws://127.0.0.1:${b.port}/api/v1/ws?token=${staffToken}`);
      sockets.push(socket);
      await socket.next((m) => m.type === 'hello');

      fake.refuseNextOrder('Продукт не найден в меню терминала');
      const customer = await signedInUser(database, { now: new Date() });
      const placed = await fetch(`${a.url}/api/v1/order`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${customer.token}`,
          'content-type': 'application/json',
          'idempotency-key': `two-processes-refused-${randomBytes(4).toString('hex')}`,
        },
        body: JSON.stringify(deliveryBody()),
      });
      const { id } = (await placed.json()) as { id: string };
      expect(placed.status).toBe(200);
      await socket.next((m) => m.type === 'order:new' && m.orderId === id);
      // the hand-off failing is announced as a change of that order
      await socket.next((m) => m.type === 'order:updated' && m.orderId === id);
      const staff = { authorization: `Bearer ${staffToken}` };
      const overview = (await (await fetch(`${b.url}/api/v1/admin/integration`, { headers: staff })).json()) as {
        failed: { orderId: string; lastError: string | null }[];
      };
      expect(overview.failed).toEqual([
        expect.objectContaining({ orderId: id, lastError: 'Продукт не найден в меню терминала' }),
      ]);

      const retried = await fetch(`${b.url}/api/v1/admin/integration/handoffs/${id}/retry`, {
        method: 'POST',
        headers: staff,
      });
      expect(retried.status).toBe(200);
      await eventually(
        'the retried order to be confirmed by iiko',
        () => fake.orders.get(id)?.creationStatus === 'Success',
        PROCESS_WAIT_MS,
      );
      // two creates: the refused one, which left no order in iiko, and the retry's
      expect(fake.creates.filter((c) => c === id)).toHaveLength(2);
      await eventually(
        'its outbox row to be sent',
        async () => {
          const rows = await database.run((x) =>
            x.execute<{ state: string }>(sql`select state from pos_outbox where order_id = ${id}`),
          );
          return rows.rows[0]?.state === 'sent';
        },
        PROCESS_WAIT_MS,
      );
    },
  );
});
