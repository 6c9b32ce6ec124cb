// The checkout assessment (issue 5): ONE function decides what an order would be and every
// reason it would be refused. POST /checkout/quote answers all of it; POST /order runs the same
// assessment inside its transaction and throws the first refusal (422, same message and code).
//
// Two steps, because geocoding may do HTTP and must not run inside a transaction:
// 1. prepareCheckout (outside transactions): the city, the delivery address (a new one or the
//    customer's saved one; another customer's saved address is 403) and its point.
// 2. assessCheckout(executor, …): prices, zone, restaurant, slots, stop list, promotions, totals,
//    payment methods, refusals. Pure reads; settings, restaurants, zones, prices, stop lists and
//    gift rules come from the per-process copy of checkoutReference.ts, checked by version with
//    the same executor (inside POST /order's transaction).
import { and, asc, eq } from 'drizzle-orm';
import type {
  CheckoutQuote,
  CheckoutQuoteBody,
  CheckoutRefusal,
  DeliverySlots,
  PaymentOption,
  RestaurantQuote,
  ZoneQuote,
} from '../../src/api/contract/checkout.js';
import { PaymentMethodTitle } from '../../src/api/contract/checkout.js';
import type { OrderAddress, PaymentMethod } from '../../src/api/contract/orders.js';
import { PaymentMethod as PaymentMethodSchema } from '../../src/api/contract/orders.js';
import type { CityData, DeliveryMethod, WeekHours } from '../../src/api/entities.js';
import { asapInfo, checkSlot, deliverySlots, leadMinutes } from '../../src/domain/deliverySlots.js';
import { findZone } from '../../src/domain/deliveryZone.js';
import { isOpenAt, nextOpening } from '../../src/domain/workingHours.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/database.js';
import { cities, restaurants } from '../db/schema/catalog.js';
import { addresses } from '../db/schema/customers.js';
import type { StoredAddress } from '../db/schema/orders.js';
import { forbidden } from '../http/errors.js';
import { distanceMetres } from '../integrations/geocoder.js';
import { captchaInfo } from './captcha.js';
import {
  DEFAULT_SITE_NOT_WORKING_TEXT,
  ORDER_MESSAGES,
  bonusCapMessage,
  missingSumText,
  orderPriceChangedMessage,
  refusal,
  restaurantClosedMessage,
  stoppedMessage,
  streetNotFoundMessage,
  zoneMinSumMessage,
} from './checkoutRefusals.js';
import {
  checkoutReference,
  recentCheckoutReference,
  type ReferenceVersions,
  type RestaurantRow,
} from './checkoutReference.js';
import { cityZones, geocodeStreet, zoneQuote, type CityRow, type ZoneRow } from './geocoding.js';
import { gatewaysOf } from './payments.js';
import { MODIFIER_GONE_MESSAGE, priceItem, isServiceProduct, type PricedLine, type PricingCatalog } from './pricing.js';
import {
  countCouponUses,
  evaluatePromo,
  findCoupon,
  giftInfoFrom,
  normalizeCouponCode,
  type GrantedGift,
  type OrderSettings,
} from './promo.js';
import type { AuthUser } from './sessions.js';
import { cityWorkTime, readStoredSettings } from './settings.js';
import { NOT_ENOUGH_BONUS_MESSAGE, getBalance } from './users.js';

/** A map point farther than this from the geocoded street does not decide the zone. */
export const MAP_POINT_TOLERANCE_M = 1000;

/** A slot picked this many minutes ago is still accepted although the list has moved on. */
export const SLOT_GRACE_MINUTES = 10;

/** What both the quote and POST /order send. */
export interface CheckoutInput {
  cityId: string;
  deliveryMethod: DeliveryMethod;
  items: CheckoutQuoteBody['items'];
  coupon: string | null;
  spendBonus: number;
  address: OrderAddress | null;
  addressId: string | null;
  deliveryTerminalId: string | null;
  deliveryTime: string;
  paymentMethod: PaymentMethod | null;
  changeFrom: number | null;
  expectedTotal: number | null;
  consent?: boolean | null;
}

