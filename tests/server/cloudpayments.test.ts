// CloudPayments: widget parameters with the restaurant's publicId and the order as
// invoiceId; Check / Pay / Fail notifications verified by HMAC-SHA256 of the raw body (a forged
// one is refused and changes nothing, a duplicate is harmless); refunds through its API, tested
// against a local fake of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Order } from '../../src/api/contract/orders.js';
import { callApi } from './customers.js';
import { PaymentSession } from '../../src/api/contract/payments.js';
import { hmacBase64, verifyNotification } from '../../server/integrations/cloudpayments.js';
import { refundOrderPayment } from '../../server/services/payments.js';
import { advanceOrderStatus } from '../../server/services/order/status.js';
import type { TestServer } from './helpers.js';
import { A2, DEFAULT, fieldsPaying, startCloudPaymentsServer } from './cloudPaymentsServer.js';
import { auth, bonusBalance, pickupBody, postOrder, signedInUser } from './ordersFixtures.js';
import { cloudPaymentsNotification, type FakeCloudPayments } from '../fakes/cloudpayments.js';

let fake: FakeCloudPayments;
let server: TestServer;
let customer: { id: string; phone: string; token: string };
let nextTransaction = 2_000_000;
const logged: { level: string; obj: object; msg: string }[] = [];

