// Half-and-half pizza in the cart decider (docs/HALF-PIZZA.md): given events / when AddHalfPizza /
// then events; its merge rule, limit, validation and repeat.
import { describe, expect, it } from 'vitest';
import type { CommandOf } from '../../src/commands/appCommand';
import { TEXT_REPEAT_PRODUCT_MISSING, validationMessage } from '../../src/commands/cart.decide';
import { buildPromoRequest } from '../../src/effects/promo';
import type { AppEvent } from '../../src/events';
import { orderItems } from '../../src/projections/orderBody';
import { selectCartTotals } from '../../src/projections/cart';
import { selectCurrentModal } from '../../src/projections/modal';
import { catalogWith, MOD, PRODUCT } from '../fixtures/catalog';
import { DIABLO, half30, halfCatalog, halfSettings, MARGHERITA } from '../fixtures/halfPizza';
import { NOW, settingsWith } from '../fixtures/settings';
import { app, history, ready } from './helpers';

type AddHalf = CommandOf<'AddHalfPizza'>;
const add = (firstId: string, secondId: string, sizeId: string = MOD.size30, quantity?: number): AddHalf => ({
  type: 'AddHalfPizza',
  data: { sizeId, firstId, secondId, ...(quantity === undefined ? {} : { quantity }) },
});
const halfReady = (rule: Parameters<typeof halfSettings>[0] = {}, signedIn = true) =>
  ready({ settings: halfSettings(rule), catalog: halfCatalog, signedIn });
const lineOf = (events: readonly AppEvent[]) => {
  const e = events.find((x) => x.type === 'HalfPizzaAdded');
  if (e?.type !== 'HalfPizzaAdded') throw new Error('no HalfPizzaAdded');
  return e.data.line;
};