export interface PreparedCheckout {
  city: CityRow | null;
  /** Delivery: the address with its point (null location: not found). */
  address: StoredAddress | null;
  /** Why there is no deliverable address (delivery only). */
  addressProblem: 'no-address' | 'address-not-found' | 'street-not-found' | null;
}

/**
 * Step 1, outside transactions: city, address, point. 403 for another customer's saved address.
 * `ip`: whose budget of external geocoder calls a cache miss spends (services/geocoding.ts).
 */
export async function prepareCheckout(
  ctx: AppContext,
  user: AuthUser | null,
  input: CheckoutInput,
  ip: string,
): Promise<PreparedCheckout> {
  // The city (and zones) may be up to CONTENT_VERSION_MAX_AGE_MS old here: the assessment reads
  // them again by version. A city missing from an old copy is looked for in a current one.
  let reference = await recentCheckoutReference(ctx.db, ctx.config.contentVersionMaxAgeMs);
  if (!reference.settings.cities.has(input.cityId)) reference = await recentCheckoutReference(ctx.db, 0);
  const city = reference.settings.cities.get(input.cityId) ?? null;
  if (!city || input.deliveryMethod !== 'delivery') return { city, address: null, addressProblem: null };
  let address: StoredAddress;
  if (input.addressId !== null) {
    const saved = await ctx.db.run(
      async (db) =>
        (
          await db
            .select()
            .from(addresses)
            .where(eq(addresses.id, input.addressId ?? ''))
            .limit(1)
        )[0],
    );
    if (!saved) return { city, address: null, addressProblem: 'address-not-found' };
    if (user === null || saved.userId !== user.userId) throw forbidden();
    address = {
      city: saved.city,
      street: saved.street,
      home: saved.home,
      apartment: saved.apartment,
      entrance: saved.entrance,
      floor: saved.floor,
      intercom: saved.intercom,
      comment: saved.comment,
      location: saved.lat !== null && saved.lon !== null ? { lat: saved.lat, lon: saved.lon } : null,
    };
  } else if (input.address !== null) {
    address = { ...input.address, city: input.address.city || city.name };
  } else {
    return { city, address: null, addressProblem: 'no-address' };
  }
  const found = await geocodeStreet(ctx, city, address.street, address.home, ip);
  if (address.location === null) {
    if (!found) return { city, address, addressProblem: 'street-not-found' };
    address = { ...address, location: found.location };
  } else if (found && distanceMetres(found.location, address.location) > MAP_POINT_TOLERANCE_M) {
    // The client's map point is far from the street it names. A point outside every zone is
    // honoured (refused as out of zone); a point inside some zone does not get to choose the
    // zone (and so the minimum sum and delivery price): the street's point decides.
    const point = address.location;
    if (findZone(reference.settings.zones.get(city.id) ?? [], point) !== null)
      address = { ...address, location: found.location };
  }
  return { city, address, addressProblem: null };
}

export interface Assessment {
  refusals: CheckoutRefusal[];
  settings: OrderSettings;
  city: CityRow | null;
  cityRestaurants: readonly RestaurantRow[];
  zone: ZoneRow | null;
  zoneQuote: ZoneQuote | null;
  address: StoredAddress | null;
  restaurant: RestaurantRow | null;
  /** The restaurant that cooks it (null when it cannot be told yet). */
  terminalId: string | null;
  lines: PricedLine[];
  gifts: PricedLine[];
  goodsTotal: number;
  discountTotal: number;
  deliveryPrice: number;
  serviceFee: number;
  bonusSpent: number;
  bonusCap: number;
  total: number;
  appliedCouponCode: string | null;
  /** 'asap' or the ISO start of the slot. */
  deliveryTime: string;
  changeFrom: number | null;
  /** ASAP and, with `listSlots`, the offered days (empty otherwise). */
  slots: DeliverySlots;
  paymentOptions: PaymentOption[];
  /** Stop-listed names per terminal, for the restaurant list. */
  stoppedByTerminal: Map<string, string[]>;
  /** The payment account a new online payment goes to (CloudPayments publicId). */
  paymentAccount: string | null;
}

