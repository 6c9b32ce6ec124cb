// Half-and-half pizza on the server (docs/HALF-PIZZA.md): priced from its halves by the same domain
// rule as the cart (HALF_PIZZA: the dearer half or half of each, plus the fee), refused when it
// cannot be made, stored with both halves, shown in the history and the last order to repeat.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Order, OrderHistory } from '../../src/api/contract/orders.js';
import { LastOrder, PromoResponse, type HalfPizzaSettings } from '../../src/api/entities.js';
import { halfPizzaProductId } from '../../src/domain/halfPizza.js';
import { GROUP, PRODUCT } from '../../server/seed/ids.js';
import { HALF_PIZZA_MESSAGES, priceItems, type HalfPizzaRules } from '../../server/services/pricing.js';
import { checkStopList } from '../../server/services/order/checks.js';
import type { TestServer } from './helpers.js';
import { auth, deliveryBody, demoCatalog, postOrder, signedInUser, useOrderServer, NBSP } from './ordersFixtures.js';

const DEMO_RULE: HalfPizzaSettings = { pricing: 'dearer', fee: 50, sizeGroupId: GROUP.pizzaSize };
const rules = (over: Partial<HalfPizzaSettings> = {}): HalfPizzaRules => ({
  rule: { ...DEMO_RULE, ...over },
  pizzasGroupId: GROUP.pizza,
});
const half = (first: string, second: string, sizeId: string = PRODUCT.pizzaSize30, amount = 1) => ({
  productId: halfPizzaProductId(sizeId, first, second),
  amount,
  mods: [],
  halfPizza: { sizeId, productIds: [first, second] as [string, string] },
});

/** One half of a 30 cm pizza on traditional dough as an order line shows it. */
const halfAt30 = (productId: string, name: string, price: number) => ({
  productId,
  name,
  price,
  mods: [
    { id: PRODUCT.pizzaSize30, name: '30 см', amount: 1, price: 150, groupId: GROUP.pizzaSize },
    {
      id: PRODUCT.doughTraditional,
      name: expect.any(String) as string,
      amount: 1,
      price: 0,
      groupId: GROUP.pizzaDough,
    },
  ],
});

