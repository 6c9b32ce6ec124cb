// Orders taken by phone (docs/ADMIN.md «Phone orders»): the call centre finds or creates the
// customer, quotes and places the order through the storefront's own checks (the same refusals with
// the same Russian messages), marked 'по телефону' with who took it, audited and idempotent; the
// customer then signs in with that phone and finds the order in their history.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '../../../src/api/contract/admin/orders.js';
import { signIn } from '../customers.js';
import {
  bonusBalance,
  deliveryBody,
  NBSP,
  newKey,
  orderServerPerFile,
  pickupBody,
  signedInUser,
  STOPPED_AT_CENTRE,
} from '../ordersFixtures.js';
import { callsOn, signInStaff, staffPerFile } from './staffFixtures.js';

const server = orderServerPerFile({ resetClockAfterEach: true });
const callcentre = staffPerFile(server, 'callcentre');
const courier = staffPerFile(server, 'courier');
let customerId: string;
beforeAll(async () => {
  customerId = (await signedInUser(server.db, { balance: 300 })).id;
});

const call = callsOn(server);

function place(order: Record<string, unknown>, key = newKey(), customer = customerId, who = callcentre) {
  return call(who, 'POST', '/admin/phone-orders', {
    customerId: customer,
    idempotencyKey: key,
    order: { paymentMethod: 'cash', ...order },
  });
}

async function expectRefusal(order: Record<string, unknown>, message: string) {
  const res = await place(order);
  expect(res.body.message).toBe(message);
  expect(res.status).toBe(422);
}

async function ordersOf(userId: string): Promise<number> {
  const rows = await server.db.run((db) =>
    db.execute<{ n: number }>(sql`select count(*)::int as n from orders where user_id = ${userId}`),
  );
  return rows.rows[0]?.n ?? 0;
}

describe('roles', () => {
  it('a courier is refused every phone-order route; the call centre is allowed', async () => {
    for (const [method, url, payload] of [
      ['GET', '/admin/phone-orders/customer?phone=89145550199', undefined],
      ['GET', '/admin/phone-orders/menu', undefined],
      ['POST', '/admin/phone-orders/quote', { customerId, order: deliveryBody() }],
      ['POST', '/admin/phone-orders', { customerId, idempotencyKey: newKey(), order: deliveryBody() }],
    ] as const) {
      const refused = await call(courier, method, url, payload);
      expect(refused).toMatchObject({ status: 403, body: { message: 'Это действие недоступно для вашей роли' } });
    }
    const menu = await call(callcentre, 'GET', '/admin/phone-orders/menu');
    expect(menu.status).toBe(200);
    expect((menu.body.cities as { id: string }[]).map((c) => c.id)).toContain('city-angarsk');
    expect((menu.body.catalog as { products: unknown[] }).products.length).toBeGreaterThan(0);
  });
});

describe('the customer by phone', () => {
  it('finds by any spelling, refuses a bad number, creates only with consent, and answers an existing one', async () => {
    expect(await call(callcentre, 'GET', '/admin/phone-orders/customer?phone=12345')).toMatchObject({
      status: 422,
      body: { message: 'Неверный формат телефона' },
    });
    const missing = await call(callcentre, 'GET', '/admin/phone-orders/customer?phone=8 (914) 555-01-77');
    expect(missing).toMatchObject({ status: 200, body: { phone: '+79145550177', found: null } });
    const noConsent = await call(callcentre, 'POST', '/admin/phone-orders/customers', {
      phone: '89145550177',
      name: 'Ольга',
      consent: false,
    });
    expect(noConsent).toMatchObject({
      status: 422,
      body: { message: 'Спросите у клиента согласие на обработку персональных данных' },
    });
    const created = await call(callcentre, 'POST', '/admin/phone-orders/customers', {
      phone: '89145550177',
      name: 'Ольга',
      consent: true,
    });
    expect(created).toMatchObject({ status: 200, body: { created: true, customer: { phone: '+79145550177' } } });
    const again = await call(callcentre, 'POST', '/admin/phone-orders/customers', {
      phone: '+7 914 555 01 77',
      consent: false,
    });
    expect(again).toMatchObject({ status: 200, body: { created: false, customer: { name: 'Ольга' } } });
    const found = await call(callcentre, 'GET', '/admin/phone-orders/customer?phone=+79145550177');
    expect(found.body).toMatchObject({ found: { customer: { phone: '+79145550177', ordersCount: 0 } } });
  });
});

