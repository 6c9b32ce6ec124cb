// Editing an order before cooking (docs/ORDER-EDITING.md): re-priced by the checkout's own
// assessment, each refusal word for word, audited with before and after, a stale edit is 409, the
// POS hand-off refuses, the customer's page hears of it, and money paid online that the edit makes
// too much goes back once, partially, through the gateway port.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '../../../src/api/contract/admin/orders.js';
import type { OrderEdit, OrderEditQuote } from '../../../src/api/contract/admin/orderEdits.js';
import type { Order } from '../../../src/api/contract/orders.js';
import {
  auth,
  deliveryBody,
  NBSP,
  newKey,
  orderServerPerFile,
  pickupBody,
  postOrder,
  signedInUser,
} from '../ordersFixtures.js';
import { addressDraft } from '../../fixtures/address.js';
import { countRefunds, editChanges, editRequest, paidPickupOrderSeenBy } from './orderEditFixtures.js';
import { callsOn, staffPerFile } from './staffFixtures.js';

const server = orderServerPerFile({ resetClockAfterEach: true });
const operator = staffPerFile(server, 'operator');
const callcentre = staffPerFile(server, 'callcentre');
const courier = staffPerFile(server, 'courier');
const call = callsOn(server);

/** A customer's storefront order (cash delivery unless told otherwise). */
async function customerOrder(
  body = deliveryBody(),
  balance = 0,
): Promise<{ order: Order; token: string; userId: string }> {
  const customer = await signedInUser(server.db, { balance });
  const res = await postOrder(server, customer.token, body);
  expect(res.statusCode, res.body).toBe(200);
  return { order: res.json<Order>(), token: customer.token, userId: customer.id };
}

function edit(order: Order, overrides: Record<string, unknown> = {}, who = operator, key = newKey()) {
  return call(who, 'POST', `/admin/orders/${order.id}/edit`, editRequest(order, overrides, key));
}

async function expectRefused(order: Order, overrides: Record<string, unknown>, message: string) {
  const res = await edit(order, overrides);
  expect(res.body.message).toBe(message);
  expect(res.status).toBe(422);
  const quoted = await call(operator, 'POST', `/admin/orders/${order.id}/edit/quote`, {
    changes: editChanges(order, overrides),
  });
  expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
  const refusals = (quoted.body as unknown as OrderEditQuote).quote.refusals.map((r) => r.message);
  expect(refusals).toContain(message);
}

async function stored(id: string) {
  const rows = await server.db.run((db) =>
    db.execute<{ total: number; updated_at: Date }>(sql`select total, updated_at from orders where id = ${id}`),
  );
  return rows.rows[0];
}

