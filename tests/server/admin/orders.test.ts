// Orders in the admin area: filters, detail, status moves along ORDER_STATUS_FLOW
// pushed to the customer, cancellation with a reason, the audit trail and the staff WebSocket.
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder, AdminOrderDetail } from '../../../src/api/contract/admin/orders.js';
import { callApi } from '../customers.js';
import { createPaymentGateways, type PaymentGateway } from '../../../server/integrations/payments.js';
import type { RefundResult } from '../../../server/integrations/cloudpayments.js';
import { refundPaidOrder } from '../../../server/services/admin/orders.js';
import { REFUND_CLAIM_STALE_MS } from '../../../server/services/payments.js';
import { expectRefusal, testServerPerFile } from '../helpers.js';
import { auth, signedInUser } from '../ordersFixtures.js';
import { insertOrder, staffPerFile } from './staffFixtures.js';

const server = testServerPerFile();
const operator = staffPerFile(server, 'operator');
let alice: { id: string; phone: string; token: string };
let bob: { id: string; phone: string; token: string };

beforeAll(async () => {
  alice = await signedInUser(server.db, { phone: '+79145550101', balance: 500 });
  bob = await signedInUser(server.db, { phone: '+79025550202' });
});

async function list(query: string): Promise<{ orders: AdminOrder[]; total: number }> {
  const res = await callApi(server, 'GET', `/admin/orders${query}`, operator.auth);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('GET /api/v1/admin/orders', () => {
  let a1: { id: string; number: number };
  let a2: { id: string; number: number };
  let b1: { id: string; number: number };
  beforeAll(async () => {
    a1 = await insertOrder(server, { userId: alice.id, createdAt: '2026-11-18T03:00:00Z', status: 'WaitCooking' });
    a2 = await insertOrder(server, {
      userId: alice.id,
      cityId: 'city-irkutsk',
      deliveryTerminalId: 'dt-irkutsk-1',
      deliveryMethod: 'delivery',
      createdAt: '2026-11-19T20:00:00Z',
    });
    b1 = await insertOrder(server, { userId: bob.id, createdAt: '2026-11-19T10:00:00Z' });
  });

  it('lists newest first with the customer and the statuses the order may move to', async () => {
    const { orders } = await list('?phone=%2B79145550101');
    expect(orders.map((o) => o.id)).toEqual([a2.id, a1.id]);
    expect(orders[0]?.customer).toEqual({ id: alice.id, phone: '+79145550101', name: 'Тест' });
    expect(orders[1]?.nextStatuses).toEqual(['CookingStarted', 'CookingCompleted', 'Waiting', 'Closed']);
  });

  it('filters by city, restaurant, status, number and phone digits', async () => {
    expect((await list('?cityId=city-irkutsk')).orders.map((o) => o.id)).toContain(a2.id);
    expect((await list('?cityId=city-irkutsk')).orders.every((o) => o.cityId === 'city-irkutsk')).toBe(true);
    expect((await list('?deliveryTerminalId=dt-irkutsk-1')).orders.map((o) => o.id)).toEqual([a2.id]);
    expect((await list('?status=WaitCooking&phone=5550101')).orders.map((o) => o.id)).toEqual([a1.id]);
    expect((await list(`?number=${b1.number}`)).orders.map((o) => o.id)).toEqual([b1.id]);
    expect((await list('?phone=8 (902) 555-02-02')).orders.map((o) => o.id)).toEqual([b1.id]);
  });

  it('a day filter counts in the city’s time zone (Irkutsk, UTC+8)', async () => {
    // 2026-11-19T20:00Z is already the 20th in Irkutsk
    expect((await list('?cityId=city-irkutsk&from=2026-11-20&to=2026-11-20')).orders.map((o) => o.id)).toEqual([a2.id]);
    expect((await list('?cityId=city-irkutsk&to=2026-11-19')).orders.map((o) => o.id)).not.toContain(a2.id);
  });

  it('pages with limit and offset and tells the total', async () => {
    const first = await list('?phone=5550101&limit=1');
    const second = await list('?phone=5550101&limit=1&offset=1');
    expect(first.total).toBe(2);
    expect([first.orders[0]?.id, second.orders[0]?.id]).toEqual([a2.id, a1.id]);
  });

  it('422 in Russian for too few phone digits and for an unknown status', async () => {
    const short = await callApi(server, 'GET', '/admin/orders?phone=55', operator.auth);
    expectRefusal(short, 422, 'Укажите номер телефона или не меньше 4 его цифр');
    const status = await callApi(server, 'GET', '/admin/orders?status=Eaten', operator.auth);
    expect(status.statusCode).toBe(422);
  });
});

describe('status changes and cancellation', () => {
  it('moves an order forward, logs who did it and pushes the status to the customer', async () => {
    const order = await insertOrder(server, { userId: alice.id });
    server.pushed.length = 0;
    const res = await callApi(server, 'POST', `/admin/orders/${order.id}/status`, operator.auth, {
      status: 'CookingStarted',
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<AdminOrderDetail>();
    expect(detail.status).toBe('CookingStarted');
    expect(detail.statusName).toBe('готовится');
    expect(detail.statusLog.at(-1)).toMatchObject({ status: 'CookingStarted', actor: `staff:${operator.id}` });
    expect(server.pushed).toContainEqual({
      type: 'order:status_update',
      userId: alice.id,
      orderId: order.id,
      status: 'CookingStarted',
    });
  });

  /** Makes every audit insert for order `id` fail, as a database error would, while `body` runs. */
  async function withAuditFailing(id: string, body: () => Promise<void>): Promise<void> {
    const trigger = sql.raw(`audit_fails_${id.replace(/-/g, '_')}`);
    await server.db.run(async (db) => {
      await db.execute(
        sql`create or replace function audit_fails() returns trigger language plpgsql as $$ begin raise exception 'audit unavailable'; end $$`,
      );
      await db.execute(
        sql`create trigger ${trigger} before insert on audit_log for each row when (new.entity_id = ${sql.raw(`'${id}'`)}) execute function audit_fails()`,
      );
    });
    try {
      await body();
    } finally {
      await server.db.run((db) => db.execute(sql`drop trigger ${trigger} on audit_log`));
    }
  }

  it('a status change whose audit row cannot be written does not happen (one transaction): no move, no log, no push', async () => {
    const order = await insertOrder(server, { userId: alice.id });
    server.pushed.length = 0;
    await withAuditFailing(order.id, async () => {
      const res = await callApi(server, 'POST', `/admin/orders/${order.id}/status`, operator.auth, {
        status: 'CookingStarted',
      });
      expect(res.statusCode).toBe(500);
    });
    const detail = await callApi(server, 'GET', `/admin/orders/${order.id}`, operator.auth);
    expect(detail.json<AdminOrderDetail>()).toMatchObject({ status: 'Unconfirmed', statusLog: [] });
    expect(server.pushed.filter((p) => 'orderId' in p && p.orderId === order.id)).toEqual([]);
  });

  it('a cancellation whose audit row cannot be written does not happen either: bonuses stay spent, no cancellation record', async () => {
    const order = await insertOrder(server, { userId: alice.id, bonusSpent: 50 });
    await withAuditFailing(order.id, async () => {
      const res = await callApi(server, 'POST', `/admin/orders/${order.id}/cancel`, operator.auth, {
        reason: 'Клиент не отвечает',
      });
      expect(res.statusCode).toBe(500);
    });
    const detail = await callApi(server, 'GET', `/admin/orders/${order.id}`, operator.auth);
    expect(detail.json<AdminOrderDetail>()).toMatchObject({ status: 'Unconfirmed', cancellation: null });
    const refunds = await server.db.run((db) =>
      db.execute<{ n: number }>(sql`select count(*)::int as n from bonus_ledger where order_id = ${order.id}`),
    );
    expect(refunds.rows[0]?.n).toBe(0);
  });

  it('refuses a move against ORDER_STATUS_FLOW with 422 and the Russian names', async () => {
    const order = await insertOrder(server, { userId: alice.id, status: 'CookingCompleted' });
    const res = await callApi(server, 'POST', `/admin/orders/${order.id}/status`, operator.auth, {
      status: 'WaitCooking',
    });
    expectRefusal(res, 422, 'Нельзя перевести заказ из статуса «готов» (CookingCompleted) в «принят» (WaitCooking)');
    const pickupToOnWay = await callApi(server, 'POST', `/admin/orders/${order.id}/status`, operator.auth, {
      status: 'OnWay',
    });
    expect(pickupToOnWay.statusCode).toBe(422);
  });

  it('Cancelled through the status route asks for a reason', async () => {
    const order = await insertOrder(server, { userId: alice.id });
    const res = await callApi(server, 'POST', `/admin/orders/${order.id}/status`, operator.auth, {
      status: 'Cancelled',
    });
    expectRefusal(res, 422, 'Для отмены заказа укажите причину (POST /admin/orders/:id/cancel)');
  });

  it('cancels with a reason: bonuses spent come back, the reason is kept, the audit says who', async () => {
    const before = await callApi(server, 'GET', `/admin/customers/${alice.id}`, operator.auth);
    const balanceBefore = before.json<{ customer: { balance: number } }>().customer.balance;
    const order = await insertOrder(server, { userId: alice.id, bonusSpent: 100 });
    const res = await callApi(server, 'POST', `/admin/orders/${order.id}/cancel`, operator.auth, {
      reason: 'Клиент не отвечает',
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<AdminOrderDetail>();
    expect(detail.status).toBe('Cancelled');
    expect(detail.cancellation).toMatchObject({
      reason: 'Клиент не отвечает',
      staffId: operator.id,
      refund: 'not-needed',
    });
    expect(detail.nextStatuses).toEqual([]);
    const after = await callApi(server, 'GET', `/admin/customers/${alice.id}`, operator.auth);
    expect(after.json<{ customer: { balance: number } }>().customer.balance).toBe(balanceBefore + 100);

    const again = await callApi(server, 'POST', `/admin/orders/${order.id}/cancel`, operator.auth, {
      reason: 'Ещё раз',
    });
    expect(again.statusCode).toBe(422);
  });

  it('an order paid online gets its money back when cancelled (test gateway)', async () => {
    const order = await paidOnline();
    const res = await cancelForNoCouriers(order.id);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<AdminOrderDetail>();
    expect(detail.cancellation).toMatchObject({ reason: 'Нет курьеров', refund: 'done', refundError: null });
    expect(detail.paymentStatus).toBe('refunded');
    const payment = await server.db.run((db) =>
      db.execute<{ status: string }>(sql`select status from payments where order_id = ${order.id}`),
    );
    expect(payment.rows[0]?.status).toBe('refunded');
  });

  /** The test gateway with its refunds answered by `answer` (the real one always succeeds at once). */
  function refundsAnswer(answer: () => Promise<RefundResult>): void {
    const real = createPaymentGateways(server.ctx.config);
    const scripted: PaymentGateway = { ...real.byProvider('test'), refund: answer };
    server.ctx.payments = {
      ...real,
      current: scripted,
      byProvider: (provider) => (provider === 'test' ? scripted : real.byProvider(provider)),
    };
  }

  /** The test gateway holding each refund until the test confirms it: `asked` settles at the first ask. */
  function holdRefunds(): { asked: Promise<void>; asks(): number; confirm(result: RefundResult): void } {
    let asks = 0;
    let confirm: (result: RefundResult) => void = () => undefined;
    const asked = new Promise<void>((resolve) => {
      refundsAnswer(() => {
        asks += 1;
        resolve();
        return new Promise<RefundResult>((r) => {
          confirm = r;
        });
      });
    });
    return { asked, asks: () => asks, confirm: (result) => confirm(result) };
  }

  // a test that scripts the refunds leaves the server's own gateways to the next one
  afterEach(() => {
    server.ctx.payments = undefined;
  });

  function cancelForNoCouriers(id: string) {
    return callApi(server, 'POST', `/admin/orders/${id}/cancel`, operator.auth, { reason: 'Нет курьеров' });
  }

  async function paidOnline(): Promise<{ id: string }> {
    const order = await insertOrder(server, {
      userId: bob.id,
      paymentMethod: 'card',
      paymentStatus: 'paid',
      total: 990,
    });
    await server.db.run((db) =>
      db.execute(sql`insert into payments (id, order_id, user_id, provider, method, status, amount, transaction_id, paid_at)
                     values (${`pay-${order.id}`}, ${order.id}, ${bob.id}, 'test', 'card', 'paid', 990, ${`tx-${order.id}`}, now())`),
    );
    return order;
  }

  async function detailOf(id: string): Promise<AdminOrderDetail> {
    const res = await callApi(server, 'GET', `/admin/orders/${id}`, operator.auth);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AdminOrderDetail>();
  }

  async function customerSees(id: string): Promise<string> {
    const res = await server.app.inject({ method: 'GET', url: `/api/v1/order/${id}`, headers: auth(bob.token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ paymentStatus: string }>().paymentStatus;
  }

  it('while the provider has not confirmed the refund, staff and customer see the order paid with the refund due', async () => {
    const { asked, confirm } = holdRefunds();
    const order = await paidOnline();
    const cancelling = cancelForNoCouriers(order.id);
    await asked;
    const during = await detailOf(order.id);
    expect(during).toMatchObject({
      status: 'Cancelled',
      paymentStatus: 'paid',
      cancellation: { refund: 'required' },
    });
    expect(await customerSees(order.id)).toBe('paid');
    confirm({ ok: true });
    const res = await cancelling;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminOrderDetail>()).toMatchObject({
      paymentStatus: 'refunded',
      cancellation: { refund: 'done', refundError: null },
    });
    expect(await customerSees(order.id)).toBe('refunded');
  });

  it("a retry while the cancellation's refund is still with the provider asks for the money once: 409 and the refund goes on", async () => {
    const { asked, asks, confirm } = holdRefunds();
    const order = await paidOnline();
    const cancelling = cancelForNoCouriers(order.id);
    await asked;
    const second = await retry(order.id);
    expectRefusal(
      second,
      409,
      'Возврат по заказу уже выполняется: платёжная система ещё не ответила. Обновите заказ через минуту',
    );
    expect(asks()).toBe(1);
    expect(await detailOf(order.id)).toMatchObject({ paymentStatus: 'paid', cancellation: { refund: 'required' } });
    confirm({ ok: true });
    expect((await cancelling).json<AdminOrderDetail>()).toMatchObject({
      paymentStatus: 'refunded',
      cancellation: { refund: 'done', refundError: null },
    });
    expect(asks()).toBe(1);
  });

  it('a refund left unanswered longer than the stale limit (its process died) may be asked again', async () => {
    let asks = 0;
    refundsAnswer(async () => ((asks += 1), { ok: true }));
    const order = await paidOnline();
    await server.db.run((db) => db.execute(sql`update orders set status = 'Cancelled' where id = ${order.id}`));
    await server.db.run((db) =>
      db.execute(
        sql`insert into order_cancellations (order_id, reason, staff_id, refund, at) values (${order.id}, 'Нет курьеров', ${operator.id}, 'required', now())`,
      ),
    );
    const startedAt = new Date(server.ctx.clock.now().getTime() - REFUND_CLAIM_STALE_MS - 1000).toISOString();
    await server.db.run((db) =>
      db.execute(sql`update payments set refund_started_at = ${startedAt} where order_id = ${order.id}`),
    );
    const res = await retry(order.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminOrderDetail>()).toMatchObject({
      paymentStatus: 'refunded',
      cancellation: { refund: 'done' },
    });
    expect(asks).toBe(1);
  });

  it('a refund that fails (the provider unreachable) shows as failed with its error, never «refunded», and a retry returns the money', async () => {
    refundsAnswer(() => Promise.reject(new Error('connect ECONNREFUSED')));
    const order = await paidOnline();
    const res = await cancelForNoCouriers(order.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminOrderDetail>()).toMatchObject({
      status: 'Cancelled',
      paymentStatus: 'paid',
      cancellation: { refund: 'failed', refundError: 'Не удалось вернуть деньги: connect ECONNREFUSED' },
    });
    expect(await customerSees(order.id)).toBe('paid');
    const payment = await server.db.run((db) =>
      db.execute<{ status: string; refund_error: string | null }>(
        sql`select status, refund_error from payments where order_id = ${order.id}`,
      ),
    );
    expect(payment.rows[0]).toEqual({ status: 'paid', refund_error: 'connect ECONNREFUSED' });

    refundsAnswer(async () => ({ ok: true }));
    await refundPaidOrder(server.ctx, order.id, 'Нет курьеров');
    expect(await detailOf(order.id)).toMatchObject({
      paymentStatus: 'refunded',
      cancellation: { refund: 'done', refundError: null },
    });
    expect(await customerSees(order.id)).toBe('refunded');
  });

  async function auditOf(
    id: string,
    action: string,
  ): Promise<{ staff_id: string | null; before: unknown; after: unknown }[]> {
    const rows = await server.db.run((db) =>
      db.execute<{ staff_id: string | null; before: unknown; after: unknown }>(
        sql`select staff_id, before, after from audit_log where entity_id = ${id} and action = ${action} order by id`,
      ),
    );
    return rows.rows;
  }

  function retry(id: string, headers: Record<string, string> = operator.auth) {
    return server.app.inject({ method: 'POST', url: `/api/v1/admin/orders/${id}/refund`, headers });
  }

  it('POST /admin/orders/:id/refund retries a failed refund: the order becomes refunded, the refund done, and the audit says who', async () => {
    refundsAnswer(() => Promise.reject(new Error('connect ECONNREFUSED')));
    const order = await paidOnline();
    const cancelled = await cancelForNoCouriers(order.id);
    expect(cancelled.json<AdminOrderDetail>().cancellation).toMatchObject({ refund: 'failed' });

    refundsAnswer(async () => ({ ok: true }));
    const res = await retry(order.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminOrderDetail>()).toMatchObject({
      status: 'Cancelled',
      paymentStatus: 'refunded',
      cancellation: { reason: 'Нет курьеров', refund: 'done', refundError: null },
    });
    expect(await customerSees(order.id)).toBe('refunded');
    expect(await auditOf(order.id, 'order.refund')).toEqual([
      {
        staff_id: operator.id,
        before: { refund: 'failed', refundError: 'Не удалось вернуть деньги: connect ECONNREFUSED' },
        after: { refund: 'done', refundError: null },
      },
    ]);

    const again = await retry(order.id);
    expectRefusal(again, 422, 'Деньги по заказу уже возвращены');
  });

  it('a retry the provider refuses again answers 422 with its message; the refund stays failed with the new error, and the attempt is audited', async () => {
    refundsAnswer(async () => ({ ok: false, message: 'Операция отклонена банком' }));
    const order = await paidOnline();
    await cancelForNoCouriers(order.id);
    refundsAnswer(async () => ({ ok: false, message: 'Недостаточно средств на счёте магазина' }));
    const res = await retry(order.id);
    expectRefusal(res, 422, 'Не удалось вернуть деньги: Недостаточно средств на счёте магазина');
    expect(await detailOf(order.id)).toMatchObject({
      paymentStatus: 'paid',
      cancellation: {
        refund: 'failed',
        refundError: 'Не удалось вернуть деньги: Недостаточно средств на счёте магазина',
      },
    });
    expect(await auditOf(order.id, 'order.refund')).toEqual([
      {
        staff_id: operator.id,
        before: { refund: 'failed', refundError: 'Не удалось вернуть деньги: Операция отклонена банком' },
        after: { refund: 'failed', refundError: 'Не удалось вернуть деньги: Недостаточно средств на счёте магазина' },
      },
    ]);
  });

  it('nothing to refund: 422 with the reason in Russian for an order not cancelled, cancelled unpaid, or paid with no online payment on record', async () => {
    const active = await insertOrder(server, { userId: bob.id, paymentMethod: 'card', paymentStatus: 'paid' });
    const notCancelled = await retry(active.id);
    expectRefusal(notCancelled, 422, 'Вернуть деньги можно только по отменённому заказу');

    const cash = await insertOrder(server, { userId: bob.id });
    await callApi(server, 'POST', `/admin/orders/${cash.id}/cancel`, operator.auth, { reason: 'Нет курьеров' });
    const unpaid = await retry(cash.id);
    expectRefusal(unpaid, 422, 'Заказ не был оплачен онлайн: возвращать нечего');

    // 'required' because the payments area knows no payment: a retry says so and changes nothing
    const noPayment = await insertOrder(server, { userId: bob.id, paymentMethod: 'sbp', paymentStatus: 'paid' });
    await callApi(server, 'POST', `/admin/orders/${noPayment.id}/cancel`, operator.auth, { reason: 'Нет курьеров' });
    const unknown = await retry(noPayment.id);
    expectRefusal(unknown, 422, 'Заказ не был оплачен онлайн');
    expect((await detailOf(noPayment.id)).cancellation).toMatchObject({ refund: 'required' });

    const missing = await retry('nope');
    expectRefusal(missing, 404, 'Заказ не найден');
  });

  it('a refund retry needs a staff session (401) and refunds nothing without one', async () => {
    let asked = 0;
    refundsAnswer(async () => {
      asked += 1;
      return { ok: false, message: 'Операция отклонена банком' };
    });
    const order = await paidOnline();
    await cancelForNoCouriers(order.id);
    expect(asked).toBe(1);
    const res = await retry(order.id, {});
    expectRefusal(res, 401, 'Требуется вход в панель управления');
    expect(asked).toBe(1);
  });

  it('an order marked paid without an online payment on record stays «refund required» for a person to check', async () => {
    const order = await insertOrder(server, { userId: bob.id, paymentMethod: 'sbp', paymentStatus: 'paid' });
    const res = await cancelForNoCouriers(order.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminOrderDetail>().cancellation).toMatchObject({ refund: 'required' });
  });

  it('a cancellation needs a reason (400)', async () => {
    const order = await insertOrder(server, { userId: bob.id });
    const res = await callApi(server, 'POST', `/admin/orders/${order.id}/cancel`, operator.auth, { reason: ' ' });
    expect(res.statusCode).toBe(400);
  });

  it('404 «Заказ не найден» for an unknown order', async () => {
    const res = await callApi(server, 'GET', '/admin/orders/nope', operator.auth);
    expectRefusal(res, 404, 'Заказ не найден');
  });
});
