// One sum everywhere (docs/CHECKOUT.md): over random carts, coupons, bonuses and delivery choices,
// the header, the cart, /checkout (the server's quote) and /complete (the stored order) show the
// same lines and the same sum to pay. The server side is its own pure pipeline: the promotion
// engine (evaluatePromo) and the order's totals (orderTotals, what POST /order stores).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CartItem, CityData, DeliveryMethod, Product } from '../../src/api/entities';
import { hiddenLine } from '../../src/commands/deliveryLine';
import { pricedAmounts, quotedAmounts } from '../../src/domain/pricedAmounts';
import { wantedDeliveryProduct } from '../../src/domain/cart';
import { lineTotal } from '../../src/domain/price';
import { selectCartAmounts } from '../../src/projections/amounts';
import type { AppState } from '../../src/projections/store';
import { selectCartBadge } from '../../src/views/app/selectors';
import { orderTotals } from '../../server/services/order/moneyChecks';
import type { PricedLine, PricingCatalog, PricingProduct } from '../../server/services/pricing';
import { evaluatePromo, type CouponData } from '../../server/services/promo';
import { couponData } from '../server/ordersFixtures';
import { numRuns } from '../domain/fcRuns';
import { cartItem } from '../fixtures/cart';
import { GROUP, PRODUCT, catalogWith, product } from '../fixtures/catalog';
import { ANGARSK, settingsWith, settings as fixtureSettings } from '../fixtures/settings';
import { readyState } from '../fixtures/state';

const BONUS_SPEND_CAP = 0.3;
const NOW = '2026-11-24T05:00:00.000Z';

type Case = {
  goods: { price: number; quantity: number }[];
  gifts: number;
  freeDeliveryFrom: number;
  serviceFee: number | null;
  delivery: { method: 'delivery'; zonePrice: number } | { method: 'self' };
  coupon: { kind: 'percent' | 'fixed'; value: number; minSum: number; deliveryMethod: DeliveryMethod | null } | null;
  balance: number;
  spendBonus: number;
};

const money = fc.oneof(
  fc.integer({ min: 1, max: 3000 }),
  fc.integer({ min: 2, max: 6000 }).map((n) => n / 2),
);
const caseArb: fc.Arbitrary<Case> = fc.record({
  goods: fc.array(fc.record({ price: money, quantity: fc.integer({ min: 1, max: 5 }) }), {
    minLength: 1,
    maxLength: 6,
  }),
  gifts: fc.integer({ min: 0, max: 2 }),
  freeDeliveryFrom: fc.integer({ min: 0, max: 8000 }),
  serviceFee: fc.option(fc.integer({ min: 0, max: 99 }), { nil: null }),
  delivery: fc.oneof(
    fc.record({ method: fc.constant('delivery' as const), zonePrice: fc.integer({ min: 0, max: 400 }) }),
    fc.record({ method: fc.constant('self' as const) }),
  ),
  coupon: fc.option(
    fc.record({
      kind: fc.constantFrom('percent' as const, 'fixed' as const),
      value: fc.integer({ min: 1, max: 3000 }),
      minSum: fc.integer({ min: 0, max: 4000 }),
      deliveryMethod: fc.constantFrom<DeliveryMethod | null>(null, 'delivery', 'self'),
    }),
    { nil: null },
  ),
  balance: fc.integer({ min: 0, max: 3000 }),
  spendBonus: fc.integer({ min: 0, max: 3000 }),
});

const goodsProduct = (i: number, price: number): Product =>
  product({ id: `p-goods-${i}`, name: `Блюдо ${i}`, price, parentGroup: GROUP.rolls });
const goodsLine = (i: number, price: number, quantity: number): CartItem =>
  cartItem(`line-${i}`, goodsProduct(i, price), quantity);
const giftLine = (i: number): CartItem => ({ ...goodsLine(100 + i, 0, 1), isGift: true, isHidden: true });

function couponOf(c: NonNullable<Case['coupon']>): CouponData {
  return couponData({
    code: 'PROMO',
    title: 'Промокод',
    kind: c.kind,
    value: c.kind === 'percent' ? Math.min(100, c.value) : c.value,
    minSum: c.minSum,
    deliveryMethod: c.deliveryMethod,
  });
}

