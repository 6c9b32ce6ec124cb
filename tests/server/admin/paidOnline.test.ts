// Every online payment method is treated alike by what staff do with an order paid online
// (server/services/order/onlinePayment.ts, the storefront's one list of online methods): a
// cancellation gives the money back, the courier collects nothing. The cases are every method of
// the contract, so a method added later is covered the day it is added.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CourierOrder } from '../../../src/api/contract/admin/couriers.js';
import type { AdminOrderDetail } from '../../../src/api/contract/admin/orders.js';
import { PaymentMethod } from '../../../src/api/contract/orders.js';
import { PaymentSession } from '../../../src/api/contract/payments.js';
import { isOnline } from '../../../src/domain/payment.js';
import { isOnlineMethod } from '../../../server/services/order/onlinePayment.js';
import { testServerPerFile } from '../helpers.js';
import { signedInUser } from '../ordersFixtures.js';
import { callAs, insertOrder, staffPerFile } from './staffFixtures.js';

let customer: { id: string };
const server = testServerPerFile({
  afterStart: async (started) => {
    customer = await signedInUser(started.db, { phone: '+79145550177' });
  },
});
const operator = staffPerFile(server, 'operator');
const courier = staffPerFile(server, 'courier');

const ONLINE = PaymentMethod.options.filter(isOnline);
const OFFLINE = PaymentMethod.options.filter((method) => !isOnline(method));

/** A delivery order of `method`; an online one paid through the test gateway (its payment row). */
async function orderPaidBy(method: PaymentMethod): Promise<{ id: string }> {
  const online = isOnline(method);
  const order = await insertOrder(server, {
    userId: customer.id,
    deliveryMethod: 'delivery',
    status: 'CookingCompleted',
    paymentMethod: method,
    paymentStatus: online ? 'paid' : 'none',
    total: 990,
  });
  if (online) {
    await server.db.run((db) =>
      db.execute(sql`insert into payments (id, order_id, user_id, provider, method, status, amount, transaction_id, paid_at)
                     values (${`pay-${order.id}`}, ${order.id}, ${customer.id}, 'test', ${method}, 'paid', 990, ${`tx-${order.id}`}, now())`),
    );
  }
  return order;
}

describe('the online methods', () => {
  it('are card and SBP, the storefront’s list, and exactly the methods a payment can have', () => {
    expect(ONLINE).toEqual(['card', 'sbp']);
    expect([...PaymentSession.shape.method.options].sort()).toEqual([...ONLINE].sort());
    expect(PaymentMethod.options.filter(isOnlineMethod)).toEqual(ONLINE);
  });
});

describe('cancelling an order', () => {
  it.each(ONLINE)('paid online by %s: the money goes back (refund done, payment refunded)', async (method) => {
    const order = await orderPaidBy(method);
    const res = await callAs(server, operator, 'POST', `/admin/orders/${order.id}/cancel`, { reason: 'Нет курьеров' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const detail = res.body as unknown as AdminOrderDetail;
    expect(detail.cancellation).toMatchObject({ reason: 'Нет курьеров', refund: 'done', refundError: null });
    expect(detail.paymentStatus).toBe('refunded');
  });

  it.each(OFFLINE)('paid by %s on delivery: nothing to give back', async (method) => {
    const order = await orderPaidBy(method);
    const res = await callAs(server, operator, 'POST', `/admin/orders/${order.id}/cancel`, { reason: 'Нет курьеров' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const detail = res.body as unknown as AdminOrderDetail;
    expect(detail.cancellation).toMatchObject({ refund: 'not-needed' });
    expect(detail.paymentStatus).toBe('none');
  });
});

describe("the courier's list", () => {
  it.each(PaymentMethod.options)('an order by %s is marked paid exactly when it was paid online', async (method) => {
    const order = await orderPaidBy(method);
    const assigned = await callAs(server, operator, 'POST', `/admin/orders/${order.id}/courier`, {
      courierId: courier.id,
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    const res = await callAs(server, courier, 'GET', '/admin/courier/orders');
    const mine = (res.body.orders as CourierOrder[]).find((o) => o.id === order.id);
    expect(mine).toMatchObject({ paymentMethod: method, paid: isOnline(method) });
  });

  it('an online order whose payment is still pending is not paid', async () => {
    const order = await insertOrder(server, {
      userId: customer.id,
      deliveryMethod: 'delivery',
      status: 'CookingCompleted',
      paymentMethod: 'sbp',
      paymentStatus: 'pending',
    });
    await callAs(server, operator, 'POST', `/admin/orders/${order.id}/courier`, { courierId: courier.id });
    const res = await callAs(server, courier, 'GET', '/admin/courier/orders');
    expect((res.body.orders as CourierOrder[]).find((o) => o.id === order.id)).toMatchObject({ paid: false });
  });
});
