// What an order costs and why: the one computation the header, the cart, /checkout, /complete and
// the server's order share (docs/CHECKOUT.md "One sum everywhere"). Each side gathers its parts
// (the client from its cart lines, the server from its re-priced lines) and calls orderAmounts.
import type { CityData, DeliveryMethod } from '../api/entities';
import { roundMoney } from './price';

/** The parts of the sum to pay, each already known or null while it is not. */
export type AmountParts = {
  /** Σ goods lines before any discount. */
  goods: number;
  /** The coupon's discount the promotion engine granted. */
  discount: number;
  /** Gift units in the order (free: listed, never charged). */
  gifts: number;
  /** Delivery price; null for pickup or while the delivery point is unknown. */
  delivery: number | null;
  /** The city's service fee (0 where there is none). */
  serviceFee: number;
  /** Bonuses taken off the sum. */
  bonus: number;
};

export type OrderAmounts = AmountParts & {
  /** goods − discount + delivery + service fee − bonus. */
  toPay: number;
};

/** The sum to pay and every line it is made of. */
export function orderAmounts(parts: AmountParts): OrderAmounts {
  const toPay = roundMoney(parts.goods - parts.discount + (parts.delivery ?? 0) + parts.serviceFee - parts.bonus);
  return { ...parts, toPay };
}

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

/** The city's service fee: the price of its serviceFeeId product, 0 when the city has none. */
export function serviceFeeOf(
  cityData: Pick<CityData, 'serviceFeeId'> | undefined,
  priceOf: (productId: string) => number | undefined,
): number {
  const id = cityData?.serviceFeeId ?? null;
  return id === null ? 0 : (priceOf(id) ?? 0);
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
