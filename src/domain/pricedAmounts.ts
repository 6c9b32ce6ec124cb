// The sum to pay as the server prices it (its delivery and bonus rules) and as a quote or a stored
// order reports it, through orderAmounts (amounts.ts) like the cart's. Apart from amounts.ts, which
// the header brings into the first load.
import type { DeliveryMethod } from '../api/entities';
import { orderAmounts, type OrderAmounts } from './amounts';

/**
 * The delivery price the server charges: nothing for pickup or without a zone; free from the city's
 * freeDeliveryFrom (measured on the goods before discounts); else the zone's price.
 */
export function deliveryCharge(args: {
  deliveryMethod: DeliveryMethod;
  goods: number;
  zonePrice: number | null;
  freeDeliveryFrom: number | null;
}): number | null {
  if (args.deliveryMethod !== 'delivery' || args.zonePrice === null) return null;
  return args.freeDeliveryFrom !== null && args.goods >= args.freeDeliveryFrom ? 0 : args.zonePrice;
}

/** Bonuses over the promotion's cap are not taken off (the order is refused for them instead). */
export const bonusDeducted = (spendBonus: number, bonusCap: number): number => (spendBonus > bonusCap ? 0 : spendBonus);

/** What the server priced (a quote or a stored order): its figures as the lines of a sum to pay. */
export type PricedOrder = {
  deliveryMethod: DeliveryMethod;
  goodsTotal: number;
  discountTotal: number;
  deliveryPrice: number;
  serviceFee: number;
  bonusSpent: number;
};

/** The server's figures of a quote or an order, through the same computation as the cart's. */
export function pricedAmounts(p: PricedOrder, lines: readonly { isGift: boolean; amount: number }[]): OrderAmounts {
  return orderAmounts({
    goods: p.goodsTotal,
    discount: p.discountTotal,
    gifts: lines.filter((l) => l.isGift).reduce((n, l) => n + l.amount, 0),
    delivery: p.deliveryMethod === 'delivery' ? p.deliveryPrice : null,
    serviceFee: p.serviceFee,
    bonus: p.bonusSpent,
  });
}

/** A quote's figures; a delivery whose zone is not known yet has no price line (the server charges none). */
export function quotedAmounts(
  quote: PricedOrder & { zone: object | null; lines: readonly { isGift: boolean; amount: number }[] },
): OrderAmounts {
  const priced = pricedAmounts(quote, quote.lines);
  return quote.deliveryMethod === 'delivery' && quote.zone === null
    ? orderAmounts({ ...priced, delivery: null })
    : priced;
}
