// Surcharges through CloudPayments (docs/ORDER-EDITING.md «Paid online, the total goes up»), against
// the local fake of its API: the edit's surcharge becomes an invoice link (POST /orders/create with
// the restaurant's account, the order as InvoiceId, the customer as AccountId, our payment id in
// JsonData); its signed Pay (Data naming the payment) pays the surcharge and not the order again; a
// Check from another customer is refused; an API that fails leaves the link for the next read; a
// cancellation withdraws the link (POST /orders/cancel), and money that still arrives is refunded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Order } from '../../src/api/contract/orders.js';
import type { AdminOrderDetail } from '../../src/api/contract/admin/orders.js';
import type { TestServer } from './helpers.js';
import { A2, fieldsPaying, startCloudPaymentsServer } from './cloudPaymentsServer.js';
import { editRequest, SET, SET_PRICE } from './admin/orderEditFixtures.js';
import { auth, pickupBody, postOrder, signedInUser } from './ordersFixtures.js';
import { cloudPaymentsNotification, paymentFields, type FakeCloudPayments } from '../fakes/cloudpayments.js';
import { signInStaff, type SignedInStaff } from './admin/staffFixtures.js';

let fake: FakeCloudPayments;
let server: TestServer;
let customer: { id: string; phone: string; token: string };
let operator: SignedInStaff;
let nextTransaction = 7_100_000;

