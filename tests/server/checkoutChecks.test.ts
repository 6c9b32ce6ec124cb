// The checkout's named checks (server/services/order/checks.ts, moneyChecks.ts), one by one and
// without a database: each takes what it looks at and answers a refusal or null. The same texts
// and codes reach POST /checkout/quote and POST /order (checkout.test.ts, orders.test.ts).
import { describe, expect, it } from 'vitest';
import type { WeekHours } from '../../src/api/entities.js';
import {
  DEFAULT_SITE_NOT_WORKING_TEXT,
  ORDER_MESSAGES,
  bonusCapMessage,
  missingSumText,
  orderPriceChangedMessage,
  restaurantClosedMessage,
  stoppedMessage,
  streetNotFoundMessage,
  zoneMinSumMessage,
} from '../../src/domain/messages.js';
import { RESTAURANTS, STANDARD_HOURS, ZONES } from '../../server/seed/geo.js';
import { CITY, PRODUCT, TERMINAL } from '../../server/seed/ids.js';
import {
  checkCityOpen,
  checkDeliveryTime,
  checkDeliveryZone,
  checkItems,
  checkRestaurant,
  checkSiteWorking,
  checkStopList,
  offeredSlots,
  type SlotsBasis,
} from '../../server/services/order/checks.js';
import {
  checkBonus,
  checkConsent,
  checkCoupon,
  checkGifts,
  checkMinSum,
  checkPaymentMethod,
  checkPriceChanged,
  onlinePaymentReason,
  orderTotals,
  paymentOptions,
} from '../../server/services/order/moneyChecks.js';
import { MODIFIER_GONE_MESSAGE } from '../../server/services/pricing.js';
import { NOT_ENOUGH_BONUS_MESSAGE } from '../../server/services/users.js';
import { OPEN_NOW, demoCatalog, line } from './ordersFixtures.js';

/** Saturday 05:00 in Asia/Irkutsk: Friday's late hours ended at 02:00, Saturday's start at 10:00. */
const CLOSED_NOW = '2026-11-20T21:00:00.000Z';
const TZ = 'Asia/Irkutsk';
const angarskZones = ZONES.filter((z) => z.cityId === CITY.angarsk);
const angarskRestaurants = RESTAURANTS.filter((r) => r.cityId === CITY.angarsk).map((r) => ({ ...r, isActive: true }));
const centre = angarskZones.find((z) => z.id === 'zone-angarsk-center') ?? angarskZones[0]!;
const insideCentre = { lat: 52.54, lon: 103.88 };
const item = (productId: string, amount = 1, isGift = false) => ({ productId, amount, mods: [], isGift });

describe('checkSiteWorking', () => {
  it('passes a working site', () => {
    expect(checkSiteWorking({ isSiteNotWorking: false, textSiteNotWorking: 'x' })).toBeNull();
  });
  it('refuses with the settings text, or the default one when it is blank', () => {
    expect(checkSiteWorking({ isSiteNotWorking: true, textSiteNotWorking: ' Ремонт ' })).toMatchObject({
      code: 'site-not-working',
      message: 'Ремонт',
    });
    expect(checkSiteWorking({ isSiteNotWorking: true, textSiteNotWorking: '  ' })?.message).toBe(
      DEFAULT_SITE_NOT_WORKING_TEXT,
    );
  });
});

describe('checkCityOpen', () => {
  it('passes during the working hours', () => {
    expect(checkCityOpen(STANDARD_HOURS, OPEN_NOW, TZ)).toBeNull();
  });
  it('refuses outside them, saying when ordering opens', () => {
    const r = checkCityOpen(STANDARD_HOURS, CLOSED_NOW, TZ);
    expect(r).toMatchObject({ code: 'outside-working-hours', message: ORDER_MESSAGES.closed });
    expect(r?.actionText).toBe('Приём заказов начнётся в 10:00');
  });
  it('has nothing to promise when the city never opens', () => {
    const never: WeekHours = STANDARD_HOURS.map(() => ({ open: '00:00', close: '00:00', isNextDay: false }));
    expect(checkCityOpen(never, OPEN_NOW, TZ)?.actionText).toBe('Оформите заказ в часы работы');
  });
});

describe('checkItems', () => {
  it('re-prices the paid lines, skipping gifts and service products', () => {
    const r = checkItems(demoCatalog, [item(PRODUCT.fries, 2), item(PRODUCT.serviceFee), item(PRODUCT.fries, 1, true)]);
    expect(r.refusal).toBeNull();
    expect(r.lines).toEqual([line(PRODUCT.fries, 2)]);
  });
  it('refuses an unknown product, naming every bad line', () => {
    const r = checkItems(demoCatalog, [item('gone-1'), item(PRODUCT.fries), item('gone-2')]);
    expect(r.refusal).toMatchObject({ code: 'item-unavailable', productIds: ['gone-1', 'gone-2'] });
    expect(r.refusal?.message).toBe(r.itemProblem);
  });
  it('refuses an empty cart', () => {
    expect(checkItems(demoCatalog, [item(PRODUCT.fries, 1, true)]).refusal).toMatchObject({
      code: 'empty-cart',
      message: ORDER_MESSAGES.emptyCart,
    });
  });
});

