// The admin area across two server processes on one PostgreSQL: started together they
// create the first admin once; a staff token from one works on the other; a staff socket on one
// process hears of orders placed or moved through the other (LISTEN/NOTIFY on storefront_staff);
// a revocation on one process is refused at once on the other.
//
// Needs a PostgreSQL server (TEST_DATABASE_URL): run with `npm run test:pg` (vitest.config.ts
// leaves *.pg.test.ts out of plain `npm test`).
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../pgTestDatabase.js';
import { processPairPerDescribe } from '../processPair.js';
import type { ServerProcess } from '../serverProcess.js';
import { connect, type TestSocket } from '../wsClient.js';

const baseUrl = testDatabaseUrl('multiprocess.pg.test.ts');

const ADMIN_PASSWORD = 'first admin password';

describe('the admin area on two processes', () => {
  const pair = processPairPerDescribe(baseUrl, 'storefront_admin_mp', { ADMIN_LOGIN: 'chief', ADMIN_PASSWORD });
  const sockets: TestSocket[] = [];

  afterAll(() => {
    for (const s of sockets) s.close();
  });

  const post = (server: ServerProcess, url: string, body: unknown, token?: string) =>
    fetch(`${server.url}/api/v1${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  const me = (server: ServerProcess, token: string) =>
    fetch(`${server.url}/api/v1/admin/auth/me`, { headers: { authorization: `Bearer ${token}` } });

  let token = '';

  it('created the first admin once, from ADMIN_LOGIN/ADMIN_PASSWORD, and printed no password', async () => {
    const rows = await pair.db.query<{ login: string; role: string }>('select login, role from staff');
    expect(rows.rows).toEqual([{ login: 'chief', role: 'admin' }]);
    expect(pair.a.output() + pair.b.output()).not.toContain(ADMIN_PASSWORD);
    const res = await post(pair.a, '/admin/auth/login', { login: 'chief', password: ADMIN_PASSWORD });
    expect(res.status).toBe(200);
    token = ((await res.json()) as { token: string }).token;
    expect((await me(pair.b, token)).status).toBe(200);
  });

  it('a staff socket on one process hears of an order placed and moved through the other', async () => {
    const socket = connect(`ws://127.0.0.1:${pair.b.port}/api/v1/ws?token=${token}`);
    sockets.push(socket);
    await socket.next((m) => m.type === 'hello');
    const user = await pair.db.query<{ id: string }>(
      `insert into users (phone, name) values ('+79995550077', 'Тест') returning id`,
    );
    const order = await pair.db.query<{ id: string }>(
      `insert into orders (user_id, city_id, delivery_method, delivery_terminal_id, items, goods_total, total, payment_method)
       values ($1, 'city-angarsk', 'self', 'dt-angarsk-2', '[]'::jsonb, 500, 500, 'cash') returning id`,
      [user.rows[0]?.id],
    );
    const orderId = order.rows[0]?.id;
    expect(await socket.next((m) => m.type === 'order:new' && m.orderId === orderId)).toMatchObject({
      status: 'Unconfirmed',
      total: 500,
    });
    const moved = await post(pair.a, `/admin/orders/${orderId}/status`, { status: 'WaitCooking' }, token);
    expect(moved.status).toBe(200);
    expect(await socket.next((m) => m.type === 'order:updated' && m.orderId === orderId)).toMatchObject({
      status: 'WaitCooking',
    });
  });

  it('logging out on one process ends the session on the other at once', async () => {
    const res = await post(pair.a, '/admin/auth/login', { login: 'chief', password: ADMIN_PASSWORD });
    const second = ((await res.json()) as { token: string }).token;
    expect((await me(pair.b, second)).status).toBe(200);
    expect((await post(pair.a, '/admin/auth/logout', {}, second)).status).toBe(204);
    expect((await me(pair.b, second)).status).toBe(401);
  });
});
