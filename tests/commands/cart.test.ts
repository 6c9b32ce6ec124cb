// Cart decider: given events / when command / then events (PRODUCT.md §4), fixed now and ids.
import { describe, expect, it } from 'vitest';
import type { PromoResponse } from '../../src/api/entities';
import {
  TEXT_REPEAT_MODIFIER_MISSING,
  TEXT_REPEAT_PRODUCT_MISSING,
  validationMessage,
} from '../../src/commands/cart.decide';
import { needsPromoRecalc } from '../../src/effects/promo';
import { selectCouponCheck } from '../../src/projections/couponCheck';
import { evolveAll } from '../../src/projections/store';
import type { AppEvent } from '../../src/events';
import { notWorkingText, selectCurrentModal, TEXT_SITE_NOT_WORKING_DEFAULT } from '../../src/projections/modal';
import { catalogWith, GROUP, MOD, PRODUCT } from '../fixtures/catalog';
import { NOW, settingsWith, TERMINAL_1 } from '../fixtures/settings';
import { app, deliveryLine, giftLine, history, line, ready } from './helpers';

const added = (l: ReturnType<typeof line>): AppEvent => ({ type: 'ItemAdded', data: { line: l } });
const highlighted = (lineId: string): AppEvent => ({ type: 'LineHighlighted', data: { lineId } });
const paidDelivery = (id: string): AppEvent => ({
  type: 'DeliveryLineAdded',
  data: { line: deliveryLine(id, PRODUCT.delivery) },
});
const freeDelivery = (id: string): AppEvent => ({
  type: 'DeliveryLineAdded',
  data: { line: deliveryLine(id, PRODUCT.freeDelivery) },
});

const size30 = { id: MOD.size30, amount: 1, groupId: GROUP.size };
/** A ready storefront with one Филадельфия added (line cmd1, its delivery line cmd1:1). */
const withPhila = () => history(ready(), [{ type: 'AddItem', data: { productId: PRODUCT.phila } }]);
const size30Mod = {
  id: MOD.size30,
  name: '30 см',
  amount: 1,
  price: 500,
  code: `code-${MOD.size30}`,
  groupId: GROUP.size,
  groupName: 'Размер',
};