describe('checkDeliveryZone', () => {
  const address = { street: 'улица Ленина', location: insideCentre };
  const prepared = (over: object) =>
    ({ address: null, addressProblem: null, ...over }) as Parameters<typeof checkDeliveryZone>[0];
  it('finds the zone of the point', () => {
    expect(checkDeliveryZone(prepared({ address }), angarskZones, 'Ангарск')).toEqual({ zone: centre, refusal: null });
  });
  it('refuses a point outside every zone', () => {
    const far = { ...address, location: { lat: 10, lon: 10 } };
    expect(checkDeliveryZone(prepared({ address: far }), angarskZones, 'Ангарск').refusal).toMatchObject({
      code: 'outside-zone',
      message: ORDER_MESSAGES.outsideZone,
    });
  });
  it('refuses each address problem with its own code', () => {
    const refusalOf = (problem: string, over: object = {}) =>
      checkDeliveryZone(prepared({ addressProblem: problem, ...over }), angarskZones, 'Ангарск').refusal;
    expect(refusalOf('no-address')).toMatchObject({ code: 'no-address', message: ORDER_MESSAGES.noAddress });
    expect(refusalOf('address-not-found')).toMatchObject({
      code: 'address-not-found',
      message: ORDER_MESSAGES.addressNotFound,
    });
    expect(refusalOf('street-not-found', { address: { ...address, location: null } })).toMatchObject({
      code: 'street-not-found',
      message: streetNotFoundMessage('улица Ленина', 'Ангарск'),
    });
  });
});

describe('checkRestaurant', () => {
  it("delivery: the zone's restaurant cooks it", () => {
    const r = checkRestaurant('delivery', centre, angarskRestaurants, null);
    expect(r).toMatchObject({ terminalId: centre.deliveryTerminalId, refusal: null });
    expect(r.restaurant?.deliveryTerminalId).toBe(centre.deliveryTerminalId);
  });
  it('delivery without a zone: nobody yet, and no refusal of its own', () => {
    expect(checkRestaurant('delivery', null, angarskRestaurants, null)).toEqual({
      restaurant: null,
      terminalId: null,
      refusal: null,
    });
  });
  it('pickup: the chosen restaurant of the city, else a refusal', () => {
    expect(checkRestaurant('self', null, angarskRestaurants, TERMINAL.angarsk2).terminalId).toBe(TERMINAL.angarsk2);
    expect(checkRestaurant('self', null, angarskRestaurants, TERMINAL.irkutsk1).refusal).toMatchObject({
      code: 'no-restaurant',
      message: ORDER_MESSAGES.noRestaurant,
    });
  });
});

describe('offeredSlots and checkDeliveryTime', () => {
  const restaurant = angarskRestaurants[0]!;
  const basis = (now: string): SlotsBasis => ({
    deliveryMethod: 'delivery',
    workTime: STANDARD_HOURS,
    timeZone: TZ,
    now,
    zone: centre,
    zones: angarskZones,
    restaurant,
  });
  const timeCheck = (deliveryTime: string, now = OPEN_NOW) => {
    const offered = offeredSlots(basis(now), false);
    return checkDeliveryTime({
      deliveryTime,
      deliveryMethod: 'delivery',
      slotInput: offered.slotInput,
      cityOpen: true,
      restaurant,
      restaurantClosedNow: offered.restaurantClosedNow,
    });
  };

  it("offers ASAP while open, with the zone's delivery minutes as the lead", () => {
    const { slots } = offeredSlots(basis(OPEN_NOW), true);
    expect(slots).toMatchObject({ leadMinutes: centre.deliveryMinutes, asap: { available: true, message: null } });
    expect(slots.days.length).toBeGreaterThan(0);
    expect(offeredSlots(basis(OPEN_NOW), false).slots.days).toEqual([]);
  });
  it('accepts ASAP while the restaurant is open, and refuses it while it is closed', () => {
    expect(timeCheck('asap')).toEqual({ deliveryTime: 'asap', refusal: null });
    expect(timeCheck('asap', CLOSED_NOW).refusal).toMatchObject({
      code: 'restaurant-closed',
      message: restaurantClosedMessage(restaurant.name, 'delivery'),
      actionText: 'Выберите время к открытию ресторана',
    });
  });
  it('accepts an offered slot as its ISO start', () => {
    const start = offeredSlots(basis(OPEN_NOW), true).slots.days[0]!.slots[0]!.start;
    expect(timeCheck(start)).toEqual({ deliveryTime: new Date(start).toISOString(), refusal: null });
  });
  it('refuses a past slot, one too far ahead, and one off the grid', () => {
    expect(timeCheck('2026-11-20T04:00:00.000Z').refusal).toMatchObject({
      code: 'slot-past',
      message: ORDER_MESSAGES.slotPast,
    });
    expect(timeCheck('2026-12-20T05:00:00.000Z').refusal).toMatchObject({
      code: 'slot-too-far',
      message: ORDER_MESSAGES.slotTooFar,
    });
    expect(timeCheck('2026-11-21T05:07:00.000Z').refusal).toMatchObject({ message: ORDER_MESSAGES.slotNotOffered });
  });
});

