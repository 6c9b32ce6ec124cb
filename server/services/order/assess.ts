// Checkout step 2 (step 1 is prepare.ts): ONE assessment decides what an order would be and every
// reason it would be refused. POST /checkout/quote answers all of it; POST /order runs it inside
// its transaction and throws the first refusal (422, same message and code). The checks are the
// named functions of checks.ts and moneyChecks.ts, composed here in the order POST /order answers
// them. Settings, restaurants, zones, prices, stop lists and gift rules come from the per-process
// copy of checkoutReference.ts, checked by version with the same executor.
import type { CheckoutRefusal, DeliverySlots, PaymentOption, ZoneQuote } from '../../../src/api/contract/checkout.js';
import type { CityData } from '../../../src/api/entities.js';
import { isOpenAt } from '../../../src/domain/workingHours.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/database.js';
import type { StoredAddress } from '../../db/schema/orders.js';
import { ORDER_MESSAGES, refusal } from '../checkoutRefusals.js';
import {
  checkoutReference,
  type CheckoutReference,
  type ReferenceVersions,
  type RestaurantRow,
} from '../checkoutReference.js';
import { zoneQuote, type CityRow, type ZoneRow } from '../geocoding.js';
import { gatewaysOf } from '../paymentGateways.js';
import type { PricedLine } from '../pricing.js';
import {
  countCouponUses,
  evaluatePromo,
  findCoupon,
  giftInfoFrom,
  halfPizzaRulesOf,
  normalizeCouponCode,
  type OrderSettings,
} from '../promo.js';
import type { AuthUser } from '../sessions.js';
import { cityWorkTime } from '../settings.js';
import { getBalance } from '../users.js';
import {
  checkCityOpen,
  checkDeliveryTime,
  checkDeliveryZone,
  checkItems,
  checkRestaurant,
  checkSiteWorking,
  checkStopList,
  offeredSlots,
  stoppedNames,
} from './checks.js';
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
} from './moneyChecks.js';
import type { CheckoutInput, PreparedCheckout } from './prepare.js';
import { isRestaurantDown, TERMINAL_DOWN_MESSAGE } from '../pos/terminals.js';

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

export const emptySlots = (timeZone: string): DeliverySlots => ({
  timeZone,
  leadMinutes: 0,
  asap: { available: false, estimate: null, message: ORDER_MESSAGES.cityNotFound },
  days: [],
});

export interface AssessArgs {
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
  /**
   * The reference data to use as it is, with no version check here: POST /order's single
   * statement checks that its versions are still current in the write itself (place.ts).
   */
  reference?: CheckoutReference;
  /** An edit of a placed order (order/edit.ts): the coupon it already holds a use of, not counted twice. */
  ownCouponUse?: string | null;
}