describe('AddHalfPizza (docs/HALF-PIZZA.md)', () => {
  it("adds one line 'Половинки: A + B' priced by the dearer half plus the fee: max(600, 530) + 50 = 650 ₽", () => {
    const { events, after } = app.given(halfReady()).when(add(PRODUCT.pizza, MARGHERITA)).outcome();
    expect(events.map((e) => e.type)).toEqual(['HalfPizzaAdded', 'LineHighlighted', 'DeliveryLineAdded']);
    const line = lineOf(events);
    expect(line).toMatchObject({
      id: 'cmd',
      quantity: 1,
      mods: [],
      isGift: false,
      isHidden: false,
      halfPizza: { sizeId: MOD.size30, halves: [half30(PRODUCT.pizza), half30(MARGHERITA)] },
    });
    expect(line.product.name).toBe('Половинки: Пепперони + Маргарита');
    expect(line.product.price).toBe(650);
    expect(line.product.id).toMatch(/^half-[0-9a-f]{16}$/);
    expect(line.product.allergens.map((a) => a.code)).toEqual(['gluten', 'milk']);
    expect(selectCartTotals(after.cart).goods).toBe(650);
  });

  it('the sum rule is half of each whole pizza plus the fee: 600 / 2 + 530 / 2 + 50 = 615 ₽', () => {
    const { events } = app
      .given(halfReady({ pricing: 'sum' }))
      .when(add(PRODUCT.pizza, MARGHERITA))
      .outcome();
    expect(lineOf(events).product.price).toBe(615);
  });

  it('the same halves in either order are the same line: merged, not a second line', () => {
    const given = history(halfReady(), [add(PRODUCT.pizza, MARGHERITA)]);
    const { events, after } = app
      .given(given)
      .when(add(MARGHERITA, PRODUCT.pizza, MOD.size30, 2))
      .outcome();
    expect(events.slice(0, 2)).toEqual([
      { type: 'HalfPizzaMerged', data: { lineId: 'cmd1', added: 2, quantity: 3 } },
      { type: 'LineHighlighted', data: { lineId: 'cmd1' } },
    ]);
    expect(after.cart.items.filter((l) => !l.isHidden)).toHaveLength(1);
    expect(selectCartTotals(after.cart).goods).toBe(1950);
  });

  it('another size is another line', () => {
    const given = history(halfReady(), [add(PRODUCT.pizza, MARGHERITA)]);
    const { events } = app
      .given(given)
      .when(add(PRODUCT.pizza, MARGHERITA, MOD.size25))
      .outcome();
    expect(lineOf(events).product.price).toBe(Math.max(450, 380) + 50);
  });

  it('is refused when HALF_PIZZA is not set (the chain does not sell them)', () => {
    app
      .given(ready({ catalog: halfCatalog }))
      .when(add(PRODUCT.pizza, MARGHERITA))
      .then([
        {
          type: 'HalfPizzaRejected',
          data: { sizeId: MOD.size30, productIds: [PRODUCT.pizza, MARGHERITA], reason: 'half-pizza-off' },
        },
      ]);
  });

  it.each([
    ['same-halves', PRODUCT.pizza, PRODUCT.pizza, MOD.size30],
    ['not-a-pizza', PRODUCT.pizza, PRODUCT.phila, MOD.size30],
    ['size-not-offered', PRODUCT.pizza, MARGHERITA, MOD.size35],
    ['unknown-product', PRODUCT.pizza, 'gone', MOD.size30],
  ] as const)('is refused as %s', (reason, firstId, secondId, sizeId) => {
    app
      .given(halfReady())
      .when(add(firstId, secondId, sizeId))
      .then([{ type: 'HalfPizzaRejected', data: { sizeId, productIds: [firstId, secondId], reason } }]);
  });

  it('PRODUCT.md §4 rule 2: outside WORK_TIME it is refused with the work-time modal', () => {
    const { after } = app
      .given(halfReady())
      .when(add(PRODUCT.pizza, MARGHERITA), { now: NOW.tuesdayNight })
      .then([
        {
          type: 'HalfPizzaRejected',
          data: { sizeId: MOD.size30, productIds: [PRODUCT.pizza, MARGHERITA], reason: 'outside-working-hours' },
        },
      ]);
    expect(selectCurrentModal(after.modal)).toEqual({ kind: 'workTime' });
  });

  it('PRODUCT.md §4 rule 3: a visitor gets the auth modal and the pizza is added all the same', () => {
    const { events } = app.given(halfReady({}, false)).when(add(PRODUCT.pizza, MARGHERITA)).outcome();
    expect(events.map((e) => e.type).slice(0, 2)).toEqual(['AuthRequired', 'HalfPizzaAdded']);
  });

  it('maxPerPositionInOrder: the stricter pizza (Дьябло, 2) caps the line, and each addition is its own line', () => {
    app
      .given(halfReady())
      .when(add(PRODUCT.pizza, DIABLO, MOD.size30, 3))
      .then([
        {
          type: 'HalfPizzaRejected',
          data: { sizeId: MOD.size30, productIds: [PRODUCT.pizza, DIABLO], reason: 'max-per-position' },
        },
      ]);
    const given = history(halfReady(), [add(PRODUCT.pizza, DIABLO)]);
    const { events } = app.given(given).when(add(DIABLO, PRODUCT.pizza)).outcome();
    expect(lineOf(events).id).toBe('cmd');
    app
      .given(given)
      .when({ type: 'ChangeQuantity', data: { lineId: 'cmd1', quantity: 3 } })
      .then([{ type: 'LineChangeRejected', data: { lineId: 'cmd1', reason: 'max-per-position' } }]);
  });

  it('the builder modal closes once the pizza is in the cart', () => {
    const given = history(halfReady(), [
      { type: 'OpenModal', data: { modal: { kind: 'halfPizza', productId: PRODUCT.pizza } } },
    ]);
    const { after } = app.given(given).when(add(PRODUCT.pizza, MARGHERITA)).outcome();
    expect(selectCurrentModal(after.modal)).toBeNull();
  });
});

describe('ValidateCart with a half-and-half line (PRODUCT.md §4 cart validation)', () => {
  const given = () => history(halfReady(), [add(PRODUCT.pizza, MARGHERITA)]);
  const reload = (catalog: typeof halfCatalog): AppEvent => ({
    type: 'CatalogLoaded',
    data: { catalog, version: 'c2' },
  });

  /** The events of ValidateCart after the catalogue reloads as `reloaded`. */
  const validateAfterReload = (reloaded: typeof halfCatalog) =>
    app
      .given([...given(), reload(reloaded)])
      .when({ type: 'ValidateCart', data: {} })
      .outcome().events;

  it('keeps the line while both halves and the rule are unchanged', () => {
    app.given(given()).when({ type: 'ValidateCart', data: {} }).thenNothing();
  });

  it('a half gone from the catalogue drops the line as missing', () => {
    const without = { ...halfCatalog, products: halfCatalog.products.filter((p) => p.id !== MARGHERITA) };
    const events = validateAfterReload(without);
    expect(events[0]).toMatchObject({
      type: 'ItemsInvalidated',
      data: {
        lines: [
          {
            lineId: 'cmd1',
            reason: 'product-missing',
            message: validationMessage.productMissing('Половинки: Пепперони + Маргарита'),
          },
        ],
      },
    });
  });

  it("a half's price change drops the line as price-changed", () => {
    const dearer = catalogWith((c) => {
      c.products = structuredClone(halfCatalog.products);
      const m = c.products.find((p) => p.id === MARGHERITA);
      if (m !== undefined) m.price = 300;
    });
    const events = validateAfterReload(dearer);
    expect(events[0]).toMatchObject({
      type: 'ItemsInvalidated',
      data: { lines: [{ lineId: 'cmd1', reason: 'price-changed' }] },
    });
  });
});