/** The server: re-priced lines → promotion engine → the order's totals (what a quote and an order carry). */
function serverOrder(c: Case, cityData: CityData) {
  const lines: PricedLine[] = c.goods.map((g, i) => ({
    productId: `p-goods-${i}`,
    name: `Блюдо ${i}`,
    code: `code-${i}`,
    parentGroup: GROUP.rolls,
    sale: null,
    amount: g.quantity,
    unitPrice: g.price,
    sum: lineTotal(goodsLine(i, g.price, g.quantity)),
    mods: [],
  }));
  const promo = evaluatePromo({
    lines,
    requestedGifts: [],
    couponCode: c.coupon === null ? null : 'PROMO',
    coupon: c.coupon === null ? null : couponOf(c.coupon),
    couponUsesByUser: 0,
    user: { id: 'user-1', balance: c.balance },
    cityId: ANGARSK.id,
    deliveryMethod: c.delivery.method,
    now: NOW,
    spendBonus: c.spendBonus,
    bonusSpendCap: BONUS_SPEND_CAP,
    rules: { snack: null, pizza: null },
    giftInfo: {},
    clientGoodsTotal: null,
  });
  const discountTotal = promo.couponError === null ? promo.discountTotal : 0;
  const products = new Map<string, PricingProduct>();
  if (c.serviceFee !== null) {
    products.set(PRODUCT.serviceFee, {
      id: PRODUCT.serviceFee,
      name: 'Сервисный сбор',
      code: 'service-fee',
      price: c.serviceFee,
      parentGroup: GROUP.service,
      sale: null,
      groupModifiers: [],
      maxPerPosition: 0,
      isVisible: false,
    });
  }
  const catalog: PricingCatalog = { products, groups: new Map() };
  // The client sends the bonus the promotion allowed (the cart lowers spendBonus to it).
  const spendBonus = promo.allowedBonus;
  const totals = orderTotals({
    goodsTotal: promo.goodsTotal,
    discountTotal,
    zone: c.delivery.method === 'delivery' ? { deliveryPrice: c.delivery.zonePrice } : null,
    cityData,
    catalog,
    spendBonus,
    bonusCap: promo.bonusCap,
    balance: c.balance,
  });
  const giftLines = Array.from({ length: c.gifts }, () => ({ isGift: true, amount: 1 }));
  const order = {
    deliveryMethod: c.delivery.method,
    goodsTotal: promo.goodsTotal,
    discountTotal,
    ...totals,
    lines: [...lines.map(() => ({ isGift: false, amount: 1 })), ...giftLines],
    zone: c.delivery.method === 'delivery' ? {} : null,
  };
  return { order, allowedBonus: promo.allowedBonus };
}

/** The client: the cart with the promotion's answer applied and its delivery line as the deciders keep it. */
function clientState(c: Case, cityData: CityData, server: ReturnType<typeof serverOrder>): AppState {
  const catalog = catalogWith((cat) => {
    const fee = cat.products.find((p) => p.id === PRODUCT.serviceFee);
    if (fee !== undefined) fee.price = c.serviceFee ?? 0;
  });
  const base = readyState({
    catalog,
    settings: settingsWith({ CITIES_DATA: { ...fixtureSettings.CITIES_DATA, [ANGARSK.iikoId]: cityData } }),
  });
  const items: CartItem[] = [
    ...c.goods.map((g, i) => goodsLine(i, g.price, g.quantity)),
    ...Array.from({ length: c.gifts }, (_, i) => giftLine(i)),
  ];
  const zone = c.delivery.method === 'delivery' ? { deliveryPrice: c.delivery.zonePrice } : null;
  const wanted = wantedDeliveryProduct(
    { items, deliveryMethod: c.delivery.method, freeDelivery: false },
    cityData,
    catalog,
    zone,
  );
  if (wanted !== undefined) items.push(hiddenLine('delivery-line', wanted, false, false));
  return {
    ...base,
    cart: {
      ...base.cart,
      items,
      deliveryMethod: c.delivery.method,
      discountTotal: server.order.discountTotal,
      spendBonus: server.allowedBonus,
      promo: { status: 'applied', allowedBonus: server.allowedBonus },
    },
  };
}

describe('one sum everywhere: header, cart, checkout and the stored order agree', () => {
  it(`over random carts, coupons, bonuses and delivery choices (${numRuns} runs)`, () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const cityData: CityData = {
          deliveryId: PRODUCT.delivery,
          freeDeliveryFrom: c.freeDeliveryFrom,
          freeDeliveryId: PRODUCT.freeDelivery,
          serviceFeeId: c.serviceFee === null ? null : PRODUCT.serviceFee,
          isPromocodeHide: false,
        };
        const server = serverOrder(c, cityData);
        const state = clientState(c, cityData, server);

        const cart = selectCartAmounts(state);
        const header = selectCartBadge(state).sum;
        const checkout = quotedAmounts(server.order);
        const complete = pricedAmounts(server.order, server.order.lines);

        // The stored order's total is the sum every view shows.
        expect(complete.toPay).toBeCloseTo(server.order.total, 2);
        expect(checkout.toPay).toBeCloseTo(server.order.total, 2);
        expect(cart.toPay).toBeCloseTo(server.order.total, 2);
        expect(header).toBeCloseTo(server.order.total, 2);
        // And every line of it, in the cart as at checkout.
        expect(cart).toEqual(checkout);
        expect(cart).toEqual(complete);
      }),
      { numRuns },
    );
  });
});