/** Everything about the order and every refusal, in the order POST /order checks them. */
export async function assessCheckout(ctx: AppContext, tx: Executor, args: AssessArgs): Promise<Assessment> {
  const { input, prepared, user } = args;
  const now = args.now.toISOString();
  const refusals: CheckoutRefusal[] = [];
  const refuse = (...found: (CheckoutRefusal | null)[]) => {
    for (const r of found) if (r) refusals.push(r);
  };
  // Current by version, read through `tx`: never an older copy.
  const reference = args.reference ?? (await checkoutReference(tx, args.cacheOwner, args.versions));
  const settings = reference.settings.settings;
  refuse(checkSiteWorking(settings));
  const city = prepared.city ? (reference.settings.cities.get(prepared.city.id) ?? null) : null;
  if (!city) {
    refuse(refusal('city-not-found', ORDER_MESSAGES.cityNotFound));
    return emptyAssessment(refusals, settings, prepared.address);
  }
  const cityRestaurants = reference.settings.restaurants.get(city.id) ?? [];
  const workTime = cityWorkTime(cityRestaurants.map((r) => r.hours));
  const cityOpen = isOpenAt(workTime, now, city.timeZone);
  refuse(checkCityOpen(workTime, now, city.timeZone));

  const catalog = reference.catalog.catalog;
  const items = checkItems(catalog, input.items, halfPizzaRulesOf(settings));
  refuse(items.refusal);
  const { lines } = items;

  // Where it goes and which restaurant cooks it.
  const zones = reference.settings.zones.get(city.id) ?? [];
  const cityData: CityData | undefined = settings.citiesData[city.iikoId];
  const where = input.deliveryMethod === 'delivery' ? checkDeliveryZone(prepared, zones, city.name) : null;
  refuse(where?.refusal ?? null);
  const zone = where?.zone ?? null;
  const cook = checkRestaurant(input.deliveryMethod, zone, cityRestaurants, input.deliveryTerminalId);
  refuse(cook.refusal);
  const { restaurant, terminalId } = cook;
  // the POS says this restaurant's terminal is down: it cannot take the order (docs/IIKO.md)
  if (terminalId && (await isRestaurantDown(tx, terminalId))) refuse(refusal('no-restaurant', TERMINAL_DOWN_MESSAGE));

  const offered = offeredSlots(
    { deliveryMethod: input.deliveryMethod, workTime, timeZone: city.timeZone, now, zone, zones, restaurant },
    args.listSlots,
  );
  const time = checkDeliveryTime({
    deliveryTime: input.deliveryTime,
    deliveryMethod: input.deliveryMethod,
    slotInput: offered.slotInput,
    cityOpen,
    restaurant,
    restaurantClosedNow: offered.restaurantClosedNow,
  });
  refuse(time.refusal);

  // Stop lists: of the cooking restaurant (a refusal) and of every restaurant (for the pickup list).
  const stoppedSets = reference.catalog.stopped;
  const stoppedByTerminal = new Map(
    cityRestaurants.map((r) => [
      r.deliveryTerminalId,
      stoppedNames(lines, stoppedSets.get(r.deliveryTerminalId) ?? new Set()).names,
    ]),
  );
  const stoppedHere: ReadonlySet<string> = terminalId ? (stoppedSets.get(terminalId) ?? new Set()) : new Set();
  refuse(checkStopList(lines, stoppedHere, input.deliveryMethod));

  // Promotions: coupon, gifts, the bonus cap.
  const couponCode = normalizeCouponCode(input.coupon);
  const found = await findCoupon(tx, couponCode);
  const own = found !== null && found.code === args.ownCouponUse ? 1 : 0;
  const coupon = found && own ? { ...found, usedCount: Math.max(0, found.usedCount - own) } : found;
  const usesByUser = coupon && user ? (await countCouponUses(tx, coupon.code, user.userId)) - own : 0;
  const balance = user ? (args.balance ?? (await getBalance(tx, user.userId))) : 0;
  const promo = evaluatePromo({
    lines,
    requestedGifts: [],
    couponCode,
    coupon,
    couponUsesByUser: usesByUser,
    user: user ? { id: user.userId, balance } : null,
    cityId: city.id,
    deliveryMethod: input.deliveryMethod,
    now,
    spendBonus: input.spendBonus,
    bonusSpendCap: settings.bonusSpendCap,
    rules: reference.giftRules,
    giftInfo: giftInfoFrom(catalog, reference.giftRules),
    clientGoodsTotal: null,
  });
  refuse(checkCoupon(promo.couponError));
  const goodsTotal = promo.goodsTotal;
  const discountTotal = promo.couponError === null ? promo.discountTotal : 0;
  refuse(checkMinSum(zone, lines.length, goodsTotal - discountTotal));
  const totals = orderTotals({
    goodsTotal,
    discountTotal,
    zone,
    cityData,
    catalog,
    spendBonus: input.spendBonus,
    bonusCap: promo.bonusCap,
    balance,
  });
  refuse(checkBonus(input.spendBonus, promo.bonusCap, balance), checkPriceChanged(input.expectedTotal, totals.total));

  // Payment.
  const account = terminalId
    ? gatewaysOf(ctx).current.accountFor(terminalId)
    : { available: true as const, account: null };
  const onlineReason = onlinePaymentReason({
    disabledForMethod: settings.isOnlinePaymentDisable[input.deliveryMethod],
    restaurantDisabled: restaurant?.isOnlinePaymentDisabled ?? false,
    accountAvailable: account.available,
  });
  const payment = checkPaymentMethod({
    method: input.paymentMethod,
    deliveryMethod: input.deliveryMethod,
    onlineReason,
    changeFrom: input.changeFrom,
    total: totals.total,
  });
  refuse(...payment.refusals, checkConsent(input.consent));

  // Gifts the order qualifies for; a gift the restaurant cannot cook now is left out.
  const gifts = checkGifts({
    catalog,
    gifts: promo.gifts,
    items: input.items,
    itemProblem: items.itemProblem,
    stopped: stoppedHere,
  });
  refuse(gifts.refusal);

  return {
    refusals,
    settings,
    city,
    cityRestaurants,
    zone,
    zoneQuote: zone ? zoneQuote(zone, cityData) : null,
    address: prepared.address,
    restaurant,
    terminalId,
    lines,
    gifts: gifts.gifts,
    goodsTotal,
    discountTotal,
    ...totals,
    bonusCap: promo.bonusCap,
    appliedCouponCode: promo.appliedCoupon?.code ?? null,
    deliveryTime: time.deliveryTime,
    changeFrom: payment.changeFrom,
    slots: offered.slots,
    paymentOptions: paymentOptions(input.deliveryMethod, onlineReason),
    stoppedByTerminal,
    paymentAccount: account.available ? account.account : null,
  };
}

/** What an order in no known city is: nothing but its refusals. */
function emptyAssessment(
  refusals: CheckoutRefusal[],
  settings: OrderSettings,
  address: StoredAddress | null,
): Assessment {
  return {
    refusals,
    settings,
    city: null,
    cityRestaurants: [],
    zone: null,
    zoneQuote: null,
    address,
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
}
