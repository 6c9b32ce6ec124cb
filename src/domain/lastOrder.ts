// «Повторить заказ» (PRODUCT.md §8): what the repeat command takes of a past order. The server's
// last order and the history page's "repeat this order" build it the same way from the order's lines.
import type { OrderLine } from '../api/contract/orders';
import type { LastOrder } from '../api/entities';

/** The order's lines as the repeat command takes them; a half-and-half pizza is repeated from its halves. */
export function lastOrderOf(lines: readonly OrderLine[]): LastOrder {
  return {
    products: lines.map((line) => ({
      productId: line.productId,
      isGift: line.isGift,
      amount: line.amount,
      name: line.name,
      mods: line.mods.map((m) => ({ id: m.id, amount: m.amount, groupId: m.groupId, price: m.price })),
      ...(line.halfPizza === undefined
        ? {}
        : {
            halfPizza: {
              sizeId: line.halfPizza.sizeId,
              productIds: [line.halfPizza.halves[0].productId, line.halfPizza.halves[1].productId] as [string, string],
            },
          }),
    })),
  };
}
