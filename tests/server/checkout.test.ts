// POST /checkout/quote and GET /checkout/slots: the zone, totals, payment methods,
// slots, and every refusal POST /order would give, with the same Russian message in both.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CheckoutQuote, DeliverySlots } from '../../src/api/contract/checkout.js';
import { Order } from '../../src/api/contract/orders.js';
import {
  auth,
  CENTRE_ZONE,
  deliveryBody,
  NBSP,
  newKey,
  pickupBody,
  postOrder,
  orderServerWithCustomer,
} from './ordersFixtures.js';

const { server, customer } = orderServerWithCustomer();

/** The quote body of an order body (the quote takes no persons/comment/captcha). */
function quoteOf(body: Record<string, unknown>): Record<string, unknown> {
  const { persons: _p, comment: _c, captchaToken: _t, ...rest } = body;
  return rest;
}

async function quote(body: Record<string, unknown>, who: string | null = customer.token): Promise<CheckoutQuote> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/v1/checkout/quote',
    headers: who ? auth(who) : {},
    payload: quoteOf(body),
  });
  expect(res.statusCode, res.body).toBe(200);
  return CheckoutQuote.parse(res.json());
}

/** The quote lists the refusal, and POST /order answers 422 with the same message and code. */
async function expectSameRefusal(body: Record<string, unknown>, code: string, message: string) {
  const q = await quote(body);
  const found = q.refusals.find((r) => r.code === code);
  expect(found?.message, JSON.stringify(q.refusals)).toBe(message);
  expect(q.canSubmit).toBe(false);
  const res = await postOrder(server, customer.token, body);
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json()).toEqual({ message, code });
  return found;
}

describe('POST /api/v1/checkout/quote', () => {
  it('delivery: zone, restaurant, totals, payment methods, CHECKOUT_DELIVERY_TEXT, slots; nothing refused', async () => {
    const q = await quote(deliveryBody({ paymentMethod: 'cash', expectedTotal: 1426 }));
    expect(q.refusals).toEqual([]);
    expect(q.canSubmit).toBe(true);
    expect(q.zone).toEqual(CENTRE_ZONE);
    expect(q.restaurant).toMatchObject({
      deliveryTerminalId: 'dt-angarsk-1',
      isOpenNow: true,
      hoursText: 'сегодня 10:00–02:00',
      stopped: [],
    });
    expect(q).toMatchObject({
      goodsTotal: 1247,
      discountTotal: 0,
      deliveryPrice: 150,
      serviceFee: 29,
      bonusSpent: 0,
      total: 1426,
    });
    expect(q.lines.map((l) => [l.productId, l.amount, l.sum])).toEqual([
      ['california-crab', 2, 698],
      ['set-mini', 1, 549],
    ]);
    expect(q.paymentMethods).toEqual([
      { method: 'cash', title: 'Наличными', online: false, available: true, reason: null },
      { method: 'courier-card', title: 'Картой курьеру', online: false, available: true, reason: null },
      { method: 'card', title: 'Картой онлайн', online: true, available: true, reason: null },
      { method: 'sbp', title: 'СБП (Система быстрых платежей)', online: true, available: true, reason: null },
    ]);
    expect(q.deliveryText).toBe(
      'Курьер позвонит за 10–15 минут до приезда. Время доставки зависит от загруженности кухни и дорог.',
    );
    expect(q.captcha).toEqual({ required: false, provider: null, siteKey: '' });
    expect(q.slots.timeZone).toBe('Asia/Irkutsk');
    expect(q.slots.leadMinutes).toBe(60);
    expect(q.slots.asap).toEqual({ available: true, estimate: '2026-11-20T06:00:00.000Z', message: null });
    expect(q.slots.days[0]).toMatchObject({ date: '2026-11-20', title: 'Сегодня' });
    expect(q.slots.days[0]?.slots[0]).toEqual({
      start: '2026-11-20T06:00:00.000Z',
      end: '2026-11-20T06:30:00.000Z',
      label: '14:00–14:30',
    });
  });

  it('pickup: the restaurant list with hours and stop lists, courier card hidden, the restaurant’s cooking minutes as lead time', async () => {
    const q = await quote(pickupBody({ paymentMethod: null }));
    expect(q.refusals).toEqual([]);
    expect(q.zone).toBeNull();
    expect(q.deliveryPrice).toBe(0);
    expect(q.restaurants.map((r) => r.deliveryTerminalId)).toEqual(['dt-angarsk-1', 'dt-angarsk-2']);
    expect(q.restaurant).toMatchObject({ deliveryTerminalId: 'dt-angarsk-2', cookingMinutes: 30 });
    expect(q.paymentMethods.find((p) => p.method === 'courier-card')).toEqual({
      method: 'courier-card',
      title: 'Картой курьеру',
      online: false,
      available: false,
      reason: 'Оплата картой курьеру возможна только при доставке',
    });
    expect(q.deliveryText).toBe('Заказ будет готов к указанному времени. Назовите номер заказа на кассе ресторана.');
    expect(q.slots.leadMinutes).toBe(30);
    expect(q.slots.days[0]?.slots[0]?.label).toBe('13:30–14:00');
    const slots = await server.app.inject({
      method: 'GET',
      url: '/api/v1/checkout/slots?cityId=city-angarsk&deliveryMethod=self&deliveryTerminalId=dt-angarsk-2',
    });
    expect(slots.statusCode).toBe(200);
    expect(DeliverySlots.parse(slots.json())).toEqual(q.slots);
  });

  it('an anonymous visitor may quote, and is told to sign in', async () => {
    const q = await quote(deliveryBody(), null);
    expect(q.refusals).toEqual([
      {
        code: 'sign-in-required',
        message: 'Требуется вход по номеру телефона',
        action: 'sign-in',
        actionText: 'Войдите по номеру телефона',
        missingSum: null,
        productIds: [],
      },
    ]);
    expect(q.bonusCap).toBeGreaterThan(0);
  });

  it('lists several refusals at once, in the order POST /order checks them', async () => {
    await server.db.run((db) =>
      db.execute(
        sql`update settings set value = '{"delivery": true, "self": false}'::jsonb where name = 'IS_ONLINE_PAYMENT_DISABLE'`,
      ),
    );
    try {
      const body = deliveryBody({
        items: [{ productId: 'california-crab', amount: 1, mods: [] }],
        paymentMethod: 'card',
        changeFrom: null,
      });
      const q = await quote(body);
      expect(q.refusals.map((r) => r.code)).toEqual(['below-min-sum', 'online-payment-disabled']);
      expect(q.paymentMethods.filter((p) => !p.available).map((p) => p.method)).toEqual(['card', 'sbp']);
      const res = await postOrder(server, customer.token, body);
      expect(res.json().code).toBe('below-min-sum');
    } finally {
      await server.db.run((db) =>
        db.execute(
          sql`update settings set value = '{"delivery": false, "self": false}'::jsonb where name = 'IS_ONLINE_PAYMENT_DISABLE'`,
        ),
      );
    }
  });
});

