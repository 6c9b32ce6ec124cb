// Checkout step 2 (step 1 is prepare.ts): ONE assessment decides what an order would be and every
// reason it would be refused. POST /checkout/quote answers all of it; POST /order runs it inside
// its transaction and throws the first refusal (422, same message and code). The checks are the
// named functions of checks.ts and moneyChecks.ts, composed in the order POST /order answers them:
// where and when (assessWhere.ts), then the money (assessMoney.ts). Settings, restaurants, zones, prices, stop lists and gift rules come from the per-process
// copy of checkoutReference.ts, checked by version with the same executor.
import type { CheckoutRefusal, DeliverySlots, ZoneQuote } from '../../../src/api/contract/checkout.js';
import type { CityData } from '../../../src/api/entities.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/database.js';
import type { StoredAddress } from '../../db/schema/orders.js';
import { ORDER_MESSAGES, refusal } from '../checkoutRefusals.js';
import { checkoutReference, type CheckoutReference, type ReferenceVersions } from '../checkoutReference.js';
import { zoneQuote, type CityRow } from '../geocoding.js';
import type { OrderSettings } from '../promo.js';
import type { AuthUser } from '../sessions.js';
import { assessMoney, type MoneyAssessment } from './assessMoney.js';
import { assessWhere, type Refuse, type WhereAssessment } from './assessWhere.js';
import { checkSiteWorking } from './checks.js';
import type { CheckoutInput, PreparedCheckout } from './prepare.js';

export interface Assessment extends Omit<WhereAssessment, 'itemProblem' | 'stoppedHere'>, MoneyAssessment {
  refusals: CheckoutRefusal[];
  settings: OrderSettings;
  city: CityRow | null;
  zoneQuote: ZoneQuote | null;
  address: StoredAddress | null;
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
  /** An edit of a placed order (admin/orderEdits.ts): the coupon it already holds a use of, not counted twice. */
  ownCouponUse?: string | null;
}

/** Everything about the order and every refusal, in the order POST /order checks them. */
export async function assessCheckout(ctx: AppContext, tx: Executor, args: AssessArgs): Promise<Assessment> {
  const { input, prepared, user } = args;
  const now = args.now.toISOString();
  const refusals: CheckoutRefusal[] = [];
  const refuse: Refuse = (...found) => {
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
  const where = await assessWhere(tx, { reference, city, input, prepared, now, listSlots: args.listSlots }, refuse);
  const cityData: CityData | undefined = settings.citiesData[city.iikoId];
  const money = await assessMoney(
    ctx,
    tx,
    { reference, city, cityData, input, user, now, balance: args.balance, ownCouponUse: args.ownCouponUse },
    where,
    refuse,
  );
  const { itemProblem: _itemProblem, stoppedHere: _stoppedHere, ...found } = where;
  return {
    refusals,
    settings,
    city,
    zoneQuote: where.zone ? zoneQuote(where.zone, cityData) : null,
    address: prepared.address,
    ...found,
    ...money,
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
