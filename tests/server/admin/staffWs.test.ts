// The staff channel of /api/v1/ws: a staff socket hears of new and changed orders
// live (order:new / order:updated from the orders trigger over LISTEN/NOTIFY); customers do not.
import { describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContext } from '../../../server/context.js';
import type { Database } from '../../../server/db/database.js';
import { createWsModule, WS_UNAUTHORIZED } from '../../../server/routes/ws.js';
import { signedInUser } from '../ordersFixtures.js';
import { connect, type TestSocket } from '../wsClient.js';
import { useWsServer } from '../wsServer.js';
import { phoneOrders } from '../../../server/db/schema/admin.js';
import { insertOrder, moveOrderAs, signInStaff } from './staffFixtures.js';

let db: Database;
let app: FastifyInstance;
let ctx: AppContext;
const sockets: TestSocket[] = [];

const open = useWsServer({ versionPollMs: 100_000, sockets }, (started) => ({ db, ctx, app } = started));
const hello = (m: Record<string, unknown>) => m.type === 'hello';

describe('staff WebSocket', () => {
  it('announces a new order and its status change to staff sockets only', async () => {
    const operator = await signInStaff({ app, db }, 'operator');
    const customer = await signedInUser(db);
    const staffSocket = open(`?token=${operator.token}`);
    expect(await staffSocket.next(hello)).toEqual({ type: 'hello', signedIn: false, staff: true });
    const customerSocket = open(`?token=${customer.token}`);
    expect(await customerSocket.next(hello)).toEqual({ type: 'hello', signedIn: true });

    const order = await insertOrder({ db }, { userId: customer.id, total: 1234 });
    expect(await staffSocket.next((m) => m.type === 'order:new' && m.orderId === order.id)).toMatchObject({
      type: 'order:new',
      number: order.number,
      status: 'Unconfirmed',
      cityId: 'city-angarsk',
      deliveryTerminalId: 'dt-angarsk-2',
      total: 1234,
    });

    await moveOrderAs({ app }, operator, order.id, 'WaitCooking');
    expect(await staffSocket.next((m) => m.type === 'order:updated' && m.orderId === order.id)).toMatchObject({
      status: 'WaitCooking',
    });
    // the customer hears of their own order's status, never of staff events
    expect(await customerSocket.next((m) => m.type === 'order:status_update')).toMatchObject({
      orderId: order.id,
      status: 'WaitCooking',
    });
    expect(customerSocket.messages.filter((m) => m.type === 'order:new' || m.type === 'order:updated')).toEqual([]);
  });

  it("a call-centre socket hears only of orders taken by phone (docs/ADMIN.md «The call centre's orders»)", async () => {
    const operator = await signInStaff({ app, db }, 'operator');
    const callcentre = await signInStaff({ app, db }, 'callcentre');
    const customer = await signedInUser(db);
    const socket = open(`?token=${callcentre.token}`);
    expect(await socket.next(hello)).toEqual({ type: 'hello', signedIn: false, staff: true });
    const storefront = await insertOrder({ db }, { userId: customer.id });
    const byPhone = await insertOrder({ db }, { userId: customer.id });
    await db.run((x) =>
      x.insert(phoneOrders).values({ orderId: byPhone.id, staffId: callcentre.id, staffLogin: callcentre.login }),
    );
    const move = (orderId: string, status: string) => moveOrderAs({ app }, operator, orderId, status);
    // the storefront order moves first; the phone order's two moves come after it on the channel
    await move(storefront.id, 'WaitCooking');
    await move(byPhone.id, 'WaitCooking');
    await move(byPhone.id, 'CookingStarted');
    expect(await socket.next((m) => m.orderId === byPhone.id && m.status === 'CookingStarted')).toMatchObject({
      type: 'order:updated',
    });
    expect(socket.messages.filter((m) => m.orderId === storefront.id)).toEqual([]);
    expect(socket.messages.some((m) => m.orderId === byPhone.id && m.status === 'WaitCooking')).toBe(true);
  });

  it('closes with 4401 «Требуется вход в панель управления» for a staff token that is not valid', async () => {
    const socket = open(`?token=st_${'B'.repeat(43)}`);
    expect(await socket.closed).toEqual({ code: WS_UNAUTHORIZED, reason: 'Требуется вход в панель управления' });
  });
});

describe('staff WebSocket and revoked sessions', () => {
  it('a staff socket is closed with 4401 once its session is revoked', async () => {
    // a second app with a quick re-check, sharing the database
    const quick = Fastify();
    quick.decorate('ctx', ctx);
    await createWsModule({ staffRecheckMs: 100 })(quick);
    await quick.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = quick.server.address();
      if (address === null || typeof address === 'string') throw new Error('no port');
      const operator = await signInStaff({ app, db }, 'operator');
      const socket = connect(`ws://127.0.0.1:${address.port}/ws?token=${operator.token}`);
      sockets.push(socket);
      await socket.next(hello);
      const logout = await app.inject({ method: 'POST', url: '/api/v1/admin/auth/logout', headers: operator.auth });
      expect(logout.statusCode).toBe(204);
      expect(await socket.closed).toEqual({ code: WS_UNAUTHORIZED, reason: 'Требуется вход в панель управления' });
    } finally {
      await quick.close();
    }
  });
});