describe('every refusal: the quote shows it before submission, POST /order refuses the same', () => {
  it(`below the zone's minimum sum (700 ₽): how much to add`, async () => {
    const refusal = await expectSameRefusal(
      deliveryBody({ items: [{ productId: 'california-crab', amount: 1, mods: [] }], changeFrom: null }),
      'below-min-sum',
      `Минимальная сумма заказа для доставки в зону «Центр и кварталы» — 700${NBSP}₽ (без учёта доставки)`,
    );
    expect(refusal).toMatchObject({
      action: 'add-items',
      missingSum: 351,
      actionText: `Добавьте товаров ещё на 351${NBSP}₽`,
    });
  });

  it('address out of zone', async () => {
    const refusal = await expectSameRefusal(
      deliveryBody({ address: { city: 'Ангарск', street: 'посёлок Мегет, улица Садовая', home: '5' } }),
      'outside-zone',
      'Адрес вне зоны доставки',
    );
    expect(refusal?.action).toBe('change-method');
  });

  it('a map point in a cheaper zone far from the street it names does not choose the zone: the street decides', async () => {
    // улица Глинки is in «Восточный район» (min 1 000 ₽, delivery 200 ₽); the point is in the centre zone.
    const q = await quote(
      deliveryBody({
        address: { city: 'Ангарск', street: 'улица Глинки', home: '4', location: { lat: 52.54, lon: 103.86 } },
      }),
    );
    expect(q.zone?.id).toBe('zone-angarsk-east');
    expect(q.deliveryPrice).toBe(200);
    // A point next to the street (a map pick of the house) is kept.
    const street = await server.app.inject({
      method: 'POST',
      url: '/api/v1/geocode',
      payload: { cityId: 'city-angarsk', street: 'улица Глинки', home: '4' },
    });
    const point = street.json().location as { lat: number; lon: number };
    const near = { lat: point.lat + 0.001, lon: point.lon };
    const kept = await quote(
      deliveryBody({ address: { city: 'Ангарск', street: 'улица Глинки', home: '4', location: near } }),
    );
    expect(kept.location).toEqual(near);
  });

  it('a street the reference does not know', async () => {
    await expectSameRefusal(
      deliveryBody({ address: { city: 'Ангарск', street: 'улица Марсианская', home: '5' } }),
      'street-not-found',
      'Не удалось найти улицу «улица Марсианская» в городе Ангарск. Адрес вне зоны доставки',
    );
  });

  it("outside working hours: 'Сейчас нерабочее время, приносим свои извинения.' and when orders open again", async () => {
    server.clock.set('2026-11-21T19:30:00.000Z'); // Sunday 03:30 in Irkutsk
    const refusal = await expectSameRefusal(
      deliveryBody(),
      'outside-working-hours',
      'Сейчас нерабочее время, приносим свои извинения.',
    );
    expect(refusal).toMatchObject({ action: 'wait', actionText: 'Приём заказов начнётся в 10:00' });
    const q = await quote(deliveryBody());
    expect(q.slots.asap).toEqual({
      available: false,
      estimate: null,
      message: 'Сейчас нерабочее время, приносим свои извинения.',
    });
  });

  it('the restaurant is closed now while the city is open (ASAP pickup from a later-opening restaurant); a slot after opening is fine', async () => {
    server.clock.set('2026-11-20T02:30:00.000Z'); // Friday 10:30: Иркутск opens at 10:00, «на Терешковой» at 11:00
    const body = pickupBody({ cityId: 'city-irkutsk', deliveryTerminalId: 'dt-irkutsk-2', paymentMethod: 'cash' });
    const refusal = await expectSameRefusal(
      body,
      'restaurant-closed',
      'Ресторан «Ролл и Пицца на Терешковой» сейчас закрыт. Выберите другое время или другой ресторан',
    );
    expect(refusal?.action).toBe('change-time');
    const q = await quote(body);
    const first = q.slots.days[0]?.slots[0];
    expect(first?.label).toBe('11:30–12:00'); // 11:00 + 30 cooking minutes
    const res = await postOrder(server, customer.token, { ...body, deliveryTime: first?.start });
    expect(res.statusCode, res.body).toBe(200);
    expect(Order.parse(res.json()).deliveryTime).toBe('2026-11-20T03:30:00.000Z');
  });

  it('stop list of the restaurant that would cook it; the pickup list shows which restaurant can cook the whole cart', async () => {
    await server.db.run((db) =>
      db.execute(
        sql`insert into stop_list (delivery_terminal_id, product_id, balance) values ('dt-angarsk-1', 'california-crab', 0)`,
      ),
    );
    try {
      const refusal = await expectSameRefusal(
        deliveryBody(),
        'stop-list',
        'Нет в наличии в выбранном ресторане: «Калифорния с крабом»',
      );
      expect(refusal).toMatchObject({ action: 'remove-items', productIds: ['california-crab'] });
      const q = await quote(
        pickupBody({
          items: [{ productId: 'california-crab', amount: 1, mods: [] }],
          deliveryTerminalId: 'dt-angarsk-2',
        }),
      );
      expect(q.restaurants.map((r) => [r.deliveryTerminalId, r.stopped])).toEqual([
        ['dt-angarsk-1', ['Калифорния с крабом']],
        ['dt-angarsk-2', []],
      ]);
    } finally {
      await server.db.run((db) =>
        db.execute(
          sql`delete from stop_list where delivery_terminal_id = 'dt-angarsk-1' and product_id = 'california-crab'`,
        ),
      );
    }
  });

  it('price changed since the customer saw the total', async () => {
    await expectSameRefusal(
      deliveryBody({ expectedTotal: 1300 }),
      'price-changed',
      `Цены изменились: сумма заказа теперь 1${NBSP}426${NBSP}₽ вместо 1${NBSP}300${NBSP}₽. Проверьте корзину`,
    );
  });

  it('a product gone from the menu', async () => {
    const refusal = await expectSameRefusal(
      deliveryBody({
        items: [
          { productId: 'no-such-roll', amount: 1, mods: [] },
          { productId: 'set-mini', amount: 2, mods: [] },
        ],
      }),
      'item-unavailable',
      'Блюдо в данный момент отсутствует на сайте. Попробуйте добавить блюдо из каталога',
    );
    expect(refusal).toMatchObject({ action: 'review-cart', productIds: ['no-such-roll'] });
  });

  it('online payment switched off for the method (IS_ONLINE_PAYMENT_DISABLE)', async () => {
    await server.db.run((db) =>
      db.execute(
        sql`update settings set value = '{"delivery": false, "self": true}'::jsonb where name = 'IS_ONLINE_PAYMENT_DISABLE'`,
      ),
    );
    try {
      await expectSameRefusal(
        pickupBody({ paymentMethod: 'sbp' }),
        'online-payment-disabled',
        'Онлайн-оплата сейчас недоступна, выберите оплату при получении',
      );
    } finally {
      await server.db.run((db) =>
        db.execute(
          sql`update settings set value = '{"delivery": false, "self": false}'::jsonb where name = 'IS_ONLINE_PAYMENT_DISABLE'`,
        ),
      );
    }
  });

  it('online payment switched off by the restaurant (Иркутск, «на Терешковой»)', async () => {
    const body = pickupBody({ cityId: 'city-irkutsk', deliveryTerminalId: 'dt-irkutsk-2', paymentMethod: 'card' });
    await expectSameRefusal(
      body,
      'online-payment-disabled',
      'Онлайн-оплата сейчас недоступна, выберите оплату при получении',
    );
    const q = await quote({ ...body, paymentMethod: null });
    expect(q.paymentMethods.map((p) => [p.method, p.available])).toEqual([
      ['cash', true],
      ['courier-card', false],
      ['card', false],
      ['sbp', false],
    ]);
    expect(q.restaurants.find((r) => r.deliveryTerminalId === 'dt-irkutsk-2')?.isOnlinePaymentDisabled).toBe(true);
  });

  it('GET /checkout/slots for delivery takes the zone’s minutes as the lead time', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/v1/checkout/slots?cityId=city-angarsk&deliveryMethod=delivery&zoneId=zone-angarsk-east',
    });
    const slots = DeliverySlots.parse(res.json());
    expect(slots.leadMinutes).toBe(80);
    // 13:00 + 80 min = 14:20 → 14:30.
    expect(slots.days[0]?.slots[0]?.label).toBe('14:30–15:00');
  });

  // 13:30 is inside the zone's 60-minute lead time; 14:10 is not on a slot's boundary.
  const NOT_OFFERED = 'Выбранное время недоступно, выберите время из списка';
  it.each([
    ['2026-11-21T19:30:00.000Z', 'slot-outside-working-hours', 'Выбранное время вне часов работы ресторана'],
    ['2026-11-20T04:00:00.000Z', 'slot-past', 'Выбранное время уже прошло'],
    ['2026-11-20T05:30:00.000Z', 'slot-past', NOT_OFFERED],
    ['2026-11-20T06:10:00.000Z', 'slot-outside-working-hours', NOT_OFFERED],
  ])('a time slot after closing, in the past, or not offered: %s is %s', async (deliveryTime, code, message) => {
    await expectSameRefusal(deliveryBody({ deliveryTime }), code, message);
  });

  // Courier card on pickup, change from less than the total, bonuses above the cap, no consent, no
  // address, no restaurant.
  it.each([
    [
      'courier-card-self',
      pickupBody({ paymentMethod: 'courier-card' }),
      'Оплата картой курьеру возможна только при доставке',
    ],
    ['change-too-small', deliveryBody({ changeFrom: 1000 }), 'Сумма, с которой нужна сдача, меньше суммы заказа'],
    ['bonus-cap', deliveryBody({ spendBonus: 400 }), `Бонусами можно оплатить не более 374${NBSP}₽ этого заказа`],
    ['consent-required', deliveryBody({ consent: false }), 'Необходимо согласие на обработку персональных данных'],
    ['no-address', deliveryBody({ address: null }), 'Укажите адрес доставки'],
    ['no-restaurant', pickupBody({ deliveryTerminalId: 'dt-irkutsk-1' }), 'Выберите ресторан для самовывоза'],
  ])('%s: the quote and the order refuse alike', async (code, body, message) => {
    await expectSameRefusal(body, code, message);
  });
});