describe('RepeatOrder with a half-and-half line (PRODUCT.md §4 repeat order)', () => {
  const product = (productIds: [string, string], amount = 2) => ({
    productId: 'half-any',
    isGift: false,
    amount,
    name: 'Половинки: Пепперони + Маргарита',
    mods: [],
    halfPizza: { sizeId: MOD.size30, productIds },
  });

  it('re-adds it from its halves at today’s price, then opens the cart', () => {
    const { events, after } = app
      .given(halfReady())
      .when({ type: 'RepeatOrder', data: { lastOrder: { products: [product([PRODUCT.pizza, MARGHERITA])] } } })
      .outcome();
    expect(events.map((e) => e.type)).toEqual(['HalfPizzaAdded', 'DeliveryLineAdded', 'CartOpened']);
    expect(lineOf(events)).toMatchObject({ quantity: 2, product: { price: 650 } });
    expect(selectCartTotals(after.cart).goods).toBe(1300);
  });

  it('a gone half skips the line with the §8 toast', () => {
    const { events } = app
      .given(halfReady())
      .when({ type: 'RepeatOrder', data: { lastOrder: { products: [product([PRODUCT.pizza, 'gone'])] } } })
      .outcome();
    expect(events).toContainEqual({
      type: 'ToastShown',
      data: { toast: { id: 'cmd', text: TEXT_REPEAT_PRODUCT_MISSING, kind: 'error' } },
    });
    expect(events.some((e) => e.type === 'HalfPizzaAdded')).toBe(false);
  });

  it('the repeated quantity is capped by the stricter pizza', () => {
    const { events } = app
      .given(halfReady())
      .when({ type: 'RepeatOrder', data: { lastOrder: { products: [product([PRODUCT.pizza, DIABLO], 5)] } } })
      .outcome();
    expect(lineOf(events).quantity).toBe(2);
  });

  it('is skipped when half-and-half is switched off', () => {
    const { events } = app
      .given(ready({ settings: settingsWith({ HALF_PIZZA: null }), catalog: halfCatalog }))
      .when({ type: 'RepeatOrder', data: { lastOrder: { products: [product([PRODUCT.pizza, MARGHERITA])] } } })
      .outcome();
    expect(events.map((e) => e.type)).toEqual(['ToastShown', 'CartOpened']);
  });
});

describe('the requests name a half-and-half line by its halves (the server re-prices them)', () => {
  const state = () =>
    app
      .given(history(halfReady(), [add(MARGHERITA, PRODUCT.pizza)]))
      .when({ type: 'InitCart', data: {} })
      .outcome().after;

  it('the order and quote body', () => {
    const items = orderItems(state());
    expect(items).toEqual([
      expect.objectContaining({
        amount: 1,
        mods: [],
        isGift: false,
        halfPizza: { sizeId: MOD.size30, productIds: [MARGHERITA, PRODUCT.pizza] },
      }),
    ]);
  });

  it('the promo check (PRODUCT.md §3 payload): its sum is the rule’s price', () => {
    const body = buildPromoRequest(state());
    expect(body?.order.items).toEqual([
      expect.objectContaining({
        name: 'Половинки: Маргарита + Пепперони',
        amount: 1,
        sum: 650,
        modifiers: [],
        halfPizza: { sizeId: MOD.size30, productIds: [MARGHERITA, PRODUCT.pizza] },
      }),
    ]);
    expect(body?.notGiftsAndNotDeliveryTotal).toBe(650);
  });
});
