// Checkout step 1, outside transactions (geocoding may do HTTP): the city, the delivery address
// (a new one or the customer's saved one; another customer's saved address is 403) and its point.
// Step 2 is assess.ts.
import type { CheckoutQuoteBody } from '../../../src/api/contract/checkout.js';
import type { OrderAddress, PaymentMethod } from '../../../src/api/contract/orders.js';
import type { DeliveryMethod } from '../../../src/api/entities.js';
import { findZone } from '../../../src/domain/deliveryZone.js';
import type { AppContext } from '../../context.js';
import type { StoredAddress } from '../../db/schema/orders.js';
import { forbidden } from '../../http/errors.js';
import { distanceMetres } from '../../integrations/geocoder.js';
import { findAddress } from '../../repositories/addresses.js';
import { recentCheckoutReference } from '../checkoutReference.js';
import { geocodeStreet, type CityRow } from '../geocoding.js';
import type { AuthUser } from '../sessions.js';

/** A map point farther than this from the geocoded street does not decide the zone. */
export const MAP_POINT_TOLERANCE_M = 1000;

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
 * City, address, point. 403 for another customer's saved address.
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
    const id = input.addressId;
    const saved = await ctx.db.run((db) => findAddress(db, id));
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