describe('pricing a half-and-half pizza (pure)', () => {
  it('dearer: Пепперони 529 + 150 and Четыре сыра 579 + 150 at 30 cm → max(679, 729) + 50 = 779 ₽', () => {
    const result = priceItems(
      demoCatalog,
      [half('pizza-pepperoni', 'pizza-four-cheese', PRODUCT.pizzaSize30, 2)],
      rules(),
    );
    expect(result).toMatchObject({
      ok: true,
      lines: [
        {
          productId: halfPizzaProductId(PRODUCT.pizzaSize30, 'pizza-four-cheese', 'pizza-pepperoni'),
          name: 'Половинки: Пепперони + Четыре сыра',
          unitPrice: 779,
          sum: 1558,
          mods: [],
          halfPizza: {
            sizeId: PRODUCT.pizzaSize30,
            sizeName: '30 см',
            halves: [
              { productId: 'pizza-pepperoni', price: 679 },
              { productId: 'pizza-four-cheese', price: 729 },
            ],
          },
        },
      ],
    });
  });

  it('sum: half of each rounded up to a rouble, plus the fee: ⌈679 / 2 + 729 / 2⌉ + 50 = 754 ₽', () => {
    const result = priceItems(demoCatalog, [half('pizza-pepperoni', 'pizza-four-cheese')], rules({ pricing: 'sum' }));
    expect(result.ok && result.lines[0]?.unitPrice).toBe(754);
  });

  it('each half takes its size and the cheapest dough; the halves keep the order chosen', () => {
    const result = priceItems(demoCatalog, [half('pizza-four-cheese', 'pizza-pepperoni')], rules());
    const halves = result.ok ? result.lines[0]?.halfPizza?.halves : undefined;
    expect(halves?.map((h) => [h.productId, h.mods.map((m) => m.id)])).toEqual([
      ['pizza-four-cheese', [PRODUCT.pizzaSize30, PRODUCT.doughTraditional]],
      ['pizza-pepperoni', [PRODUCT.pizzaSize30, PRODUCT.doughTraditional]],
    ]);
  });

  it.each([
    [
      'HALF_PIZZA not set',
      { rule: null, pizzasGroupId: GROUP.pizza },
      half('pizza-pepperoni', 'pizza-bbq'),
      HALF_PIZZA_MESSAGES.off,
    ],
    ['the same pizza twice', rules(), half('pizza-pepperoni', 'pizza-pepperoni'), HALF_PIZZA_MESSAGES.sameHalves],
    [
      'a roll as a half',
      rules(),
      half('pizza-pepperoni', 'california-crab'),
      HALF_PIZZA_MESSAGES.notAPizza('Калифорния с крабом'),
    ],
    [
      'a size no pizza has',
      rules(),
      half('pizza-pepperoni', 'pizza-bbq', PRODUCT.doughThin),
      HALF_PIZZA_MESSAGES.sizeNotOffered('Пепперони'),
    ],
  ] as const)('refuses %s', (_what, given, item, message) => {
    expect(priceItems(demoCatalog, [item], given)).toEqual({ ok: false, message });
  });

  it('either half on the stop list stops the pizza, naming the half', () => {
    const result = priceItems(demoCatalog, [half('pizza-pepperoni', 'pizza-four-cheese')], rules());
    if (!result.ok) throw new Error(result.message);
    const refusal = checkStopList(result.lines, new Set(['pizza-four-cheese']), 'delivery');
    expect(refusal?.message).toBe(
      'Нет в наличии в выбранном ресторане: «Половинки: Пепперони + Четыре сыра: Четыре сыра»',
    );
    expect(refusal?.productIds).toEqual([result.lines[0]?.productId]);
    expect(checkStopList(result.lines, new Set(['pizza-bbq']), 'delivery')).toBeNull();
  });
});