describe('AddItem (PRODUCT.md §4 adding an item)', () => {
  it('rule 1: blocked with the not-working modal when IS_SITE_NOT_WORKING', () => {
    const { after } = app
      .given(ready({ settings: settingsWith({ IS_SITE_NOT_WORKING: true }) }))
      .when({ type: 'AddItem', data: { productId: PRODUCT.phila } })
      .then([{ type: 'ItemRejected', data: { productId: PRODUCT.phila, reason: 'site-not-working' } }]);
    expect(selectCurrentModal(after.modal)).toEqual({ kind: 'siteNotWorking' });
    expect(notWorkingText(after.setting.settings)).toBe(
      'По техническим причинам прием заказов временно невозможен приносим свои извинения',
    );
    expect(after.cart.items).toEqual([]);
  });

  it('rule 1: the not-working text is TEXT_SITE_NOT_WORKING when set', () => {
    expect(notWorkingText(settingsWith({ TEXT_SITE_NOT_WORKING: 'Закрыто на учёт' }))).toBe('Закрыто на учёт');
    expect(notWorkingText(null)).toBe(TEXT_SITE_NOT_WORKING_DEFAULT);
  });

  it('rule 2: blocked with the work-time modal outside WORK_TIME (Tuesday 00:30 in Asia/Irkutsk)', () => {
    const { after } = app
      .given(ready())
      .when({ type: 'AddItem', data: { productId: PRODUCT.phila } }, { now: NOW.tuesdayNight })
      .then([{ type: 'ItemRejected', data: { productId: PRODUCT.phila, reason: 'outside-working-hours' } }]);
    expect(selectCurrentModal(after.modal)).toEqual({ kind: 'workTime' });
  });

  it('rule 2: before 10:00 is closed too', () => {
    app
      .given(ready())
      .when({ type: 'AddItem', data: { productId: PRODUCT.phila } }, { now: NOW.mondayMorning })
      .then([{ type: 'ItemRejected', data: { productId: PRODUCT.phila, reason: 'outside-working-hours' } }]);
  });

  it("rule 2: Saturday's window runs past midnight to 02:00 (isNextDay)", () => {
    app
      .given(ready())
      .when({ type: 'AddItem', data: { productId: PRODUCT.phila } }, { now: NOW.saturdayOvernight })
      .then([added(line('cmd', PRODUCT.phila)), highlighted('cmd'), paidDelivery('cmd:1')]);
  });

  it('rule 3: signed out, the auth modal opens and adding continues', () => {
    const { after } = app
      .given(ready({ signedIn: false }))
      .when({ type: 'AddItem', data: { productId: PRODUCT.phila } })
      .then([
        { type: 'AuthRequired', data: { reason: 'add-item' } },
        added(line('cmd', PRODUCT.phila)),
        highlighted('cmd'),
        paidDelivery('cmd:1'),
      ]);
    expect(selectCurrentModal(after.modal)).toEqual({ kind: 'auth' });
    expect(after.cart.items.map((l) => l.product.id)).toEqual([PRODUCT.phila, PRODUCT.delivery]);
  });

  it("rule 4: a product with modifier groups and no mods opens the modifier modal ('Выберите ролл')", () => {
    const { after } = app
      .given(ready())
      .when({ type: 'AddItem', data: { productId: PRODUCT.set } })
      .then([
        { type: 'ModifierChoiceRequested', data: { productId: PRODUCT.set, isGift: false, fromPromocode: false } },
      ]);
    expect(selectCurrentModal(after.modal)).toEqual({
      kind: 'modifier',
      productId: PRODUCT.set,
      isGift: false,
      fromPromocode: false,
    });
    expect(after.cart.items).toEqual([]);
  });

  it('rule 4 with rule 3: signed out and no mods → auth modal and modifier modal', () => {
    app
      .given(ready({ signedIn: false }))
      .when({ type: 'AddItem', data: { productId: PRODUCT.pizza, mods: [] } })
      .then([
        { type: 'AuthRequired', data: { reason: 'add-item' } },
        { type: 'ModifierChoiceRequested', data: { productId: PRODUCT.pizza, isGift: false, fromPromocode: false } },
      ]);
  });

  it('mods are resolved from the catalogue into CartMod (name, price from groupModifiers, code, group name)', () => {
    const { after } = app
      .given(ready())
      .when({ type: 'AddItem', data: { productId: PRODUCT.pizza, mods: [size30] } })
      .then([added(line('cmd', PRODUCT.pizza, 1, { mods: [size30Mod] })), highlighted('cmd'), paidDelivery('cmd:1')]);
    expect(selectCurrentModal(after.modal)).toBeNull();
  });

  it('adding the chosen product closes its modifier modal', () => {
    const { before, after } = app
      .given(history(ready(), [{ type: 'AddItem', data: { productId: PRODUCT.pizza } }]))
      .when({ type: 'AddItem', data: { productId: PRODUCT.pizza, mods: [size30] } })
      .outcome();
    expect(selectCurrentModal(before.modal)?.kind).toBe('modifier');
    expect(selectCurrentModal(after.modal)).toBeNull();
  });

  it('rule 5: an identical product with an identical modifier set merges quantity', () => {
    const { after } = app
      .given(history(ready(), [{ type: 'AddItem', data: { productId: PRODUCT.pizza, mods: [size30] } }]))
      .when({ type: 'AddItem', data: { productId: PRODUCT.pizza, mods: [size30] } }, { id: 'c2' })
      .then([
        { type: 'ItemMerged', data: { lineId: 'cmd1', added: 1, quantity: 2 } },
        highlighted('cmd1'),
        { type: 'DeliveryLineRemoved', data: { lineId: 'cmd1:1' } },
        freeDelivery('c2'),
      ]);
    expect(after.cart.items.filter((l) => !l.isHidden).map((l) => [l.id, l.quantity])).toEqual([['cmd1', 2]]);
  });

  it('rule 5: a different modifier set makes a new line', () => {
    const { events } = app
      .given(history(ready(), [{ type: 'AddItem', data: { productId: PRODUCT.pizza, mods: [size30] } }]))
      .when(
        {
          type: 'AddItem',
          data: { productId: PRODUCT.pizza, mods: [{ id: MOD.size25, amount: 1, groupId: GROUP.size }] },
        },
        { id: 'c2' },
      )
      .outcome();
    expect(events[0]?.type).toBe('ItemAdded');
  });

  it('rule 5: maxPerPositionInOrder > 0 makes a new line instead of merging', () => {
    const { after } = app
      .given(history(ready(), [{ type: 'AddItem', data: { productId: PRODUCT.cola } }]))
      .when({ type: 'AddItem', data: { productId: PRODUCT.cola } }, { id: 'c2' })
      .then([added(line('c2', PRODUCT.cola)), highlighted('c2')]);
    expect(after.cart.items.filter((l) => l.product.id === PRODUCT.cola)).toHaveLength(2);
  });

  it('maxPerPositionInOrder caps one line', () => {
    app
      .given(ready())
      .when({ type: 'AddItem', data: { productId: PRODUCT.cola, quantity: 3 } })
      .then([{ type: 'ItemRejected', data: { productId: PRODUCT.cola, reason: 'max-per-position' } }]);
  });

  it('rule 6: the added line is highlighted and ClearHighlight (sent after 1 s) clears it once', () => {
    const first = app
      .given(withPhila())
      .when({ type: 'ClearHighlight', data: { lineId: 'cmd1' } })
      .then([{ type: 'HighlightCleared', data: { lineId: 'cmd1' } }]);
    expect(first.before.view.lastAddedLineId).toBe('cmd1');
    expect(first.after.view.lastAddedLineId).toBeNull();
    app
      .given(first.history)
      .when({ type: 'ClearHighlight', data: { lineId: 'cmd1' } })
      .thenNothing();
  });

  it('rule 7: adding a snack shows the snack gift modal', () => {
    const { after } = app
      .given(ready())
      .when({ type: 'AddItem', data: { productId: PRODUCT.nuggets } })
      .then([
        added(line('cmd', PRODUCT.nuggets)),
        highlighted('cmd'),
        { type: 'SnackGiftOffered', data: { productId: PRODUCT.nuggets } },
        paidDelivery('cmd:1'),
      ]);
    expect(selectCurrentModal(after.modal)).toEqual({ kind: 'snackGift' });
  });

  it('rule 7: a snack flagged sale=false does not show it', () => {
    const { events } = app
      .given(ready())
      .when({ type: 'AddItem', data: { productId: PRODUCT.cheeseSticks } })
      .outcome();
    expect(events.map((e) => e.type)).toEqual(['ItemAdded', 'LineHighlighted', 'DeliveryLineAdded']);
  });

  it('rule 8: the default quantity is 1', () => {
    const { after } = app
      .given(ready())
      .when({ type: 'AddItem', data: { productId: PRODUCT.phila } })
      .outcome();
    expect(after.cart.items[0]?.quantity).toBe(1);
  });

  it('an unknown product is rejected', () => {
    app
      .given(ready())
      .when({ type: 'AddItem', data: { productId: 'nope' } })
      .then([{ type: 'ItemRejected', data: { productId: 'nope', reason: 'unknown-product' } }]);
  });

  it('an unknown modifier, a missing required group and too many choices are rejected', () => {
    const adding = (mods: { id: string; amount: number; groupId: string }[]) =>
      app.given(ready()).when({ type: 'AddItem', data: { productId: PRODUCT.pizza, mods } });
    adding([{ id: MOD.rollPhila, amount: 1, groupId: GROUP.size }]).then([
      { type: 'ItemRejected', data: { productId: PRODUCT.pizza, reason: 'unknown-modifier' } },
    ]);
    adding([{ id: MOD.jalapeno, amount: 1, groupId: GROUP.toppings }]).then([
      { type: 'ItemRejected', data: { productId: PRODUCT.pizza, reason: 'missing-required-modifier' } },
    ]);
    adding([size30, { id: MOD.size35, amount: 1, groupId: GROUP.size }]).then([
      { type: 'ItemRejected', data: { productId: PRODUCT.pizza, reason: 'too-many-modifiers' } },
    ]);
  });
});

