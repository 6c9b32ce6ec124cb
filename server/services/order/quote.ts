// POST /checkout/quote (the assessment as the customer sees it before submitting) and
// GET /checkout/slots.
import type {
  CheckoutQuote,
  CheckoutQuoteBody,
  DeliverySlots,
  RestaurantQuote,
} from '../../../src/api/contract/checkout.js';
import type { DeliveryMethod } from '../../../src/api/entities.js';
import { isOpenAt } from '../../../src/domain/workingHours.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/database.js';
import { activeRestaurantsOfCity, findCity } from '../../repositories/catalog.js';
import { captchaInfo } from '../captcha.js';
import { ORDER_MESSAGES, refusal } from '../checkoutRefusals.js';
import type { RestaurantRow } from '../checkoutReference.js';
import { cityZones } from '../geocoding.js';
import type { StoredOrderHalf, StoredOrderLine, StoredOrderMod } from '../../db/schema/orders.js';
import type { PricedHalf, PricedLine, PricedMod } from '../pricing.js';
import type { AuthUser } from '../sessions.js';
import { cityWorkTime, readStoredSettings } from '../settings.js';
import { assessCheckout, emptySlots, type Assessment } from './assess.js';
import { offeredSlots } from './checks.js';
import { dayText } from './hoursText.js';
import { prepareCheckout, type CheckoutInput } from './prepare.js';

function restaurantQuote(r: RestaurantRow, a: Assessment, now: string, timeZone: string): RestaurantQuote {
  return {
    deliveryTerminalId: r.deliveryTerminalId,
    name: r.name,
    address: r.address,
    phone: r.phone,
    cookingMinutes: r.cookingMinutes,
    isOpenNow: isOpenAt(r.hours, now, timeZone),
    hoursText: dayText(r.hours, now, timeZone),
    isOnlinePaymentDisabled: r.isOnlinePaymentDisabled,
    stopped: a.stoppedByTerminal.get(r.deliveryTerminalId) ?? [],
  };
}

const storedMod = (m: PricedMod): StoredOrderMod => ({
  id: m.id,
  name: m.name,
  amount: m.amount,
  price: m.price,
  groupId: m.groupId,
});
const storedHalf = (h: PricedHalf): StoredOrderHalf => ({
  productId: h.productId,
  name: h.name,
  price: h.price,
  mods: h.mods.map(storedMod),
});

/** The order's lines, then the gifts the promotions granted, as an order stores them (and the quote shows them). */
export function storedLines(a: { lines: PricedLine[]; gifts: PricedLine[] }): StoredOrderLine[] {
  return [...a.lines.map((l) => storedLine(l, false)), ...a.gifts.map((g) => storedLine(g, true))];
}

/** A priced line as an order stores it (and the quote shows it); a half-and-half line keeps both halves. */
function storedLine(line: PricedLine, isGift: boolean): StoredOrderLine {
  const half = line.halfPizza;
  return {
    productId: line.productId,
    name: line.name,
    amount: line.amount,
    price: line.unitPrice,
    sum: line.sum,
    mods: line.mods.map(storedMod),
    isGift,
    ...(half === undefined
      ? {}
      : {
          halfPizza: {
            sizeId: half.sizeId,
            sizeName: half.sizeName,
            halves: [storedHalf(half.halves[0]), storedHalf(half.halves[1])],
          },
        }),
  };
}

/** POST /checkout/quote. */
export async function quoteCheckout(
  ctx: AppContext,
  user: AuthUser | null,
  body: CheckoutQuoteBody,
  ip: string,
): Promise<CheckoutQuote> {
  const input: CheckoutInput = body;
  const prepared = await prepareCheckout(ctx, user, input, ip);
  const now = ctx.clock.now();
  return ctx.db.run(async (db) => {
    const a = await assessCheckout(ctx, db, { now, user, input, prepared, cacheOwner: ctx.db, listSlots: true });
    if (user === null) a.refusals.push(refusal('sign-in-required', ORDER_MESSAGES.signInRequired));
    return quoteFromAssessment(ctx, db, input, a, now);
  });
}

/** The quote answer of an assessment (also an operator's edit of a placed order, admin/orderEdits.ts). */
export async function quoteFromAssessment(
  ctx: AppContext,
  db: Executor,
  input: CheckoutInput,
  a: Assessment,
  now: Date,
): Promise<CheckoutQuote> {
  const texts = await readStoredSettings(db, ['CHECKOUT_DELIVERY_TEXT']);
  const deliveryTextSetting = texts.CHECKOUT_DELIVERY_TEXT as { delivery?: unknown; self?: unknown } | undefined;
  const deliveryText = deliveryTextSetting?.[input.deliveryMethod];
  const timeZone = a.city?.timeZone ?? 'UTC';
  const nowIso = now.toISOString();
  return {
    cityId: input.cityId,
    deliveryMethod: input.deliveryMethod,
    zone: a.zoneQuote,
    location: a.address?.location ?? null,
    restaurant: a.restaurant ? restaurantQuote(a.restaurant, a, nowIso, timeZone) : null,
    restaurants: a.cityRestaurants.map((r) => restaurantQuote(r, a, nowIso, timeZone)),
    lines: storedLines(a),
    goodsTotal: a.goodsTotal,
    discountTotal: a.discountTotal,
    deliveryPrice: a.deliveryPrice,
    serviceFee: a.serviceFee,
    bonusSpent: a.bonusSpent,
    bonusCap: a.bonusCap,
    total: Math.max(0, a.total),
    paymentMethods: a.paymentOptions,
    deliveryText: typeof deliveryText === 'string' ? deliveryText : '',
    captcha: await captchaInfo(ctx, db),
    slots: a.slots,
    refusals: a.refusals,
    canSubmit: a.refusals.length === 0,
  };
}

/** GET /checkout/slots: the same slots the assessment offers, for a zone or a restaurant. */
export async function slotsFor(
  ctx: AppContext,
  query: { cityId: string; deliveryMethod: DeliveryMethod; deliveryTerminalId?: string; zoneId?: string },
): Promise<DeliverySlots> {
  const now = ctx.clock.now().toISOString();
  return ctx.db.run(async (db) => {
    const city = await findCity(db, query.cityId);
    if (!city) return emptySlots('UTC');
    const list = await activeRestaurantsOfCity(db, city.id);
    const zones = await cityZones(db, city.id);
    const zone = query.zoneId ? (zones.find((z) => z.id === query.zoneId) ?? null) : null;
    const terminal = query.deliveryTerminalId ?? zone?.deliveryTerminalId;
    const restaurant = terminal ? (list.find((r) => r.deliveryTerminalId === terminal) ?? null) : null;
    const workTime = cityWorkTime(list.map((r) => r.hours));
    const basis = {
      deliveryMethod: query.deliveryMethod,
      workTime,
      timeZone: city.timeZone,
      now,
      zone,
      zones,
      restaurant,
    };
    return offeredSlots(basis, true).slots;
  });
}