describe('POST /api/v1/order with the checkout fields', () => {
  it('accepts an offered slot, persons, change from cash, comment and consent', async () => {
    const q = await quote(deliveryBody());
    const saturdayNoon = q.slots.days[1]?.slots.find((s) => s.label === '12:00–12:30');
    expect(saturdayNoon).toBeDefined();
    const res = await postOrder(
      server,
      customer.token,
      deliveryBody({
        deliveryTime: saturdayNoon?.start,
        persons: 3,
        changeFrom: 5000,
        comment: 'Домофон не работает',
        consent: true,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(Order.parse(res.json())).toMatchObject({
      deliveryTime: '2026-11-21T04:00:00.000Z',
      persons: 3,
      changeFrom: 5000,
      comment: 'Домофон не работает',
    });
  });

  it('double submission (a double click: the same Idempotency-Key twice at once) makes one order', async () => {
    const key = newKey();
    const body = deliveryBody({ comment: 'двойной клик' });
    const [a, b] = await Promise.all([
      postOrder(server, customer.token, body, key),
      postOrder(server, customer.token, body, key),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    // The second either replays the answer (200) or is told the first is still running (409).
    expect(statuses[0]).toBe(200);
    expect([200, 409]).toContain(statuses[1]);
    const again = await postOrder(server, customer.token, body, key);
    expect(again.statusCode).toBe(200);
    const ids = new Set([a, b, again].filter((r) => r.statusCode === 200).map((r) => r.json().id as string));
    expect(ids.size).toBe(1);
    const count = await server.db.run((db) =>
      db.execute<{ n: number }>(
        sql`select count(*)::int as n from orders where user_id = ${customer.id} and comment = 'двойной клик'`,
      ),
    );
    expect(count.rows[0]?.n).toBe(1);
  });
});
