// Cart lines (PRODUCT.md §3 cart item, §4 delivery line): which lines are goods, gifts or delivery,
// the two totals the promo call and the order quote send, and which delivery product the cart needs.
import type { Catalog, CartItem, CityData, DeliveryMethod, DeliveryZone, Product } from '../api/entities';
import { findProduct } from './catalog';
import { lineTotal } from './price';

/** Hidden delivery / free-delivery line: isHidden and not a gift (PRODUCT.md §3). */
export const isDeliveryLine = (l: CartItem): boolean => l.isHidden && !l.isGift && !l.isServiceFee;
/** A gift line (promo gift or a chosen free product). */
export const isGiftLine = (l: CartItem): boolean => l.isGift;
/** What the customer ordered: neither a gift, nor delivery, nor the service fee. */
export const isGoodsLine = (l: CartItem): boolean => !l.isGift && !l.isHidden && !l.isServiceFee;
/** The lines an order or a promo check lists: goods and gifts (delivery and service lines are the server's). */
export const isOrderedLine = (l: CartItem): boolean => isGoodsLine(l) || isGiftLine(l);

/** PRODUCT.md §3 notGiftsAndNotDeliveryTotal: Σ lineTotal of goods lines. */
export const goodsTotal = (items: readonly CartItem[]): number =>
  items.filter(isGoodsLine).reduce((sum, l) => sum + lineTotal(l), 0);

/** PRODUCT.md §3 fullPrice: Σ lineTotal of every non-gift line (goods, delivery, service fee). */
export const fullPrice = (items: readonly CartItem[]): number =>
  items.filter((l) => !l.isGift).reduce((sum, l) => sum + lineTotal(l), 0);

/** What decides the delivery line: the cart's lines, method and the promo's free-delivery grant. */
export type DeliveryLineCart = {
  items: readonly CartItem[];
  deliveryMethod: DeliveryMethod;
  freeDelivery: boolean;
};

/**
 * PRODUCT.md §4 delivery line: the product the hidden delivery line should hold, or undefined for
 * none. None in self-pickup or without goods; the free-delivery product from the city's
 * freeDeliveryFrom; else, unless the promo granted free delivery, the paid product priced at the
 * zone's deliveryPrice (a zone delivering for free gets the free-delivery product), or the city's
 * paid product as it is while the zone is unknown. The server charges the same price.
 */
export function wantedDeliveryProduct(
  cart: DeliveryLineCart,
  cityData: CityData | undefined,
  catalog: Pick<Catalog, 'products'> | null,
  zone: Pick<DeliveryZone, 'deliveryPrice'> | null,
): Product | undefined {
  if (cart.deliveryMethod !== 'delivery' || cityData === undefined || !cart.items.some(isGoodsLine)) return undefined;
  const free = findProduct(catalog, cityData.freeDeliveryId);
  if (goodsTotal(cart.items) >= cityData.freeDeliveryFrom) return free;
  if (cart.freeDelivery) return undefined;
  const paid = findProduct(catalog, cityData.deliveryId);
  if (zone === null || paid === undefined) return paid;
  return zone.deliveryPrice === 0 && free !== undefined ? free : { ...paid, price: zone.deliveryPrice };
}
