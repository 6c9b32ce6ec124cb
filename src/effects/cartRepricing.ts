// Which events change the price of the cart, for every place that asks for it again: the promo
// recalculation, the checkout's quote, and the trigger that loads the promo effect's chunk.
import type { AppEvent, AppEventType } from '../events';

/**
 * The customer's changes after which the cart is priced again (PRODUCT.md §4: every change of
 * items, coupon or delivery method; also bonus spending and sign-in). Promo-made changes (gifts,
 * delivery lines, PromoResultApplied) are not here, so that a promo answer never loops.
 */
export const CART_REPRICING_EVENTS = [
  'ItemAdded',
  'ItemMerged',
  'HalfPizzaAdded',
  'HalfPizzaMerged',
  'ItemQuantityChanged',
  'ItemRemoved',
  'ItemsInvalidated',
  'CouponApplied',
  'CouponRemoved',
  'DeliveryMethodChanged',
  'SpendBonusChanged',
  'SignedIn',
] as const satisfies readonly AppEventType[];

/** Whether the event is one of CART_REPRICING_EVENTS. */
export const repricesCart = (event: AppEvent): boolean =>
  (CART_REPRICING_EVENTS as readonly string[]).includes(event.type);