beforeAll(async () => {
  ({ fake, server } = await startCloudPaymentsServer());
  server.ctx.log = {
    info: (obj, msg) => void logged.push({ level: 'info', obj, msg }),
    warn: (obj, msg) => void logged.push({ level: 'warn', obj, msg }),
    error: (obj, msg) => void logged.push({ level: 'error', obj, msg }),
  };
  customer = await signedInUser(server.db, { balance: 300 });
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

async function placeCard(
  body: Record<string, unknown> = pickupBody({ paymentMethod: 'card' }),
): Promise<{ order: Order; session: PaymentSession }> {
  const res = await postOrder(server, customer.token, body);
  expect(res.statusCode, res.body).toBe(200);
  const order = Order.parse(res.json());
  const started = await server.app.inject({
    method: 'POST',
    url: `/api/v1/order/${order.id}/payment`,
    headers: auth(customer.token),
  });
  expect(started.statusCode, started.body).toBe(200);
  return { order, session: PaymentSession.parse(started.json()) };
}

async function notify(
  kind: 'check' | 'pay' | 'fail',
  fields: Record<string, string | number>,
  secret = A2.apiSecret,
  tamper?: (n: { body: string; headers: Record<string, string> }) => void,
) {
  const n = cloudPaymentsNotification(fields, secret);
  tamper?.(n);
  return callApi(server, 'POST', `/payments/cloudpayments/${kind}`, n.headers, n.body);
}

const payFor = (order: Order, overrides: Record<string, string | number> = {}) =>
  fieldsPaying(order, customer.id, (nextTransaction += 1), overrides);

async function paymentStatus(orderId: string): Promise<{ order: string; payment: string }> {
  const rows = await server.db.run((db) =>
    db.execute<{ order: string; payment: string }>(
      sql`select o.payment_status as order, p.status as payment from orders o join payments p on p.order_id = o.id where o.id = ${orderId}`,
    ),
  );
  const row = rows.rows[0];
  if (!row) throw new Error('no payment');
  return row;
}

describe('HMAC of the raw body', () => {
  it('Content-HMAC is base64 HMAC-SHA256 of the body with the API secret', () => {
    const raw = Buffer.from('TransactionId=1&Amount=10.00&InvoiceId=abc');
    const mac = hmacBase64(raw, 'k');
    expect(verifyNotification(raw, { contentHmac: mac }, 'k')).toBe(true);
    expect(verifyNotification(raw, { contentHmac: mac }, 'other')).toBe(false);
    expect(
      verifyNotification(Buffer.from('TransactionId=1&Amount=99.00&InvoiceId=abc'), { contentHmac: mac }, 'k'),
    ).toBe(false);
    expect(verifyNotification(raw, {}, 'k')).toBe(false);
    expect(verifyNotification(raw, { contentHmac: mac }, '')).toBe(false);
  });
});

describe('CloudPayments widget and notifications', () => {
  it("the widget gets the restaurant's publicId, the total, the order as invoiceId and the customer as accountId", async () => {
    const { order, session } = await placeCard();
    expect(session).toMatchObject({
      provider: 'cloudpayments',
      status: 'pending',
      redirectUrl: null,
      successUrl: `/angarsk/complete?order=${order.id}`,
    });
    expect(session.widget).toEqual({
      publicId: A2.publicId,
      description: `Оплата заказа № ${order.number}`,
      amount: order.total,
      currency: 'RUB',
      invoiceId: order.id,
      accountId: customer.id,
      skin: 'classic',
      data: { orderNumber: order.number, paymentId: session.paymentId, method: 'card' },
    });
    // A restaurant without its own account uses the chain's.
    const other = await placeCard(pickupBody({ paymentMethod: 'card', deliveryTerminalId: 'dt-angarsk-1' }));
    expect(other.session.widget?.publicId).toBe(DEFAULT.publicId);
  });

  it('Check: 0 for the right amount, 12 for another amount, 11 for another account, 10 for an unknown invoice', async () => {
    const { order } = await placeCard();
    expect((await notify('check', payFor(order))).json()).toEqual({ code: 0 });
    expect((await notify('check', payFor(order, { Amount: '1.00' }))).json()).toEqual({ code: 12 });
    expect((await notify('check', payFor(order, { AccountId: 'someone-else' }))).json()).toEqual({ code: 11 });
    expect((await notify('check', payFor(order, { InvoiceId: 'no-such-order' }))).json()).toEqual({ code: 10 });
  });

  it('a forged notification (wrong secret, altered body, no signature) is refused with 401 and changes nothing', async () => {
    const { order } = await placeCard();
    const forged = await notify('pay', payFor(order), 'not-the-secret');
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ message: 'Неверная подпись уведомления', code: 'bad-signature' });
    // Signed with another restaurant's (valid) secret: still not this payment's account.
    expect((await notify('pay', payFor(order), DEFAULT.apiSecret)).statusCode).toBe(401);
    const altered = await notify('pay', payFor(order), A2.apiSecret, (n) => {
      n.body = n.body.replace(/Amount=[^&]+/, 'Amount=1.00');
    });
    expect(altered.statusCode).toBe(401);
    const unsigned = await server.app.inject({
      method: 'POST',
      url: '/api/v1/payments/cloudpayments/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ InvoiceId: order.id, Amount: String(order.total), TransactionId: '1' }).toString(),
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await notify('fail', payFor(order), 'not-the-secret')).statusCode).toBe(401);
    expect(await paymentStatus(order.id)).toEqual({ order: 'pending', payment: 'pending' });
    expect(
      logged.filter(
        (l) =>
          l.msg === 'payments: notification with a bad signature refused' && JSON.stringify(l.obj).includes(order.id),
      ),
    ).toHaveLength(5);
    expect(
      (
        await server.app.inject({ method: 'GET', url: `/api/v1/order/${order.id}`, headers: auth(customer.token) })
      ).json().status,
    ).toBe('Unconfirmed');
  });

  it('Pay confirms the payment once; the same notification again is harmless', async () => {
    const { order } = await placeCard();
    const fields = payFor(order);
    const pushedBefore = server.pushed.length;
    const first = await notify('pay', fields);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ code: 0 });
    expect(await paymentStatus(order.id)).toEqual({ order: 'paid', payment: 'paid' });
    expect(server.pushed.slice(pushedBefore)).toEqual([
      { type: 'order:status_update', userId: customer.id, orderId: order.id, status: 'Unconfirmed' },
    ]);
    const paidAt = await server.db.run((db) =>
      db.execute<{ paid_at: string }>(sql`select paid_at::text from payments where order_id = ${order.id}`),
    );

    server.clock.advance(60_000);
    const again = await notify('pay', fields);
    expect(again.json()).toEqual({ code: 0 });
    expect(await paymentStatus(order.id)).toEqual({ order: 'paid', payment: 'paid' });
    expect(server.pushed.length).toBe(pushedBefore + 1);
    const paidAtAgain = await server.db.run((db) =>
      db.execute<{ paid_at: string }>(sql`select paid_at::text from payments where order_id = ${order.id}`),
    );
    expect(paidAtAgain.rows).toEqual(paidAt.rows);
    const events = await server.db.run((db) =>
      db.execute<{ n: number }>(
        sql`select count(*)::int as n from payment_events where event_key = ${`pay:${fields.TransactionId}`}`,
      ),
    );
    expect(events.rows[0]?.n).toBe(1);
    // A late Fail for a paid payment changes nothing either.
    await notify('fail', payFor(order, { Reason: 'Insufficient funds' }));
    expect(await paymentStatus(order.id)).toEqual({ order: 'paid', payment: 'paid' });
    expect(fake.refunds).toEqual([]);
  });

  it('a JSON notification with X-Content-HMAC is accepted too', async () => {
    const { order } = await placeCard();
    const body = JSON.stringify(payFor(order));
    const mac = hmacBase64(body, A2.apiSecret);
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/payments/cloudpayments/pay',
      headers: { 'content-type': 'application/json', 'x-content-hmac': mac },
      payload: body,
    });
    expect(res.json()).toEqual({ code: 0 });
    expect(await paymentStatus(order.id)).toEqual({ order: 'paid', payment: 'paid' });
  });

  it('Pay with another amount does not mark the order paid', async () => {
    const { order } = await placeCard();
    expect((await notify('pay', payFor(order, { Amount: '1.00' }))).json()).toEqual({ code: 0 });
    expect(await paymentStatus(order.id)).toEqual({ order: 'pending', payment: 'pending' });
  });

  it('Fail: the order is cancelled and unpaid, the bonuses come back; a duplicate Fail is harmless; money arriving later is refunded', async () => {
    const before = await bonusBalance(server.db, customer.id);
    const { order } = await placeCard(pickupBody({ paymentMethod: 'card', spendBonus: 100 }));
    const fail = payFor(order, { Reason: 'InsufficientFunds', ReasonCode: 5051, Status: 'Declined' });
    expect((await notify('fail', fail)).json()).toEqual({ code: 0 });
    expect(await paymentStatus(order.id)).toEqual({ order: 'failed', payment: 'failed' });
    const read = Order.parse(
      (
        await server.app.inject({ method: 'GET', url: `/api/v1/order/${order.id}`, headers: auth(customer.token) })
      ).json(),
    );
    expect(read.status).toBe('Cancelled');
    expect(await bonusBalance(server.db, customer.id)).toBe(before);
    expect((await notify('fail', fail)).json()).toEqual({ code: 0 });
    expect(await paymentStatus(order.id)).toEqual({ order: 'failed', payment: 'failed' });
    // Check refuses to take money for it now.
    expect((await notify('check', payFor(order))).json()).toEqual({ code: 13 });

    const lateTransaction = (nextTransaction += 1);
    expect((await notify('pay', payFor(order, { TransactionId: lateTransaction }))).json()).toEqual({ code: 0 });
    expect(await paymentStatus(order.id)).toEqual({ order: 'failed', payment: 'failed' });
    expect(fake.refunds).toContainEqual({ publicId: A2.publicId, transactionId: lateTransaction, amount: order.total });
  });

  it('refundOrderPayment calls the refund API with Basic auth publicId:apiSecret; a refusal leaves it paid for a retry', async () => {
    const { order } = await placeCard();
    const fields = payFor(order);
    await notify('pay', fields);
    // The admin area cancels first, then refunds; the money is still with us in between.
    await advanceOrderStatus(server.ctx, order.id, 'Cancelled', 'staff:test');
    expect(await paymentStatus(order.id)).toEqual({ order: 'paid', payment: 'paid' });
    fake.mode = 'refuse';
    const refused = await refundOrderPayment(server.ctx, order.id, 'Отмена оператором');
    expect(refused).toEqual({ status: 'failed', message: 'Не удалось вернуть деньги: Transaction not found' });
    expect(await paymentStatus(order.id)).toEqual({ order: 'paid', payment: 'paid' });
    fake.mode = 'ok';
    const refundsBefore = fake.refunds.length;
    expect((await refundOrderPayment(server.ctx, order.id, 'Отмена оператором')).status).toBe('refunded');
    expect(fake.refunds.slice(refundsBefore)).toEqual([
      { publicId: A2.publicId, transactionId: fields.TransactionId, amount: order.total },
    ]);
    expect(await paymentStatus(order.id)).toEqual({ order: 'refunded', payment: 'refunded' });
    expect((await refundOrderPayment(server.ctx, order.id, 'Отмена оператором')).status).toBe('nothing-to-refund');
    expect(fake.refunds.length).toBe(refundsBefore + 1);
  });
});

describe('logs', () => {
  it('never carry an API secret or card data', () => {
    expect(logged.length).toBeGreaterThan(0);
    const text = JSON.stringify(logged);
    for (const secret of [A2.apiSecret, DEFAULT.apiSecret]) expect(text).not.toContain(secret);
    expect(text).not.toContain('424242');
  });
});
