// The courier trigger's staff NOTIFY (migrations 0121 and 0130, docs/ADMIN.md «Couriers»): each
// assignment, reassignment and taking back is one `order:updated` on storefront_staff with the
// payload every staff screen reads (notify_staff_of_order), heard here by LISTEN on the same
// database the server writes. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaffOrderEvent } from '../../../src/api/contract/admin/orders.js';
import { STAFF_CHANNEL } from '../../../server/routes/ws.js';
import { createTestServer, type TestServer } from '../helpers.js';
import { signedInUser } from '../ordersFixtures.js';
import { insertOrder, signInStaff, type SignedInStaff } from './staffFixtures.js';

let server: TestServer;
let operator: SignedInStaff;
let courier: SignedInStaff;
let otherCourier: SignedInStaff;
let stopListening: (() => Promise<void>) | undefined;
const heard: unknown[] = [];

beforeAll(async () => {
  server = await createTestServer();
  operator = await signInStaff(server, 'operator');
  courier = await signInStaff(server, 'courier');
  otherCourier = await signInStaff(server, 'courier');
  stopListening = await server.db.listen(STAFF_CHANNEL, (payload) => heard.push(JSON.parse(payload)));
});
afterAll(async () => {
  await stopListening?.();
  await server?.close();
});

async function post(url: string, payload: object): Promise<number> {
  const res = await server.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: operator.auth, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.statusCode;
}

/** What the channel said of this order so far. */
const about = (orderId: string) =>
  heard.filter((m) => typeof m === 'object' && m !== null && 'orderId' in m && m.orderId === orderId);

describe('the courier assignment on the staff channel', () => {
  it('assigning, reassigning and taking back each NOTIFY one order:updated with the whole order payload', async () => {
    const user = await signedInUser(server.db);
    const order = await insertOrder(server, {
      userId: user.id,
      deliveryMethod: 'delivery',
      status: 'WaitCooking',
      total: 1490,
      deliveryTerminalId: 'dt-angarsk-2',
    });
    const payload = {
      type: 'order:updated',
      orderId: order.id,
      number: order.number,
      status: 'WaitCooking',
      paymentStatus: 'none',
      cityId: 'city-angarsk',
      deliveryTerminalId: 'dt-angarsk-2',
      total: 1490,
    };

    // the order's own insert is heard first (the orders trigger)
    await expect.poll(() => about(order.id).length).toBe(1);
    await post(`/admin/orders/${order.id}/courier`, { courierId: courier.id }); // insert
    await expect.poll(() => about(order.id).length).toBe(2);
    await post(`/admin/orders/${order.id}/courier`, { courierId: otherCourier.id }); // update
    await expect.poll(() => about(order.id).length).toBe(3);
    await post(`/admin/orders/${order.id}/courier`, { courierId: null }); // delete
    await expect.poll(() => about(order.id).length).toBe(4);
    // NOTIFYs arrive in commit order: once a later status move is heard, nothing of the three is still on its way
    await post(`/admin/orders/${order.id}/status`, { status: 'CookingStarted' });
    await expect.poll(() => about(order.id).length).toBe(5);

    expect(about(order.id)).toEqual([
      { ...payload, type: 'order:new' },
      payload,
      payload,
      payload,
      { ...payload, status: 'CookingStarted' },
    ]);
    // what the staff WebSocket parses and forwards
    for (const message of about(order.id)) expect(StaffOrderEvent.safeParse(message).success).toBe(true);
  });
});
