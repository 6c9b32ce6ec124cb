// Prices of a past order against today's catalogue, for the history's "the price changed" note
// before a repeat (the cart takes today's prices).
import type { OrderLine } from '../../../api/contract/orders';
import type { Catalog, Settings } from '../../../api/entities';
import { halfPizzaPriceNow } from '../../../domain/halfPizza';
import { roundMoney } from '../../../domain/price';

export type PriceChange = { productId: string; name: string; was: number; now: number };

/** Today's price of one unit of the line with its modifiers, or null when the product or a modifier is gone. */
export function currentUnitPrice(line: Pick<OrderLine, 'productId' | 'mods'>, catalog: Catalog): number | null {
  const product = catalog.products.find((p) => p.id === line.productId);
  if (product === undefined) return null;
  let price = product.price;
  for (const m of line.mods) {
    const choice = product.groupModifiers.find((g) => g.id === m.groupId)?.modifiers.find((c) => c.modifierId === m.id);
    if (choice === undefined) return null;
    price += choice.price * m.amount;
  }
  return roundMoney(price);
}

/** Paid lines whose unit price (with modifiers) differs today. */
export function priceChanges(
  lines: readonly OrderLine[],
  catalog: Catalog | null,
  settings: Pick<Settings, 'HALF_PIZZA' | 'PIZZAS_GROUP_ID'> | null = null,
): PriceChange[] {
  if (catalog === null) return [];
  const out: PriceChange[] = [];
  for (const l of lines) {
    if (l.isGift) continue;
    const half = l.halfPizza;
    const now =
      half === undefined
        ? currentUnitPrice(l, catalog)
        : settings === null
          ? null
          : halfPizzaPriceNow(catalog, settings, {
              sizeId: half.sizeId,
              productIds: [half.halves[0].productId, half.halves[1].productId],
            });
    if (now !== null && Math.abs(now - l.price) >= 0.01)
      out.push({ productId: l.productId, name: l.name, was: l.price, now });
  }
  return out;
}

export const TEXT_PRICES_CHANGED = 'Цены некоторых блюд изменились: в корзину они добавлены по текущей цене';