const ONLINE: ReadonlySet<PaymentMethod> = new Set<PaymentMethod>(['card', 'sbp']);
export const isOnlineMethod = (method: PaymentMethod): boolean => ONLINE.has(method);

function dayText(hours: WeekHours, now: string, timeZone: string): string {
  const weekday = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short' }).format(Date.parse(now));
  const index = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(weekday);
  const day = hours[index];
  if (!day || day.open === day.close) return 'сегодня закрыто';
  return `сегодня ${day.open}–${day.close}`;
}

const clockFormat = (timeZone: string) =>
  new Intl.DateTimeFormat('ru-RU', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** 'Приём заказов начнётся в 10:00' / '… завтра в 10:00' / '… в понедельник, 23 ноября, в 10:00'. */
function reopenText(hours: WeekHours, now: string, timeZone: string): string {
  const next = nextOpening(hours, now, timeZone);
  if (next === null) return 'Оформите заказ в часы работы';
  const day = (iso: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      Date.parse(iso),
    );
  const time = clockFormat(timeZone).format(Date.parse(next));
  const today = day(now);
  const tomorrow = day(new Date(Date.parse(now) + 86_400_000).toISOString());
  if (day(next) === today) return `Приём заказов начнётся в ${time}`;
  if (day(next) === tomorrow) return `Приём заказов начнётся завтра в ${time}`;
  const date = new Intl.DateTimeFormat('ru-RU', { timeZone, weekday: 'long', day: 'numeric', month: 'long' }).format(
    Date.parse(next),
  );
  return `Приём заказов начнётся: ${date}, в ${time}`;
}

function giftLines(
  catalog: PricingCatalog,
  gifts: readonly GrantedGift[],
  items: CheckoutInput['items'],
): { lines: PricedLine[]; badGiftMods: boolean } {
  const lines: PricedLine[] = [];
  let badGiftMods = false;
  for (const gift of gifts) {
    const asked = items.find((i) => i.isGift && i.productId === gift.productId && i.mods.length > 0);
    const mods = gift.hasModifiers ? (asked?.mods ?? defaultMods(catalog, gift.productId)) : [];
    const line = priceItem(catalog, { productId: gift.productId, amount: gift.amount, mods }, { free: true });
    if (typeof line === 'string') {
      // The gift product itself left the catalogue: no gift. Bad modifiers the customer chose: refuse.
      if (asked) badGiftMods = true;
      continue;
    }
    lines.push(line);
  }
  return { lines, badGiftMods };
}

/** The first choice of every required modifier group: the gift pizza when the customer chose nothing. */
function defaultMods(catalog: PricingCatalog, productId: string): { id: string; amount: number; groupId: string }[] {
  const product = catalog.products.get(productId);
  if (!product) return [];
  return product.groupModifiers.flatMap((g) => {
    const first = g.modifiers.find((m) => catalog.products.has(m.modifierId));
    return g.required && first ? [{ id: first.modifierId, amount: 1, groupId: g.id }] : [];
  });
}

function stoppedNames(
  lines: readonly PricedLine[],
  stopped: ReadonlySet<string>,
): { names: string[]; productIds: string[] } {
  const names = [
    ...new Set(
      lines.flatMap((l) => [
        ...(stopped.has(l.productId) ? [l.name] : []),
        ...l.mods.filter((m) => stopped.has(m.id)).map((m) => `${l.name}: ${m.name}`),
      ]),
    ),
  ];
  const productIds = [
    ...new Set(
      lines.filter((l) => stopped.has(l.productId) || l.mods.some((m) => stopped.has(m.id))).map((l) => l.productId),
    ),
  ];
  return { names, productIds };
}

const emptySlots = (timeZone: string): DeliverySlots => ({
  timeZone,
  leadMinutes: 0,
  asap: { available: false, estimate: null, message: ORDER_MESSAGES.cityNotFound },
  days: [],
});

/**
 * Step 2: everything about the order and every refusal, in the order POST /order checks them
 * (its first refusal is what it answers).
 */
export async function assessCheckout(
  ctx: AppContext,
  tx: Executor,
  args: {
    now: Date;
    user: AuthUser | null;
    input: CheckoutInput;
    prepared: PreparedCheckout;
    /** Whose cached reference data to use (the Database). */
    cacheOwner: object;
    /** List the offered slots (the quote shows them; an order only checks its own). */
    listSlots: boolean;
    /** The customer's balance when the caller has just read it (POST /order, with the row lock). */
    balance?: number;
    /** The content versions when the caller has just read them in this transaction (POST /order). */
    versions?: ReferenceVersions;
  },
): Promise<Assessment> {
  const { input, prepared, user } = args;
  const nowIso = args.now.toISOString();
  const refusals: CheckoutRefusal[] = [];
  // Current by version, read through `tx`: never an older copy.
  const reference = await checkoutReference(tx, args.cacheOwner, args.versions);
  const settings = reference.settings.settings;
  if (settings.isSiteNotWorking)
    refusals.push(refusal('site-not-working', settings.textSiteNotWorking.trim() || DEFAULT_SITE_NOT_WORKING_TEXT));

  const city = prepared.city ? (reference.settings.cities.get(prepared.city.id) ?? null) : null;
  const base: Assessment = {
    refusals,
    settings,
    city,
    cityRestaurants: [],
    zone: null,
    zoneQuote: null,
    address: prepared.address,
    restaurant: null,
    terminalId: null,
    lines: [],
    gifts: [],
    goodsTotal: 0,
    discountTotal: 0,
    deliveryPrice: 0,
    serviceFee: 0,
    bonusSpent: 0,
    bonusCap: 0,
    total: 0,
    appliedCouponCode: null,
    deliveryTime: 'asap',
    changeFrom: null,
    slots: emptySlots('UTC'),
    paymentOptions: [],
    stoppedByTerminal: new Map(),
    paymentAccount: null,
  };
  if (!city) {
    refusals.push(refusal('city-not-found', ORDER_MESSAGES.cityNotFound));
    return base;
  }
  const cityRestaurants = reference.settings.restaurants.get(city.id) ?? [];
  base.cityRestaurants = cityRestaurants;
  // WORK_TIME of the city, as GET /setting shows it.
  const workTime = cityWorkTime(cityRestaurants.map((r) => r.hours));
  const cityOpen = isOpenAt(workTime, nowIso, city.timeZone);
  if (!cityOpen)
    refusals.push(
      refusal('outside-working-hours', ORDER_MESSAGES.closed, {
        actionText: reopenText(workTime, nowIso, city.timeZone),
      }),
    );

  // Lines, re-priced one by one (the first problem is the message; every bad line is named).
  const catalog = reference.catalog.catalog;
  const lines: PricedLine[] = [];
  let itemProblem: string | null = null;
  const badItems: string[] = [];
  for (const item of input.items.filter((i) => !i.isGift)) {
    if (isServiceProduct(catalog, item.productId)) continue;
    const line = priceItem(catalog, item);
    if (typeof line === 'string') {
      itemProblem ??= line;
      badItems.push(item.productId);
    } else {
      lines.push(line);
    }
  }
  if (itemProblem !== null) refusals.push(refusal('item-unavailable', itemProblem, { productIds: badItems }));
  else if (lines.length === 0) refusals.push(refusal('empty-cart', ORDER_MESSAGES.emptyCart));
  base.lines = lines;

  // Where it goes and which restaurant cooks it.
  const zones = reference.settings.zones.get(city.id) ?? [];
  const cityData: CityData | undefined = settings.citiesData[city.iikoId];
  let zone: ZoneRow | null = null;
  let restaurant: RestaurantRow | null = null;
  if (input.deliveryMethod === 'delivery') {
    if (prepared.addressProblem === 'no-address') refusals.push(refusal('no-address', ORDER_MESSAGES.noAddress));
    else if (prepared.addressProblem === 'address-not-found')
      refusals.push(refusal('address-not-found', ORDER_MESSAGES.addressNotFound));
    else if (prepared.addressProblem === 'street-not-found')
      refusals.push(refusal('street-not-found', streetNotFoundMessage(prepared.address?.street ?? '', city.name)));
    else if (prepared.address?.location) {
      zone = findZone(zones, prepared.address.location);
      if (!zone) refusals.push(refusal('outside-zone', ORDER_MESSAGES.outsideZone));
    }
    if (zone) {
      const terminal = zone.deliveryTerminalId;
      restaurant = cityRestaurants.find((r) => r.deliveryTerminalId === terminal) ?? null;
      base.terminalId = terminal;
    }
  } else {
    restaurant = cityRestaurants.find((r) => r.deliveryTerminalId === input.deliveryTerminalId) ?? null;
    if (!restaurant) refusals.push(refusal('no-restaurant', ORDER_MESSAGES.noRestaurant));
    else base.terminalId = restaurant.deliveryTerminalId;
  }
  base.zone = zone;
  base.zoneQuote = zone ? zoneQuote(zone, cityData) : null;
  base.restaurant = restaurant;

  // Time: ASAP while the restaurant is open, or an offered slot.
  const hours = restaurant?.hours ?? workTime;
  const lead = leadMinutes(input.deliveryMethod, {
    zoneDeliveryMinutes:
      zone?.deliveryMinutes ??
      (input.deliveryMethod === 'delivery' && zones.length > 0
        ? Math.max(...zones.map((z) => z.deliveryMinutes))
        : null),
    cookingMinutes: restaurant?.cookingMinutes ?? null,
  });
  const slotInput = { hours, timeZone: city.timeZone, now: nowIso, leadMinutes: lead };
  const asap = asapInfo(slotInput);
  const restaurantClosedNow = restaurant !== null && !asap.available;
  base.slots = {
    timeZone: city.timeZone,
    leadMinutes: lead,
    asap: {
      available: asap.available && cityOpen,
      estimate: asap.available && cityOpen ? asap.estimate : null,
      message: !cityOpen
        ? ORDER_MESSAGES.closed
        : restaurantClosedNow && restaurant
          ? restaurantClosedMessage(restaurant.name, input.deliveryMethod)
          : null,
    },
    days: args.listSlots ? deliverySlots(slotInput) : [],
  };
  if (input.deliveryTime === 'asap') {
    if (cityOpen && restaurantClosedNow && restaurant) {
      refusals.push(
        refusal('restaurant-closed', restaurantClosedMessage(restaurant.name, input.deliveryMethod), {
          actionText: 'Выберите время к открытию ресторана',
        }),
      );
    }
  } else {
    const check = checkSlot({ ...slotInput, graceMinutes: SLOT_GRACE_MINUTES }, input.deliveryTime);
    if (check.ok) base.deliveryTime = new Date(Date.parse(input.deliveryTime)).toISOString();
    else if (check.reason === 'past') refusals.push(refusal('slot-past', ORDER_MESSAGES.slotPast));
    else if (check.reason === 'too-far') refusals.push(refusal('slot-too-far', ORDER_MESSAGES.slotTooFar));
    else if (check.reason === 'closed') refusals.push(refusal('slot-outside-working-hours', ORDER_MESSAGES.slotClosed));
    else {
      const first = check.firstSlot ? `Ближайшее время: ${check.firstSlot.label}` : undefined;
      refusals.push(
        refusal(
          check.reason === 'too-soon' ? 'slot-past' : 'slot-outside-working-hours',
          ORDER_MESSAGES.slotNotOffered,
          { actionText: first },
        ),
      );
    }
  }

  // Stop lists: of the cooking restaurant (a refusal) and of every restaurant (for the pickup list).
  const stoppedSets = reference.catalog.stopped;
  for (const r of cityRestaurants)
    base.stoppedByTerminal.set(
      r.deliveryTerminalId,
      stoppedNames(lines, stoppedSets.get(r.deliveryTerminalId) ?? new Set()).names,
    );
  const stoppedHere: ReadonlySet<string> = base.terminalId
    ? (stoppedSets.get(base.terminalId) ?? new Set<string>())
    : new Set<string>();
  const stopped = stoppedNames(lines, stoppedHere);
  if (stopped.names.length > 0) {
    refusals.push(
      refusal('stop-list', stoppedMessage(stopped.names), {
        productIds: stopped.productIds,
        actionText:
          input.deliveryMethod === 'self'
            ? 'Уберите эти блюда из корзины или выберите другой ресторан'
            : 'Уберите эти блюда из корзины или заберите заказ из другого ресторана',
      }),
    );
  }

  // Promotions: coupon, gifts, the bonus cap.
  const couponCode = normalizeCouponCode(input.coupon);
  const coupon = await findCoupon(tx, couponCode);
  const usesByUser = coupon && user ? await countCouponUses(tx, coupon.code, user.userId) : 0;
  const balance = user ? (args.balance ?? (await getBalance(tx, user.userId))) : 0;
  const rules = reference.giftRules;
  const promo = evaluatePromo({
    lines,
    requestedGifts: [],
    couponCode,
    coupon,
    couponUsesByUser: usesByUser,
    user: user ? { id: user.userId, balance } : null,
    cityId: city.id,
    deliveryMethod: input.deliveryMethod,
    now: nowIso,
    spendBonus: input.spendBonus,
    bonusSpendCap: settings.bonusSpendCap,
    rules,
    giftInfo: giftInfoFrom(catalog, rules),
    clientGoodsTotal: null,
  });
  if (promo.couponError !== null) refusals.push(refusal('coupon-refused', promo.couponError));
  const goodsTotal = promo.goodsTotal;
  const discountTotal = promo.couponError === null ? promo.discountTotal : 0;
  base.appliedCouponCode = promo.appliedCoupon?.code ?? null;

  if (zone && lines.length > 0 && goodsTotal - discountTotal < zone.minSum) {
    const missing = zone.minSum - (goodsTotal - discountTotal);
    refusals.push(
      refusal('below-min-sum', zoneMinSumMessage(zone.name, zone.minSum), {
        missingSum: missing,
        actionText: missingSumText(missing),
      }),
    );
  }

  const deliveryPrice = zone ? (cityData && goodsTotal >= cityData.freeDeliveryFrom ? 0 : zone.deliveryPrice) : 0;
  const serviceFee = cityData?.serviceFeeId ? (catalog.products.get(cityData.serviceFeeId)?.price ?? 0) : 0;

  if (input.spendBonus > promo.bonusCap) {
    refusals.push(
      refusal('bonus-cap', bonusCapMessage(promo.bonusCap), { actionText: `Спишите не более ${promo.bonusCap}` }),
    );
  } else if (input.spendBonus > balance) {
    refusals.push(refusal('bonus-cap', NOT_ENOUGH_BONUS_MESSAGE, { actionText: `На счёте ${balance}` }));
  }
  const bonusSpent = Math.min(input.spendBonus, promo.bonusCap, balance);
  const total =
    goodsTotal -
    discountTotal +
    deliveryPrice +
    serviceFee -
    (input.spendBonus > promo.bonusCap ? 0 : input.spendBonus);
  if (input.expectedTotal !== null && Math.abs(input.expectedTotal - total) >= 0.01) {
    refusals.push(refusal('price-changed', orderPriceChangedMessage(total, input.expectedTotal)));
  }
  Object.assign(base, {
    goodsTotal,
    discountTotal,
    deliveryPrice,
    serviceFee,
    bonusSpent,
    bonusCap: promo.bonusCap,
    total,
  });

  // Payment.
  const gateway = gatewaysOf(ctx).current;
  const account = base.terminalId ? gateway.accountFor(base.terminalId) : { available: true as const, account: null };
  base.paymentAccount = account.available ? account.account : null;
  const onlineReason =
    settings.isOnlinePaymentDisable[input.deliveryMethod] || restaurant?.isOnlinePaymentDisabled || !account.available
      ? ORDER_MESSAGES.onlinePaymentOff
      : null;
  base.paymentOptions = PaymentMethodSchema.options.map((method): PaymentOption => {
    const online = isOnlineMethod(method);
    const reason = online
      ? onlineReason
      : method === 'courier-card' && input.deliveryMethod !== 'delivery'
        ? ORDER_MESSAGES.courierCardSelf
        : null;
    return { method, title: PaymentMethodTitle[method], online, available: reason === null, reason };
  });
  const method = input.paymentMethod;
  if (method !== null) {
    if (isOnlineMethod(method) && onlineReason !== null)
      refusals.push(refusal('online-payment-disabled', onlineReason));
    if (method === 'courier-card' && input.deliveryMethod !== 'delivery')
      refusals.push(refusal('courier-card-self', ORDER_MESSAGES.courierCardSelf));
    const changeFrom = method === 'cash' ? input.changeFrom : null;
    if (changeFrom !== null && changeFrom < total)
      refusals.push(refusal('change-too-small', ORDER_MESSAGES.changeTooSmall));
    base.changeFrom = changeFrom;
  }
  if (input.consent === false) refusals.push(refusal('consent-required', ORDER_MESSAGES.consentRequired));

  // Gifts the order qualifies for; a gift the restaurant cannot cook now is left out.
  const gifts = giftLines(catalog, promo.gifts, input.items);
  if (gifts.badGiftMods && itemProblem === null) refusals.push(refusal('item-unavailable', MODIFIER_GONE_MESSAGE));
  base.gifts = gifts.lines.filter((g) => !stoppedHere.has(g.productId));
  return base;
}

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

function storedLine(line: PricedLine, isGift: boolean) {
  return {
    productId: line.productId,
    name: line.name,
    amount: line.amount,
    price: line.unitPrice,
    sum: line.sum,
    mods: line.mods.map((m) => ({ id: m.id, name: m.name, amount: m.amount, price: m.price, groupId: m.groupId })),
    isGift,
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
      lines: [...a.lines.map((l) => storedLine(l, false)), ...a.gifts.map((g) => storedLine(g, true))],
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
  });
}

