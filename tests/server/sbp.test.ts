// SBP through the built-in test gateway (docs/CHECKOUT.md «SBP»): the session carries the bank
// link and its QR (drawn by `qrcode`), the gateway's page pays as the bank would, a QR expires after
// 10 minutes without cancelling the order, a renewal makes a new payment, the order is cancelled
// 30 minutes after it was placed if nothing was paid, and IS_ONLINE_PAYMENT_DISABLE switches SBP off.
import { afterEach, describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import { sql } from 'drizzle-orm';
import { Order } from '../../src/api/contract/orders.js';
import { PaymentSession } from '../../src/api/contract/payments.js';
import { expireStalePayments } from '../../server/services/payments.js';
import {
  auth,
  bonusBalance,
  deliveryBody,
  pickupBody,
  postOrder,
  OPEN_NOW,
  orderServerWithCustomer,
  placedOrder,
  signedInUser,
} from './ordersFixtures.js';

const { server, customer } = orderServerWithCustomer();

const MINUTE = 60_000;

afterEach(async () => {
  await server.db.run((db) =>
    db.execute(
      sql`update settings set value = '{"delivery": false, "self": false}'::jsonb where name = 'IS_ONLINE_PAYMENT_DISABLE'`,
    ),
  );
});

const placeSbp = (body = pickupBody({ paymentMethod: 'sbp' })) => placedOrder(server, customer.token, body);

async function call(method: 'GET' | 'POST', url: string, token = customer.token) {
  return server.app.inject({ method, url: `/api/v1${url}`, headers: auth(token) });
}

async function session(method: 'GET' | 'POST', url: string): Promise<PaymentSession> {
  const res = await call(method, url);
  expect(res.statusCode, res.body).toBe(200);
  return PaymentSession.parse(res.json());
}

async function readOrder(orderId: string): Promise<Order> {
  return Order.parse((await call('GET', `/order/${orderId}`)).json());
}

/** The bank's side: the test gateway's page behind the link, and its 'Оплатить' (or 'Отклонить'). */
async function bankAct(link: string, verb: 'pay' | 'decline') {
  const url = new URL(link);
  return server.app.inject({ method: 'POST', url: `${url.pathname}/${verb}` });
}

function decodedQr(dataUrl: string): string {
  const prefix = 'data:image/svg+xml;base64,';
  expect(dataUrl.startsWith(prefix)).toBe(true);
  return Buffer.from(dataUrl.slice(prefix.length), 'base64').toString('utf8');
}

const balance = () => bonusBalance(server.db, customer.id);

describe('SBP through the test gateway', () => {
  it('create: the session has no page to go to but the bank link and its QR, drawn by qrcode, valid 10 minutes', async () => {
    const order = await placeSbp();
    expect(order.paymentStatus).toBe('pending');
    const s = await session('POST', `/order/${order.id}/payment`);
    expect(s).toMatchObject({
      orderId: order.id,
      provider: 'test',
      method: 'sbp',
      status: 'pending',
      redirectUrl: null,
      widget: null,
      expired: false,
      expiresAt: new Date(Date.parse(OPEN_NOW) + 10 * MINUTE).toISOString(),
      successUrl: `/angarsk/complete?order=${order.id}`,
    });
    const link = s.sbp?.link ?? '';
    expect(link).toBe(`${server.ctx.config.publicUrl.replace(/\/+$/, '')}/api/v1/payments/test/${s.paymentId}`);
    const svg = decodedQr(s.sbp?.qr ?? '');
    expect(svg).toBe(await QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }));
    // The same on every call, and on GET.
    expect(await session('POST', `/order/${order.id}/payment`)).toEqual(s);
    expect(await session('GET', `/order/${order.id}/payment`)).toEqual(s);
    const page = await server.app.inject({ method: 'GET', url: new URL(link).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('(СБП)');
    expect(page.body).toContain('приложения банка');
    expect(page.body).toContain('>Оплатить<');
  });

  it("confirm: the bank's 'Оплатить' confirms on the server, pushes the order's update, and the QR is gone", async () => {
    const order = await placeSbp();
    const s = await session('POST', `/order/${order.id}/payment`);
    const pushedBefore = server.pushed.length;
    const paid = await bankAct(s.sbp?.link ?? '', 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(s.successUrl);
    expect(await readOrder(order.id)).toMatchObject({ paymentStatus: 'paid', status: 'Unconfirmed' });
    expect(server.pushed.slice(pushedBefore)).toEqual([
      { type: 'order:status_update', userId: customer.id, orderId: order.id, status: 'Unconfirmed' },
    ]);
    expect(await session('GET', `/order/${order.id}/payment`)).toMatchObject({ status: 'paid', sbp: null });
    // A renewal of a paid order changes nothing.
    expect(await session('POST', `/order/${order.id}/payment/renew`)).toMatchObject({
      paymentId: s.paymentId,
      status: 'paid',
    });
  });

  it('expiry: after 10 minutes the QR is failed as expired, the order keeps waiting and its page is told; the old QR no longer pays', async () => {
    const order = await placeSbp();
    const s = await session('POST', `/order/${order.id}/payment`);
    server.clock.advance(10 * MINUTE - 1000);
    expect(await expireStalePayments(server.ctx, order.id)).toBe(0);
    const pushedBefore = server.pushed.length;
    server.clock.advance(2000);
    expect(await expireStalePayments(server.ctx, order.id)).toBe(1);
    expect(server.pushed.slice(pushedBefore)).toEqual([
      { type: 'order:status_update', userId: customer.id, orderId: order.id, status: 'Unconfirmed' },
    ]);
    expect(await session('GET', `/order/${order.id}/payment`)).toMatchObject({
      paymentId: s.paymentId,
      status: 'failed',
      expired: true,
      sbp: null,
    });
    expect(await readOrder(order.id)).toMatchObject({ status: 'Unconfirmed', paymentStatus: 'pending' });
    // The bank paying the expired QR: not confirmed; back to the order's page, which offers a new QR.
    const late = await bankAct(s.sbp?.link ?? '', 'pay');
    expect(late.headers.location).toBe(s.successUrl);
    expect((await readOrder(order.id)).paymentStatus).toBe('pending');
    const page = await server.app.inject({ method: 'GET', url: new URL(s.sbp?.link ?? '').pathname });
    expect(page.body).toContain('Время на оплату истекло');
    expect(page.body).not.toContain('>Оплатить<');
  });

  it('retry: a renewal after expiry makes a new payment with a new link for 10 more minutes, and paying it pays the order', async () => {
    const order = await placeSbp();
    const first = await session('POST', `/order/${order.id}/payment`);
    server.clock.advance(12 * MINUTE);
    const renewed = await session('POST', `/order/${order.id}/payment/renew`);
    expect(renewed.paymentId).not.toBe(first.paymentId);
    expect(renewed).toMatchObject({ status: 'pending', method: 'sbp', expired: false });
    expect(renewed.expiresAt).toBe(new Date(Date.parse(OPEN_NOW) + 22 * MINUTE).toISOString());
    expect(renewed.sbp?.link).toContain(renewed.paymentId);
    expect(renewed.sbp?.qr).not.toBe(first.sbp?.qr);
    expect(await session('GET', `/order/${order.id}/payment`)).toEqual(renewed);
    expect((await bankAct(renewed.sbp?.link ?? '', 'pay')).headers.location).toBe(renewed.successUrl);
    expect(await readOrder(order.id)).toMatchObject({ status: 'Unconfirmed', paymentStatus: 'paid' });
    const rows = await server.db.run((db) =>
      db.execute<{ status: string; failure_reason: string | null }>(
        sql`select status, failure_reason from payments where order_id = ${order.id} order by created_at`,
      ),
    );
    expect(rows.rows).toEqual([
      { status: 'failed', failure_reason: 'Время на оплату истекло' },
      { status: 'paid', failure_reason: null },
    ]);
  });

  it('a renewal before expiry replaces the pending QR: the old one fails and no longer pays', async () => {
    const order = await placeSbp();
    const first = await session('POST', `/order/${order.id}/payment`);
    const renewed = await session('POST', `/order/${order.id}/payment/renew`);
    expect(renewed.paymentId).not.toBe(first.paymentId);
    await bankAct(first.sbp?.link ?? '', 'pay');
    expect((await readOrder(order.id)).paymentStatus).toBe('pending');
    expect(await session('GET', `/order/${order.id}/payment`)).toMatchObject({
      paymentId: renewed.paymentId,
      status: 'pending',
    });
  });

  it('the order waits 30 minutes in all: a late renewal lives only to then, and after it the order is cancelled, bonuses back, renewals refused', async () => {
    const before = await balance();
    const order = await placeSbp(pickupBody({ paymentMethod: 'sbp', spendBonus: 40 }));
    expect(await balance()).toBe(before - 40);
    await session('POST', `/order/${order.id}/payment`);
    server.clock.advance(25 * MINUTE);
    const late = await session('POST', `/order/${order.id}/payment/renew`);
    expect(late.expiresAt).toBe(new Date(Date.parse(OPEN_NOW) + 30 * MINUTE).toISOString());
    server.clock.advance(5 * MINUTE + 1000);
    await expireStalePayments(server.ctx);
    expect(await readOrder(order.id)).toMatchObject({ status: 'Cancelled', paymentStatus: 'failed' });
    expect(await balance()).toBe(before);
    const refused = await call('POST', `/order/${order.id}/payment/renew`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ message: 'Заказ отменён, оплатить его нельзя', code: 'order-cancelled' });
  });

  it('an expired QR nobody renews: the sweep cancels the order 30 minutes after it was placed', async () => {
    const order = await placeSbp();
    await session('POST', `/order/${order.id}/payment`);
    server.clock.advance(11 * MINUTE);
    await expireStalePayments(server.ctx);
    expect((await readOrder(order.id)).status).toBe('Unconfirmed');
    server.clock.advance(19 * MINUTE + 1000);
    await expireStalePayments(server.ctx);
    expect(await readOrder(order.id)).toMatchObject({ status: 'Cancelled', paymentStatus: 'failed' });
  });

  it("the bank's 'Отклонить' fails the payment and cancels the order, as for a card", async () => {
    const order = await placeSbp();
    const s = await session('POST', `/order/${order.id}/payment`);
    const declined = await bankAct(s.sbp?.link ?? '', 'decline');
    expect(declined.headers.location).toBe(s.failUrl);
    expect(await readOrder(order.id)).toMatchObject({ status: 'Cancelled', paymentStatus: 'failed' });
  });

  it('renewals: only the owner, only of an SBP order', async () => {
    const order = await placeSbp();
    await session('POST', `/order/${order.id}/payment`);
    expect(
      (await server.app.inject({ method: 'POST', url: `/api/v1/order/${order.id}/payment/renew` })).statusCode,
    ).toBe(401);
    const stranger = await signedInUser(server.db);
    expect((await call('POST', `/order/${order.id}/payment/renew`, stranger.token)).statusCode).toBe(403);
    const card = await placeSbp(pickupBody({ paymentMethod: 'card' }));
    const res = await call('POST', `/order/${card.id}/payment/renew`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'Этот заказ оплачивается не через СБП', code: 'payment-not-sbp' });
  });

  it('IS_ONLINE_PAYMENT_DISABLE switches SBP off with the card: the quote lists it unavailable, the order and a renewal are refused in Russian', async () => {
    const waiting = await placeSbp(deliveryBody({ paymentMethod: 'sbp', changeFrom: null }));
    await session('POST', `/order/${waiting.id}/payment`);
    await server.db.run((db) =>
      db.execute(
        sql`update settings set value = '{"delivery": true, "self": false}'::jsonb where name = 'IS_ONLINE_PAYMENT_DISABLE'`,
      ),
    );
    const body = deliveryBody({ paymentMethod: 'sbp', changeFrom: null });
    const quote = await server.app.inject({ method: 'POST', url: '/api/v1/checkout/quote', payload: body });
    expect(quote.statusCode, quote.body).toBe(200);
    const methods = (quote.json() as { paymentMethods: { method: string; available: boolean }[] }).paymentMethods;
    expect(methods.filter((m) => !m.available).map((m) => m.method)).toEqual(['card', 'sbp']);
    const refused = await postOrder(server, customer.token, body);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'online-payment-disabled',
      message: 'Онлайн-оплата сейчас недоступна, выберите оплату при получении',
    });
    const renewal = await call('POST', `/order/${waiting.id}/payment/renew`);
    expect(renewal.statusCode).toBe(422);
    expect(renewal.json()).toEqual({
      message: 'Онлайн-оплата сейчас недоступна, выберите оплату при получении',
      code: 'online-payment-disabled',
    });
  });
});
