// Two server processes on one PostgreSQL (DESIGN "The server": stateless API processes behind a
// load balancer, pushes crossing processes through LISTEN/NOTIFY), each reached through a test
// reverse proxy (httpProxy.ts) that appends X-Forwarded-For as nginx does (docs/DEPLOY.md).
//
// Needs a PostgreSQL server (TEST_DATABASE_URL): `*.pg.test.ts` files run under `npm run test:pg`,
// which .ci/run calls; vitest.config.ts leaves them out of plain `npm test` (embedded PGlite, one
// process per DATA_DIR by design).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_CHANNEL } from '../../server/push.js';
import { httpProxy, type HttpProxy } from './httpProxy.js';
import { testDatabaseUrl } from './pgTestDatabase.js';
import { processPairPerDescribe } from './processPair.js';
import { signIn, type ServerProcess } from './serverProcess.js';
import { connect, type TestSocket } from './wsClient.js';

const baseUrl = testDatabaseUrl('multiprocess.pg.test.ts');

const OTP_BUDGET = 12;

describe('two server processes on one PostgreSQL', () => {
  // TRUST_PROXY: the proxy's X-Forwarded-For names the client (the sign-in code tests put
  // theirs first, as a client behind a further proxy would).
  const pair = processPairPerDescribe(baseUrl, 'storefront_mp', {
    TRUST_PROXY: '127.0.0.1',
    OTP_CODES_PER_IP_10_MIN: String(OTP_BUDGET),
  });
  const sockets: TestSocket[] = [];
  const proxies = new Map<ServerProcess, HttpProxy>();
  /** The proxy in front of a process: every request of this suite goes through it. */
  const front = (server: ServerProcess): HttpProxy => {
    const proxy = proxies.get(server);
    if (!proxy) throw new Error('no proxy');
    return proxy;
  };

  const ws = (server: ServerProcess, query = '') => {
    const socket = connect(`ws://127.0.0.1:${front(server).port}/api/v1/ws${query}`);
    sockets.push(socket);
    return socket;
  };
  const hello = (m: Record<string, unknown>) => m.type === 'hello';

  beforeAll(async () => {
    for (const server of [pair.a, pair.b]) proxies.set(server, await httpProxy(server.port));
  });

  afterAll(async () => {
    for (const s of sockets) s.close();
    await Promise.all([...proxies.values()].map((proxy) => proxy.close()));
  });

  it('both are ready behind their proxies and serve the same seeded catalogue', async () => {
    for (const server of [pair.a, pair.b])
      expect((await fetch(`${front(server).url}/api/v1/health/ready`)).status).toBe(200);
    const [fromA, fromB] = await Promise.all([
      fetch(`${front(pair.a).url}/api/v1/storage/version`),
      fetch(`${front(pair.b).url}/api/v1/storage/version`),
    ]);
    expect(fromA.status).toBe(200);
    expect(await fromA.json()).toEqual(await fromB.json());
    const cities = await pair.db.query<{ n: string }>('select count(*) as n from cities');
    expect(Number(cities.rows[0]?.n)).toBe(3);
  });

  let session: { token: string; userId: string };

  it('a token from one process works on the other (sessions live in the database)', async () => {
    // one sign-in for the suite: a phone gets one code a minute
    const phone = '+79995550011';
    session = await signIn(front(pair.a).url, phone, async () => {
      const rows = await pair.db.query<{ text: string }>(
        'select text from sms_outbox where phone = $1 order by created_at desc limit 1',
        [phone],
      );
      return /(\d{6})/.exec(rows.rows[0]?.text ?? '')?.[1] ?? null;
    });
    const socket = ws(pair.b, `?token=${session.token}`);
    expect(await socket.next(hello)).toEqual({ type: 'hello', signedIn: true });
  });

  it('sign-in code limits hold across both processes: 10 phones behind one address all get codes, a phone waits 60 s, the address budget is shared', async () => {
    const ip = '203.0.113.7';
    const send = (server: ServerProcess, phone: string) =>
      fetch(`${front(server).url}/api/v1/auth/code`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ phone }),
      });
    const phones = Array.from({ length: 10 }, (_, i) => `+7999444${String(i).padStart(4, '0')}`);
    const first = await Promise.all(phones.map((phone, i) => send(i % 2 === 0 ? pair.a : pair.b, phone)));
    expect(first.map((r) => r.status)).toEqual(phones.map(() => 200));

    const again = await send(pair.b, phones[0] ?? '');
    expect(again.status).toBe(429);
    expect(((await again.json()) as { message: string }).message).toMatch(
      /^Повторная отправка кода возможна через \d+ с$/,
    );

    // 10 of the budget's 12 are spent: of 6 more phones at once, through either process, 2 get codes.
    const more = Array.from({ length: 6 }, (_, i) => `+7999445${String(i).padStart(4, '0')}`);
    const rest = await Promise.all(more.map((phone, i) => send(i % 2 === 0 ? pair.a : pair.b, phone)));
    expect(rest.map((r) => r.status).sort()).toEqual([200, 200, 429, 429, 429, 429]);
    const refused = rest.find((r) => r.status === 429);
    expect(((await refused?.json()) as { message: string }).message).toMatch(
      /^Слишком много запросов кода из вашей сети\. Попробуйте через (10 мин|\d+ с)$/,
    );
    const rows = await pair.db.query<{ n: string }>('select count(*) as n from otp_codes where ip = $1', [ip]);
    expect(Number(rows.rows[0]?.n)).toBe(OTP_BUDGET);
  });

  it('a push NOTIFYed on storefront_push reaches the WebSocket clients of both processes, by user', async () => {
    const onB = ws(pair.b, `?token=${session.token}`);
    const onA = ws(pair.a, `?token=${session.token}`);
    const anonymousOnB = ws(pair.b);
    for (const s of [onA, onB, anonymousOnB]) await s.next(hello);

    // exactly what ctx.push.publish of the process changing the order sends
    const message = {
      type: 'order:status_update',
      userId: session.userId,
      orderId: 'mp-order-1',
      status: 'CookingStarted',
    };
    await pair.db.query('select pg_notify($1, $2)', [PUSH_CHANNEL, JSON.stringify(message)]);
    expect(await onB.next((m) => m.type === 'order:status_update')).toEqual(message);
    expect(await onA.next((m) => m.type === 'order:status_update')).toEqual(message);

    await pair.db.query('select pg_notify($1, $2)', [
      PUSH_CHANNEL,
      JSON.stringify({ type: 'settings:update', version: 'mp-marker' }),
    ]);
    await anonymousOnB.next((m) => m.version === 'mp-marker');
    expect(anonymousOnB.messages.filter((m) => m.type === 'order:status_update')).toEqual([]);
  });

  it('an order placed through one process pushes its status to the customer connected to the other', async () => {
    // open around the clock in this test database, so the order does not depend on the hour
    const allDay = JSON.stringify(
      Array.from({ length: 7 }, () => ({ open: '00:00', close: '00:01', isNextDay: true })),
    );
    await pair.db.query('update restaurants set hours = $1::jsonb', [allDay]);
    const onB = ws(pair.b, `?token=${session.token}`);
    await onB.next(hello);
    const res = await fetch(`${front(pair.a).url}/api/v1/order`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${session.token}`,
        'idempotency-key': randomBytes(16).toString('hex'),
      },
      body: JSON.stringify({
        cityId: 'city-angarsk',
        deliveryMethod: 'self',
        items: [{ productId: 'set-philadelphia', amount: 1, mods: [] }],
        deliveryTerminalId: 'dt-angarsk-2',
        paymentMethod: 'cash',
      }),
    });
    const order = (await res.json()) as { id?: string; status?: string };
    expect(res.status, JSON.stringify(order)).toBeLessThan(300);
    expect(await onB.next((m) => m.type === 'order:status_update' && m.orderId === order.id)).toEqual({
      type: 'order:status_update',
      userId: session.userId,
      orderId: order.id,
      status: order.status,
    });
  });

  it('a catalogue change made anywhere is announced by every process', async () => {
    const onA = ws(pair.a);
    const onB = ws(pair.b);
    await onA.next(hello);
    await onB.next(hello);
    await pair.db.query(
      'update products set position = position where id = (select id from products order by id limit 1)',
    );
    const version = await pair.db.query<{ version: string }>(
      "select version::text as version from content_versions where name = 'catalog'",
    );
    const expected = { type: 'catalog:update', version: version.rows[0]?.version };
    expect(await onA.next((m) => m.type === 'catalog:update', 15_000)).toEqual(expected);
    expect(await onB.next((m) => m.type === 'catalog:update', 15_000)).toEqual(expected);
  });

  it('SIGTERM stops a process cleanly', async () => {
    const { code } = await pair.b.stop('SIGTERM');
    expect(code).toBe(0);
    expect(pair.b.output()).toContain('shutting down');
    expect((await fetch(`${front(pair.a).url}/api/v1/storage/version`)).status).toBe(200);
  });
});