describe('checkStopList', () => {
  const lines = [line(PRODUCT.fries, 1), line(PRODUCT.snackNotForSale, 1)];
  it('passes a cart with nothing stopped', () => {
    expect(checkStopList(lines, new Set(['other']), 'delivery')).toBeNull();
  });
  it('refuses the stopped dishes, by name, with what to do for the method', () => {
    const fries = lines[0]!;
    const delivery = checkStopList(lines, new Set([PRODUCT.fries]), 'delivery');
    expect(delivery).toMatchObject({
      code: 'stop-list',
      message: stoppedMessage([fries.name]),
      productIds: [PRODUCT.fries],
      actionText: 'Уберите эти блюда из корзины или заберите заказ из другого ресторана',
    });
    expect(checkStopList(lines, new Set([PRODUCT.fries]), 'self')?.actionText).toBe(
      'Уберите эти блюда из корзины или выберите другой ресторан',
    );
  });
  it('names a stopped modifier with its dish', () => {
    const withMod = line(PRODUCT.fries, 1, {
      mods: [{ id: 'sauce', name: 'Соус', amount: 1, price: 0, groupId: 'g' }],
    });
    expect(checkStopList([withMod], new Set(['sauce']), 'delivery')?.message).toBe(
      stoppedMessage([`${withMod.name}: Соус`]),
    );
  });
});

