// Couriers: an operator assigns a delivery order to a courier; the courier sees only their own
// orders and moves them ('Забрал' → OnWay, 'Доставил' → Delivered), pushed to the customer;
// every other order is refused as not found, and other staff roles cannot use the courier's routes.
import { describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '../../../src/api/contract/admin/orders.js';
import type { CourierOrder } from '../../../src/api/contract/admin/couriers.js';
import { testServerPerFile } from '../helpers.js';
import { signedInUser } from '../ordersFixtures.js';
import { callsOn, insertOrder, signInStaff, staffPerFile, type SignedInStaff } from './staffFixtures.js';

let customer: { id: string; phone: string; token: string };
const server = testServerPerFile({
  afterStart: async (started) => {
    customer = await signedInUser(started.db, { phone: '+79145550111' });
  },
});
const operator = staffPerFile(server, 'operator');
const courier = staffPerFile(server, 'courier');
const otherCourier = staffPerFile(server, 'courier');

const call = callsOn(server);

function assign(orderId: string, courierId: string | null) {
  return call(operator, 'POST', `/admin/orders/${orderId}/courier`, { courierId });
}

async function courierOrders(who: SignedInStaff): Promise<CourierOrder[]> {
  const res = await call(who, 'GET', '/admin/courier/orders');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.orders as CourierOrder[];
}

describe('assigning a courier', () => {
  it('lists active couriers for the operator', async () => {
    const res = await call(operator, 'GET', '/admin/couriers');
    expect(res.status).toBe(200);
    const ids = (res.body.couriers as { id: string }[]).map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining([courier.id, otherCourier.id]));
    expect(ids).not.toContain(operator.id);
  });

  it('assigns, shows the courier in the order and audits it; null takes it back', async () => {
    const order = await insertOrder(server, {
      userId: customer.id,
      deliveryMethod: 'delivery',
      status: 'CookingCompleted',
    });
    const res = await assign(order.id, courier.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body as unknown as AdminOrderDetail).courier).toMatchObject({ id: courier.id, login: courier.login });
    expect((await courierOrders(courier)).map((o) => o.id)).toContain(order.id);

    const audit = await call(await signInStaff(server, 'admin'), 'GET', `/admin/audit?entityId=${order.id}`);
    expect(JSON.stringify(audit.body)).toContain('order.courier');

    const back = await assign(order.id, null);
    expect((back.body as unknown as AdminOrderDetail).courier).toBeNull();
    expect((await courierOrders(courier)).map((o) => o.id)).not.toContain(order.id);
  });

  it('refuses a pickup order, a finished order, and someone who is not an active courier', async () => {
    const pickup = await insertOrder(server, { userId: customer.id, deliveryMethod: 'self' });
    expect(await assign(pickup.id, courier.id)).toMatchObject({
      status: 422,
      body: { message: 'Курьера назначают только на заказ с доставкой' },
    });
    const delivered = await insertOrder(server, {
      userId: customer.id,
      deliveryMethod: 'delivery',
      status: 'Delivered',
    });
    expect(await assign(delivered.id, courier.id)).toMatchObject({
      status: 422,
      body: { message: 'Заказ уже доставлен, закрыт или отменён: курьера не поменять' },
    });
    const open = await insertOrder(server, { userId: customer.id, deliveryMethod: 'delivery' });
    expect(await assign(open.id, operator.id)).toMatchObject({
      status: 422,
      body: { message: 'Курьер не найден или отключён' },
    });
    expect(await assign('no-such-order', courier.id)).toMatchObject({
      status: 404,
      body: { message: 'Заказ не найден' },
    });
  });
});

describe("the courier's own orders", () => {
  it('shows address details, phone and change, and moves Забрал → OnWay, Доставил → Delivered', async () => {
    const order = await insertOrder(server, {
      userId: customer.id,
      deliveryMethod: 'delivery',
      status: 'CookingCompleted',
      total: 1500,
    });
    await assign(order.id, courier.id);
    const mine = (await courierOrders(courier)).find((o) => o.id === order.id);
    expect(mine).toMatchObject({
      number: order.number,
      status: 'CookingCompleted',
      customerPhone: '+79145550111',
      paymentMethod: 'cash',
      paid: false,
      total: 1500,
      address: { street: 'улица Карла Маркса', home: '10' },
    });

    const picked = await call(courier, 'POST', `/admin/courier/orders/${order.id}/picked-up`);
    expect(picked.status, JSON.stringify(picked.body)).toBe(200);
    expect(picked.body).toMatchObject({ status: 'OnWay' });
    const delivered = await call(courier, 'POST', `/admin/courier/orders/${order.id}/delivered`);
    expect(delivered.body).toMatchObject({ status: 'Delivered' });
    // a delivered order leaves the courier's list; the status log names the courier
    expect((await courierOrders(courier)).map((o) => o.id)).not.toContain(order.id);
    const detail = await call(operator, 'GET', `/admin/orders/${order.id}`);
    expect((detail.body as unknown as AdminOrderDetail).statusLog.map((l) => [l.status, l.actor])).toEqual([
      ['OnWay', `staff:${courier.id}`],
      ['Delivered', `staff:${courier.id}`],
    ]);
  });

  it('an illegal move of their own order is refused with the flow message', async () => {
    const order = await insertOrder(server, { userId: customer.id, deliveryMethod: 'delivery', status: 'OnWay' });
    await assign(order.id, courier.id);
    const again = await call(courier, 'POST', `/admin/courier/orders/${order.id}/picked-up`);
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('Нельзя перевести заказ из статуса «в пути» (OnWay) в «в пути» (OnWay)');
  });

  it('every order not assigned to the courier is refused as not found, and nothing moves', async () => {
    const others = await insertOrder(server, {
      userId: customer.id,
      deliveryMethod: 'delivery',
      status: 'CookingCompleted',
    });
    await assign(others.id, otherCourier.id);
    const unassigned = await insertOrder(server, {
      userId: customer.id,
      deliveryMethod: 'delivery',
      status: 'CookingCompleted',
    });
    for (const id of [others.id, unassigned.id, 'no-such-order']) {
      for (const action of ['picked-up', 'delivered']) {
        const res = await call(courier, 'POST', `/admin/courier/orders/${id}/${action}`);
        expect(res, `${id} ${action}`).toMatchObject({ status: 404, body: { message: 'Заказ не найден' } });
      }
    }
    expect((await courierOrders(courier)).map((o) => o.id)).not.toEqual(expect.arrayContaining([others.id]));
    const detail = await call(operator, 'GET', `/admin/orders/${others.id}`);
    expect((detail.body as unknown as AdminOrderDetail).status).toBe('CookingCompleted');
  });

  it("a courier reaches none of the operators' routes, and no one else reaches the courier's", async () => {
    const order = await insertOrder(server, { userId: customer.id, deliveryMethod: 'delivery' });
    for (const [method, url] of [
      ['GET', '/admin/orders'],
      ['GET', `/admin/orders/${order.id}`],
      ['GET', '/admin/couriers'],
      ['GET', '/admin/customers'],
    ] as const) {
      const res = await call(courier, method, url);
      expect(res, url).toMatchObject({ status: 403, body: { message: 'Это действие недоступно для вашей роли' } });
    }
    const moved = await call(courier, 'POST', `/admin/orders/${order.id}/status`, { status: 'WaitCooking' });
    expect(moved.status).toBe(403);
    expect((await call(operator, 'GET', '/admin/courier/orders')).status).toBe(403);
  });
});