describe('ChangeQuantity / RemoveItem (PRODUCT.md §4 decrease)', () => {
  it('decrease at quantity 1 removes the line (and the delivery line of an emptied cart)', () => {
    const { after } = app
      .given(withPhila())
      .when({ type: 'ChangeQuantity', data: { lineId: 'cmd1', quantity: 0 } })
      .then([
        { type: 'ItemRemoved', data: { lineId: 'cmd1' } },
        { type: 'CartCleared', data: { reason: 'only-gifts-left' } },
      ]);
    expect(after.cart.items).toEqual([]);
  });

  it('a quantity change re-evaluates the delivery line (1000 reached → free delivery)', () => {
    app
      .given(withPhila())
      .when({ type: 'ChangeQuantity', data: { lineId: 'cmd1', quantity: 3 } })
      .then([
        { type: 'ItemQuantityChanged', data: { lineId: 'cmd1', quantity: 3 } },
        { type: 'DeliveryLineRemoved', data: { lineId: 'cmd1:1' } },
        freeDelivery('cmd'),
      ]);
  });

  it('unknown lines are an idempotent no-op; hidden lines cannot be changed', () => {
    const given = app.given(withPhila());
    given.when({ type: 'RemoveItem', data: { lineId: 'gone' } }).thenNothing();
    given.when({ type: 'ChangeQuantity', data: { lineId: 'cmd1', quantity: 1 } }).thenNothing();
    given
      .when({ type: 'RemoveItem', data: { lineId: 'cmd1:1' } })
      .then([{ type: 'LineChangeRejected', data: { lineId: 'cmd1:1', reason: 'hidden-line' } }]);
  });

  it('maxPerPositionInOrder bounds ChangeQuantity', () => {
    app
      .given(history(ready(), [{ type: 'AddItem', data: { productId: PRODUCT.cola } }]))
      .when({ type: 'ChangeQuantity', data: { lineId: 'cmd1', quantity: 3 } })
      .then([{ type: 'LineChangeRejected', data: { lineId: 'cmd1', reason: 'max-per-position' } }]);
  });
});

