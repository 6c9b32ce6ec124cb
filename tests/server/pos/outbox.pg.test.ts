// Issue items 8 and 10 on a PostgreSQL server: two workers, each with its own connection pool
// and iiko token as two server processes have, share one outbox; every order reaches iiko once.
// The sync runs in one process at a time (an advisory lock). Needs TEST_DATABASE_URL
// (`bash tools/pg-test-server.sh run npx vitest run tests/server/pos/outbox.pg.test.ts`).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../server/config.js';
import type { AppContext } from '../../../server/context.js';
import { openPostgres, type Database } from '../../../server/db/database.js';
import { seedDemoChain } from '../../../server/seed/index.js';
import { runOutboxOnce } from '../../../server/services/pos/outbox.js';
import { refreshesSettled, scheduleRefresh } from '../../../server/services/pos/refreshQueue.js';
import { setHandoff, syncIfLeader } from '../../../server/services/pos/runner.js';
import { refreshTerminals } from '../../../server/services/pos/terminals.js';
import { startFakeIiko, type FakeIiko } from '../../fakes/iiko/server.js';
import { freshPostgres, type FreshPostgres } from '../freshPostgres.js';
import { settableClock } from '../helpers.js';
import { signedInUser } from '../ordersFixtures.js';
import { iikoPosOnFake } from './iikoHandoffServer.js';

if (!process.env.TEST_DATABASE_URL)
  throw new Error('outbox.pg.test.ts needs TEST_DATABASE_URL: run it with `npm run test:pg`');

const base = process.env.TEST_DATABASE_URL;
const clock = settableClock();
let fake: FakeIiko;
let database: FreshPostgres | undefined;
let first: Database;
let second: Database;
let a: AppContext;
let b: AppContext;

function processContext(db: Database, databaseUrl: string): AppContext {
  const config = { ...loadConfig({}), databaseUrl };
  return {
    config,
    db,
    clock,
    push: { publish: async () => undefined },
    sms: { send: async () => undefined },
    pos: iikoPosOnFake(fake, () => clock.now(), 2000),
  };
}

beforeAll(async () => {
  database = await freshPostgres(base, 'storefront_pos');
  first = await openPostgres(database.url);
  second = await openPostgres(database.url);
  await seedDemoChain(first);
  fake = await startFakeIiko({ now: () => clock.now().getTime() });
  a = processContext(first, database.url);
  b = processContext(second, database.url);
  await setHandoff(a, true);
  await refreshTerminals(a);
});

afterAll(async () => {
  await first?.close();
  await second?.close();
  await fake?.close();
  await database?.drop();
});

/** The sync's advisory lock taken on the first process's connection, held until released. */
async function syncLockHeldByAnotherProcess(): Promise<{ release(): Promise<void> }> {
  let letGo: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (letGo = resolve));
  let locked: () => void = () => undefined;
  const gotLock = new Promise<void>((resolve) => (locked = resolve));
  const other = first.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7410107)`);
    locked();
    await held;
  });
  await gotLock;
  return {
    release: async () => {
      letGo();
      await other;
    },
  };
}

/** An accepted cash order, written as POST /order writes it (the outbox row comes from its transaction). */
async function acceptedOrder(userId: string): Promise<string> {
  const id = randomUUID();
  const at = clock.now().toISOString();
  const items = JSON.stringify([
    { productId: 'california-crab', name: 'Калифорния', amount: 1, price: 389, sum: 389, mods: [], isGift: false },
  ]);
  await first.run((db) =>
    db.execute(sql`
      insert into orders (id, user_id, city_id, status, delivery_method, address, delivery_terminal_id, items,
        goods_total, total, payment_method, created_at, updated_at)
      values (${id}, ${userId}, 'city-angarsk', 'Unconfirmed', 'self', null, 'dt-angarsk-1', ${items}::jsonb,
        389, 389, 'cash', ${at}, ${at})`),
  );
  return id;
}

describe('two processes on one PostgreSQL', () => {
  it('hand off each order exactly once (FOR UPDATE SKIP LOCKED)', async () => {
    const user = await signedInUser(first);
    const ids: string[] = [];
    for (let i = 0; i < 20; i += 1) ids.push(await acceptedOrder(user.id));
    fake.fail('lost-answer', 5, '/api/1/deliveries/create');
    for (let round = 0; round < 40; round += 1) {
      await Promise.all([runOutboxOnce(a, 3), runOutboxOnce(b, 3)]);
      clock.advance(5_000);
    }
    const rows = await first.run((db) =>
      db.execute<{ state: string; n: number }>(sql`select state, count(*)::int as n from pos_outbox group by state`),
    );
    expect(rows.rows).toEqual([{ state: 'sent', n: 20 }]);
    for (const id of ids) expect(fake.creates.filter((c) => c === id)).toHaveLength(1);
  });

  it('the sync runs in one process at a time (advisory lock)', async () => {
    // another process holding the lock: this one skips its pass
    const other = await syncLockHeldByAnotherProcess();
    expect(await syncIfLeader(b)).toBe(false);
    await other.release();
    expect(await syncIfLeader(b)).toBe(true);
  });

  it("a webhook's refresh waits for the sync's lock held by another process, then runs", async () => {
    await fake.setStop('dt-angarsk-1', 'dragon', 0);
    const stopListCalls = () => fake.calls.filter((c) => c === '/api/1/stop_lists').length;
    const before = stopListCalls();
    const other = await syncLockHeldByAnotherProcess();
    scheduleRefresh(b, 'stop-lists');
    // b's refresh is queued on the lock: PostgreSQL shows its connection waiting for it
    await vi.waitFor(
      async () => {
        const waiting = await second.run((db) =>
          db.execute<{ n: number }>(
            sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = 7410107 and not granted`,
          ),
        );
        expect(waiting.rows[0]?.n).toBe(1);
      },
      { timeout: 30_000 },
    );
    expect(stopListCalls()).toBe(before);
    await other.release();
    await refreshesSettled(b);
    expect(stopListCalls()).toBe(before + 1);
    const rows = await first.run((db) =>
      db.execute(sql`select 1 from stop_list where delivery_terminal_id = 'dt-angarsk-1' and product_id = 'dragon'`),
    );
    expect(rows.rows).toHaveLength(1);
  });
});