describe('placing a phone order', () => {
  it('the quote is the storefront’s, with the customer’s bonuses', async () => {
    const res = await call(callcentre, 'POST', '/admin/phone-orders/quote', {
      customerId,
      order: deliveryBody({ spendBonus: 200 }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ bonusSpent: 200, total: 1226, canSubmit: true });
  });

  it('places a delivery order with bonuses, marked by phone with who took it, audited', async () => {
    const res = await place(deliveryBody({ spendBonus: 200, expectedTotal: 1226 }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const order = res.body as unknown as AdminOrderDetail;
    expect(order).toMatchObject({ bonusSpent: 200, total: 1226, customer: { id: customerId } });
    expect(order.phoneOrder).toMatchObject({ staffId: callcentre.id, staffLogin: callcentre.login });
    expect(order.statusLog[0]).toMatchObject({ status: 'Unconfirmed', actor: `staff:${callcentre.id}` });
    expect(await bonusBalance(server.db, customerId)).toBe(100);
    const audit = await server.db.run((db) =>
      db.execute<{ staff_id: string }>(
        sql`select staff_id from audit_log where action = 'order.phone' and entity_id = ${order.id}`,
      ),
    );
    expect(audit.rows).toEqual([{ staff_id: callcentre.id }]);
    const operator = await signInStaff(server, 'operator');
    const list = await call(operator, 'GET', `/admin/orders?number=${order.number}`);
    expect((list.body.orders as AdminOrderDetail[])[0]?.phoneOrder?.staffLogin).toBe(callcentre.login);
  });

  it('is idempotent: the same key answers the same order and places one', async () => {
    const customer = await signedInUser(server.db);
    const key = newKey();
    const [first, second] = await Promise.all([
      place(pickupBody({ paymentMethod: 'cash' }), key, customer.id),
      place(pickupBody({ paymentMethod: 'cash' }), key, customer.id),
    ]);
    const statuses = [first.status, second.status].sort();
    // a click while the first is still at work is 409 'Заказ уже оформляется'; never two orders
    expect(statuses[0]).toBe(200);
    const again = await place(pickupBody({ paymentMethod: 'cash' }), key, customer.id);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.status === 200 ? first.body.id : second.body.id);
    expect(await ordersOf(customer.id)).toBe(1);
  });

  it('a refused order frees its key: the operator corrects it and places it with the same key', async () => {
    const customer = await signedInUser(server.db);
    const key = newKey();
    const refused = await place(deliveryBody({ coupon: 'NOSUCH' }), key, customer.id);
    expect(refused).toMatchObject({ status: 422, body: { message: 'Купон не найден' } });
    const placed = await place(deliveryBody(), key, customer.id);
    expect(placed.status).toBe(200);
    expect(await ordersOf(customer.id)).toBe(1);
    // the customer's /complete and history hear of the new order as of one they placed
    expect(server.pushed).toContainEqual({
      type: 'order:status_update',
      userId: customer.id,
      orderId: placed.body.id,
      status: placed.body.status,
    });
  });

  it('pickup at a slot of the quote (the storefront’s slot rules), card to the courier only with delivery', async () => {
    const quoted = await call(callcentre, 'POST', '/admin/phone-orders/quote', {
      customerId,
      order: pickupBody({ paymentMethod: 'cash' }),
    });
    const slot = (quoted.body.slots as { days: { slots: { start: string }[] }[] }).days[0]?.slots[0]?.start;
    expect(slot).toBeDefined();
    const res = await place(pickupBody({ paymentMethod: 'cash', deliveryTime: slot }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ deliveryMethod: 'self', deliveryTerminalId: 'dt-angarsk-2', deliveryTime: slot });
    await expectRefusal(
      pickupBody({ paymentMethod: 'cash', deliveryTime: '2026-11-20T01:00:00.000Z' }),
      'Выбранное время уже прошло',
    );
    const card = await place(deliveryBody({ paymentMethod: 'courier-card', changeFrom: null }));
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    expect(card.body.paymentMethod).toBe('courier-card');
  });

  it('online payment is not taken by phone', async () => {
    await expectRefusal(
      pickupBody({ paymentMethod: 'card' }),
      'По телефону принимаем оплату наличными или картой курьеру',
    );
  });

  it('an unknown customer is 404', async () => {
    const res = await place(deliveryBody(), newKey(), 'no-such-customer');
    expect(res).toMatchObject({ status: 404, body: { message: 'Клиент не найден' } });
  });
});

describe('the storefront’s refusals, word for word', () => {
  it("closed: 'Сейчас нерабочее время, приносим свои извинения.'", async () => {
    server.clock.set('2026-11-19T20:00:00.000Z'); // Friday 04:00 in Irkutsk
    await expectRefusal(deliveryBody(), 'Сейчас нерабочее время, приносим свои извинения.');
  });

  it('the restaurant is closed now while the city is open (ASAP pickup)', async () => {
    server.clock.set('2026-11-20T02:30:00.000Z'); // Friday 10:30: «на Терешковой» opens at 11:00
    await expectRefusal(
      pickupBody({ cityId: 'city-irkutsk', deliveryTerminalId: 'dt-irkutsk-2', paymentMethod: 'cash' }),
      'Ресторан «Ролл и Пицца на Терешковой» сейчас закрыт. Выберите другое время или другой ресторан',
    );
  });

  it("out of zone: 'Адрес вне зоны доставки'", async () => {
    await expectRefusal(
      deliveryBody({ address: { city: 'Ангарск', street: 'посёлок Мегет, улица Садовая', home: '1' } }),
      'Адрес вне зоны доставки',
    );
  });

  it('the stop list of the zone’s restaurant', async () => {
    await expectRefusal(
      deliveryBody({ items: STOPPED_AT_CENTRE }),
      'Нет в наличии в выбранном ресторане: «Запечённый гребешок»',
    );
  });

  it('the zone’s minimum sum', async () => {
    await expectRefusal(
      deliveryBody({
        address: { city: 'Ангарск', street: 'улица Глинки', home: '4' },
        items: [
          { productId: 'set-mini', amount: 1 },
          { productId: 'california-crab', amount: 1 },
        ],
      }),
      `Минимальная сумма заказа для доставки в зону «Восточный район» — 1${NBSP}000${NBSP}₽ (без учёта доставки)`,
    );
  });

  it('a bad coupon, and bonuses beyond the balance', async () => {
    await expectRefusal(deliveryBody({ coupon: 'NOSUCH' }), 'Купон не найден');
    await expectRefusal(deliveryBody({ coupon: 'PICKUP15' }), 'Купон действует только при самовывозе');
    const poor = await signedInUser(server.db, { balance: 50 });
    const res = await place(deliveryBody({ spendBonus: 100 }), newKey(), poor.id);
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/^Недостаточно бонусов/);
    expect(await ordersOf(poor.id)).toBe(0);
  });
});

describe('the customer follows it', () => {
  it('a customer created by the call centre signs in with that phone and sees the order in their history', async () => {
    const phone = '+79145550188';
    const created = await call(callcentre, 'POST', '/admin/phone-orders/customers', {
      phone,
      name: 'Павел',
      consent: true,
    });
    const id = (created.body.customer as { id: string }).id;
    const placed = await place(deliveryBody(), newKey(), id);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);

    const customer = await signIn(server, phone, 'Павел');
    expect(customer.user.id).toBe(id);
    const history = await server.app.inject({
      method: 'GET',
      url: `/api/v1/user/${encodeURIComponent(phone)}/history`,
      headers: customer.auth,
    });
    expect(history.statusCode).toBe(200);
    expect(JSON.stringify(history.json())).toContain(String(placed.body.id));
    const one = await server.app.inject({
      method: 'GET',
      url: `/api/v1/order/${String(placed.body.id)}`,
      headers: customer.auth,
    });
    expect(one.statusCode).toBe(200);
  });
});
