import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { GROUP, PRODUCT } from '../../server/seed/ids.js';
import { MODIFIER_GONE_MESSAGE, PRODUCT_GONE_MESSAGE, priceItems } from '../../server/services/pricing.js';
import {
  COUPON_MESSAGES,
  couponMinSumMessage,
  evaluatePromo,
  loadGiftRules,
  loadOrderSettings,
  seedPromotions,
  toPromoResponse,
} from '../../server/services/promo.js';
import type { PromoRequest } from '../../src/api/entities.js';
import { PromoResponse } from '../../src/api/entities.js';
import { numRuns } from '../domain/fcRuns.js';
import { createTestServer, type TestServer, testServerPerFile } from './helpers.js';
import { auth, couponData, demoCatalog, line, promoInput, NBSP, signedInUser } from './ordersFixtures.js';

describe('re-pricing from the catalogue (never the client’s sums)', () => {
  /** A cart line of Pepperoni with these modifiers, priced from the demo catalogue. */
  const pricePepperoni = (mods: { id: string; amount: number; groupId: string }[], amount = 1) =>
    priceItems(demoCatalog, [{ productId: 'pizza-pepperoni', amount, mods }]);

  it('prices a pizza as product price plus the size modifier from the product’s groupModifiers', () => {
    const result = pricePepperoni(
      [
        { id: PRODUCT.pizzaSize35, amount: 1, groupId: GROUP.pizzaSize },
        { id: PRODUCT.doughThin, amount: 1, groupId: GROUP.pizzaDough },
        { id: 'topping-bacon', amount: 2, groupId: GROUP.pizzaToppings },
      ],
      2,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    // 529 + 300 (35 см) + 0 (тонкое) + 2 × 99 (бекон) = 1027, × 2
    expect(result.lines[0]?.unitPrice).toBe(1027);
    expect(result.lines[0]?.sum).toBe(2054);
  });

  it('refuses an unknown product with the spec’s text', () => {
    expect(priceItems(demoCatalog, [{ productId: 'no-such', amount: 1, mods: [] }])).toEqual({
      ok: false,
      message: PRODUCT_GONE_MESSAGE,
    });
    expect(PRODUCT_GONE_MESSAGE).toBe(
      'Блюдо в данный момент отсутствует на сайте. Попробуйте добавить блюдо из каталога',
    );
  });

  it('refuses a modifier the product does not offer with the spec’s text', () => {
    const result = pricePepperoni([{ id: 'set-roll-kappa', amount: 1, groupId: GROUP.pizzaSize }]);
    expect(result).toEqual({ ok: false, message: MODIFIER_GONE_MESSAGE });
    expect(MODIFIER_GONE_MESSAGE).toBe(
      'Модификатор для блюда в данный момент отсутствует на сайте. Попробуйте добавить блюдо из каталога',
    );
  });

  it('refuses a pizza without its required size', () => {
    const result = pricePepperoni([{ id: PRODUCT.doughThin, amount: 1, groupId: GROUP.pizzaDough }]);
    expect(result).toEqual({
      ok: false,
      message: 'Для блюда «Пепперони» не выбран обязательный модификатор «Размер пиццы»',
    });
  });

  it('skips the client’s hidden delivery and service-fee lines', () => {
    const result = priceItems(demoCatalog, [
      { productId: PRODUCT.deliveryAngarsk, amount: 1, mods: [] },
      { productId: 'california-crab', amount: 1, mods: [] },
    ]);
    expect(result.ok && result.lines.map((l) => l.productId)).toEqual(['california-crab']);
  });
});

describe('coupons', () => {
  const lines = [line('set-philadelphia', 1)]; // 1290 ₽

  it('WELCOME10: 10 % off the goods', () => {
    const out = evaluatePromo(promoInput({ lines, couponCode: 'welcome10', coupon: couponData() }));
    expect(out.discountTotal).toBe(129);
    expect(out.loyaltyProgramErrors).toEqual([]);
    expect(out.appliedCoupon?.code).toBe('WELCOME10');
  });

  it('MINUS200: a fixed 200 ₽', () => {
    const out = evaluatePromo(
      promoInput({
        lines,
        couponCode: 'MINUS200',
        coupon: couponData({ code: 'MINUS200', kind: 'fixed', value: 200, minSum: 1200 }),
      }),
    );
    expect(out.discountTotal).toBe(200);
  });

  it("'Купон не найден' for an unknown or inactive code", () => {
    expect(evaluatePromo(promoInput({ lines, couponCode: 'NOPE', coupon: null })).loyaltyProgramErrors).toEqual([
      'Купон не найден',
    ]);
    const inactive = evaluatePromo(
      promoInput({ lines, couponCode: 'WELCOME10', coupon: couponData({ isActive: false }) }),
    );
    expect(inactive.loyaltyProgramErrors).toEqual(['Купон не найден']);
    expect(inactive.discountTotal).toBe(0);
  });

  it("'Срок действия купона истёк' after valid_to", () => {
    const out = evaluatePromo(
      promoInput({ lines, couponCode: 'WELCOME10', coupon: couponData({ validTo: '2025-12-01T00:00:00.000Z' }) }),
    );
    expect(out.loyaltyProgramErrors).toEqual(['Срок действия купона истёк']);
    expect(out.discountTotal).toBe(0);
  });

  it("'Минимальная сумма заказа для купона WELCOME10 — 800 ₽' below the minimum", () => {
    const out = evaluatePromo(
      promoInput({ lines: [line('california-crab', 2)], couponCode: 'WELCOME10', coupon: couponData() }),
    );
    expect(out.loyaltyProgramErrors).toEqual([`Минимальная сумма заказа для купона WELCOME10 — 800${NBSP}₽`]);
    expect(couponMinSumMessage('MINUS200', 1200)).toBe(
      `Минимальная сумма заказа для купона MINUS200 — 1${NBSP}200${NBSP}₽`,
    );
  });

  it("'Купон действует только при самовывозе' for a pickup-only coupon on delivery", () => {
    const c = couponData({ code: 'PICKUP15', value: 15, minSum: 0, deliveryMethod: 'self' });
    expect(evaluatePromo(promoInput({ lines, couponCode: 'PICKUP15', coupon: c })).loyaltyProgramErrors).toEqual([
      'Купон действует только при самовывозе',
    ]);
    expect(
      evaluatePromo(promoInput({ lines, couponCode: 'PICKUP15', coupon: c, deliveryMethod: 'self' })).discountTotal,
    ).toBe(193);
  });

  it("'Купон не действует в вашем городе' outside its cities", () => {
    const out = evaluatePromo(
      promoInput({ lines, couponCode: 'WELCOME10', coupon: couponData({ cityIds: ['city-irkutsk'] }) }),
    );
    expect(out.loyaltyProgramErrors).toEqual([COUPON_MESSAGES.city]);
    expect(COUPON_MESSAGES.city).toBe('Купон не действует в вашем городе');
  });

  it("'Лимит использования купона исчерпан' for the total and the per-user limit", () => {
    const total = evaluatePromo(
      promoInput({ lines, couponCode: 'WELCOME10', coupon: couponData({ usageLimit: 5, usedCount: 5 }) }),
    );
    expect(total.loyaltyProgramErrors).toEqual(['Лимит использования купона исчерпан']);
    const perUser = evaluatePromo(
      promoInput({
        lines,
        couponCode: 'WELCOME10',
        coupon: couponData({ perUserLimit: 1 }),
        couponUsesByUser: 1,
        user: { id: 'u', balance: 0 },
      }),
    );
    expect(perUser.loyaltyProgramErrors).toEqual(['Лимит использования купона исчерпан']);
  });
});

describe('snack gift: one fries per 3 snacks (PRODUCT.md §9)', () => {
  it('3 snacks give one free fries, 6 give two', () => {
    const three = evaluatePromo(promoInput({ lines: [line('onion-rings', 2), line('edamame', 1)] }));
    expect(toPromoResponse(three).freeProducts).toEqual([
      { productId: PRODUCT.fries, hasModifiers: false, fromPromocode: false },
    ]);
    const six = evaluatePromo(promoInput({ lines: [line('onion-rings', 6)] }));
    expect(toPromoResponse(six).freeProducts).toHaveLength(2);
  });

  it('a snack whose sale flag is false does not count', () => {
    const out = evaluatePromo(promoInput({ lines: [line('onion-rings', 2), line(PRODUCT.snackNotForSale, 1)] }));
    expect(out.gifts).toEqual([]);
  });

  it('a cart asking for a gift it no longer qualifies for gets a lostGift', () => {
    const out = evaluatePromo(
      promoInput({ lines: [line('onion-rings', 2)], requestedGifts: [{ productId: PRODUCT.fries, amount: 1 }] }),
    );
    expect(out.lostGift).toEqual([
      {
        productId: PRODUCT.fries,
        message: `Подарок «Картофель фри» больше не положен: он полагается за каждые 3${NBSP}закуски в заказе`,
      },
    ]);
  });
});

describe('pizza gift from 2 500 ₽', () => {
  it('grants a Margherita whose size the customer chooses (hasModifiers)', () => {
    const out = evaluatePromo(promoInput({ lines: [line('set-family', 1), line('set-mini', 1), line('ginger', 2)] })); // 1890 + 549 + 78
    expect(toPromoResponse(out).freeProducts).toEqual([
      { productId: PRODUCT.giftPizza, hasModifiers: true, fromPromocode: false },
    ]);
  });

  it('below 2 500 ₽ there is none, and a held gift pizza is lost', () => {
    const out = evaluatePromo(
      promoInput({ lines: [line('set-family', 1)], requestedGifts: [{ productId: PRODUCT.giftPizza, amount: 1 }] }),
    );
    expect(out.gifts).toEqual([]);
    expect(out.lostGift).toEqual([
      {
        productId: PRODUCT.giftPizza,
        message: `Подарок «Маргарита» больше не положен: он полагается при заказе от 2${NBSP}500${NBSP}₽`,
      },
    ]);
  });
});

describe('bonus spending', () => {
  it('allows at most the requested amount, the balance and BONUS_SPEND_CAP of the goods after discount', () => {
    const lines = [line('set-philadelphia', 1)]; // 1290, cap 30 % → 387
    expect(evaluatePromo(promoInput({ lines, user: { id: 'u', balance: 1000 }, spendBonus: 1000 })).allowedBonus).toBe(
      387,
    );
    expect(evaluatePromo(promoInput({ lines, user: { id: 'u', balance: 100 }, spendBonus: 1000 })).allowedBonus).toBe(
      100,
    );
    expect(evaluatePromo(promoInput({ lines, user: { id: 'u', balance: 1000 }, spendBonus: 50 })).allowedBonus).toBe(
      50,
    );
    // with WELCOME10: (1290 − 129) × 0.3 = 348.3 → 348
    expect(
      evaluatePromo(
        promoInput({
          lines,
          user: { id: 'u', balance: 1000 },
          spendBonus: 1000,
          couponCode: 'WELCOME10',
          coupon: couponData(),
        }),
      ).allowedBonus,
    ).toBe(348);
  });

  it('an anonymous visitor gets no bonus', () => {
    expect(evaluatePromo(promoInput({ lines: [line('set-philadelphia', 1)], spendBonus: 100 })).allowedBonus).toBe(0);
  });
});

describe('properties', () => {
  const productIds = [...demoCatalog.products.values()]
    .filter(
      (p) =>
        !demoCatalog.groups.get(p.parentGroup)?.isGroupModifier &&
        !demoCatalog.groups.get(p.parentGroup)?.isServiceGroup,
    )
    .map((p) => p.id);
  const cartArb = fc.array(fc.record({ id: fc.constantFrom(...productIds), amount: fc.integer({ min: 1, max: 12 }) }), {
    maxLength: 12,
  });
  const couponArb = fc.option(
    fc.record({
      kind: fc.constantFrom('percent' as const, 'fixed' as const),
      value: fc.integer({ min: 1, max: 5000 }),
      minSum: fc.integer({ min: 0, max: 3000 }),
    }),
    { nil: null },
  );

  it('discountTotal never exceeds the goods total; allowedBonus never exceeds balance or cap; gifts = ⌊snacks / 3⌋', () => {
    fc.assert(
      fc.property(
        cartArb,
        couponArb,
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (cart, c, balance, spend, cap) => {
          const lines = cart.map((item) => line(item.id, item.amount));
          const out = evaluatePromo(
            promoInput({
              lines,
              couponCode: c ? 'ANY' : null,
              coupon: c
                ? couponData({
                    code: 'ANY',
                    kind: c.kind,
                    value: c.kind === 'percent' ? Math.min(100, c.value) : c.value,
                    minSum: c.minSum,
                  })
                : null,
              user: { id: 'u', balance },
              spendBonus: spend,
              bonusSpendCap: cap,
            }),
          );
          const goods = lines.reduce((s, l) => s + l.sum, 0);
          expect(out.discountTotal).toBeGreaterThanOrEqual(0);
          expect(out.discountTotal).toBeLessThanOrEqual(goods);
          expect(out.allowedBonus).toBeLessThanOrEqual(balance);
          expect(out.allowedBonus).toBeLessThanOrEqual(Math.floor(cap * (goods - out.discountTotal)));
          expect(out.allowedBonus).toBeLessThanOrEqual(spend);
          const snacks = lines
            .filter((l) => l.parentGroup === GROUP.snacks && l.sale !== false)
            .reduce((n, l) => n + l.amount, 0);
          const fries = toPromoResponse(out).freeProducts.filter((f) => f.productId === PRODUCT.fries).length;
          expect(fries).toBe(Math.floor(snacks / 3));
        },
      ),
      { numRuns },
    );
  });
});

// --- POST /api/v1/promo --------------------------------------------------------------------

function promoBody(items: PromoRequest['order']['items'], overrides: Partial<PromoRequest> = {}): PromoRequest {
  const total = items.reduce((s, i) => s + i.sum, 0);
  return {
    coupon: null,
    fullPrice: total,
    notGiftsAndNotDeliveryTotal: total,
    cityId: 'city-angarsk',
    deliveryMethod: 'delivery',
    spendBonus: 0,
    customer: { phone: '+79990000000', name: 'Тест' },
    order: { phone: '+79990000000', date: null, items, address: null },
    ...overrides,
  };
}
const item = (id: string, amount: number, sum: number) => ({ id, name: id, amount, sum, code: '', modifiers: [] });

describe('POST /api/v1/promo', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
    await seedPromotions(server.db);
  });
  afterAll(async () => {
    await server.close();
  });

  it('anonymous: gifts and coupons, no bonus', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/promo',
      payload: promoBody([item('onion-rings', 3, 537), item('set-philadelphia', 1, 1290)], {
        coupon: 'welcome10',
        spendBonus: 100,
      }),
    });
    expect(res.statusCode).toBe(200);
    const body = PromoResponse.parse(res.json());
    expect(body.freeProducts).toEqual([{ productId: PRODUCT.fries, hasModifiers: false, fromPromocode: false }]);
    expect(body.discountTotal).toBe(182); // 10 % of 1827
    expect(body.allowedBonus).toBe(0);
    expect(body.loyaltyProgramErrors).toEqual([]);
  });

  it('signed in: the balance is read on the server, the client cannot raise it', async () => {
    const user = await signedInUser(server.db, { balance: 120 });
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/promo',
      headers: auth(user.token),
      payload: promoBody([item('set-philadelphia', 1, 1290)], { spendBonus: 5000 }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().allowedBonus).toBe(120);
  });

  it('the seeded coupons: expired AUTUMN2025, pickup-only PICKUP15, unknown code', async () => {
    const ask = async (couponCode: string, deliveryMethod: 'delivery' | 'self' = 'delivery') =>
      (
        await server.app.inject({
          method: 'POST',
          url: '/api/v1/promo',
          payload: promoBody([item('set-philadelphia', 1, 1290)], { coupon: couponCode, deliveryMethod }),
        })
      ).json();
    expect((await ask('AUTUMN2025')).loyaltyProgramErrors).toEqual(['Срок действия купона истёк']);
    expect((await ask('PICKUP15')).loyaltyProgramErrors).toEqual(['Купон действует только при самовывозе']);
    expect((await ask('PICKUP15', 'self')).discountTotal).toBe(193);
    expect((await ask('IRKUTSK300')).loyaltyProgramErrors).toEqual(['Купон не действует в вашем городе']);
    expect((await ask('NOSUCH')).loyaltyProgramErrors).toEqual(['Купон не найден']);
  });

  it('a coupon whose total limit is used up', async () => {
    await server.db.run((db) =>
      db.execute(
        sql`insert into coupons (code, kind, value, usage_limit, used_count) values ('ONCE', 'fixed', 50, 1, 1) on conflict do nothing`,
      ),
    );
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/promo',
      payload: promoBody([item('set-philadelphia', 1, 1290)], { coupon: 'ONCE' }),
    });
    expect(res.json().loyaltyProgramErrors).toEqual(['Лимит использования купона исчерпан']);
  });

  it('ignores the client’s sums for money but reports a price change', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/promo',
      payload: promoBody([item('set-philadelphia', 1, 10)], { coupon: 'WELCOME10' }),
    });
    const body = res.json();
    expect(body.discountTotal).toBe(129);
    expect(body.loyaltyProgramErrors).toEqual([
      `Цены изменились: сумма товаров теперь 1${NBSP}290${NBSP}₽ вместо 10${NBSP}₽. Проверьте корзину`,
    ]);
  });

  it('a cart holding the fries gift without 3 snacks gets a lostGift', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/promo',
      payload: promoBody([item('onion-rings', 2, 358), item(PRODUCT.fries, 1, 0)]),
    });
    expect(res.json().lostGift).toHaveLength(1);
    expect(res.json().freeProducts).toEqual([]);
  });

  it('a price change in the catalogue is seen at once (the cached copy follows the catalogue version)', async () => {
    const ask = async () =>
      (
        await server.app.inject({
          method: 'POST',
          url: '/api/v1/promo',
          payload: promoBody([item('set-california', 1, 999)], { coupon: 'WELCOME10' }),
        })
      ).json();
    expect((await ask()).discountTotal).toBe(99);
    await server.db.run((db) => db.execute(sql`update products set price = 1999 where id = 'set-california'`));
    try {
      const after = await ask();
      expect(after.discountTotal).toBe(199);
      expect(after.loyaltyProgramErrors[0]).toMatch(/^Цены изменились: /);
    } finally {
      await server.db.run((db) => db.execute(sql`update products set price = 999 where id = 'set-california'`));
    }
  });

  it("422 'Город не найден' for an unknown city", async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/promo',
      payload: promoBody([item('set-mini', 1, 549)], { cityId: 'city-nowhere' }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Город не найден');
  });

  it('422 for a product no longer in the catalogue', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/promo',
      payload: promoBody([item('gone-roll', 1, 100)]),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(PRODUCT_GONE_MESSAGE);
  });
});

describe('POST /api/v1/promo reads its rules at most once per CONTENT_VERSION_MAX_AGE_MS', () => {
  const server = testServerPerFile({ config: { contentVersionMaxAgeMs: 60_000 } });
  const quote = async () =>
    PromoResponse.parse(
      (
        await server.app.inject({
          method: 'POST',
          url: '/api/v1/promo',
          payload: promoBody([item('onion-rings', 3, 537)]),
        })
      ).json(),
    );

  it('inside the window a switched-off gift is still quoted; the order path re-reads (PRODUCT.md §9 fries gift)', async () => {
    expect((await quote()).freeProducts).toEqual([
      { productId: PRODUCT.fries, hasModifiers: false, fromPromocode: false },
    ]);
    await server.db.run((db) => db.execute(sql`update promotions set is_active = false where kind = 'snack-gift'`));
    expect((await quote()).freeProducts).toHaveLength(1);
    const fresh = await server.db.run((db) => loadOrderSettings(db).then((settings) => loadGiftRules(db, settings)));
    expect(fresh.snack).toBeNull();
  });
});
