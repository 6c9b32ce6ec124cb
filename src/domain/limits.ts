// Limits of PRODUCT.md §9 that the cart enforces before the server does.

/** Longest coupon the promo call accepts (PromoRequest.coupon). */
export const MAX_COUPON_LENGTH = 64;

/** maxPerPositionInOrder: 0 means no limit, otherwise the most one cart line may hold. */
export function exceedsMaxPerPosition(maxPerPosition: number, quantity: number): boolean {
  return maxPerPosition > 0 && quantity > maxPerPosition;
}

/** The quantity a line may take of what was asked (a repeated order is cut down to the limit). */
export function capToMaxPerPosition(maxPerPosition: number, quantity: number): number {
  return maxPerPosition > 0 ? Math.min(quantity, maxPerPosition) : quantity;
}
