// POST /order keys claimed by one of two server processes on one PostgreSQL: while the claiming
// process lives, the other answers 409 for the key; once it is killed (kill -9), the other
// completes the order at once (the claim's owner held an advisory lock that died with it).
// Needs TEST_DATABASE_URL (`npm run test:pg`).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryBody } from './ordersFixtures.js';
import { createPgTestDatabase, testDatabaseUrl, type PgTestDatabase } from './pgTestDatabase.js';
import { postOrderTo, signIn, spawnServer, type ServerProcess } from './serverProcess.js';

const baseUrl = testDatabaseUrl('idempotencyOwner.pg.test.ts');

describe('an order key claimed by another live process, then by a killed one (PostgreSQL, two processes)', () => {
  let database: PgTestDatabase;
  let db: pg.Client;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let geocoder: http.Server | undefined;
  const geocoderHits: http.ServerResponse[] = [];

  beforeAll(async () => {
    database = await createPgTestDatabase(baseUrl, 'storefront_owner');
    db = database.db;
    // a Yandex geocoder that never answers: it holds A's order between its key claim and its transaction
    geocoder = http.createServer((_req, res) => void geocoderHits.push(res));
    await new Promise<void>((resolve) => geocoder?.listen(0, '127.0.0.1', resolve));
    const address = geocoder.address();
    const geocoderUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
    [a, b] = await Promise.all([
      spawnServer(await database.serverEnv({ YANDEX_GEOCODER_KEY: 'test-key', YANDEX_GEOCODER_URL: geocoderUrl })),
      spawnServer(await database.serverEnv()),
    ]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop('SIGKILL'), b?.stop()]);
    geocoder?.closeAllConnections();
    geocoder?.close();
    await database?.drop();
  });

  it('409 while the claiming process lives; after its kill -9 the other process completes the order at once, once', async () => {
    if (!a || !b) throw new Error('not started');
    const phone = '+79995550012';
    const session = await signIn(a.url, phone, async () => {
      const rows = await db.query<{ text: string }>(
        'select text from sms_outbox where phone = $1 order by created_at desc limit 1',
        [phone],
      );
      return /(\d{6})/.exec(rows.rows[0]?.text ?? '')?.[1] ?? null;
    });
    const allDay = JSON.stringify(
      Array.from({ length: 7 }, () => ({ open: '00:00', close: '00:01', isNextDay: true })),
    );
    await db.query('update restaurants set hours = $1::jsonb', [allDay]);
    const key = `owner-${randomBytes(8).toString('hex')}`;
    const post = (server: ServerProcess) => postOrderTo(server.url, session.token, key, deliveryBody());

    const inFlight = post(a).catch(() => null); // never answered: A dies under it
    await expect.poll(() => geocoderHits.length, { timeout: 10_000 }).toBe(1);
    // A is alive and works on it: B must not take the key over
    const busy = await post(b);
    expect(busy.status).toBe(409);
    expect(((await busy.json()) as { message?: string }).message).toBe('Заказ уже оформляется');

    // A's lease: the session advisory lock on the owner of the key's claim
    const leaseHeld = async () =>
      (
        await db.query<{ n: number }>(
          `select count(*)::int as n from idempotency_keys k join pg_locks l
             on l.locktype = 'advisory' and l.granted and l.objsubid = 1
            and l.database = (select oid from pg_database where datname = current_database())
            and ((l.classid::int8 << 32) | l.objid::int8) = k.owner
           where k.key = $1`,
          [key],
        )
      ).rows[0]?.n ?? 0;
    expect(await leaseHeld()).toBe(1);

    const killed = await a.stop('SIGKILL');
    expect(killed.signal).toBe('SIGKILL');
    expect(await inFlight).toBeNull();
    // PostgreSQL ends A's sessions (and its lease) when it sees the connections drop, however long
    // that takes on a busy machine; from then on B's next attempt completes the order
    while ((await leaseHeld()) > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    const placed = await post(b);
    const order = (await placed.json()) as { id?: string };
    expect(placed.status, JSON.stringify(order)).toBe(200);
    const again = await post(b);
    expect(((await again.json()) as { id?: string }).id).toBe(order.id);
    const count = await db.query<{ n: number }>('select count(*)::int as n from orders where user_id = $1', [
      session.userId,
    ]);
    expect(count.rows[0]?.n).toBe(1);
  });
});
