// Online payment through the built-in test gateway: the session, the tester's page with
// 'Оплатить' / 'Отклонить', the return to /complete or /complete-error, decline → the order
// cancelled with the customer's bonuses and data intact, the customer giving up, refunds.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Order } from '../../src/api/contract/orders.js';
import { PaymentSession } from '../../src/api/contract/payments.js';
import { expireStalePayments, refundOrderPayment } from '../../server/services/payments.js';
import {
  auth,
  bonusBalance,
  deliveryBody,
  pickupBody,
  orderServerWithCustomer,
  placedOrder,
  signedInUser,
} from './ordersFixtures.js';

const { server, customer } = orderServerWithCustomer();

const placeOnline = (body = pickupBody({ paymentMethod: 'card' })) => placedOrder(server, customer.token, body);

async function startPayment(orderId: string, token = customer.token) {
  return server.app.inject({ method: 'POST', url: `/api/v1/order/${orderId}/payment`, headers: auth(token) });
}

/** The order's payment as its customer reads it (GET /order/:id/payment). */
async function readPayment(orderId: string): Promise<PaymentSession> {
  const res = await server.app.inject({
    method: 'GET',
    url: `/api/v1/order/${orderId}/payment`,
    headers: auth(customer.token),
  });
  return PaymentSession.parse(res.json());
}

async function readOrder(orderId: string): Promise<Order> {
  const res = await server.app.inject({
    method: 'GET',
    url: `/api/v1/order/${orderId}`,
    headers: auth(customer.token),
  });
  return Order.parse(res.json());
}

const balance = () => bonusBalance(server.db, customer.id);