describe('ordering a half-and-half pizza', () => {
  let server: TestServer;
  let token: string;
  let userId: string;
  let phone: string;
  useOrderServer((started) => (server = started));
  beforeAll(async () => {
    ({ token, id: userId, phone } = await signedInUser(server.db));
  });
  const body = (over: Record<string, unknown> = {}) =>
    deliveryBody({ items: [half('pizza-pepperoni', 'pizza-four-cheese')], changeFrom: null, ...over });

  it('POST /order stores the line with both halves; 779 + delivery 150 + service fee 29 = 958 ₽', async () => {
    const res = await postOrder(server, token, body({ expectedTotal: 958 }));
    expect(res.statusCode, res.body).toBe(200);
    const order = Order.parse(res.json());
    expect(order.goodsTotal).toBe(779);
    expect(order.total).toBe(958);
    expect(order.items).toEqual([
      {
        productId: halfPizzaProductId(PRODUCT.pizzaSize30, 'pizza-pepperoni', 'pizza-four-cheese'),
        name: 'Половинки: Пепперони + Четыре сыра',
        amount: 1,
        price: 779,
        sum: 779,
        mods: [],
        isGift: false,
        halfPizza: {
          sizeId: PRODUCT.pizzaSize30,
          sizeName: '30 см',
          halves: [halfAt30('pizza-pepperoni', 'Пепперони', 679), halfAt30('pizza-four-cheese', 'Четыре сыра', 729)],
        },
      },
    ]);

    const history = await server.app.inject({
      method: 'GET',
      url: `/api/v1/user/${encodeURIComponent(phone)}/history`,
      headers: auth(token),
    });
    expect(history.statusCode).toBe(200);
    const first = OrderHistory.parse(history.json()).orders[0];
    expect(first?.items[0]?.halfPizza?.halves.map((h) => h.name)).toEqual(['Пепперони', 'Четыре сыра']);

    const last = await server.app.inject({
      method: 'GET',
      url: `/api/v1/user/${userId}/last-order`,
      headers: auth(token),
    });
    expect(LastOrder.parse(last.json()).products).toEqual([
      {
        productId: halfPizzaProductId(PRODUCT.pizzaSize30, 'pizza-pepperoni', 'pizza-four-cheese'),
        isGift: false,
        amount: 1,
        name: 'Половинки: Пепперони + Четыре сыра',
        mods: [],
        halfPizza: { sizeId: PRODUCT.pizzaSize30, productIds: ['pizza-pepperoni', 'pizza-four-cheese'] },
      },
    ]);
  });

  it('a forged total is refused: the server re-prices the halves', async () => {
    const res = await postOrder(server, token, body({ expectedTotal: 500 }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'price-changed',
      message: `Цены изменились: сумма заказа теперь 958${NBSP}₽ вместо 500${NBSP}₽. Проверьте корзину`,
    });
  });

  it("the line's own id and a forged price are never read: the halves decide", async () => {
    const forged = { ...half('pizza-pepperoni', 'pizza-four-cheese'), productId: 'pizza-pepperoni' };
    const res = await postOrder(server, token, body({ items: [forged], expectedTotal: 958 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(Order.parse(res.json()).goodsTotal).toBe(779);
  });

  it('POST /promo with a forged sum answers the price-changed loyalty error', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/promo',
      headers: auth(token),
      payload: {
        coupon: null,
        fullPrice: 100,
        notGiftsAndNotDeliveryTotal: 100,
        cityId: 'city-angarsk',
        deliveryMethod: 'delivery',
        customer: { phone, name: 'Тест' },
        order: {
          phone,
          date: null,
          address: null,
          items: [
            {
              id: halfPizzaProductId(PRODUCT.pizzaSize30, 'pizza-pepperoni', 'pizza-four-cheese'),
              name: 'Половинки: Пепперони + Четыре сыра',
              amount: 1,
              sum: 100,
              code: '',
              modifiers: [],
              halfPizza: { sizeId: PRODUCT.pizzaSize30, productIds: ['pizza-pepperoni', 'pizza-four-cheese'] },
            },
          ],
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(PromoResponse.parse(res.json()).loyaltyProgramErrors).toContain(
      `Цены изменились: сумма товаров теперь 779${NBSP}₽ вместо 100${NBSP}₽. Проверьте корзину`,
    );
  });

  it('a half on the stop list of the cooking restaurant refuses the order', async () => {
    await server.db.run((db) =>
      db.execute(
        sql`insert into stop_list (delivery_terminal_id, product_id, balance) values ('dt-angarsk-1', 'pizza-four-cheese', 0)`,
      ),
    );
    try {
      const res = await postOrder(server, token, body());
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'stop-list',
        message: 'Нет в наличии в выбранном ресторане: «Половинки: Пепперони + Четыре сыра: Четыре сыра»',
      });
    } finally {
      await server.db.run((db) =>
        db.execute(
          sql`delete from stop_list where delivery_terminal_id = 'dt-angarsk-1' and product_id = 'pizza-four-cheese'`,
        ),
      );
    }
  });

  it('bad input is a 400 with a Russian message, not a crash', async () => {
    const res = await postOrder(
      server,
      token,
      body({ items: [{ ...half('a', 'b'), halfPizza: { sizeId: 'x', productIds: ['a'] } }] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/[а-я]/i);
  });

  it('half-and-half switched off in the settings: the order is refused with its message', async () => {
    await server.db.run((db) => db.execute(sql`update settings set value = 'null'::jsonb where name = 'HALF_PIZZA'`));
    try {
      const res = await postOrder(server, token, body());
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'item-unavailable', message: HALF_PIZZA_MESSAGES.off });
    } finally {
      await server.db.run((db) =>
        db.execute(sql`update settings set value = ${JSON.stringify(DEMO_RULE)}::jsonb where name = 'HALF_PIZZA'`),
      );
    }
  });
});