describe('money checks', () => {
  it('checkCoupon refuses with the promotion engine’s message', () => {
    expect(checkCoupon(null)).toBeNull();
    expect(checkCoupon('Купон не найден')).toMatchObject({ code: 'coupon-refused', message: 'Купон не найден' });
  });

  it("checkMinSum refuses below the zone's minimum, saying how much is missing", () => {
    expect(checkMinSum(centre, 1, centre.minSum)).toBeNull();
    expect(checkMinSum(null, 1, 0)).toBeNull();
    expect(checkMinSum(centre, 0, 0)).toBeNull();
    expect(checkMinSum(centre, 1, centre.minSum - 150)).toMatchObject({
      code: 'below-min-sum',
      message: zoneMinSumMessage(centre.name, centre.minSum),
      missingSum: 150,
      actionText: missingSumText(150),
    });
  });

  it('checkBonus refuses over the cap first, then over the balance', () => {
    expect(checkBonus(100, 200, 100)).toBeNull();
    expect(checkBonus(300, 200, 1000)).toMatchObject({
      code: 'bonus-cap',
      message: bonusCapMessage(200),
      actionText: 'Спишите не более 200',
    });
    expect(checkBonus(150, 200, 100)).toMatchObject({
      code: 'bonus-cap',
      message: NOT_ENOUGH_BONUS_MESSAGE,
      actionText: 'На счёте 100',
    });
  });

  it('orderTotals: delivery free from the threshold, the service fee, bonuses within cap and balance', () => {
    const base = { discountTotal: 100, zone: centre, catalog: demoCatalog, spendBonus: 50, bonusCap: 200, balance: 30 };
    const cityData = { freeDeliveryFrom: 1500, serviceFeeId: PRODUCT.serviceFee };
    const fee = demoCatalog.products.get(PRODUCT.serviceFee)?.price ?? 0;
    expect(orderTotals({ ...base, goodsTotal: 1000, cityData })).toEqual({
      deliveryPrice: centre.deliveryPrice,
      serviceFee: fee,
      bonusSpent: 30,
      total: 1000 - 100 + centre.deliveryPrice + fee - 50,
    });
    expect(orderTotals({ ...base, goodsTotal: 1500, cityData }).deliveryPrice).toBe(0);
    expect(orderTotals({ ...base, goodsTotal: 1000, cityData: undefined, zone: null })).toMatchObject({
      deliveryPrice: 0,
      serviceFee: 0,
    });
    // Over the cap: refused by checkBonus, and not deducted.
    expect(orderTotals({ ...base, goodsTotal: 1000, cityData: undefined, spendBonus: 500 }).total).toBe(
      1000 - 100 + centre.deliveryPrice,
    );
  });

  it('checkPriceChanged refuses a total other than the one the client showed', () => {
    expect(checkPriceChanged(null, 990)).toBeNull();
    expect(checkPriceChanged(990, 990)).toBeNull();
    expect(checkPriceChanged(900, 990)).toMatchObject({
      code: 'price-changed',
      message: orderPriceChangedMessage(990, 900),
    });
  });

  it('onlinePaymentReason and paymentOptions: online off by settings, restaurant or gateway', () => {
    const on = { disabledForMethod: false, restaurantDisabled: false, accountAvailable: true };
    expect(onlinePaymentReason(on)).toBeNull();
    for (const off of [{ disabledForMethod: true }, { restaurantDisabled: true }, { accountAvailable: false }])
      expect(onlinePaymentReason({ ...on, ...off })).toBe(ORDER_MESSAGES.onlinePaymentOff);
    const options = paymentOptions('self', ORDER_MESSAGES.onlinePaymentOff);
    expect(options.find((o) => o.method === 'card')).toMatchObject({ online: true, available: false });
    expect(options.find((o) => o.method === 'courier-card')?.reason).toBe(ORDER_MESSAGES.courierCardSelf);
    expect(options.find((o) => o.method === 'cash')).toMatchObject({ available: true, reason: null });
  });

  it('checkPaymentMethod: online when allowed, courier card for delivery, change from the total up', () => {
    const args = { deliveryMethod: 'delivery' as const, onlineReason: null, changeFrom: null, total: 990 };
    expect(checkPaymentMethod({ ...args, method: null, changeFrom: 5000 })).toEqual({ changeFrom: null, refusals: [] });
    expect(
      checkPaymentMethod({ ...args, method: 'card', onlineReason: ORDER_MESSAGES.onlinePaymentOff }).refusals,
    ).toMatchObject([{ code: 'online-payment-disabled', message: ORDER_MESSAGES.onlinePaymentOff }]);
    expect(checkPaymentMethod({ ...args, method: 'courier-card', deliveryMethod: 'self' }).refusals).toMatchObject([
      { code: 'courier-card-self', message: ORDER_MESSAGES.courierCardSelf },
    ]);
    expect(checkPaymentMethod({ ...args, method: 'cash', changeFrom: 500 })).toMatchObject({
      changeFrom: 500,
      refusals: [{ code: 'change-too-small', message: ORDER_MESSAGES.changeTooSmall }],
    });
    expect(checkPaymentMethod({ ...args, method: 'cash', changeFrom: 1000 })).toEqual({
      changeFrom: 1000,
      refusals: [],
    });
    expect(checkPaymentMethod({ ...args, method: 'card', changeFrom: 1000 }).changeFrom).toBeNull();
  });

  it('checkConsent refuses only an explicit no', () => {
    expect(checkConsent(undefined)).toBeNull();
    expect(checkConsent(null)).toBeNull();
    expect(checkConsent(true)).toBeNull();
    expect(checkConsent(false)).toMatchObject({ code: 'consent-required', message: ORDER_MESSAGES.consentRequired });
  });
});

describe('checkGifts', () => {
  const fries = { kind: 'snack-gift' as const, productId: PRODUCT.fries, amount: 1, hasModifiers: false };
  const args = { catalog: demoCatalog, items: [], itemProblem: null, stopped: new Set<string>() };
  it('prices the granted gifts free', () => {
    const r = checkGifts({ ...args, gifts: [fries] });
    expect(r.refusal).toBeNull();
    expect(r.gifts).toMatchObject([{ productId: PRODUCT.fries, amount: 1, sum: 0 }]);
  });
  it('leaves out a stop-listed gift and one gone from the catalogue', () => {
    const gone = { ...fries, productId: 'gone' };
    expect(checkGifts({ ...args, gifts: [fries, gone], stopped: new Set([PRODUCT.fries]) })).toEqual({
      gifts: [],
      refusal: null,
    });
  });
  it('refuses modifiers the customer chose that are gone, unless a cart line was refused already', () => {
    const pizza = { kind: 'pizza-gift' as const, productId: PRODUCT.giftPizza, amount: 1, hasModifiers: true };
    const items = [
      { productId: PRODUCT.giftPizza, amount: 1, isGift: true, mods: [{ id: 'gone', amount: 1, groupId: 'g' }] },
    ];
    expect(checkGifts({ ...args, gifts: [pizza], items }).refusal).toMatchObject({
      code: 'item-unavailable',
      message: MODIFIER_GONE_MESSAGE,
    });
    expect(checkGifts({ ...args, gifts: [pizza], items, itemProblem: 'Товар недоступен' }).refusal).toBeNull();
  });
});
