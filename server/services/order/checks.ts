// The checkout's checks of where, when and what (the money's checks are moneyChecks.ts): each a
// pure function from what it looks at to a refusal (or null), with what the next checks need.
// assess.ts composes them in the order POST /order answers its first refusal.
import type { CheckoutQuoteBody, CheckoutRefusal, DeliverySlots } from '../../../src/api/contract/checkout.js';
import type { DeliveryMethod, WeekHours } from '../../../src/api/entities.js';
import { asapInfo, checkSlot, deliverySlots, leadMinutes, type SlotsInput } from '../../../src/domain/deliverySlots.js';
import { findZone } from '../../../src/domain/deliveryZone.js';
import { isOpenAt } from '../../../src/domain/workingHours.js';
import {
  DEFAULT_SITE_NOT_WORKING_TEXT,
  ORDER_MESSAGES,
  refusal,
  restaurantClosedMessage,
  stoppedMessage,
  streetNotFoundMessage,
} from '../checkoutRefusals.js';
import type { RestaurantRow } from '../checkoutReference.js';
import type { ZoneRow } from '../geocoding.js';
import {
  isServiceProduct,
  NO_HALF_PIZZA,
  priceItem,
  type HalfPizzaRules,
  type PricedLine,
  type PricingCatalog,
} from '../pricing.js';
import type { OrderSettings } from '../promo.js';
import { reopenText } from './hoursText.js';
import type { PreparedCheckout } from './prepare.js';

/** A slot picked this many minutes ago is still accepted although the list has moved on. */
export const SLOT_GRACE_MINUTES = 10;

/** The whole site switched off in the settings. */
export function checkSiteWorking(
  settings: Pick<OrderSettings, 'isSiteNotWorking' | 'textSiteNotWorking'>,
): CheckoutRefusal | null {
  if (!settings.isSiteNotWorking) return null;
  return refusal('site-not-working', settings.textSiteNotWorking.trim() || DEFAULT_SITE_NOT_WORKING_TEXT);
}

/** The city's working hours (WORK_TIME, as GET /setting shows it): closed now is a refusal. */
export function checkCityOpen(workTime: WeekHours, now: string, timeZone: string): CheckoutRefusal | null {
  if (isOpenAt(workTime, now, timeZone)) return null;
  return refusal('outside-working-hours', ORDER_MESSAGES.closed, { actionText: reopenText(workTime, now, timeZone) });
}

/**
 * The cart re-priced line by line (gifts and service products aside): the first problem is the
 * message and every bad line is named; an empty cart is refused too.
 */
export function checkItems(
  catalog: PricingCatalog,
  items: CheckoutQuoteBody['items'],
  halfPizza: HalfPizzaRules = NO_HALF_PIZZA,
): { lines: PricedLine[]; itemProblem: string | null; refusal: CheckoutRefusal | null } {
  const lines: PricedLine[] = [];
  let itemProblem: string | null = null;
  const badItems: string[] = [];
  for (const item of items.filter((i) => !i.isGift)) {
    if (item.halfPizza === undefined && isServiceProduct(catalog, item.productId)) continue;
    const line = priceItem(catalog, item, { halfPizza });
    if (typeof line === 'string') {
      itemProblem ??= line;
      badItems.push(item.productId);
    } else {
      lines.push(line);
    }
  }
  if (itemProblem !== null)
    return { lines, itemProblem, refusal: refusal('item-unavailable', itemProblem, { productIds: badItems }) };
  if (lines.length === 0) return { lines, itemProblem, refusal: refusal('empty-cart', ORDER_MESSAGES.emptyCart) };
  return { lines, itemProblem, refusal: null };
}

