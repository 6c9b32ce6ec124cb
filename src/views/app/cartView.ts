// Cart figures the cart page shows (pure; computed from the projection and settings).
import type { CartItem, Settings } from '../../api/entities';
import { isDeliveryLine } from '../../domain/cart';
import { cartSnackCount, snacksToNextGift } from '../../domain/gifts';
import { formatCount } from '../../domain/plural';
import { formatPrice, lineTotal, roundMoney } from '../../domain/price';

export const SNACK_FORMS = ['закуска', 'закуски', 'закусок'] as const;

/** Snacks that count for the gift (PRODUCT.md §9, domain/gifts); 0 before the settings are known. */
export function snackCount(items: readonly CartItem[], settings: Pick<Settings, 'SNACKS_GROUP_ID'> | null): number {
  return settings === null ? 0 : cartSnackCount(items, settings.SNACKS_GROUP_ID);
}

/** 'ещё 1 закуска — и картофель фри в подарок', or null when no snack is in the cart or the set is full. */
export function giftProgressText(snacks: number): string | null {
  const missing = snacksToNextGift(snacks);
  return missing === 0 ? null : `ещё ${formatCount(missing, SNACK_FORMS)} — и картофель фри в подарок`;
}

/** 'до бесплатной доставки осталось N ₽', or null when reached or unknown. */
export function freeDeliveryText(goods: number, freeFrom: number | null): string | null {
  if (freeFrom === null || freeFrom <= 0 || goods >= freeFrom) return null;
  return `до бесплатной доставки осталось ${formatPrice(roundMoney(freeFrom - goods))}`;
}

/** The delivery lines' sum, or null when there is no delivery line. */
export function deliveryFee(items: readonly CartItem[]): number | null {
  const lines = items.filter(isDeliveryLine);
  if (lines.length === 0) return null;
  return roundMoney(lines.reduce((sum, l) => sum + lineTotal(l), 0));
}
