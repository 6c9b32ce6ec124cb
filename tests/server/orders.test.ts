import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Order } from '../../src/api/contract/orders.js';
import { PRODUCT_GONE_MESSAGE } from '../../server/services/pricing.js';
import {
  auth,
  deliveryBody,
  NBSP,
  newKey,
  pickupBody,
  postOrder,
  signedInUser,
  STOPPED_AT_CENTRE,
  orderServerWithCustomer,
} from './ordersFixtures.js';

const { server, customer } = orderServerWithCustomer();

/** POST /order of the file's customer: deliveryBody with `overrides`, under `key` (a fresh one unless told). */
const placeDelivery = (overrides: Record<string, unknown> = {}, key: string | null = newKey()) =>
  postOrder(server, customer.token, deliveryBody(overrides), key);

async function expectRefusal(body: Record<string, unknown>, message: string, who = customer.token) {
  const res = await postOrder(server, who, body);
  expect(res.json().message).toBe(message);
  expect(res.statusCode).toBe(422);
}

describe('POST /api/v1/order: placing', () => {
  it('delivery paid in cash: re-priced lines, zone, delivery line and service fee computed on the server', async () => {
    const pushedBefore = server.pushed.length;
    const res = await placeDelivery({ expectedTotal: 1426 });
    expect(res.statusCode).toBe(200);
    const order = Order.parse(res.json());
    expect(order).toMatchObject({
      status: 'Unconfirmed',
      statusName: 'принят',
      cityId: 'city-angarsk',
      deliveryMethod: 'delivery',
      zoneId: 'zone-angarsk-center',
      deliveryTerminalId: 'dt-angarsk-1',
      goodsTotal: 1247, // 2 × 349 + 549
      discountTotal: 0,
      deliveryPrice: 150, // below freeDeliveryFrom 1 500 ₽
      serviceFee: 29,
      bonusSpent: 0,
      total: 1426,
      paymentMethod: 'cash',
      paymentStatus: 'none',
      deliveryTime: 'asap',
      persons: 2,
      changeFrom: 2000,
      comment: 'Позвонить заранее',
    });
    expect(order.items).toEqual([
      {
        productId: 'california-crab',
        name: 'Калифорния с крабом',
        amount: 2,
        price: 349,
        sum: 698,
        mods: [],
        isGift: false,
      },
      { productId: 'set-mini', name: 'Сет Мини', amount: 1, price: 549, sum: 549, mods: [], isGift: false },
    ]);
    expect(order.address?.street).toBe('улица Карла Маркса');
    expect(order.address?.location).not.toBeNull();
    expect(order.number).toBeGreaterThan(0);
    expect(server.pushed.slice(pushedBefore)).toEqual([
      { type: 'order:status_update', userId: customer.id, orderId: order.id, status: 'Unconfirmed' },
    ]);
    const log = await server.db.run((db) =>
      db.execute<{ status: string; actor: string }>(
        sql`select status, actor from order_status_log where order_id = ${order.id}`,
      ),
    );
    expect(log.rows).toEqual([{ status: 'Unconfirmed', actor: 'customer' }]);
  });

  it('ignores prices the client sends and re-prices modifiers from the product', async () => {
    const res = await placeDelivery({
      items: [
        {
          productId: 'pizza-pepperoni',
          amount: 1,
          price: 1,
          mods: [
            { id: 'pizza-size-35', amount: 1, groupId: 'mod-pizza-size', price: 0 },
            { id: 'dough-thin', amount: 1, groupId: 'mod-pizza-dough' },
          ],
        },
        { productId: 'set-mini', amount: 1, mods: [] },
      ],
    });
    expect(res.statusCode).toBe(200);
    const order = Order.parse(res.json());
    expect(order.items[0]).toMatchObject({ price: 829, sum: 829 }); // 529 + 300 for 35 см
    expect(order.items[0]?.mods.map((m) => [m.name, m.price])).toEqual([
      ['35 см', 300],
      ['Тонкое тесто', 0],
    ]);
    expect(order.goodsTotal).toBe(1378);
  });

  it('free delivery from the city’s freeDeliveryFrom (1 500 ₽ in Angarsk)', async () => {
    const res = await placeDelivery({
      items: [
        { productId: 'set-philadelphia', amount: 1 },
        { productId: 'set-mini', amount: 1 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ goodsTotal: 1839, deliveryPrice: 0, total: 1868 });
  });

  it('pickup paid by card with the pickup-only coupon PICKUP15', async () => {
    const res = await postOrder(server, customer.token, pickupBody({ coupon: 'pickup15', expectedTotal: 1126 }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      deliveryMethod: 'self',
      address: null,
      zoneId: null,
      deliveryTerminalId: 'dt-angarsk-2',
      goodsTotal: 1290,
      discountTotal: 193,
      deliveryPrice: 0,
      serviceFee: 29,
      total: 1126,
      coupon: 'PICKUP15',
      paymentMethod: 'card',
      paymentStatus: 'pending',
      changeFrom: null,
    });
  });

  it('a saved address by addressId, geocoded from the street reference', async () => {
    const saved = await server.db.run((db) =>
      db.execute<{ id: string }>(
        sql`insert into addresses (user_id, city, street, home) values (${customer.id}, 'Ангарск', 'ул. Карла Маркса', '3') returning id`,
      ),
    );
    const addressId = saved.rows[0]?.id;
    const res = await placeDelivery({ address: null, addressId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      zoneId: 'zone-angarsk-center',
      address: { street: 'ул. Карла Маркса', home: '3' },
    });
    // another customer cannot deliver to it
    const other = await signedInUser(server.db);
    const foreign = await postOrder(server, other.token, deliveryBody({ address: null, addressId }));
    expect(foreign.statusCode).toBe(403);
  });

  it('a one-off address (not saved): validated and geocoded like a saved one, stored on the order only', async () => {
    const savedBefore = await server.db.run((db) =>
      db.execute<{ n: number }>(sql`select count(*)::int as n from addresses where user_id = ${customer.id}`),
    );
    const oneOff = {
      city: 'Ангарск',
      street: 'улица Карла Маркса',
      home: '12',
      apartment: '7',
      entrance: '2',
      floor: '3',
      intercom: '7К',
      comment: 'Домофон не работает',
    };
    const res = await placeDelivery({ address: oneOff, addressId: null });
    expect(res.statusCode, res.body).toBe(200);
    const order = Order.parse(res.json());
    expect(order.zoneId).toBe('zone-angarsk-center');
    expect(order.address).toMatchObject(oneOff);
    expect(order.address?.location).not.toBeNull();
    const read = await server.app.inject({
      method: 'GET',
      url: `/api/v1/order/${order.id}`,
      headers: auth(customer.token),
    });
    expect(Order.parse(read.json()).address).toEqual(order.address);
    const savedAfter = await server.db.run((db) =>
      db.execute<{ n: number }>(sql`select count(*)::int as n from addresses where user_id = ${customer.id}`),
    );
    expect(savedAfter.rows[0]?.n).toBe(savedBefore.rows[0]?.n);
    // Without a house it is no address: 400 with a Russian message, no order.
    const bad = await placeDelivery({ address: { ...oneOff, home: '' }, addressId: null });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/[А-Яа-я]/);
  });

  it('a scheduled time within the hours is kept', async () => {
    const res = await placeDelivery({ deliveryTime: '2026-11-21T04:00:00.000Z' }); // Saturday 12:00
    expect(res.statusCode).toBe(200);
    expect(res.json().deliveryTime).toBe('2026-11-21T04:00:00.000Z');
  });

  it('adds the snack gift (one fries per 3 snacks) as a free gift line', async () => {
    const res = await placeDelivery({
      items: [
        { productId: 'onion-rings', amount: 3 },
        { productId: 'set-mini', amount: 1 },
        { productId: 'fries', amount: 5, isGift: true },
      ],
    });
    expect(res.statusCode).toBe(200);
    const gifts = Order.parse(res.json()).items.filter((i) => i.isGift);
    expect(gifts).toEqual([
      { productId: 'fries', name: 'Картофель фри', amount: 1, price: 0, sum: 0, mods: [], isGift: true },
    ]);
    expect(res.json().goodsTotal).toBe(537 + 549);
  });

  it('adds the pizza gift from 2 500 ₽ with the size the customer chose, free', async () => {
    const res = await placeDelivery({
      changeFrom: 5000,
      items: [
        { productId: 'set-family', amount: 1 },
        { productId: 'set-philadelphia', amount: 1 },
        {
          productId: 'pizza-margherita',
          amount: 1,
          isGift: true,
          mods: [
            { id: 'pizza-size-35', amount: 1, groupId: 'mod-pizza-size' },
            { id: 'dough-thin', amount: 1, groupId: 'mod-pizza-dough' },
          ],
        },
      ],
    });
    expect(res.json().message).toBeUndefined();
    expect(res.statusCode).toBe(200);
    const order = Order.parse(res.json());
    const gift = order.items.find((i) => i.isGift);
    expect(gift).toMatchObject({ productId: 'pizza-margherita', amount: 1, price: 0, sum: 0 });
    expect(gift?.mods.map((m) => m.id)).toEqual(['pizza-size-35', 'dough-thin']);
    expect(order.goodsTotal).toBe(3180);
  });

  it('spends bonuses: ledger row and balance in the same transaction', async () => {
    const user = await signedInUser(server.db, { balance: 300 });
    const res = await postOrder(server, user.token, deliveryBody({ spendBonus: 200, expectedTotal: 1226 }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ bonusSpent: 200, total: 1226 });
    const rows = await server.db.run((db) =>
      db.execute<{ balance: number; ledger: number }>(
        sql`select balance, (select sum(delta)::int from bonus_ledger where user_id = ${user.id}) as ledger from users where id = ${user.id}`,
      ),
    );
    expect(rows.rows[0]).toEqual({ balance: 100, ledger: 100 });
  });
});

describe('POST /api/v1/order: refusals', () => {
  it("400 'Не указан ключ идемпотентности' without an Idempotency-Key", async () => {
    const res = await placeDelivery({}, null);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Не указан ключ идемпотентности');
  });

  it('401 without a session', async () => {
    const res = await postOrder(server, null, deliveryBody());
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Требуется вход по номеру телефона');
  });

  it('site not working: the setting’s text, or the default one', async () => {
    await server.db.run((db) =>
      db.execute(sql`update settings set value = 'true'::jsonb where name = 'IS_SITE_NOT_WORKING'`),
    );
    await server.db.run((db) =>
      db.execute(sql`update settings set value = '""'::jsonb where name = 'TEXT_SITE_NOT_WORKING'`),
    );
    try {
      await expectRefusal(
        deliveryBody(),
        'По техническим причинам прием заказов временно невозможен приносим свои извинения',
      );
      await server.db.run((db) =>
        db.execute(sql`update settings set value = '"Санитарный день"'::jsonb where name = 'TEXT_SITE_NOT_WORKING'`),
      );
      await expectRefusal(deliveryBody(), 'Санитарный день');
    } finally {
      await server.db.run((db) =>
        db.execute(sql`update settings set value = 'false'::jsonb where name = 'IS_SITE_NOT_WORKING'`),
      );
    }
  });

  it("outside the city's working hours (Asia/Irkutsk): 'Сейчас нерабочее время, приносим свои извинения.'", async () => {
    server.clock.set('2026-11-19T20:00:00.000Z'); // Friday 04:00 in Irkutsk; Thursday closed at 23:00
    await expectRefusal(deliveryBody(), 'Сейчас нерабочее время, приносим свои извинения.');
  });

  it('a scheduled time outside the hours', async () => {
    await expectRefusal(
      deliveryBody({ deliveryTime: '2026-11-21T19:30:00.000Z' }),
      'Выбранное время вне часов работы ресторана',
    ); // Sunday 03:30
    await expectRefusal(deliveryBody({ deliveryTime: '2026-11-20T01:00:00.000Z' }), 'Выбранное время уже прошло');
  });

  it('the stop list of the zone’s restaurant names the products', async () => {
    await expectRefusal(
      deliveryBody({ items: STOPPED_AT_CENTRE }),
      'Нет в наличии в выбранном ресторане: «Запечённый гребешок»',
    );
    // the same product from a restaurant that has it
    const res = await postOrder(
      server,
      customer.token,
      pickupBody({ items: [{ productId: 'baked-scallop', amount: 1 }] }),
    );
    expect(res.statusCode).toBe(200);
  });

  it("'Адрес вне зоны доставки' for a street outside every zone and for a far map point", async () => {
    await expectRefusal(
      deliveryBody({ address: { city: 'Ангарск', street: 'посёлок Мегет, улица Садовая', home: '1' } }),
      'Адрес вне зоны доставки',
    );
    // a zone id from the client is not trusted (and not even read)
    await expectRefusal(
      deliveryBody({
        zoneId: 'zone-angarsk-center',
        address: { street: 'улица Карла Маркса', home: '1', location: { lat: 55.75, lon: 37.62 } },
      }),
      'Адрес вне зоны доставки',
    );
  });

  it('a street missing from the reference', async () => {
    await expectRefusal(
      deliveryBody({ address: { street: 'улица Несуществующая', home: '1' } }),
      'Не удалось найти улицу «улица Несуществующая» в городе Ангарск. Адрес вне зоны доставки',
    );
  });

  it('the zone’s minimum sum counts goods after discounts, without delivery', async () => {
    const east = { city: 'Ангарск', street: 'улица Глинки', home: '4' };
    await expectRefusal(
      deliveryBody({
        address: east,
        items: [
          { productId: 'set-mini', amount: 1 },
          { productId: 'california-crab', amount: 1 },
        ],
      }),
      `Минимальная сумма заказа для доставки в зону «Восточный район» — 1${NBSP}000${NBSP}₽ (без учёта доставки)`,
    );
    // 549 + 369 + 3 × 39 = 1035 ₽, minus WELCOME10's 103 ₽ = 932 ₽ < 1 000 ₽
    const fresh = await signedInUser(server.db);
    await expectRefusal(
      deliveryBody({
        address: east,
        coupon: 'WELCOME10',
        items: [
          { productId: 'set-mini', amount: 1 },
          { productId: 'alaska', amount: 1 },
          { productId: 'ginger', amount: 3 },
        ],
      }),
      `Минимальная сумма заказа для доставки в зону «Восточный район» — 1${NBSP}000${NBSP}₽ (без учёта доставки)`,
      fresh.token,
    );
  });

  it("'Цены изменились: …' when the client expected another total", async () => {
    await expectRefusal(
      deliveryBody({ expectedTotal: 1300 }),
      `Цены изменились: сумма заказа теперь 1${NBSP}426${NBSP}₽ вместо 1${NBSP}300${NBSP}₽. Проверьте корзину`,
    );
  });

  it('a product gone from the catalogue', async () => {
    await expectRefusal(deliveryBody({ items: [{ productId: 'gone-roll', amount: 1 }] }), PRODUCT_GONE_MESSAGE);
  });

  it('a coupon that does not apply refuses the order', async () => {
    await expectRefusal(deliveryBody({ coupon: 'AUTUMN2025' }), 'Срок действия купона истёк');
    await expectRefusal(deliveryBody({ coupon: 'PICKUP15' }), 'Купон действует только при самовывозе');
    await expectRefusal(deliveryBody({ coupon: 'NOSUCH' }), 'Купон не найден');
  });

  it('the per-user limit of WELCOME10 (once per customer)', async () => {
    const fresh = await signedInUser(server.db);
    const first = await postOrder(server, fresh.token, deliveryBody({ coupon: 'WELCOME10' }));
    expect(first.statusCode).toBe(200);
    expect(first.json().discountTotal).toBe(124);
    await expectRefusal(deliveryBody({ coupon: 'WELCOME10' }), 'Лимит использования купона исчерпан', fresh.token);
  });

  it('bonuses: more than the balance, and more than the cap', async () => {
    const poor = await signedInUser(server.db, { balance: 50 });
    const res = await postOrder(server, poor.token, deliveryBody({ spendBonus: 100 }));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/^Недостаточно бонусов/);
    // 30 % of 1 247 ₽ = 374 ₽
    await expectRefusal(deliveryBody({ spendBonus: 400 }), `Бонусами можно оплатить не более 374${NBSP}₽ этого заказа`);
  });

  it('change from a smaller banknote than the total', async () => {
    await expectRefusal(deliveryBody({ changeFrom: 1000 }), 'Сумма, с которой нужна сдача, меньше суммы заказа');
  });

  it('payment: online payment off for the restaurant, courier card only for delivery', async () => {
    await expectRefusal(
      pickupBody({ cityId: 'city-irkutsk', deliveryTerminalId: 'dt-irkutsk-2', paymentMethod: 'sbp' }),
      'Онлайн-оплата сейчас недоступна, выберите оплату при получении',
    );
    await expectRefusal(
      pickupBody({ paymentMethod: 'courier-card' }),
      'Оплата картой курьеру возможна только при доставке',
    );
  });

  it('a coupon’s total usage limit holds across customers', async () => {
    await server.db.run((db) =>
      db.execute(
        sql`insert into coupons (code, kind, value, usage_limit) values ('ONLYONE', 'fixed', 100, 1) on conflict do nothing`,
      ),
    );
    const a = await signedInUser(server.db);
    const b = await signedInUser(server.db);
    const first = await postOrder(server, a.token, deliveryBody({ coupon: 'OnlyOne' }));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ coupon: 'ONLYONE', discountTotal: 100 });
    await expectRefusal(deliveryBody({ coupon: 'ONLYONE' }), 'Лимит использования купона исчерпан', b.token);
    const used = await server.db.run((db) =>
      db.execute<{ n: number }>(sql`select used_count as n from coupons where code = 'ONLYONE'`),
    );
    expect(used.rows[0]?.n).toBe(1);
  });

  it('pickup needs a restaurant of the city', async () => {
    await expectRefusal(pickupBody({ deliveryTerminalId: 'dt-irkutsk-1' }), 'Выберите ресторан для самовывоза');
  });
});

describe('GET /api/v1/order/:id', () => {
  it('answers the owner, 403 for another customer, 401 without a session, 404 for no such order', async () => {
    const placed = await placeDelivery();
    const id = placed.json().id as string;
    const own = await server.app.inject({ method: 'GET', url: `/api/v1/order/${id}`, headers: auth(customer.token) });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual(placed.json());
    const other = await signedInUser(server.db);
    expect(
      (await server.app.inject({ method: 'GET', url: `/api/v1/order/${id}`, headers: auth(other.token) })).statusCode,
    ).toBe(403);
    expect((await server.app.inject({ method: 'GET', url: `/api/v1/order/${id}` })).statusCode).toBe(401);
    const missing = await server.app.inject({
      method: 'GET',
      url: '/api/v1/order/no-such-order',
      headers: auth(customer.token),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Заказ не найден');
  });

  it('keys are per request: a new key places a new order', async () => {
    const a = await placeDelivery({}, newKey());
    const b = await placeDelivery({}, newKey());
    expect(a.json().id).not.toBe(b.json().id);
  });
});