describe('re-pricing by the checkout’s assessment', () => {
  it('an operator changes an item’s quantity: lines and totals are the checkout’s, the customer sees them, the push says edited', async () => {
    const { order, token } = await customerOrder();
    expect(order.goodsTotal).toBe(2 * 349 + 549);
    const items = [
      { productId: 'california-crab', amount: 3, mods: [] },
      { productId: 'set-mini', amount: 1, mods: [] },
    ];
    const quoted = await call(operator, 'POST', `/admin/orders/${order.id}/edit/quote`, {
      changes: editChanges(order, { items }),
    });
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    const q = quoted.body as unknown as OrderEditQuote;
    expect(q.quote.goodsTotal).toBe(3 * 349 + 549);
    // the zone's delivery price may change with the sum: the quote's total is the checkout's
    expect(q.difference).toBe(q.quote.total - order.total);
    expect(q.difference).toBeGreaterThan(0);
    expect(q.money).toBe('none');
    // the quote saved nothing
    expect((await stored(order.id))?.total).toBe(order.total);

    server.pushed.length = 0;
    const res = await edit(order, { items, comment: 'Домофон не работает', expectedTotal: q.quote.total });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const detail = res.body as unknown as AdminOrderDetail;
    expect(detail.total).toBe(q.quote.total);
    expect(detail.goodsTotal).toBe(3 * 349 + 549);
    expect(detail.items.find((l) => l.productId === 'california-crab')).toMatchObject({ amount: 3, sum: 3 * 349 });
    expect(detail.comment).toBe('Домофон не работает');
    expect(detail.updatedAt > order.updatedAt).toBe(true);
    expect(server.pushed).toContainEqual({
      type: 'order:status_update',
      userId: expect.any(String),
      orderId: order.id,
      status: 'Unconfirmed',
      edited: true,
    });
    const seen = await server.app.inject({ method: 'GET', url: `/api/v1/order/${order.id}`, headers: auth(token) });
    expect(seen.json<Order>()).toMatchObject({ total: q.quote.total, comment: 'Домофон не работает' });
  });

  it('a new address in another zone takes that zone’s delivery price and restaurant through the checkout’s zone check', async () => {
    const { order } = await customerOrder();
    const address = addressDraft({ street: 'улица Глинки', home: '4' });
    const quoted = await call(operator, 'POST', `/admin/orders/${order.id}/edit/quote`, {
      changes: editChanges(order, { address }),
    });
    const q = quoted.body as unknown as OrderEditQuote;
    expect(q.quote.zone?.name).toBe('Восточный район');
    const res = await edit(order, { address });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const detail = res.body as unknown as AdminOrderDetail;
    expect(detail.zoneId).toBe(q.quote.zone?.id);
    expect(detail.address).toMatchObject({ street: 'улица Глинки', home: '4' });
    expect(detail.deliveryPrice).toBe(q.quote.deliveryPrice);
    expect(detail.total).toBe(q.quote.total);
  });

  it('a coupon the order holds its use of still applies (its own use is not counted twice)', async () => {
    await server.db.run((db) =>
      db.execute(sql`insert into coupons (code, title, kind, value, usage_limit, per_user_limit)
                     values ('ONCE10', 'Разовый', 'percent', 10, 1, 1) on conflict do nothing`),
    );
    const { order } = await customerOrder(deliveryBody({ coupon: 'ONCE10' }));
    expect(order.discountTotal).toBeGreaterThan(0);
    const res = await edit(order, { comment: 'Без лука' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body as unknown as AdminOrderDetail).discountTotal).toBe(order.discountTotal);
  });
});

describe('every rule refuses with the checkout’s own message (422)', () => {
  it('the zone’s minimum sum', async () => {
    const { order } = await customerOrder();
    await expectRefused(
      order,
      {
        address: { city: 'Ангарск', street: 'улица Глинки', home: '4' },
        items: [
          { productId: 'set-mini', amount: 1 },
          { productId: 'california-crab', amount: 1 },
        ],
      },
      `Минимальная сумма заказа для доставки в зону «Восточный район» — 1${NBSP}000${NBSP}₽ (без учёта доставки)`,
    );
  });

  it('out of zone, the stop list, a slot already past', async () => {
    const { order } = await customerOrder();
    await expectRefused(
      order,
      { address: { city: 'Ангарск', street: 'посёлок Мегет, улица Садовая', home: '1' } },
      'Адрес вне зоны доставки',
    );
    await expectRefused(
      order,
      {
        items: [
          { productId: 'baked-scallop', amount: 1 },
          { productId: 'set-mini', amount: 1 },
        ],
      },
      'Нет в наличии в выбранном ресторане: «Запечённый гребешок»',
    );
    await expectRefused(order, { deliveryTime: '2026-11-20T01:00:00.000Z' }, 'Выбранное время уже прошло');
    expect((await stored(order.id))?.total).toBe(order.total);
  });

  it('a coupon no longer valid, and bonuses beyond the cap of the smaller order', async () => {
    await server.db.run((db) =>
      db.execute(sql`insert into coupons (code, title, kind, value) values ('GONE5', 'Скоро закончится', 'percent', 5)
                     on conflict do nothing`),
    );
    const withCoupon = await customerOrder(deliveryBody({ coupon: 'GONE5' }));
    await server.db.run((db) => db.execute(sql`update coupons set is_active = false where code = 'GONE5'`));
    const refused = await edit(withCoupon.order, { comment: 'x' });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('coupon-refused');

    const { order } = await customerOrder(deliveryBody({ spendBonus: 374 }), 1000);
    expect(order.bonusSpent).toBe(374);
    const res = await edit(order, { items: [{ productId: 'california-crab', amount: 3, mods: [] }] });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.code).toBe('bonus-cap');
  });

  it('cooking started: not editable; an online payment cannot be switched to cash', async () => {
    const { order } = await customerOrder();
    await server.db.run((db) => db.execute(sql`update orders set status = 'CookingStarted' where id = ${order.id}`));
    const res = await edit(order);
    expect(res).toMatchObject({
      status: 422,
      body: { message: 'Заказ уже готовится или завершён: изменить его нельзя' },
    });

    const paid = await paidOnlineOrder();
    const switched = await edit(paid.order, { paymentMethod: 'cash' });
    expect(switched).toMatchObject({
      status: 422,
      body: { message: 'Способ оплаты онлайн нельзя поменять на другой при изменении заказа, и наоборот' },
    });
  });
});