/** GET /checkout/slots. */
export async function slotsFor(
  ctx: AppContext,
  query: { cityId: string; deliveryMethod: DeliveryMethod; deliveryTerminalId?: string; zoneId?: string },
): Promise<DeliverySlots> {
  const now = ctx.clock.now().toISOString();
  return ctx.db.run(async (db) => {
    const city = (await db.select().from(cities).where(eq(cities.id, query.cityId)).limit(1))[0];
    if (!city) return emptySlots('UTC');
    const list = await db
      .select()
      .from(restaurants)
      .where(and(eq(restaurants.cityId, city.id), eq(restaurants.isActive, true)))
      .orderBy(asc(restaurants.position));
    const zones = await cityZones(db, city.id);
    const zone = query.zoneId ? (zones.find((z) => z.id === query.zoneId) ?? null) : null;
    const terminal = query.deliveryTerminalId ?? zone?.deliveryTerminalId;
    const restaurant = terminal ? (list.find((r) => r.deliveryTerminalId === terminal) ?? null) : null;
    const workTime = cityWorkTime(list.map((r) => r.hours));
    const hours = restaurant?.hours ?? workTime;
    const lead = leadMinutes(query.deliveryMethod, {
      zoneDeliveryMinutes:
        zone?.deliveryMinutes ??
        (query.deliveryMethod === 'delivery' && zones.length > 0
          ? Math.max(...zones.map((z) => z.deliveryMinutes))
          : null),
      cookingMinutes: restaurant?.cookingMinutes ?? null,
    });
    const input = { hours, timeZone: city.timeZone, now, leadMinutes: lead };
    const asap = asapInfo(input);
    const cityOpen = isOpenAt(workTime, now, city.timeZone);
    return {
      timeZone: city.timeZone,
      leadMinutes: lead,
      asap: {
        available: asap.available && cityOpen,
        estimate: asap.available && cityOpen ? asap.estimate : null,
        message: !cityOpen
          ? ORDER_MESSAGES.closed
          : !asap.available && restaurant
            ? restaurantClosedMessage(restaurant.name, query.deliveryMethod)
            : null,
      },
      days: deliverySlots(input),
    };
  });
}
