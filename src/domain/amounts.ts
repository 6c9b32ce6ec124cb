// What an order costs and why: the one computation the header, the cart, /checkout, /complete and
// the server's order share (docs/CHECKOUT.md "One sum everywhere"). Each side gathers its parts
// (the client from its cart lines, the server from its re-priced lines) and calls orderAmounts.
// The server's own rules and the reading of a quote or an order are in pricedAmounts.ts, apart:
// this module is in the first load (the header's sum).
import type { CityData } from '../api/entities';
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

/** The city's service fee: the price of its serviceFeeId product, 0 when the city has none. */
export function serviceFeeOf(
  cityData: Pick<CityData, 'serviceFeeId'> | undefined,
  priceOf: (productId: string) => number | undefined,
): number {
  const id = cityData?.serviceFeeId ?? null;
  return id === null ? 0 : (priceOf(id) ?? 0);
}