/** Delivery: an address, found, whose point lies in one of the city's zones. */
export function checkDeliveryZone(
  prepared: Pick<PreparedCheckout, 'address' | 'addressProblem'>,
  zones: readonly ZoneRow[],
  cityName: string,
): { zone: ZoneRow | null; refusal: CheckoutRefusal | null } {
  switch (prepared.addressProblem) {
    case 'no-address':
      return { zone: null, refusal: refusal('no-address', ORDER_MESSAGES.noAddress) };
    case 'address-not-found':
      return { zone: null, refusal: refusal('address-not-found', ORDER_MESSAGES.addressNotFound) };
    case 'street-not-found':
      return {
        zone: null,
        refusal: refusal('street-not-found', streetNotFoundMessage(prepared.address?.street ?? '', cityName)),
      };
    case null:
      break;
  }
  if (!prepared.address?.location) return { zone: null, refusal: null };
  const zone = findZone(zones, prepared.address.location);
  return { zone, refusal: zone ? null : refusal('outside-zone', ORDER_MESSAGES.outsideZone) };
}

/**
 * Which restaurant cooks it: the zone's for delivery (its terminal even when the restaurant is
 * not listed), the chosen one for pickup (refused when it is not one of the city's).
 */
export function checkRestaurant(
  deliveryMethod: DeliveryMethod,
  zone: ZoneRow | null,
  cityRestaurants: readonly RestaurantRow[],
  deliveryTerminalId: string | null,
): { restaurant: RestaurantRow | null; terminalId: string | null; refusal: CheckoutRefusal | null } {
  if (deliveryMethod === 'delivery') {
    if (!zone) return { restaurant: null, terminalId: null, refusal: null };
    const terminal = zone.deliveryTerminalId;
    const restaurant = cityRestaurants.find((r) => r.deliveryTerminalId === terminal) ?? null;
    return { restaurant, terminalId: terminal, refusal: null };
  }
  const restaurant = cityRestaurants.find((r) => r.deliveryTerminalId === deliveryTerminalId) ?? null;
  if (!restaurant)
    return { restaurant: null, terminalId: null, refusal: refusal('no-restaurant', ORDER_MESSAGES.noRestaurant) };
  return { restaurant, terminalId: restaurant.deliveryTerminalId, refusal: null };
}

/** What the slots depend on: the hours, the zone's or the restaurant's lead time, the time zone. */
export interface SlotsBasis {
  deliveryMethod: DeliveryMethod;
  /** The city's working hours (WORK_TIME). */
  workTime: WeekHours;
  timeZone: string;
  now: string;
  zone: ZoneRow | null;
  zones: readonly ZoneRow[];
  restaurant: Pick<RestaurantRow, 'name' | 'hours' | 'cookingMinutes'> | null;
}

/** ASAP while the restaurant (or else the city) is open, and the offered slots. */
export function offeredSlots(
  basis: SlotsBasis,
  listSlots: boolean,
): { slots: DeliverySlots; slotInput: SlotsInput; restaurantClosedNow: boolean } {
  const { deliveryMethod, zone, zones, restaurant, timeZone, now } = basis;
  const hours = restaurant?.hours ?? basis.workTime;
  const lead = leadMinutes(deliveryMethod, {
    zoneDeliveryMinutes:
      zone?.deliveryMinutes ??
      (deliveryMethod === 'delivery' && zones.length > 0 ? Math.max(...zones.map((z) => z.deliveryMinutes)) : null),
    cookingMinutes: restaurant?.cookingMinutes ?? null,
  });
  const slotInput: SlotsInput = { hours, timeZone, now, leadMinutes: lead };
  const asap = asapInfo(slotInput);
  const cityOpen = isOpenAt(basis.workTime, now, timeZone);
  const restaurantClosedNow = restaurant !== null && !asap.available;
  const slots: DeliverySlots = {
    timeZone,
    leadMinutes: lead,
    asap: {
      available: asap.available && cityOpen,
      estimate: asap.available && cityOpen ? asap.estimate : null,
      message: !cityOpen
        ? ORDER_MESSAGES.closed
        : restaurantClosedNow && restaurant
          ? restaurantClosedMessage(restaurant.name, deliveryMethod)
          : null,
    },
    days: listSlots ? deliverySlots(slotInput) : [],
  };
  return { slots, slotInput, restaurantClosedNow };
}