beforeAll(async () => {
  ({ fake, server } = await startCloudPaymentsServer());
  customer = await signedInUser(server.db);
  operator = await signInStaff(server, 'operator');
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

async function notify(kind: 'check' | 'pay', fields: Record<string, string | number>) {
  const n = cloudPaymentsNotification(fields, A2.apiSecret);
  const res = await server.app.inject({
    method: 'POST',
    url: `/api/v1/payments/cloudpayments/${kind}`,
    headers: n.headers,
    payload: n.body,
  });
  return res.json<{ code: number }>();
}

async function readOrder(id: string): Promise<Order> {
  const res = await server.app.inject({ method: 'GET', url: `/api/v1/order/${id}`, headers: auth(customer.token) });
  expect(res.statusCode, res.body).toBe(200);
  return Order.parse(res.json());
}

/** A pickup card order of two sets at the restaurant with its own account, paid by a signed Pay. */
async function paidCardOrder(): Promise<Order> {
  const res = await postOrder(
    server,
    customer.token,
    pickupBody({ paymentMethod: 'card', items: [{ productId: SET, amount: 2, mods: [] }] }),
  );
  expect(res.statusCode, res.body).toBe(200);
  const order = Order.parse(res.json());
  await server.app.inject({ method: 'POST', url: `/api/v1/order/${order.id}/payment`, headers: auth(customer.token) });
  const paid = await notify('pay', fieldsPaying(order, customer.id, (nextTransaction += 1)));
  expect(paid).toEqual({ code: 0 });
  return readOrder(order.id);
}

async function raiseToThreeSets(order: Order) {
  return editToSets(order, 3);
}

async function editToSets(order: Order, sets: number) {
  const current = await server.app.inject({
    method: 'GET',
    url: `/api/v1/admin/orders/${order.id}`,
    headers: operator.auth,
  });
  const res = await server.app.inject({
    method: 'POST',
    url: `/api/v1/admin/orders/${order.id}/edit`,
    headers: operator.auth,
    payload: editRequest(
      { ...order, updatedAt: current.json<AdminOrderDetail>().updatedAt },
      { items: [{ productId: SET, amount: sets, mods: [] }] },
    ),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminOrderDetail>();
}

describe('a surcharge through CloudPayments', () => {
  it('is an invoice link of the restaurant’s account for the difference; its Pay pays the surcharge, once', async () => {
    const order = await paidCardOrder();
    const before = fake.invoices.length;
    await raiseToThreeSets(order);
    expect(fake.invoices.length).toBe(before + 1);
    const invoice = fake.invoices.at(-1);
    expect(invoice?.publicId).toBe(A2.publicId);
    expect(invoice?.body).toMatchObject({
      Amount: SET_PRICE,
      Currency: 'RUB',
      InvoiceId: order.id,
      AccountId: customer.id,
      JsonData: { orderNumber: order.number, purpose: 'surcharge' },
    });
    const owing = await readOrder(order.id);
    expect(owing.surcharge).toEqual({ amount: SET_PRICE, payUrl: invoice?.url });

    // Only the order's own customer may pay it: a Check from another account is refused (11).
    const fields = fake.payInvoice(invoice?.id ?? '', (nextTransaction += 1));
    if (!fields) throw new Error('the fake refused to pay its own invoice');
    expect(await notify('check', { ...fields, AccountId: 'someone-else' })).toEqual({ code: 11 });
    expect(await notify('check', fields)).toEqual({ code: 0 });

    const refundsBefore = fake.refunds.length;
    expect(await notify('pay', fields)).toEqual({ code: 0 });
    expect(await notify('pay', fields)).toEqual({ code: 0 });
    const paid = await readOrder(order.id);
    expect(paid).toMatchObject({ paymentStatus: 'paid', total: order.total + SET_PRICE });
    expect(paid.surcharge).toBeUndefined();
    // neither booked on the order's own payment nor refunded as money not awaited
    expect(fake.refunds.length).toBe(refundsBefore);
  });

  it('an edit cutting more than either payment holds refunds each transaction its part, at once', async () => {
    const order = await paidCardOrder();
    const orderTransaction = nextTransaction;
    await editToSets(order, 4);
    const fields = fake.payInvoice(fake.invoices.at(-1)?.id ?? '', (nextTransaction += 1));
    if (!fields) throw new Error('the fake refused to pay its own invoice');
    expect(await notify('pay', fields)).toEqual({ code: 0 });
    const surchargeTransaction = nextTransaction;

    const refundsBefore = fake.refunds.length;
    const lowered = await editToSets(order, 1);
    expect(fake.refunds.slice(refundsBefore)).toEqual([
      { publicId: A2.publicId, transactionId: orderTransaction, amount: order.total },
      { publicId: A2.publicId, transactionId: surchargeTransaction, amount: 3 * SET_PRICE - order.total },
    ]);
    expect(lowered.paymentStatus).toBe('paid');
  });

  it('an API that fails: the edit stands, the link is asked again on the customer’s next read', async () => {
    const order = await paidCardOrder();
    fake.mode = 'http-500';
    try {
      await raiseToThreeSets(order);
      expect((await readOrder(order.id)).surcharge).toEqual({ amount: SET_PRICE, payUrl: null });
    } finally {
      fake.mode = 'ok';
    }
    const before = fake.invoices.length;
    const seen = await readOrder(order.id);
    expect(fake.invoices.length).toBe(before + 1);
    const invoice = fake.invoices.at(-1);
    expect(seen.surcharge?.payUrl).toBe(invoice?.url);
    expect(invoice?.body).toMatchObject({ InvoiceId: order.id, Amount: SET_PRICE });
  });

  it('a cancellation withdraws the unpaid link and refunds only the order’s payment; money still arriving for it goes back', async () => {
    const order = await paidCardOrder();
    await raiseToThreeSets(order);
    const invoice = fake.invoices.at(-1);
    const refundsBefore = fake.refunds.length;
    const cancelled = await server.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${order.id}/cancel`,
      headers: operator.auth,
      payload: { reason: 'Клиент передумал' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(invoice?.status).toBe('Cancelled');
    expect(fake.payInvoice(invoice?.id ?? '', 1)).toBeNull();
    expect(fake.refunds.slice(refundsBefore).map((r) => r.amount)).toEqual([order.total]);
    expect(await readOrder(order.id)).toMatchObject({
      status: 'Cancelled',
      paymentStatus: 'refunded',
    });
    expect((await readOrder(order.id)).surcharge).toBeUndefined();

    // a payment that slipped through before the withdrawal is returned, not booked
    const late = nextTransaction + 1;
    nextTransaction += 1;
    const lateFields = paymentFields({
      InvoiceId: order.id,
      AccountId: customer.id,
      Amount: SET_PRICE.toFixed(2),
      PaymentAmount: SET_PRICE.toFixed(2),
      TransactionId: late,
      Data: JSON.stringify(invoice?.body.JsonData ?? {}),
    });
    expect(await notify('check', lateFields)).toEqual({ code: 13 });
    expect(await notify('pay', lateFields)).toEqual({ code: 0 });
    expect(fake.refunds.at(-1)).toMatchObject({ transactionId: late, amount: SET_PRICE });
  });
});
