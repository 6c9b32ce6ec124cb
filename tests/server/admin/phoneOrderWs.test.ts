// The staff channel names who took a new order by phone (docs/ADMIN.md «The call centre's
// orders»): an order:new of a phone order carries `takenBy`, the staff id, so the screen of the
// operator who placed it does not alert; a storefront order's has none. The look-up never lets a
// later change of the order reach a socket before its order:new.
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Order } from '../../../src/api/contract/orders.js';
import type { Database } from '../../../server/db/database.js';
import { deliveryBody, newKey, postOrder, signedInUser } from '../ordersFixtures.js';
import { connect, type TestSocket } from '../wsClient.js';
import { useWsServer } from '../wsServer.js';
import { moveOrderAs, signInStaff } from './staffFixtures.js';

let db: Database;
let app: FastifyInstance;
let base: string;
const sockets: TestSocket[] = [];

useWsServer({ versionPollMs: 100_000, sockets }, (started) => ({ db, app, base } = started));

function open(token: string): TestSocket {
  const socket = connect(`${base}/api/v1/ws?token=${token}`);
  sockets.push(socket);
  return socket;
}
const hello = (m: Record<string, unknown>) => m.type === 'hello';

describe('who took a new order by phone, on the staff channel', () => {
  it('a phone order’s order:new carries takenBy (to the taker and the operators), a storefront order’s none', async () => {
    const callcentre = await signInStaff({ app, db }, 'callcentre');
    const operator = await signInStaff({ app, db }, 'operator');
    const takerSocket = open(callcentre.token);
    const operatorSocket = open(operator.token);
    await takerSocket.next(hello);
    await operatorSocket.next(hello);

    const customer = await signedInUser(db);
    const placed = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/phone-orders',
      headers: callcentre.auth,
      payload: {
        customerId: customer.id,
        idempotencyKey: newKey(),
        order: { ...deliveryBody(), paymentMethod: 'cash' },
      },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const phoneOrder = placed.json<Order>();
    // at once an operator moves it on: its order:new still comes first
    await moveOrderAs({ app }, operator, phoneOrder.id, 'WaitCooking');

    for (const socket of [takerSocket, operatorSocket]) {
      expect(await socket.next((m) => m.type === 'order:new' && m.orderId === phoneOrder.id)).toMatchObject({
        number: phoneOrder.number,
        takenBy: callcentre.id,
      });
      await socket.next((m) => m.type === 'order:updated' && m.orderId === phoneOrder.id);
      expect(socket.messages.filter((m) => m.orderId === phoneOrder.id).map((m) => m.type)).toEqual([
        'order:new',
        'order:updated',
      ]);
    }

    const shopper = await signedInUser(db);
    const storefront = await postOrder({ app }, shopper.token, deliveryBody());
    expect(storefront.statusCode, storefront.body).toBe(200);
    const storefrontOrder = storefront.json<Order>();
    const heard = await operatorSocket.next((m) => m.type === 'order:new' && m.orderId === storefrontOrder.id);
    expect(heard).not.toHaveProperty('takenBy');
  });
});