describe('Delivery method and delivery line (PRODUCT.md §4)', () => {
  it('choosing self opens the restaurant list and removes delivery lines', () => {
    const { events, after } = app
      .given(withPhila())
      .when({ type: 'ChangeDeliveryMethod', data: { method: 'self' } })
      .then([
        { type: 'DeliveryMethodChanged', data: { method: 'self', previous: 'delivery' } },
        { type: 'DeliveryLineRemoved', data: { lineId: 'cmd1:1' } },
      ]);
    expect(selectCurrentModal(after.modal)).toEqual({ kind: 'restaurants' });
    expect(events.some(needsPromoRecalc)).toBe(true);
  });

  it('choosing delivery opens the address modal and adds the delivery line back', () => {
    const { after, history: back } = app
      .given(
        history(ready(), [
          { type: 'AddItem', data: { productId: PRODUCT.phila } },
          { type: 'ChangeDeliveryMethod', data: { method: 'self' } },
        ]),
      )
      .when({ type: 'ChangeDeliveryMethod', data: { method: 'delivery' } })
      .then([{ type: 'DeliveryMethodChanged', data: { method: 'delivery', previous: 'self' } }, paidDelivery('cmd')]);
    expect(selectCurrentModal(after.modal)).toEqual({ kind: 'address' });
    app
      .given(back)
      .when({ type: 'ChangeDeliveryMethod', data: { method: 'delivery' } })
      .thenNothing();
  });

  it('the non-gift total reaching freeDeliveryFrom (1000) swaps in the hidden free-delivery item', () => {
    const { before, after } = app
      .given(history(ready(), [{ type: 'AddItem', data: { productId: PRODUCT.phila, quantity: 2 } }]))
      .when({ type: 'AddItem', data: { productId: PRODUCT.nuggets } })
      .outcome();
    expect(before.cart.items.filter((l) => l.isHidden).map((l) => l.product.id)).toEqual([PRODUCT.delivery]);
    expect(after.cart.items.filter((l) => l.isHidden).map((l) => l.product.id)).toEqual([PRODUCT.freeDelivery]);
  });

  it('without the delivery products in the catalogue there is no delivery line', () => {
    const c = catalogWith((x) => {
      x.products = x.products.filter((p) => p.parentGroup !== GROUP.service);
    });
    const { events } = app
      .given(ready({ catalog: c }))
      .when({ type: 'AddItem', data: { productId: PRODUCT.phila } })
      .outcome();
    expect(events.map((e) => e.type)).toEqual(['ItemAdded', 'LineHighlighted']);
  });

  it('SelectRestaurant checks DELIVERY_TERMINALS of the city and closes the list', () => {
    const pickup = app.given(
      history(ready(), [
        { type: 'AddItem', data: { productId: PRODUCT.phila } },
        { type: 'ChangeDeliveryMethod', data: { method: 'self' } },
      ]),
    );
    const ok = pickup
      .when({ type: 'SelectRestaurant', data: { deliveryTerminalId: TERMINAL_1 } })
      .then([{ type: 'RestaurantSelected', data: { deliveryTerminalId: TERMINAL_1 } }]);
    expect(selectCurrentModal(ok.after.modal)).toBeNull();
    pickup
      .when({ type: 'SelectRestaurant', data: { deliveryTerminalId: 'x' } })
      .then([{ type: 'RestaurantRejected', data: { deliveryTerminalId: 'x', reason: 'unknown-restaurant' } }]);
  });
});