describe('concurrency, the audit and the POS', () => {
  it('a second edit based on the same version is 409 «Заказ изменился, обновите страницу»; the first is audited with before and after', async () => {
    const { order } = await customerOrder();
    const first = await edit(order, { comment: 'Первое изменение' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await edit(order, { comment: 'Второе изменение' });
    expect(second).toMatchObject({ status: 409, body: { message: 'Заказ изменился, обновите страницу' } });
    const detail = await call(operator, 'GET', `/admin/orders/${order.id}`);
    expect(detail.body.comment).toBe('Первое изменение');

    const audit = await server.db.run((db) =>
      db.execute<{ before: { comment: string; total: number }; after: { comment: string }; staff_id: string }>(
        sql`select before, after, staff_id from audit_log where action = 'order.edit' and entity_id = ${order.id}`,
      ),
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({
      before: { comment: 'Позвонить заранее', total: order.total },
      after: { comment: 'Первое изменение' },
      staff_id: operator.id,
    });
    const edits = await call(operator, 'GET', `/admin/orders/${order.id}/edits`);
    const list = edits.body.edits as OrderEdit[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      staffLogin: operator.login,
      before: { comment: 'Позвонить заранее' },
      after: { comment: 'Первое изменение' },
    });
  });

  it('the same key again answers the first edit and changes nothing more', async () => {
    const { order } = await customerOrder();
    const key = newKey();
    const first = await edit(order, { comment: 'Один раз' }, operator, key);
    expect(first.status).toBe(200);
    const again = await edit(order, { comment: 'Один раз' }, operator, key);
    expect(again.status).toBe(200);
    expect(again.body.updatedAt).toBe(first.body.updatedAt);
    const edits = await call(operator, 'GET', `/admin/orders/${order.id}/edits`);
    expect(edits.body.edits).toHaveLength(1);
  });

  it('an order the POS already took (its hand-off picked up) is refused; one still queued untouched is edited', async () => {
    const { order } = await customerOrder();
    await server.db.run((db) =>
      db.execute(
        sql`insert into pos_outbox (order_id, state, attempts, next_at) values (${order.id}, 'sent', 1, now())`,
      ),
    );
    const res = await edit(order, { comment: 'x' });
    expect(res).toMatchObject({
      status: 422,
      body: { message: 'Заказ уже передан на кухню (iiko): измените его в iiko или позвоните в ресторан' },
    });
    const queued = await customerOrder();
    await server.db.run((db) =>
      db.execute(
        sql`insert into pos_outbox (order_id, state, attempts, next_at) values (${queued.order.id}, 'pending', 0, now())`,
      ),
    );
    expect((await edit(queued.order, { comment: 'ещё не отправлен' })).status).toBe(200);
  });
});

describe('roles', () => {
  it('a courier and a customer are refused; to the call centre any order not taken by phone does not exist', async () => {
    const { order, token } = await customerOrder();
    expect(await edit(order, {}, courier)).toMatchObject({
      status: 403,
      body: { message: 'Это действие недоступно для вашей роли' },
    });
    const asCustomer = await call({ auth: auth(token) }, 'POST', `/admin/orders/${order.id}/edit`, editRequest(order));
    expect(asCustomer).toMatchObject({ status: 403, body: { message: 'Доступ только для сотрудников' } });
    expect(await edit(order, {}, callcentre)).toMatchObject({ status: 404, body: { message: 'Заказ не найден' } });
    const quote = await call(callcentre, 'POST', `/admin/orders/${order.id}/edit/quote`, {
      changes: editChanges(order),
    });
    expect(quote).toMatchObject({ status: 404, body: { message: 'Заказ не найден' } });

    const customer = await signedInUser(server.db);
    const placed = await call(callcentre, 'POST', '/admin/phone-orders', {
      customerId: customer.id,
      idempotencyKey: newKey(),
      order: deliveryBody(),
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const phoneOrder = placed.body as unknown as Order;
    const res = await edit(phoneOrder, { comment: 'Клиент перезвонил' }, callcentre);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});

const paidOnlineOrder = () => paidPickupOrderSeenBy(server, operator);

describe('money paid online', () => {
  it('a lower total refunds the difference once, partially; a retried edit never refunds twice; a later cancellation returns the rest', async () => {
    const { order, paymentId } = await paidOnlineOrder();
    expect(order.goodsTotal).toBe(2 * 1290);
    const asked = countRefunds(server);
    const key = newKey();
    const items = [{ productId: 'set-philadelphia', amount: 1, mods: [] }];
    const quoted = await call(operator, 'POST', `/admin/orders/${order.id}/edit/quote`, {
      changes: editChanges(order, { items }),
    });
    expect(quoted.body).toMatchObject({ difference: -1290, money: 'refund' });
    const res = await edit(order, { items }, operator, key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ total: order.total - 1290, paymentStatus: 'paid' });
    expect(asked).toEqual([1290]);
    const again = await edit(order, { items }, operator, key);
    expect(again.status).toBe(200);
    expect(asked).toEqual([1290]);
    const edits = (await call(operator, 'GET', `/admin/orders/${order.id}/edits`)).body.edits as OrderEdit[];
    expect(edits[0]).toMatchObject({
      refund: 'done',
      refundAmount: 1290,
      totalBefore: order.total,
      totalAfter: order.total - 1290,
    });
    const payment = await server.db.run((db) =>
      db.execute<{ refunded_amount: number }>(sql`select refunded_amount from payments where id = ${paymentId}`),
    );
    expect(payment.rows[0]?.refunded_amount).toBe(1290);

    const cancelled = await call(operator, 'POST', `/admin/orders/${order.id}/cancel`, { reason: 'Клиент передумал' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    // the cancellation returns what the edit left, never the first total again
    expect(asked).toEqual([1290, order.total - 1290]);
  });

  it('a refund the provider refuses is kept as failed, and the same edit sent again asks once more', async () => {
    const { order } = await paidOnlineOrder();
    let refuse = true;
    const asked = countRefunds(server, async () =>
      refuse ? { ok: false, message: 'Сервис недоступен' } : { ok: true },
    );
    const key = newKey();
    const items = [{ productId: 'set-philadelphia', amount: 1, mods: [] }];
    const res = await edit(order, { items }, operator, key);
    expect(res.status).toBe(200);
    let edits = (await call(operator, 'GET', `/admin/orders/${order.id}/edits`)).body.edits as OrderEdit[];
    expect(edits[0]).toMatchObject({ refund: 'failed', refundError: 'Не удалось вернуть деньги: Сервис недоступен' });
    refuse = false;
    expect((await edit(order, { items }, operator, key)).status).toBe(200);
    edits = (await call(operator, 'GET', `/admin/orders/${order.id}/edits`)).body.edits as OrderEdit[];
    expect(edits[0]).toMatchObject({ refund: 'done', refundAmount: 1290 });
    expect(asked).toEqual([1290, 1290]);
  });

  it('an order still waiting for its online payment is not edited', async () => {
    const { order } = await customerOrder(pickupBody());
    const res = await edit(order, { comment: 'x' });
    expect(res).toMatchObject({
      status: 422,
      body: { message: 'Заказ ждёт онлайн-оплаты: изменить его можно после оплаты' },
    });
  });
});
