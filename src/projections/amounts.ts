// The cart's sum to pay and its lines (src/domain/amounts.ts), as the header, the cart and /checkout
// show them before the server's quote: the same function the server prices an order with.
import { goodsTotal, isDeliveryLine, isGiftLine, isGoodsLine } from '../domain/cart';
import { orderAmounts, serviceFeeOf, type OrderAmounts } from '../domain/amounts';
import { findProduct } from '../domain/catalog';
import { lineTotal, roundMoney } from '../domain/price';
import type { CartState } from './cart';
import { selectCityData, type AppState } from './store';

/** The delivery lines' sum, or null when the cart has none (pickup, no goods, free by promotion). */
function deliveryLinesTotal(items: CartState['items']): number | null {
  const lines = items.filter(isDeliveryLine);
  return lines.length === 0 ? null : roundMoney(lines.reduce((sum, l) => sum + lineTotal(l), 0));
}

/**
 * Goods, discount, gifts, delivery (the hidden delivery line, priced by the address's zone), the
 * city's service fee (charged on any order with goods) and bonuses, with the sum to pay.
 */
export function selectCartAmounts(s: AppState): OrderAmounts {
  const { items } = s.cart;
  const hasGoods = items.some(isGoodsLine);
  const catalog = s.catalog.catalog;
  return orderAmounts({
    goods: goodsTotal(items),
    discount: s.cart.discountTotal,
    gifts: items.filter(isGiftLine).reduce((n, l) => n + l.quantity, 0),
    delivery: deliveryLinesTotal(items),
    serviceFee: hasGoods ? serviceFeeOf(selectCityData(s), (id) => findProduct(catalog, id)?.price) : 0,
    bonus: s.cart.spendBonus,
  });
}