const promo = (over: Partial<PromoResponse> = {}): PromoResponse => ({
  freeProducts: [],
  discountTotal: 0,
  lostGift: [],
  loyaltyProgramErrors: [],
  allowedBonus: 0,
  ...over,
});

describe('ApplyPromoResult (PRODUCT.md §4 cart recalculation)', () => {
  it("keeps why the engine refused the applied coupon ('Купон действует только при самовывозе'), judged for that coupon", () => {
    const reason = 'Купон действует только при самовывозе';
    const refused = app
      .given(withPhila(), [{ type: 'CouponApplied', data: { coupon: 'SELF20' } }])
      .when({
        type: 'ApplyPromoResult',
        data: { response: promo({ loyaltyProgramErrors: [reason], couponError: reason }) },
      })
      .outcome();
    expect(selectCouponCheck(refused.after.cart)).toEqual({ status: 'refused', coupon: 'SELF20', reason });
    // Another coupon applied since is not judged by that answer.
    const next = evolveAll(refused.after, [{ type: 'CouponApplied', data: { coupon: 'SALE10' } }]);
    expect(selectCouponCheck(next.cart)).toEqual({ status: 'checking', coupon: 'SALE10' });
  });

  it('replaces discount, lost gifts, free products, errors; adds free products as hidden gifts of quantity 1', () => {
    const response = promo({
      discountTotal: 45,
      freeProducts: [{ productId: PRODUCT.fries, hasModifiers: false, fromPromocode: true }],
      lostGift: [{ productId: PRODUCT.fries, message: 'Добавьте ещё закуску' }],
      loyaltyProgramErrors: ['Купон не найден'],
    });
    const applied = app
      .given(withPhila())
      .when({ type: 'ApplyPromoResult', data: { response } })
      .then([
        {
          type: 'PromoResultApplied',
          data: {
            discountTotal: 45,
            lostGift: response.lostGift,
            freeProducts: response.freeProducts,
            loyaltyProgramErrors: ['Купон не найден'],
            allowedBonus: 0,
            freeDelivery: false,
            couponError: null,
          },
        },
        { type: 'GiftAdded', data: { line: giftLine('cmd', PRODUCT.fries) } },
      ]);
    expect(applied.after.cart.discountTotal).toBe(45);
    expect(applied.after.cart.loyaltyProgramErrors).toEqual(['Купон не найден']);
    // The same answer again changes nothing.
    app.given(applied.history).when({ type: 'ApplyPromoResult', data: { response } }).thenNothing();
  });

  /** Филадельфия in the cart, and a promo answer (with `over`) that gave free fries as a gift line. */
  const withFriesGift = (over: Partial<PromoResponse> = {}) =>
    history(
      withPhila(),
      [
        {
          type: 'ApplyPromoResult',
          data: {
            response: promo({
              ...over,
              freeProducts: [{ productId: PRODUCT.fries, hasModifiers: false, fromPromocode: false }],
            }),
          },
        },
      ],
      { idPrefix: 'p' },
    );

  it('promo gifts are dropped unless the server still lists them as free products', () => {
    const { events, before, after } = app
      .given(withFriesGift())
      .when({ type: 'ApplyPromoResult', data: { response: promo() } })
      .outcome();
    expect(before.cart.items.filter((l) => l.isGift)).toHaveLength(1);
    expect(events.map((e) => e.type)).toEqual(['PromoResultApplied', 'GiftRemoved']);
    expect(after.cart.items.filter((l) => l.isGift)).toEqual([]);
  });

  it('free products with modifiers open the modifier modal; choosing adds a gift line', () => {
    const response = promo({ freeProducts: [{ productId: PRODUCT.pizza, hasModifiers: true, fromPromocode: true }] });
    const {
      events,
      after,
      history: offered,
    } = app.given(withPhila()).when({ type: 'ApplyPromoResult', data: { response } }).outcome();
    expect(events.at(-1)).toEqual({
      type: 'ModifierChoiceRequested',
      data: { productId: PRODUCT.pizza, isGift: true, fromPromocode: true },
    });
    expect(selectCurrentModal(after.modal)).toEqual({
      kind: 'modifier',
      productId: PRODUCT.pizza,
      isGift: true,
      fromPromocode: true,
    });
    const chosen = app
      .given(offered)
      .when(
        { type: 'AddItem', data: { productId: PRODUCT.pizza, mods: [size30], isGift: true, fromPromocode: true } },
        { id: 'g' },
      )
      .outcome();
    expect(chosen.events[0]).toEqual(
      added(line('g', PRODUCT.pizza, 1, { mods: [size30Mod], isGift: true, fromPromocode: true })),
    );
    expect(selectCurrentModal(chosen.after.modal)).toBeNull();
  });

  it('a gift can only be added when the promo answer lists it', () => {
    app
      .given(ready())
      .when({ type: 'AddItem', data: { productId: PRODUCT.fries, isGift: true } })
      .then([{ type: 'ItemRejected', data: { productId: PRODUCT.fries, reason: 'not-offered-as-gift' } }]);
  });

  it('a free-delivery product in the answer sets the free-delivery flag: only paid delivery lines are removed', () => {
    const response = promo({
      freeProducts: [{ productId: PRODUCT.freeDelivery, hasModifiers: false, fromPromocode: true }],
    });
    const { after } = app
      .given(withPhila())
      .when({ type: 'ApplyPromoResult', data: { response } })
      .then([
        { type: 'PromoResultApplied', data: { ...response, freeDelivery: true, couponError: null } },
        { type: 'DeliveryLineRemoved', data: { lineId: 'cmd1:1' } },
      ]);
    expect(after.cart.freeDelivery).toBe(true);
    expect(after.cart.items.filter((l) => l.isHidden)).toEqual([]);
  });

  it('a cart holding only gifts or delivery lines is emptied and the discount set to 0', () => {
    const { after } = app
      .given(withFriesGift({ discountTotal: 30 }))
      .when({ type: 'RemoveItem', data: { lineId: 'cmd1' } }, { id: 'p2' })
      .outcome();
    expect(after.cart.items).toEqual([]);
    expect(after.cart.discountTotal).toBe(0);
  });
});

