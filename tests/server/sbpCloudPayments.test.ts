// SBP through CloudPayments (docs/CHECKOUT.md «SBP»), against the local fake of its API: the link
// comes from POST /payments/qr/sbp/link (Basic auth, the restaurant's publicId, the order as
// InvoiceId, 10 minutes' TtlMinutes), our QR encodes its QrUrl, a signed Pay with its TransactionId
// pays the order; a Pay for a QR replaced by a new one is refunded, not booked on the new one; a
// refusing or failing API is 422 with a Russian message and the next read asks again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import { Order } from '../../src/api/contract/orders.js';
import { PaymentSession } from '../../src/api/contract/payments.js';
import type { TestServer } from './helpers.js';
import { A2, startCloudPaymentsServer } from './cloudPaymentsServer.js';
import { auth, pickupBody, signedInUser, placedOrder } from './ordersFixtures.js';
import { cloudPaymentsNotification, paymentFields, type FakeCloudPayments } from '../fakes/cloudpayments.js';

let fake: FakeCloudPayments;
let server: TestServer;
let customer: { id: string; phone: string; token: string };

beforeAll(async () => {
  ({ fake, server } = await startCloudPaymentsServer());
  customer = await signedInUser(server.db);
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const placeSbp = () => placedOrder(server, customer.token, pickupBody({ paymentMethod: 'sbp' }));

const call = (method: 'GET' | 'POST', url: string) =>
  server.app.inject({ method, url: `/api/v1${url}`, headers: auth(customer.token) });

async function pay(order: Order, transactionId: number) {
  const n = cloudPaymentsNotification(
    paymentFields({
      InvoiceId: order.id,
      AccountId: customer.id,
      Amount: order.total.toFixed(2),
      PaymentAmount: order.total.toFixed(2),
      TransactionId: transactionId,
      PaymentMethod: 'Sbp',
    }),
    A2.apiSecret,
  );
  return server.app.inject({
    method: 'POST',
    url: '/api/v1/payments/cloudpayments/pay',
    headers: n.headers,
    payload: n.body,
  });
}

async function readOrder(orderId: string): Promise<Order> {
  return Order.parse((await call('GET', `/order/${orderId}`)).json());
}

describe('SBP through CloudPayments', () => {
  it("the link is CloudPayments' QrUrl for the restaurant's account and the order; our QR encodes it; its Pay pays", async () => {
    const order = await placeSbp();
    const before = fake.sbpLinks.length;
    const res = await call('POST', `/order/${order.id}/payment`);
    expect(res.statusCode, res.body).toBe(200);
    const session = PaymentSession.parse(res.json());
    expect(fake.sbpLinks.length).toBe(before + 1);
    const asked = fake.sbpLinks.at(-1);
    expect(asked?.publicId).toBe(A2.publicId);
    expect(asked?.body).toMatchObject({
      PublicId: A2.publicId,
      Amount: order.total,
      Currency: 'RUB',
      InvoiceId: order.id,
      AccountId: customer.id,
      Scheme: 'charge',
      TtlMinutes: 10,
    });
    expect(session).toMatchObject({ provider: 'cloudpayments', method: 'sbp', widget: null, redirectUrl: null });
    expect(session.sbp?.link).toBe(asked?.qrUrl);
    const svg = Buffer.from((session.sbp?.qr ?? '').replace('data:image/svg+xml;base64,', ''), 'base64').toString();
    expect(svg).toBe(await QRCode.toString(asked?.qrUrl ?? '', { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }));
    // Asked once: reading it again does not make another link.
    await call('GET', `/order/${order.id}/payment`);
    expect(fake.sbpLinks.length).toBe(before + 1);

    expect((await pay(order, asked?.transactionId ?? 0)).json()).toEqual({ code: 0 });
    expect((await readOrder(order.id)).paymentStatus).toBe('paid');
  });

  it('a Pay for a QR replaced by a new one is refunded and does not pay the new one, which still can', async () => {
    const order = await placeSbp();
    await call('POST', `/order/${order.id}/payment`);
    const old = fake.sbpLinks.at(-1);
    const renewed = PaymentSession.parse((await call('POST', `/order/${order.id}/payment/renew`)).json());
    const fresh = fake.sbpLinks.at(-1);
    expect(fresh?.transactionId).not.toBe(old?.transactionId);
    expect(renewed.sbp?.link).toBe(fresh?.qrUrl);
    const refundsBefore = fake.refunds.length;
    expect((await pay(order, old?.transactionId ?? 0)).json()).toEqual({ code: 0 });
    expect((await readOrder(order.id)).paymentStatus).toBe('pending');
    expect(fake.refunds.slice(refundsBefore)).toEqual([
      { publicId: A2.publicId, transactionId: old?.transactionId, amount: order.total },
    ]);
    await pay(order, fresh?.transactionId ?? 0);
    expect((await readOrder(order.id)).paymentStatus).toBe('paid');
  });

  it('an API that refuses or fails: 422 with a Russian message, nothing shown; once it answers, the next read gets the link', async () => {
    const order = await placeSbp();
    try {
      for (const mode of ['refuse', 'http-500'] as const) {
        fake.mode = mode;
        const res = await call('POST', `/order/${order.id}/payment`);
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual({
          message: 'Не удалось получить QR-код для оплаты через СБП. Попробуйте ещё раз через минуту',
          code: 'sbp-unavailable',
        });
      }
    } finally {
      fake.mode = 'ok';
    }
    const session = PaymentSession.parse((await call('GET', `/order/${order.id}/payment`)).json());
    expect(session.sbp?.link).toBe(fake.sbpLinks.at(-1)?.qrUrl);
  });
});
