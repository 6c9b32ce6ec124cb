// The call centre's own orders screen (docs/ADMIN.md «Phone orders», «The call centre's orders»):
// it reads the orders taken by phone and nothing else — a storefront order is 404 on its card
// route and absent from its list, and the operators' routes stay closed to it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder, AdminOrderDetail } from '../../../src/api/contract/admin/orders.js';
import type { Order } from '../../../src/api/contract/orders.js';
import { deliveryBody, newKey, orderServerPerFile, pickupBody, postOrder, signedInUser } from '../ordersFixtures.js';
import { callAs, staffPerFile, type SignedInStaff } from './staffFixtures.js';

const server = orderServerPerFile();
const callcentre = staffPerFile(server, 'callcentre');
const operator = staffPerFile(server, 'operator');
const courier = staffPerFile(server, 'courier');
let phoneOrder: AdminOrderDetail;
let storefrontOrder: Order;
let customerPhone: string;

beforeAll(async () => {
  const caller = await signedInUser(server.db);
  customerPhone = caller.phone;
  const placed = await call(callcentre, '/admin/phone-orders', 'POST', {
    customerId: caller.id,
    idempotencyKey: newKey(),
    order: { ...deliveryBody(), paymentMethod: 'cash' },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  phoneOrder = placed.body as unknown as AdminOrderDetail;
  const shopper = await signedInUser(server.db);
  const res = await postOrder(server, shopper.token, pickupBody());
  expect(res.statusCode, res.body).toBe(200);
  storefrontOrder = res.json<Order>();
});

const call = (who: SignedInStaff, url: string, method: 'GET' | 'POST' = 'GET', payload?: unknown) =>
  callAs(server, who, method, url, payload);

const idsOf = (body: Record<string, unknown>) => (body.orders as AdminOrder[]).map((o) => o.id);

describe('the call centre’s list', () => {
  it('holds the phone orders only, newest first, with who took them', async () => {
    const res = await call(callcentre, '/admin/phone-orders/orders');
    expect(res.status).toBe(200);
    expect(idsOf(res.body)).toContain(phoneOrder.id);
    expect(idsOf(res.body)).not.toContain(storefrontOrder.id);
    const orders = res.body.orders as AdminOrder[];
    expect(orders.every((o) => o.phoneOrder !== null)).toBe(true);
    expect(res.body.total).toBe(orders.length);
    const times = orders.map((o) => o.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('finds by the customer’s phone or the number, never a storefront order', async () => {
    const byPhone = await call(callcentre, `/admin/phone-orders/orders?phone=${encodeURIComponent(customerPhone)}`);
    expect(idsOf(byPhone.body)).toEqual([phoneOrder.id]);
    const byNumber = await call(callcentre, `/admin/phone-orders/orders?number=${phoneOrder.number}`);
    expect(idsOf(byNumber.body)).toEqual([phoneOrder.id]);
    const storefront = await call(callcentre, `/admin/phone-orders/orders?number=${storefrontOrder.number}`);
    expect(storefront).toMatchObject({ status: 200, body: { orders: [], total: 0 } });
    const short = await call(callcentre, '/admin/phone-orders/orders?phone=12');
    expect(short.status).toBe(422);
    expect(typeof short.body.message).toBe('string');
  });
});

describe('the call centre’s order card', () => {
  it('opens a phone order with its lines, totals, address and status log', async () => {
    const res = await call(callcentre, `/admin/phone-orders/orders/${phoneOrder.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: phoneOrder.id,
      number: phoneOrder.number,
      total: phoneOrder.total,
      address: phoneOrder.address,
      phoneOrder: { staffLogin: callcentre.login },
    });
    // the cities and restaurants lists are operator routes: the card names them itself
    const { cityName, restaurantName } = res.body;
    expect(typeof cityName === 'string' && cityName.length > 0).toBe(true);
    expect(typeof restaurantName === 'string' && restaurantName.length > 0).toBe(true);
    const cities = await call(operator, '/admin/cities');
    expect(cities.body.cities).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: phoneOrder.cityId, name: cityName })]),
    );
    const restaurants = await call(operator, '/admin/restaurants');
    expect(restaurants.body.restaurants).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ deliveryTerminalId: phoneOrder.deliveryTerminalId, name: restaurantName }),
      ]),
    );
    for (const url of ['/admin/cities', '/admin/restaurants']) expect((await call(callcentre, url)).status).toBe(403);
    expect((res.body.statusLog as unknown[]).length).toBeGreaterThan(0);
    const edits = await call(callcentre, `/admin/orders/${phoneOrder.id}/edits`);
    expect(edits).toMatchObject({ status: 200, body: { edits: [] } });
  });

  it('a storefront order is «Заказ не найден», as if it did not exist', async () => {
    const res = await call(callcentre, `/admin/phone-orders/orders/${storefrontOrder.id}`);
    expect(res).toMatchObject({ status: 404, body: { message: 'Заказ не найден' } });
    const unknown = await call(callcentre, '/admin/phone-orders/orders/no-such-order');
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Заказ не найден' } });
  });

  it('the operators’ order routes stay closed to the call centre (403)', async () => {
    for (const url of ['/admin/orders', `/admin/orders/${storefrontOrder.id}`, `/admin/orders/${phoneOrder.id}`]) {
      const res = await call(callcentre, url);
      expect(res).toMatchObject({ status: 403, body: { message: 'Это действие недоступно для вашей роли' } });
    }
  });

  it('the edit history of a storefront order is «Заказ не найден» (404), like the card: never a 403 that tells it exists', async () => {
    const edits = await call(callcentre, `/admin/orders/${storefrontOrder.id}/edits`);
    expect(edits).toMatchObject({ status: 404, body: { message: 'Заказ не найден' } });
    const unknown = await call(callcentre, '/admin/orders/no-such-order/edits');
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Заказ не найден' } });
    expect((await call(operator, `/admin/orders/${storefrontOrder.id}/edits`)).status).toBe(200);
  });
});

describe('other roles', () => {
  it('an operator still reads every order on the operators’ routes, and phone orders on these', async () => {
    const list = await call(operator, '/admin/orders');
    expect(idsOf(list.body)).toEqual(expect.arrayContaining([phoneOrder.id, storefrontOrder.id]));
    expect((await call(operator, `/admin/orders/${storefrontOrder.id}`)).status).toBe(200);
    const phoneList = await call(operator, '/admin/phone-orders/orders');
    expect(idsOf(phoneList.body)).toContain(phoneOrder.id);
    expect(idsOf(phoneList.body)).not.toContain(storefrontOrder.id);
    expect((await call(operator, `/admin/phone-orders/orders/${storefrontOrder.id}`)).status).toBe(404);
  });

  it('a courier is refused both routes', async () => {
    for (const url of ['/admin/phone-orders/orders', `/admin/phone-orders/orders/${phoneOrder.id}`]) {
      const res = await call(courier, url);
      expect(res).toMatchObject({ status: 403, body: { message: 'Это действие недоступно для вашей роли' } });
    }
  });
});