describe('ValidateCart (PRODUCT.md §4 cart init and validation, §8 messages)', () => {
  const filled = history(ready(), [
    { type: 'AddItem', data: { productId: PRODUCT.phila } },
    { type: 'AddItem', data: { productId: PRODUCT.california } },
    { type: 'AddItem', data: { productId: PRODUCT.pizza, mods: [size30] } },
    { type: 'AddItem', data: { productId: PRODUCT.nuggets } },
    { type: 'ChangeDeliveryMethod', data: { method: 'self' } },
    { type: 'SelectRestaurant', data: { deliveryTerminalId: TERMINAL_1 } },
  ]);

  it('drops gone products, changed prices and gone or re-priced modifiers, with a confirm modal and "Ок"', () => {
    const refreshed = catalogWith((c) => {
      c.products = c.products.filter((p) => p.id !== PRODUCT.phila);
      const california = c.products.find((p) => p.id === PRODUCT.california);
      if (california) california.price = 420;
      const pizza = c.products.find((p) => p.id === PRODUCT.pizza);
      const size = pizza?.groupModifiers[0]?.modifiers.find((m) => m.modifierId === MOD.size30);
      if (size) size.price = 520;
    });
    const given = history(filled, [{ type: 'ApplyCatalog', data: { catalog: refreshed, version: 'c2' } }]);
    const messages: [string, string, string] = [
      'Товар "Филадельфия" в данный момент отсутствует в каталоге и будет удален из корзины',
      'Цена товара "Калифорния" изменилась и будет удален из корзины',
      validationMessage.modifierPriceChanged('30 см', 'Пепперони'),
    ];
    const { after, history: validated } = app
      .given(given)
      .when({ type: 'ValidateCart', data: {} })
      .then([
        {
          type: 'ItemsInvalidated',
          data: {
            lines: [
              { lineId: 'cmd1', productId: PRODUCT.phila, reason: 'product-missing', message: messages[0] },
              { lineId: 'cmd2', productId: PRODUCT.california, reason: 'price-changed', message: messages[1] },
              { lineId: 'cmd3', productId: PRODUCT.pizza, reason: 'modifier-price-changed', message: messages[2] },
            ],
          },
        },
      ]);
    expect(selectCurrentModal(after.modal)).toEqual({ kind: 'confirm', title: null, messages, confirmText: 'Ок' });
    expect(after.cart.items.map((l) => l.product.id)).toEqual([PRODUCT.nuggets]);
    // Idempotent: validating twice emits nothing the second time.
    app.given(validated).when({ type: 'ValidateCart', data: {} }).thenNothing();
  });

  it('a removed modifier drops the line', () => {
    const refreshed = catalogWith((c) => {
      const pizza = c.products.find((p) => p.id === PRODUCT.pizza);
      const g = pizza?.groupModifiers[0];
      if (g) g.modifiers = g.modifiers.filter((m) => m.modifierId !== MOD.size30);
    });
    app
      .given(history(filled, [{ type: 'ApplyCatalog', data: { catalog: refreshed, version: 'c2' } }]))
      .when({ type: 'ValidateCart', data: {} })
      .then([
        {
          type: 'ItemsInvalidated',
          data: {
            lines: [
              {
                lineId: 'cmd3',
                productId: PRODUCT.pizza,
                reason: 'modifier-missing',
                message:
                  'Модификатор "30 см" товара "Пепперони" в данный момент отсутствует в каталоге и товар будет удален из корзины',
              },
            ],
          },
        },
      ]);
  });

  it('the selected restaurant is re-matched against DELIVERY_TERMINALS by terminal id', () => {
    const { after } = app
      .given(history(filled, [{ type: 'ApplySettings', data: { settings: settingsWith({ DELIVERY_TERMINALS: {} }) } }]))
      .when({ type: 'ValidateCart', data: {} })
      .then([{ type: 'RestaurantUnmatched', data: { deliveryTerminalId: TERMINAL_1 } }]);
    expect(after.cart.selectedRestaurant).toBeNull();
    app.given(filled).when({ type: 'ValidateCart', data: {} }).thenNothing();
  });
});

