// The first half of a checkout's assessment (assess.ts): where and when. The city's hours, the
// items, the delivery zone, the restaurant that cooks, the delivery time and the stop lists, each
// a named check of checks.ts, in the order POST /order answers them.
import type { CheckoutRefusal, DeliverySlots } from '../../../src/api/contract/checkout.js';
import { isOpenAt } from '../../../src/domain/workingHours.js';
import type { Executor } from '../../db/database.js';
import { refusal } from '../checkoutRefusals.js';
import type { CheckoutReference, RestaurantRow } from '../checkoutReference.js';
import type { CityRow, ZoneRow } from '../geocoding.js';
import { isRestaurantDown, TERMINAL_DOWN_MESSAGE } from '../pos/terminals.js';
import type { PricedLine } from '../pricing.js';
import { halfPizzaRulesOf } from '../promo.js';
import { cityWorkTime } from '../settings.js';
import {
  checkCityOpen,
  checkDeliveryTime,
  checkDeliveryZone,
  checkItems,
  checkRestaurant,
  checkStopList,
  offeredSlots,
  stoppedNames,
} from './checks.js';
import type { CheckoutInput, PreparedCheckout } from './prepare.js';

/** Where and when the order is, as far as the checks could tell. */
export interface WhereAssessment {
  cityRestaurants: readonly RestaurantRow[];
  lines: PricedLine[];
  /** The first item that cannot be ordered, in Russian (null: none). */
  itemProblem: string | null;
  zone: ZoneRow | null;
  restaurant: RestaurantRow | null;
  /** The restaurant that cooks it (null when it cannot be told yet). */
  terminalId: string | null;
  /** 'asap' or the ISO start of the slot. */
  deliveryTime: string;
  slots: DeliverySlots;
  /** Stop-listed names per terminal, for the restaurant list. */
  stoppedByTerminal: Map<string, string[]>;
  /** What the cooking restaurant has stop-listed. */
  stoppedHere: ReadonlySet<string>;
}

/** Hands the refusals found (null: none) to the assessment, which keeps them in this order. */
export type Refuse = (...found: (CheckoutRefusal | null)[]) => void;

export interface WhereArgs {
  reference: CheckoutReference;
  city: CityRow;
  input: CheckoutInput;
  prepared: PreparedCheckout;
  /** ISO. */
  now: string;
  /** List the offered slots (the quote shows them; an order only checks its own). */
  listSlots: boolean;
}

/** Where and when, each refusal handed to `refuse` in the order POST /order answers them. */
export async function assessWhere(
  tx: Executor,
  { reference, city, input, prepared, now, listSlots }: WhereArgs,
  refuse: Refuse,
): Promise<WhereAssessment> {
  const cityRestaurants = reference.settings.restaurants.get(city.id) ?? [];
  const workTime = cityWorkTime(cityRestaurants.map((r) => r.hours));
  const cityOpen = isOpenAt(workTime, now, city.timeZone);
  refuse(checkCityOpen(workTime, now, city.timeZone));

  const items = checkItems(reference.catalog.catalog, input.items, halfPizzaRulesOf(reference.settings.settings));
  refuse(items.refusal);
  const { lines } = items;

  // Where it goes and which restaurant cooks it.
  const zones = reference.settings.zones.get(city.id) ?? [];
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
    listSlots,
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

  return {
    cityRestaurants,
    lines,
    itemProblem: items.itemProblem,
    zone,
    restaurant,
    terminalId,
    deliveryTime: time.deliveryTime,
    slots: offered.slots,
    stoppedByTerminal,
    stoppedHere,
  };
}