/**
 * The delivery time: ASAP while the cooking restaurant is open (a closed city is refused by
 * checkCityOpen already), or an offered slot. The accepted time: 'asap' or the slot's ISO start.
 */
export function checkDeliveryTime(args: {
  deliveryTime: string;
  deliveryMethod: DeliveryMethod;
  slotInput: SlotsInput;
  cityOpen: boolean;
  restaurant: Pick<RestaurantRow, 'name'> | null;
  restaurantClosedNow: boolean;
}): { deliveryTime: string; refusal: CheckoutRefusal | null } {
  const { restaurant } = args;
  if (args.deliveryTime === 'asap') {
    if (args.cityOpen && args.restaurantClosedNow && restaurant) {
      return {
        deliveryTime: 'asap',
        refusal: refusal('restaurant-closed', restaurantClosedMessage(restaurant.name, args.deliveryMethod), {
          actionText: 'Выберите время к открытию ресторана',
        }),
      };
    }
    return { deliveryTime: 'asap', refusal: null };
  }
  const check = checkSlot({ ...args.slotInput, graceMinutes: SLOT_GRACE_MINUTES }, args.deliveryTime);
  if (check.ok) return { deliveryTime: new Date(Date.parse(args.deliveryTime)).toISOString(), refusal: null };
  const refused = (r: CheckoutRefusal) => ({ deliveryTime: 'asap', refusal: r });
  if (check.reason === 'past') return refused(refusal('slot-past', ORDER_MESSAGES.slotPast));
  if (check.reason === 'too-far') return refused(refusal('slot-too-far', ORDER_MESSAGES.slotTooFar));
  if (check.reason === 'closed') return refused(refusal('slot-outside-working-hours', ORDER_MESSAGES.slotClosed));
  const first = check.firstSlot ? `Ближайшее время: ${check.firstSlot.label}` : undefined;
  return refused(
    refusal(check.reason === 'too-soon' ? 'slot-past' : 'slot-outside-working-hours', ORDER_MESSAGES.slotNotOffered, {
      actionText: first,
    }),
  );
}

/** Stop-listed names among the lines (a stopped modifier as 'Блюдо: модификатор') and their products. */
export function stoppedNames(
  lines: readonly PricedLine[],
  stopped: ReadonlySet<string>,
): { names: string[]; productIds: string[] } {
  // A half-and-half pizza cannot be made when either half (or a half's modifier) is stopped.
  const parts = (l: PricedLine) => [
    { productId: l.productId, name: l.name, mods: l.mods },
    ...(l.halfPizza?.halves.map((h) => ({ productId: h.productId, name: `${l.name}: ${h.name}`, mods: h.mods })) ?? []),
  ];
  const isStoppedLine = (l: PricedLine) =>
    parts(l).some((p) => stopped.has(p.productId) || p.mods.some((m) => stopped.has(m.id)));
  const names = [
    ...new Set(
      lines.flatMap((l) =>
        parts(l).flatMap((p) => [
          ...(stopped.has(p.productId) ? [p.name] : []),
          ...p.mods.filter((m) => stopped.has(m.id)).map((m) => `${p.name}: ${m.name}`),
        ]),
      ),
    ),
  ];
  const productIds = [...new Set(lines.filter(isStoppedLine).map((l) => l.productId))];
  return { names, productIds };
}

/** The cooking restaurant's stop list: any stopped dish or modifier in the cart is refused. */
export function checkStopList(
  lines: readonly PricedLine[],
  stopped: ReadonlySet<string>,
  deliveryMethod: DeliveryMethod,
): CheckoutRefusal | null {
  const found = stoppedNames(lines, stopped);
  if (found.names.length === 0) return null;
  return refusal('stop-list', stoppedMessage(found.names), {
    productIds: found.productIds,
    actionText:
      deliveryMethod === 'self'
        ? 'Уберите эти блюда из корзины или выберите другой ресторан'
        : 'Уберите эти блюда из корзины или заберите заказ из другого ресторана',
  });
}