describe('RepeatOrder (PRODUCT.md §4 repeat order, §8 toasts)', () => {
  it('re-adds each non-gift product with its modifiers, toasts what is missing, then opens the cart', () => {
    const given = history(ready(), [
      { type: 'OpenModal', data: { modal: { kind: 'product', productId: PRODUCT.phila } } },
    ]);
    const { after } = app
      .given(given)
      .when({
        type: 'RepeatOrder',
        data: {
          lastOrder: {
            products: [
              {
                productId: PRODUCT.pizza,
                isGift: false,
                amount: 2,
                name: 'Пепперони',
                mods: [{ ...size30, price: 500 }],
              },
              { productId: PRODUCT.fries, isGift: true, amount: 1, name: 'Картофель фри', mods: [] },
              { productId: 'gone', isGift: false, amount: 1, name: 'Старый ролл', mods: [] },
              {
                productId: PRODUCT.set,
                isGift: false,
                amount: 1,
                name: 'Сет',
                mods: [{ id: 'gone-mod', amount: 1, groupId: GROUP.rollChoice, price: 0 }],
              },
            ],
          },
        },
      })
      .then([
        added(line('cmd', PRODUCT.pizza, 2, { mods: [size30Mod] })),
        freeDelivery('cmd:1'),
        { type: 'ToastShown', data: { toast: { id: 'cmd:2', text: TEXT_REPEAT_PRODUCT_MISSING, kind: 'error' } } },
        { type: 'ToastShown', data: { toast: { id: 'cmd:3', text: TEXT_REPEAT_MODIFIER_MISSING, kind: 'error' } } },
        { type: 'CartOpened', data: {} },
      ]);
    expect(TEXT_REPEAT_PRODUCT_MISSING).toBe(
      'Блюдо в данный момент отсутствует на сайте. Попробуйте добавить блюдо из каталога',
    );
    expect(TEXT_REPEAT_MODIFIER_MISSING).toBe(
      'Модификатор для блюда в данный момент отсутствует на сайте. Попробуйте добавить блюдо из каталога',
    );
    expect(after.modal.stack).toEqual([]);
    expect(after.view.toasts.map((t) => t.text)).toEqual([TEXT_REPEAT_PRODUCT_MISSING, TEXT_REPEAT_MODIFIER_MISSING]);
  });

  it('merges with identical lines already in the cart', () => {
    app
      .given(withPhila())
      .when({
        type: 'RepeatOrder',
        data: {
          lastOrder: { products: [{ productId: PRODUCT.phila, isGift: false, amount: 1, name: 'Ф', mods: [] }] },
        },
      })
      .then([
        { type: 'ItemMerged', data: { lineId: 'cmd1', added: 1, quantity: 2 } },
        { type: 'CartOpened', data: {} },
      ]);
  });
});

