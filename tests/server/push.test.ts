// server/push.ts: NOTIFY round trip into the local hub, who gets which message, malformed
// payloads. Across connections of a PostgreSQL server: push.pg.test.ts.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushMessage } from '../../server/context.js';
import type { Database } from '../../server/db/database.js';
import {
  PUSH_CHANNEL,
  concerns,
  createHub,
  createPush,
  parsePushMessage,
  type ProcessPush,
} from '../../server/push.js';
import { sharedCatalog } from '../../server/services/catalog.js';
import { createTestServer, openTestDatabase, type TestServer } from './helpers.js';
import { deliveryBody, postOrder, signedInUser } from './ordersFixtures.js';
import { eventually } from './eventually.js';

const warnings: string[] = [];
const log = { info: () => undefined, warn: (_: object, msg: string) => void warnings.push(msg) };

const order = (userId: string): PushMessage => ({
  type: 'order:status_update',
  userId,
  orderId: 'o-1',
  status: 'В пути',
});

describe('who gets a push', () => {
  it('catalogue and settings updates go to everyone, anonymous included', () => {
    expect(concerns({ type: 'catalog:update', version: '2' }, null)).toBe(true);
    expect(concerns({ type: 'settings:update', version: '2' }, 'u1')).toBe(true);
  });

  it('an order status update goes only to its user', () => {
    expect(concerns(order('u1'), 'u1')).toBe(true);
    expect(concerns(order('u1'), 'u2')).toBe(false);
    expect(concerns(order('u1'), null)).toBe(false);
  });

  it('the hub delivers to the concerned subscribers and forgets unsubscribed ones', () => {
    const hub = createHub();
    const got: Record<string, PushMessage[]> = { a: [], b: [], anon: [] };
    const offA = hub.subscribe({ userId: 'a', deliver: (m) => void got.a?.push(m) });
    hub.subscribe({ userId: 'b', deliver: (m) => void got.b?.push(m) });
    hub.subscribe({ userId: null, deliver: (m) => void got.anon?.push(m) });
    expect(hub.deliver(order('a'))).toBe(1);
    expect(hub.deliver({ type: 'catalog:update', version: '7' })).toBe(3);
    offA();
    expect(hub.size).toBe(2);
    expect(hub.deliver(order('a'))).toBe(0);
    expect(got).toEqual({
      a: [order('a'), { type: 'catalog:update', version: '7' }],
      b: [{ type: 'catalog:update', version: '7' }],
      anon: [{ type: 'catalog:update', version: '7' }],
    });
  });

  it('a subscriber that throws does not stop the others', () => {
    const hub = createHub(log);
    const got: PushMessage[] = [];
    hub.subscribe({
      userId: null,
      deliver: () => {
        throw new Error('gone');
      },
    });
    hub.subscribe({ userId: null, deliver: (m) => void got.push(m) });
    expect(hub.deliver({ type: 'settings:update', version: '3' })).toBe(1);
    expect(got).toHaveLength(1);
  });

  it('parses only well-formed messages', () => {
    expect(parsePushMessage(JSON.stringify(order('u')))).toEqual(order('u'));
    expect(parsePushMessage('not json')).toBeNull();
    expect(parsePushMessage(JSON.stringify({ type: 'order:status_update', userId: 'u' }))).toBeNull();
    expect(parsePushMessage(JSON.stringify({ type: 'unknown' }))).toBeNull();
  });
});

describe('createPush over the database', () => {
  let db: Database;
  let drop: () => Promise<void>;
  let push: ProcessPush;
  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase());
    push = await createPush(db, log, { versionPollMs: 60_000 });
  });
  afterAll(async () => {
    await push?.close();
    await db?.close();
    await drop?.();
  });

  it('publish goes through NOTIFY storefront_push and comes back into the hub', async () => {
    const got: PushMessage[] = [];
    const raw: string[] = [];
    const off = push.hub.subscribe({ userId: 'u1', deliver: (m) => void got.push(m) });
    const stop = await db.listen(PUSH_CHANNEL, (payload) => void raw.push(payload));
    await push.publish(order('u1'));
    await eventually('the notification', () => got.length === 1 && raw.length === 1, 5_000);
    expect(got).toEqual([order('u1')]);
    expect(JSON.parse(raw[0] ?? '')).toEqual(order('u1'));
    off();
    await stop();
  });

  it('a malformed notification is logged and ignored', async () => {
    const got: PushMessage[] = [];
    const off = push.hub.subscribe({ userId: null, deliver: (m) => void got.push(m) });
    await db.notify(PUSH_CHANNEL, '{"type":"catalog:update"}');
    await db.notify(PUSH_CHANNEL, JSON.stringify({ type: 'catalog:update', version: 'after' }));
    await eventually('the valid notification', () => got.length === 1, 5_000);
    expect(got).toEqual([{ type: 'catalog:update', version: 'after' }]);
    expect(warnings).toContain('ignored a malformed push message');
    off();
  });

  it('a catalog:update reaching the process drops its cached catalogue key first (clients reloading on it get the new catalogue)', async () => {
    const before = await sharedCatalog(db, 60_000);
    await db.run((x) => x.execute(sql`update content_versions set version = version + 1 where name = 'catalog'`));
    expect(await sharedCatalog(db, 60_000)).toBe(before); // inside the max age: still the cached key
    const got: PushMessage[] = [];
    const off = push.hub.subscribe({ userId: null, deliver: (m) => void got.push(m) });
    await push.publish({ type: 'catalog:update', version: 'next' });
    await eventually('the catalogue update', () => got.length === 1, 5_000);
    const after = await sharedCatalog(db, 60_000);
    expect(after).not.toBe(before);
    expect(Number(after.version)).toBe(Number(before.version) + 1);
    off();
  });

  it('after close nothing more is delivered', async () => {
    const other = await createPush(db, log, { versionPollMs: 60_000 });
    const got: PushMessage[] = [];
    other.hub.subscribe({ userId: null, deliver: (m) => void got.push(m) });
    await other.close();
    const seen: PushMessage[] = [];
    const off = push.hub.subscribe({ userId: null, deliver: (m) => void seen.push(m) });
    await push.publish({ type: 'settings:update', version: 'closed-check' });
    await eventually('delivery to the open push', () => seen.length === 1, 5_000);
    expect(got).toEqual([]);
    off();
  });
});

describe('POST /order announces itself with its commit (the NOTIFY is part of its transaction)', () => {
  let server: TestServer;
  let push: ProcessPush;
  beforeAll(async () => {
    server = await createTestServer();
    server.clock.set('2026-11-20T05:00:00.000Z'); // Friday 13:00 in Asia/Irkutsk: open
    push = await createPush(server.db, log, { versionPollMs: 60_000 });
    server.ctx.push = push;
  });
  afterAll(async () => {
    await push?.close();
    await server?.close();
  });

  it('a placed order pushes its status to its customer once; a refused one pushes nothing', async () => {
    const user = await signedInUser(server.db);
    const got: PushMessage[] = [];
    const off = push.hub.subscribe({ userId: user.id, deliver: (m) => void got.push(m) });
    const refused = await postOrder(server, user.token, deliveryBody({ expectedTotal: 1 }));
    expect(refused.statusCode).toBe(422);
    const placed = await postOrder(server, user.token, deliveryBody());
    expect(placed.statusCode, placed.body).toBe(200);
    await eventually('the order push', () => got.length >= 1, 5_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(got).toEqual([
      { type: 'order:status_update', userId: user.id, orderId: placed.json().id, status: 'Unconfirmed' },
    ]);
    expect(server.pushed).toEqual([]); // not published a second time after the commit
    off();
  });
});