describe('the test gateway', () => {
  it('a card order is pending with a payment page of ours; its session is the same on every call', async () => {
    const order = await placeOnline();
    expect(order.paymentStatus).toBe('pending');
    const res = await startPayment(order.id);
    expect(res.statusCode, res.body).toBe(200);
    const session = PaymentSession.parse(res.json());
    expect(session).toMatchObject({
      orderId: order.id,
      provider: 'test',
      method: 'card',
      status: 'pending',
      statusName: 'ожидает оплаты',
      amount: order.total,
      redirectUrl: `/api/v1/payments/test/${session.paymentId}`,
      widget: null,
      successUrl: `/angarsk/complete?order=${order.id}`,
      failUrl: `/angarsk/complete-error?order=${order.id}`,
    });
    expect(PaymentSession.parse((await startPayment(order.id)).json()).paymentId).toBe(session.paymentId);
    const page = await server.app.inject({ method: 'GET', url: session.redirectUrl ?? '' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Оплатить');
    expect(page.body).toContain('Отклонить');
    expect(page.body).toContain(`Заказ № ${order.number}`);
  });

  it("'Оплатить' confirms the payment on the server, returns to /complete and pushes the order's update; pressing it again changes nothing", async () => {
    const order = await placeOnline(pickupBody({ paymentMethod: 'card' }));
    const session = PaymentSession.parse((await startPayment(order.id)).json());
    const pushedBefore = server.pushed.length;
    const paid = await server.app.inject({
      method: 'POST',
      url: `${session.redirectUrl}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(session.successUrl);
    expect((await readOrder(order.id)).paymentStatus).toBe('paid');
    expect(server.pushed.slice(pushedBefore)).toEqual([
      { type: 'order:status_update', userId: customer.id, orderId: order.id, status: 'Unconfirmed' },
    ]);
    const state = await readPayment(order.id);
    expect(state).toMatchObject({ status: 'paid', statusName: 'оплачен', redirectUrl: null });

    const again = await server.app.inject({ method: 'POST', url: `${session.redirectUrl}/pay` });
    expect(again.headers.location).toBe(session.successUrl);
    const declineLate = await server.app.inject({ method: 'POST', url: `${session.redirectUrl}/decline` });
    expect(declineLate.headers.location).toBe(session.successUrl);
    expect((await readOrder(order.id)).paymentStatus).toBe('paid');
    expect((await readOrder(order.id)).status).toBe('Unconfirmed');
    expect(server.pushed.length).toBe(pushedBefore + 1);
  });

  it("'Отклонить' returns to /complete-error: the order is cancelled and unpaid, the bonuses spent come back, saved addresses stay", async () => {
    await server.db.run((db) =>
      db.execute(
        sql`insert into addresses (id, user_id, city, street, home) values ('addr-payments-test', ${customer.id}, 'Ангарск', 'улица Ленина', '5')`,
      ),
    );
    const before = await balance();
    const order = await placeOnline(deliveryBody({ paymentMethod: 'card', spendBonus: 100, changeFrom: null }));
    expect(order.bonusSpent).toBe(100);
    expect(await balance()).toBe(before - 100);
    const session = PaymentSession.parse((await startPayment(order.id)).json());
    const declined = await server.app.inject({ method: 'POST', url: `${session.redirectUrl}/decline` });
    expect(declined.statusCode).toBe(303);
    expect(declined.headers.location).toBe(`/angarsk/complete-error?order=${order.id}`);
    const after = await readOrder(order.id);
    expect(after).toMatchObject({ status: 'Cancelled', statusName: 'отменён', paymentStatus: 'failed' });
    expect(await balance()).toBe(before);
    const addresses = await server.db.run((db) =>
      db.execute<{ id: string }>(sql`select id from addresses where user_id = ${customer.id}`),
    );
    expect(addresses.rows.map((r) => r.id)).toContain('addr-payments-test');
    // Paying a declined payment afterwards is refused: it stays failed.
    const late = await server.app.inject({ method: 'POST', url: `${session.redirectUrl}/pay` });
    expect(late.headers.location).toBe(session.failUrl);
    expect((await readOrder(order.id)).paymentStatus).toBe('failed');
    const page = await server.app.inject({ method: 'GET', url: session.redirectUrl ?? '' });
    expect(page.body).toContain('оплата не прошла');
    expect(page.body).not.toContain('>Оплатить<');
  });

  it('the customer giving up (POST /order/:id/payment/cancel) cancels a pending order, leaves a paid one alone', async () => {
    const pending = await placeOnline();
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/v1/order/${pending.id}/payment/cancel`,
      headers: auth(customer.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(Order.parse(res.json())).toMatchObject({ status: 'Cancelled', paymentStatus: 'failed' });

    const paid = await placeOnline();
    const session = PaymentSession.parse((await startPayment(paid.id)).json());
    await server.app.inject({ method: 'POST', url: `${session.redirectUrl}/pay` });
    const kept = await server.app.inject({
      method: 'POST',
      url: `/api/v1/order/${paid.id}/payment/cancel`,
      headers: auth(customer.token),
    });
    expect(Order.parse(kept.json())).toMatchObject({ status: 'Unconfirmed', paymentStatus: 'paid' });
  });

  it('only the owner: 401 without a session, 403 for another customer; a cash order has no online payment', async () => {
    const order = await placeOnline();
    expect((await server.app.inject({ method: 'POST', url: `/api/v1/order/${order.id}/payment` })).statusCode).toBe(
      401,
    );
    const stranger = await signedInUser(server.db);
    const foreign = await startPayment(order.id, stranger.token);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('Доступ запрещён');
    const cash = await placeOnline(deliveryBody());
    const res = await startPayment(cash.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Этот заказ оплачивается при получении');
    expect((await server.app.inject({ method: 'GET', url: '/api/v1/payments/test/no-such-payment' })).statusCode).toBe(
      404,
    );
  });

  it('refundOrderPayment (for the admin area): returns a paid payment once; an unpaid or cash order has nothing to refund', async () => {
    const order = await placeOnline();
    const session = PaymentSession.parse((await startPayment(order.id)).json());
    await server.app.inject({ method: 'POST', url: `${session.redirectUrl}/pay` });
    expect(await refundOrderPayment(server.ctx, order.id, 'Отмена оператором')).toMatchObject({ status: 'refunded' });
    expect((await readOrder(order.id)).paymentStatus).toBe('refunded');
    expect(await refundOrderPayment(server.ctx, order.id, 'Отмена оператором')).toEqual({
      status: 'nothing-to-refund',
      message: 'Деньги по заказу уже возвращены',
    });
    const cash = await placeOnline(deliveryBody());
    expect(await refundOrderPayment(server.ctx, cash.id, 'Отмена')).toEqual({
      status: 'nothing-to-refund',
      message: 'Заказ не был оплачен онлайн',
    });
  });

  it('a payment nobody completes within 30 minutes expires: failed, the order cancelled, the bonuses back', async () => {
    const before = await balance();
    const order = await placeOnline(pickupBody({ paymentMethod: 'card', spendBonus: 50 }));
    const session = PaymentSession.parse((await startPayment(order.id)).json());
    server.clock.advance(29 * 60_000);
    expect(await expireStalePayments(server.ctx)).toBe(0);
    expect(PaymentSession.parse((await startPayment(order.id)).json()).status).toBe('pending');
    server.clock.advance(2 * 60_000);
    const state = await readPayment(order.id);
    expect(state).toMatchObject({ status: 'failed', redirectUrl: null });
    expect(await readOrder(order.id)).toMatchObject({ status: 'Cancelled', paymentStatus: 'failed' });
    expect(await balance()).toBe(before);
    const late = await server.app.inject({ method: 'POST', url: `${session.redirectUrl}/pay` });
    expect(late.headers.location).toBe(session.failUrl);
  });
});
