// Issue item 10: the real server process killed with SIGKILL at the exact moment of sending goes
// on after a restart, and iiko gets the order exactly once. iiko has received and carried out
// deliveries/create but holds its answer; the process dies before it has recorded anything of the
// send: only the outbox row and the lookup by our id before a retry stand between that and a
// second order.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../../server/db/database.js';
import { seedDemoChain } from '../../../server/seed/index.js';
import { startFakeIiko, type FakeIiko } from '../../fakes/iiko/server.js';
import { eventually } from '../eventually.js';
import { deliveryBody } from '../ordersFixtures.js';
import { fakeClientDir, freePort, lastCode, signIn, spawnServer, type ServerProcess } from '../serverProcess.js';

/** Every day open from 00:00 to 00:01 the next day: the order does not depend on the hour the suite runs. */
const OPEN_ALL_DAY = JSON.stringify(
  Array.from({ length: 7 }, () => ({ open: '00:00', close: '00:01', isNextDay: true })),
);

/** How long a started process may take to do its part. */
const PROCESS_WAIT_MS = 150_000;

describe('kill -9 between the commit and the hand-off', () => {
  let dataDir: string;
  let clientDir: string;
  let fake: FakeIiko;
  let env: Record<string, string>;
  let first: ServerProcess | undefined;
  let second: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-iiko-kill-'));
    clientDir = fakeClientDir();
    const db = await openPglite(dataDir);
    await seedDemoChain(db);
    await db.run((x) => x.execute(sql`update restaurants set hours = ${OPEN_ALL_DAY}::jsonb`));
    await db.close();
    fake = await startFakeIiko();
    env = {
      DATA_DIR: dataDir,
      CLIENT_DIR: clientDir,
      DATABASE_URL: '',
      PORT: String(await freePort()),
      IIKO_API_URL: fake.url,
      IIKO_API_LOGIN: fake.apiLogin,
      IIKO_ORGANIZATION_ID: fake.organizationId,
    };
    first = await spawnServer(env);
  }, 120_000);

  afterAll(async () => {
    await first?.stop('SIGKILL');
    await second?.stop('SIGKILL');
    await fake?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('goes out exactly once after the restart', { timeout: 300_000 }, async () => {
    const server = first;
    if (!server) throw new Error('not started');
    // iiko creates the order but holds the answer
    const create = fake.hold('/api/1/deliveries/create');
    const session = await signIn(server.url, '+79995550107', async () => lastCode(server.output()));
    const placed = await fetch(`${server.url}/api/v1/order`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${session.token}`,
        'content-type': 'application/json',
        'idempotency-key': 'kill-9-order',
      },
      body: JSON.stringify(deliveryBody()),
    });
    expect(placed.status).toBe(200);
    const { id } = (await placed.json()) as { id: string };
    await eventually('iiko to receive the create', () => create.held() === 1, PROCESS_WAIT_MS).catch(
      (error: unknown) => {
        throw new Error(`${String(error)}; iiko was asked ${fake.calls.join(', ')}\n${server.output().slice(-3000)}`);
      },
    );
    expect(fake.creates).toEqual([id]);
    await server.stop('SIGKILL');
    create.release();

    // our side recorded nothing of the send: no correlation id, the row not yet 'waiting' (an order
    // placed before the first terminal sync may have waited an attempt first)
    const killed = await openPglite(dataDir);
    try {
      const rows = await killed.run((x) =>
        x.execute<{ state: string; correlation_id: string | null }>(
          sql`select state, correlation_id from pos_outbox where order_id = ${id}`,
        ),
      );
      expect(rows.rows).toEqual([{ state: 'pending', correlation_id: null }]);
    } finally {
      await killed.close();
    }
    const callsBeforeRestart = fake.calls.length;

    second = await spawnServer(env);
    // the killed process's lease ends, the row is taken again, looked up by id, and followed
    await eventually(
      'iiko to confirm the order',
      () => fake.orders.get(id)?.creationStatus === 'Success',
      PROCESS_WAIT_MS,
    );
    await second.stop();
    second = undefined;
    expect(fake.creates.filter((c) => c === id)).toHaveLength(1);
    // the restarted process looked the order up by id and never sent the create again
    const afterRestart = fake.calls.slice(callsBeforeRestart);
    expect(afterRestart).toContain('/api/1/deliveries/by_id');
    expect(afterRestart).not.toContain('/api/1/deliveries/create');

    const db = await openPglite(dataDir);
    try {
      const rows = await db.run((x) =>
        x.execute<{ state: string }>(sql`select state from pos_outbox where order_id = ${id}`),
      );
      expect(rows.rows).toEqual([{ state: 'sent' }]);
    } finally {
      await db.close();
    }
  });
});
