// The snack gift (PRODUCT.md §9): one GIFT_IDS.SNACK per `per` snacks of SNACKS_GROUP_ID whose sale
// flag is not false, counted by quantity. The server grants it (POST /promo, POST /order), the cart
// offers it (§4 rule 7) and shows how many snacks are still missing: all from these functions.
import type { CartItem, Product } from '../api/entities';
import { isGoodsLine } from './cart';

/** The promotion's default `per`, and the number the snack gift modal's title names. */
export const SNACKS_PER_GIFT = 3;

/** What the rule reads of a product; the server's priced lines carry the sale flag as null when unset. */
export type SnackProduct = { parentGroup: string; sale: boolean | null | undefined };

/** A product that counts towards the snack gift: of the snacks group, its sale flag not false. */
export function isGiftSnack(product: SnackProduct, snacksGroupId: string): boolean {
  return product.parentGroup === snacksGroupId && product.sale !== false;
}

/** The catalogue product as the rule reads it. */
export const snackProductOf = (product: Pick<Product, 'parentGroup' | 'additionalInfo'>): SnackProduct => ({
  parentGroup: product.parentGroup,
  sale: product.additionalInfo.sale,
});

/** Snacks that count, by quantity. */
export function countGiftSnacks(
  lines: readonly { product: SnackProduct; quantity: number }[],
  snacksGroupId: string,
): number {
  return lines.reduce((n, l) => (isGiftSnack(l.product, snacksGroupId) ? n + l.quantity : n), 0);
}

/** Snacks of the cart's goods lines that count (gift, delivery and service lines never do). */
export function cartSnackCount(items: readonly CartItem[], snacksGroupId: string): number {
  return countGiftSnacks(
    items.filter(isGoodsLine).map((l) => ({ product: snackProductOf(l.product), quantity: l.quantity })),
    snacksGroupId,
  );
}

/** Gifts the snacks earn: one per full `per`; none when the promotion's `per` is not positive. */
export function snackGiftCount(snacks: number, per: number = SNACKS_PER_GIFT): number {
  return per > 0 ? Math.floor(snacks / per) : 0;
}

/** Snacks still missing for the next gift; 0 when there is no snack yet or the last set is full. */
export function snacksToNextGift(snacks: number, per: number = SNACKS_PER_GIFT): number {
  const rest = per > 0 ? snacks % per : 0;
  return snacks === 0 || rest === 0 ? 0 : per - rest;
}
