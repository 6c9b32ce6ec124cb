// Cart figures the cart page shows (pure; computed from the projection and settings).
import type { CartItem, Settings } from '../../api/entities';
import { formatCount } from '../../domain/plural';
import { formatPrice, lineTotal, roundMoney } from '../../domain/price';
import { isDeliveryLine } from '../../projections/cart';

/** SPEC §9: a free fries item for 3 snacks. */
export const SNACKS_PER_GIFT = 3;
export const SNACK_FORMS = ['закуска', 'закуски', 'закусок'] as const;

/** Snacks that count for the gift: goods lines of the snacks group not flagged sale=false. */
export function snackCount(items: readonly CartItem[], settings: Pick<Settings, 'SNACKS_GROUP_ID'> | null): number {
  if (settings === null) return 0;
  return items
    .filter((l) => !l.isGift && !l.isHidden && !l.isServiceFee)
    .filter((l) => l.product.parentGroup === settings.SNACKS_GROUP_ID && l.product.additionalInfo.sale !== false)
    .reduce((n, l) => n + l.quantity, 0);
}

/** 'ещё 1 закуска — и картофель фри в подарок', or null when no snack is in the cart or the set is full. */
export function giftProgressText(snacks: number): string | null {
  const rest = snacks % SNACKS_PER_GIFT;
  if (snacks === 0 || rest === 0) return null;
  return `ещё ${formatCount(SNACKS_PER_GIFT - rest, SNACK_FORMS)} — и картофель фри в подарок`;
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
