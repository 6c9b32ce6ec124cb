// Surcharges (docs/ORDER-EDITING.md «Paid online, the total goes up»): an operator raises the total
// of an order paid online; the difference becomes a second payment of the order through the test
// gateway, once per edit; the customer sees it on their order and pays it on the gateway's page; a
// cancellation voids an unpaid one and refunds only the money held; a second edit replaces it.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminOrder, AdminOrderDetail } from '../../../src/api/contract/admin/orders.js';
import type { OrderEdit, OrderEditQuote } from '../../../src/api/contract/admin/orderEdits.js';
import { Order } from '../../../src/api/contract/orders.js';
import { accrualFor } from '../../../server/services/order/status.js';
import { loadOrderSettings } from '../../../server/services/promo.js';
import type { PaymentGateway } from '../../../server/integrations/paymentGateway.js';
import { auth, newKey, orderServerPerFile, signedInUser } from '../ordersFixtures.js';
import { countRefunds, editChanges, editRequest, paidPickupOrder, SET, SET_PRICE } from './orderEditFixtures.js';
import { staffPerFile } from './staffFixtures.js';

const server = orderServerPerFile({ resetClockAfterEach: true });
const operator = staffPerFile(server, 'operator');

async function call(headers: Record<string, string>, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await server.app.inject({
    method,
    url: `/api/v1${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
}

interface PaidOrder {
  order: Order;
  token: string;
  paymentId: string;
}

/** A pickup order of two sets paid by card through the test gateway, as its customer reads it. */
async function paidOnlineOrder(): Promise<PaidOrder> {
  const { placed, token, paymentId } = await paidPickupOrder(server);
  return { order: await customerRead(token, placed.id), token, paymentId };
}

async function customerRead(token: string, id: string): Promise<Order> {
  const res = await call(auth(token), 'GET', `/order/${id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return Order.parse(res.body);
}

type PaymentRowView = {
  id: string;
  amount: number;
  status: string;
  purpose: string;
  edit_id: string | null;
  failure_reason: string | null;
  pay_url: string | null;
};

async function paymentsOf(orderId: string): Promise<PaymentRowView[]> {
  const rows = await server.db.run((db) =>
    db.execute<PaymentRowView>(
      sql`select id, amount, status, purpose, edit_id, failure_reason, pay_url from payments
          where order_id = ${orderId} order by purpose = 'surcharge', created_at, id`,
    ),
  );
  return rows.rows;
}

const setsOf = (amount: number) => [{ productId: SET, amount, mods: [] }];

async function edit(order: Order, items: unknown, key = newKey(), comment = order.comment) {
  const current = (await call(operator.auth, 'GET', `/admin/orders/${order.id}`)).body as unknown as AdminOrderDetail;
  const basedOnCurrent = { ...order, updatedAt: current.updatedAt };
  return call(
    operator.auth,
    'POST',
    `/admin/orders/${order.id}/edit`,
    editRequest(basedOnCurrent, { items, comment }, key),
  );
}

const gatewayAct = (paymentId: string, verb: 'pay' | 'decline') =>
  server.app.inject({ method: 'POST', url: `/api/v1/payments/test/${paymentId}/${verb}` });

describe('an edit that raises the total of an order paid online', () => {
  it('is accepted; the difference is one surcharge of the edit, however often the edit is retried with its key', async () => {
    const { order, token } = await paidOnlineOrder();
    const quoted = await call(operator.auth, 'POST', `/admin/orders/${order.id}/edit/quote`, {
      changes: editChanges(order, { items: setsOf(3) }),
    });
    const quote = quoted.body as unknown as OrderEditQuote;
    expect(quote).toMatchObject({ difference: SET_PRICE, money: 'surcharge', moneyAmount: SET_PRICE });
    expect(quote.quote.refusals).toEqual([]);

    const key = newKey();
    const first = await edit(order, setsOf(3), key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await edit(order, setsOf(3), key);
    expect(again.status).toBe(200);

    const rows = await paymentsOf(order.id);
    const surcharges = rows.filter((r) => r.purpose === 'surcharge');
    expect(surcharges).toHaveLength(1);
    const surcharge = surcharges[0];
    expect(surcharge).toMatchObject({ amount: SET_PRICE, status: 'pending' });
    // the link of the offline default is the test gateway's own page for this payment
    expect(surcharge?.pay_url).toBe(`/api/v1/payments/test/${surcharge?.id}`);

    const seen = await customerRead(token, order.id);
    expect(seen).toMatchObject({
      total: order.total + SET_PRICE,
      paymentStatus: 'paid',
      surcharge: { amount: SET_PRICE, payUrl: surcharge?.pay_url },
    });
    const detail = first.body as unknown as AdminOrderDetail;
    expect(detail.surcharge).toEqual({ amount: SET_PRICE, payUrl: surcharge?.pay_url });
    const list = await call(operator.auth, 'GET', `/admin/orders?number=${order.number}`);
    expect((list.body.orders as AdminOrder[])[0]?.surcharge).toMatchObject({ amount: SET_PRICE });
    const edits = (await call(operator.auth, 'GET', `/admin/orders/${order.id}/edits`)).body.edits as OrderEdit[];
    expect(edits).toHaveLength(1);
    expect(edits[0]).toMatchObject({ surchargeAmount: SET_PRICE, refund: 'not-needed' });
  });

  it('is paid on the test gateway’s page: the notice goes, the order stays paid; a decline before leaves it owed', async () => {
    const { order, token } = await paidOnlineOrder();
    expect((await edit(order, setsOf(3))).status).toBe(200);
    const surcharge = (await paymentsOf(order.id)).find((r) => r.purpose === 'surcharge');
    if (!surcharge) throw new Error('no surcharge');

    const declined = await gatewayAct(surcharge.id, 'decline');
    expect(declined.statusCode).toBe(303);
    expect(declined.headers.location).toMatch(new RegExp(`/complete\\?order=${order.id}$`));
    expect((await customerRead(token, order.id)).surcharge).toMatchObject({ amount: SET_PRICE });
    expect((await customerRead(token, order.id)).status).not.toBe('Cancelled');

    const paid = await gatewayAct(surcharge.id, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toMatch(new RegExp(`/complete\\?order=${order.id}$`));
    const after = await customerRead(token, order.id);
    expect(after.surcharge).toBeUndefined();
    expect(after.paymentStatus).toBe('paid');
    expect((await paymentsOf(order.id)).map((r) => [r.purpose, r.status])).toEqual([
      ['order', 'paid'],
      ['surcharge', 'paid'],
    ]);
    // paid twice is still paid once
    expect((await gatewayAct(surcharge.id, 'pay')).statusCode).toBe(303);
    expect((await paymentsOf(order.id)).filter((r) => r.status === 'paid')).toHaveLength(2);
  });

  it('a cancellation voids the unpaid surcharge and refunds only the money paid; a paid surcharge is refunded too', async () => {
    const asked = countRefunds(server);
    const unpaid = await paidOnlineOrder();
    expect((await edit(unpaid.order, setsOf(3))).status).toBe(200);
    const cancelled = await call(operator.auth, 'POST', `/admin/orders/${unpaid.order.id}/cancel`, {
      reason: 'Клиент передумал',
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(asked).toEqual([unpaid.order.total]);
    const voided = (await paymentsOf(unpaid.order.id)).find((r) => r.purpose === 'surcharge');
    expect(voided).toMatchObject({ status: 'failed', failure_reason: 'Доплата отменена: заказ отменён' });
    const seen = await customerRead(unpaid.token, unpaid.order.id);
    expect(seen).toMatchObject({ status: 'Cancelled', paymentStatus: 'refunded' });
    expect(seen.surcharge).toBeUndefined();
    // the voided surcharge's page no longer takes money
    await gatewayAct(voided?.id ?? '', 'pay');
    expect((await paymentsOf(unpaid.order.id)).find((r) => r.purpose === 'surcharge')?.status).toBe('failed');

    asked.length = 0;
    const paid = await paidOnlineOrder();
    expect((await edit(paid.order, setsOf(3))).status).toBe(200);
    const surcharge = (await paymentsOf(paid.order.id)).find((r) => r.purpose === 'surcharge');
    await gatewayAct(surcharge?.id ?? '', 'pay');
    const second = await call(operator.auth, 'POST', `/admin/orders/${paid.order.id}/cancel`, {
      reason: 'Клиент передумал',
    });
    expect(second.body).toMatchObject({ paymentStatus: 'refunded', cancellation: { refund: 'done' } });
    expect(asked).toEqual([paid.order.total, SET_PRICE]);
  });

  it('a second edit before paying replaces the surcharge, measured against the money paid; lower than paid, it refunds', async () => {
    const asked = countRefunds(server);
    const { order, token } = await paidOnlineOrder();
    expect((await edit(order, setsOf(3))).status).toBe(200);
    const first = (await paymentsOf(order.id)).find((r) => r.purpose === 'surcharge');

    // a change that leaves the total alone keeps the same surcharge (and its link)
    expect((await edit(order, setsOf(3), newKey(), 'Позвонить за 10 минут')).status).toBe(200);
    expect((await paymentsOf(order.id)).filter((r) => r.purpose === 'surcharge').map((r) => r.id)).toEqual([first?.id]);

    // four sets: owed is 2 sets more than paid, not 1 more than the last total
    expect((await edit(order, setsOf(4))).status).toBe(200);
    let rows = (await paymentsOf(order.id)).filter((r) => r.purpose === 'surcharge');
    rows.sort((a, b) => a.amount - b.amount);
    expect(rows.map((r) => [r.amount, r.status, r.failure_reason])).toEqual([
      [SET_PRICE, 'failed', 'Доплата заменена: заказ изменён ещё раз'],
      [2 * SET_PRICE, 'pending', null],
    ]);
    expect((await customerRead(token, order.id)).surcharge).toMatchObject({ amount: 2 * SET_PRICE });

    // one set: nothing is owed any more and one set's money goes back
    const quoted = await call(operator.auth, 'POST', `/admin/orders/${order.id}/edit/quote`, {
      changes: editChanges(order, { items: setsOf(1) }),
    });
    expect(quoted.body).toMatchObject({ money: 'refund', moneyAmount: SET_PRICE, difference: -3 * SET_PRICE });
    expect((await edit(order, setsOf(1))).status).toBe(200);
    rows = (await paymentsOf(order.id)).filter((r) => r.purpose === 'surcharge');
    expect(rows.every((r) => r.status === 'failed')).toBe(true);
    expect(asked).toEqual([SET_PRICE]);
    expect((await customerRead(token, order.id)).surcharge).toBeUndefined();

    // back to two sets: owed is one set again (the partial refund counts)
    expect((await edit(order, setsOf(2))).status).toBe(200);
    expect((await customerRead(token, order.id)).surcharge).toMatchObject({ amount: SET_PRICE });
  });

  it('an edit cutting more than any one payment holds refunds the whole difference at once, over the paid payments, each once', async () => {
    // «Paid online, the total goes down: the difference is refunded» (docs/ORDER-EDITING.md «Money»)
    const asked = countRefunds(server);
    const { order, token } = await paidOnlineOrder();
    expect((await edit(order, setsOf(4))).status).toBe(200);
    const surcharge = (await paymentsOf(order.id)).find((r) => r.purpose === 'surcharge');
    await gatewayAct(surcharge?.id ?? '', 'pay');
    // held: the order's own payment and 2 sets on the surcharge; one set left is 3 sets back
    const key = newKey();
    expect((await edit(order, setsOf(1), key)).status).toBe(200);
    expect(asked).toEqual([order.total, 3 * SET_PRICE - order.total]);
    const edits = (await call(operator.auth, 'GET', `/admin/orders/${order.id}/edits`)).body.edits as OrderEdit[];
    expect(edits.find((e) => e.refund !== 'not-needed')).toMatchObject({ refund: 'done', refundAmount: 3 * SET_PRICE });
    // the same key asks nothing again, and nothing is left held beyond the total
    expect((await edit(order, setsOf(1), key)).status).toBe(200);
    expect(asked).toHaveLength(2);
    const quoted = await call(operator.auth, 'POST', `/admin/orders/${order.id}/edit/quote`, {
      changes: editChanges(order, { items: setsOf(1) }),
    });
    expect(quoted.body).toMatchObject({ money: 'none', moneyAmount: 0 });
    // a cancellation returns just the new total still held, never asking for an emptied payment
    const { total } = await customerRead(token, order.id);
    asked.length = 0;
    await call(operator.auth, 'POST', `/admin/orders/${order.id}/cancel`, { reason: 'Клиент передумал' });
    expect(asked).toEqual([total]);
    expect((await customerRead(token, order.id)).paymentStatus).toBe('refunded');
  });

  it('a refusal midway over several payments leaves the edit failed; its key asks only what is still due', async () => {
    const asked = countRefunds(server);
    const { order } = await paidOnlineOrder();
    expect((await edit(order, setsOf(4))).status).toBe(200);
    const surcharge = (await paymentsOf(order.id)).find((r) => r.purpose === 'surcharge');
    await gatewayAct(surcharge?.id ?? '', 'pay');
    const real = server.ctx.payments;
    if (!real) throw new Error('no gateways');
    const test = real.byProvider('test');
    let refuseNext = false;
    const flaky: PaymentGateway = {
      ...test,
      refund: async (p) => {
        if (refuseNext) {
          refuseNext = false;
          return { ok: false, message: 'Ошибка шлюза' };
        }
        refuseNext = true;
        return test.refund(p);
      },
    };
    server.ctx.payments = { ...real, current: flaky, byProvider: (p) => (p === 'test' ? flaky : real.byProvider(p)) };
    const key = newKey();
    expect((await edit(order, setsOf(1), key)).status).toBe(200);
    expect(asked).toEqual([order.total]);
    let edits = (await call(operator.auth, 'GET', `/admin/orders/${order.id}/edits`)).body.edits as OrderEdit[];
    expect(edits.find((e) => e.refund !== 'not-needed')).toMatchObject({
      refund: 'failed',
      refundError: 'Не удалось вернуть деньги: Ошибка шлюза',
    });

    refuseNext = false;
    expect((await edit(order, setsOf(1), key)).status).toBe(200);
    expect(asked).toEqual([order.total, 3 * SET_PRICE - order.total]);
    edits = (await call(operator.auth, 'GET', `/admin/orders/${order.id}/edits`)).body.edits as OrderEdit[];
    expect(edits.find((e) => e.refund !== 'not-needed')).toMatchObject({ refund: 'done', refundAmount: 3 * SET_PRICE });
  });

  it('closing the order with the surcharge unpaid voids it, the audit names the difference and bonuses count the money paid', async () => {
    const { order, token } = await paidOnlineOrder();
    expect((await edit(order, setsOf(3))).status).toBe(200);
    const closed = await call(operator.auth, 'POST', `/admin/orders/${order.id}/status`, { status: 'Closed' });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const seen = await customerRead(token, order.id);
    expect(seen).toMatchObject({ status: 'Closed', paymentStatus: 'paid' });
    expect(seen.surcharge).toBeUndefined();
    const voided = (await paymentsOf(order.id)).find((r) => r.purpose === 'surcharge');
    expect(voided).toMatchObject({ status: 'failed', failure_reason: 'Доплата не получена: заказ закрыт' });
    // the voided page takes no money
    await gatewayAct(voided?.id ?? '', 'pay');
    expect((await paymentsOf(order.id)).find((r) => r.purpose === 'surcharge')?.status).toBe('failed');
    const audits = await server.db.run((db) =>
      db.execute<{ after: unknown }>(
        sql`select after from audit_log where action = 'order.status' and entity_id = ${order.id}`,
      ),
    );
    expect(audits.rows.map((r) => r.after)).toEqual([{ status: 'Closed', unpaidSurcharge: SET_PRICE }]);
    const settings = await server.db.run((db) => loadOrderSettings(db));
    const ledger = await server.db.run((db) =>
      db.execute<{ delta: number }>(
        sql`select delta from bonus_ledger where order_id = ${order.id} and reason = 'order-accrual'`,
      ),
    );
    expect(ledger.rows.map((r) => Number(r.delta))).toEqual(
      [accrualFor(order.total, settings.bonusAccrualPercent)].filter((d) => d > 0),
    );
  });

  it('only the order’s customer sees its surcharge and its link (another customer is 403 and learns nothing)', async () => {
    const { order } = await paidOnlineOrder();
    expect((await edit(order, setsOf(3))).status).toBe(200);
    const stranger = await signedInUser(server.db);
    const read = await call(auth(stranger.token), 'GET', `/order/${order.id}`);
    expect(read.status).toBe(403);
    expect(JSON.stringify(read.body)).not.toContain('/payments/test/');
    const payment = await call(auth(stranger.token), 'POST', `/order/${order.id}/payment`);
    expect(payment.status).toBe(403);
    const anonymous = await call({}, 'GET', `/order/${order.id}`);
    expect(anonymous.status).toBe(401);
  });
});
