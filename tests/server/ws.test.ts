// WebSocket /api/v1/ws with the real push (NOTIFY/LISTEN on the test database): anonymous and
// signed-in clients, order updates only to their user, catalogue/settings version broadcasts,
// pings and dead-client drops.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../server/context.js';
import type { Database } from '../../server/db/database.js';
import { type ProcessPush } from '../../server/push.js';
import { createWsModule, WS_UNAUTHORIZED } from '../../server/routes/ws.js';
import { createSession } from '../../server/services/sessions.js';
import { eventually } from './eventually.js';
import { connect, type TestSocket } from './wsClient.js';
import { useWsServer } from './wsServer.js';

let db: Database;
let push: ProcessPush;
let ctx: AppContext;
let app: FastifyInstance;
const sockets: TestSocket[] = [];

async function signedInUser(phone: string): Promise<{ userId: string; token: string }> {
  return db.run(async (x) => {
    const rows = await x.execute<{ id: string }>(
      sql`insert into users (phone, name, personal_data) values (${phone}, 'Тест', true) returning id`,
    );
    const userId = rows.rows[0]?.id;
    if (!userId) throw new Error('user not created');
    return { userId, token: await createSession(x, userId, ctx.clock.now()) };
  });
}

const hello = (m: Record<string, unknown>) => m.type === 'hello';

const open = useWsServer({ versionPollMs: 100, sockets }, (started) => ({ db, push, ctx, app } = started));

describe('WebSocket /api/v1/ws', () => {
  it('accepts an anonymous client', async () => {
    const socket = open();
    expect(await socket.next(hello)).toEqual({ type: 'hello', signedIn: false });
  });

  it('accepts a token in the Authorization header and in ?token=', async () => {
    const { token } = await signedInUser('+79990000001');
    expect(await open('', { authorization: `Bearer ${token}` }).next(hello)).toEqual({ type: 'hello', signedIn: true });
    expect(await open(`?token=${token}`).next(hello)).toEqual({ type: 'hello', signedIn: true });
  });

  it('closes with 4401 and the Russian reason for a token that is not valid', async () => {
    const socket = open(`?token=${'x'.repeat(43)}`);
    expect(await socket.closed).toEqual({ code: WS_UNAUTHORIZED, reason: 'Требуется вход по номеру телефона' });
    expect(socket.messages).toEqual([]);
  });

  it('order:status_update published goes only to that order’s user', async () => {
    const alice = await signedInUser('+79990000002');
    const bob = await signedInUser('+79990000003');
    const aliceHeader = open('', { authorization: `Bearer ${alice.token}` });
    const aliceQuery = open(`?token=${alice.token}`);
    const bobSocket = open(`?token=${bob.token}`);
    const anonymous = open();
    for (const s of [aliceHeader, aliceQuery, bobSocket, anonymous]) await s.next(hello);

    const message = {
      type: 'order:status_update' as const,
      userId: alice.userId,
      orderId: 'order-1',
      status: 'Готовится',
    };
    await push.publish(message);
    expect(await aliceHeader.next((m) => m.type === 'order:status_update')).toEqual(message);
    expect(await aliceQuery.next((m) => m.type === 'order:status_update')).toEqual(message);

    // a later broadcast reaches everyone, so by then Bob and the anonymous client had their chance
    await push.publish({ type: 'settings:update', version: 'marker-1' });
    for (const s of [aliceHeader, bobSocket, anonymous])
      await s.next((m) => m.type === 'settings:update' && m.version === 'marker-1');
    expect(bobSocket.messages.filter((m) => m.type === 'order:status_update')).toEqual([]);
    expect(anonymous.messages.filter((m) => m.type === 'order:status_update')).toEqual([]);
  });

  it.each([
    ['catalogue', 'catalog', sql`update products set position = position where id = (select id from products limit 1)`],
    [
      'settings',
      'settings',
      sql`update settings set position = position where name = (select name from settings limit 1)`,
    ],
  ])('a %s change in the database is broadcast as %s:update with the new version', async (_, name, change) => {
    const socket = open();
    await socket.next(hello);
    await db.run((x) => x.execute(change));
    const version = await db.run((x) =>
      x.execute<{ version: string }>(sql`select version::text as version from content_versions where name = ${name}`),
    );
    expect(
      await socket.next((m) => m.type === `${name}:update` && m.version === version.rows[0]?.version),
    ).toBeTruthy();
  });

  it('a plain HTTP request to the WebSocket path is not served a page', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/ws' });
    expect(res.statusCode).toBe(426);
    expect(res.json()).toMatchObject({ message: 'Нужно WebSocket-соединение' });
  });
});

describe('WebSocket pings (SPEC-independent liveness, 30 s in production)', () => {
  let pingApp: FastifyInstance;
  let pingBase: string;
  beforeAll(async () => {
    pingApp = Fastify();
    pingApp.decorate('ctx', ctx);
    await pingApp.register(async (api) => createWsModule({ pingIntervalMs: 150 })(api), { prefix: '/api/v1' });
    await pingApp.listen({ port: 0, host: '127.0.0.1' });
    const address = pingApp.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    pingBase = `ws://127.0.0.1:${address.port}/api/v1/ws`;
  });
  afterAll(async () => {
    await pingApp?.close();
  });

  it('pings clients; a client that answers stays connected', async () => {
    const socket = connect(pingBase);
    sockets.push(socket);
    await socket.next(hello);
    await eventually('three pings', () => socket.pings >= 3, 5_000);
    const state = await Promise.race([
      socket.closed.then(() => 'closed'),
      new Promise((r) => setTimeout(() => r('open'), 50)),
    ]);
    expect(state).toBe('open');
  });

  it('drops a client that does not answer pings', async () => {
    const socket = connect(pingBase, { autoPong: false });
    sockets.push(socket);
    await socket.next(hello);
    const closed = await socket.closed;
    expect(closed.code).toBe(1006); // terminated, no close frame
    expect(socket.pings).toBeGreaterThanOrEqual(1);
  });

  it('delivers pushes through the hub of the process push', async () => {
    const socket = connect(pingBase);
    sockets.push(socket);
    await socket.next(hello);
    await push.publish({ type: 'catalog:update', version: 'marker-2' });
    expect(await socket.next((m) => m.version === 'marker-2')).toEqual({ type: 'catalog:update', version: 'marker-2' });
  });
});
