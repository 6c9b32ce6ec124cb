// What the promotion engine said of the applied coupon, for the cart's coupon field (a module of
// its own: the cart projection is in the first load, the cart page is not).
import type { CartState } from './cart';

export type CouponCheck =
  | { status: 'none' }
  /** Applied here, not judged yet by the promotion engine (on its way, or no call: signed out). */
  | { status: 'checking'; coupon: string }
  | { status: 'accepted'; coupon: string }
  | { status: 'refused'; coupon: string; reason: string };

/** What the promotion engine said of the applied coupon. */
export function selectCouponCheck(cart: CartState): CouponCheck {
  const coupon = cart.appliedCoupon;
  if (coupon === null) return { status: 'none' };
  const p = cart.promo;
  if (p.status !== 'applied' || p.coupon !== coupon) return { status: 'checking', coupon };
  const reason = p.couponError ?? null;
  return reason === null ? { status: 'accepted', coupon } : { status: 'refused', coupon, reason };
}