describe('Coupon, bonus, time', () => {
  it('ApplyCoupon trims, rejects empty, is idempotent; SelectCity clears the coupon', () => {
    const coupon = app.given(history(ready(), [{ type: 'ApplyCoupon', data: { coupon: ' SALE ' } }]));
    const again = coupon.when({ type: 'ApplyCoupon', data: { coupon: 'SALE' } }).thenNothing();
    expect(again.before.cart.appliedCoupon).toBe('SALE');
    coupon
      .when({ type: 'ApplyCoupon', data: { coupon: '  ' } })
      .then([{ type: 'CouponRejected', data: { coupon: '', reason: 'empty' } }]);
    const { after } = coupon.when({ type: 'SelectCity', data: { cityId: 'city-shelekhov' } }).outcome();
    expect(after.cart.appliedCoupon).toBeNull();
  });

  it('ChangeSpendBonus is bounded by the balance and needs sign-in', () => {
    app
      .given(ready())
      .when({ type: 'ChangeSpendBonus', data: { amount: 600 } })
      .then([{ type: 'SpendBonusRejected', data: { amount: 600, reason: 'over-balance' } }]);
    app
      .given(ready({ signedIn: false }))
      .when({ type: 'ChangeSpendBonus', data: { amount: 100 } })
      .then([{ type: 'SpendBonusRejected', data: { amount: 100, reason: 'not-signed-in' } }]);
    app
      .given(ready())
      .when({ type: 'ChangeSpendBonus', data: { amount: 100 } })
      .then([{ type: 'SpendBonusChanged', data: { amount: 100 } }]);
  });

  it('ChangeDeliveryTime accepts asap or a future ISO time', () => {
    app
      .given(ready())
      .when({ type: 'ChangeDeliveryTime', data: { time: '2026-11-23T08:00:00.000Z' } })
      .then([{ type: 'DeliveryTimeChanged', data: { time: '2026-11-23T08:00:00.000Z' } }]);
    app
      .given(ready())
      .when({ type: 'ChangeDeliveryTime', data: { time: '2026-11-23T05:00:00.000Z' } })
      .then([{ type: 'DeliveryTimeRejected', data: { time: '2026-11-23T05:00:00.000Z', reason: 'in-the-past' } }]);
    app
      .given(ready())
      .when({ type: 'ChangeDeliveryTime', data: { time: 'asap' } })
      .thenNothing();
  });
});

describe('needsPromoRecalc', () => {
  it('is true for item, coupon and method changes and false for what the promo answer itself causes', () => {
    expect(needsPromoRecalc({ type: 'CouponApplied', data: { coupon: 'A' } })).toBe(true);
    expect(needsPromoRecalc({ type: 'ItemRemoved', data: { lineId: 'x' } })).toBe(true);
    expect(needsPromoRecalc({ type: 'DeliveryMethodChanged', data: { method: 'self', previous: 'delivery' } })).toBe(
      true,
    );
    expect(needsPromoRecalc({ type: 'GiftAdded', data: { line: giftLine('g', PRODUCT.fries) } })).toBe(false);
    expect(needsPromoRecalc({ type: 'DeliveryLineRemoved', data: { lineId: 'x' } })).toBe(false);
  });
});
