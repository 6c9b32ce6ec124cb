// «Повторить заказ» (PRODUCT.md §8): a past order's lines as the repeat command takes them, the
// same whether the server answers GET /user/:id/last-order or the history page repeats an order.
import { describe, expect, it } from 'vitest';
import type { OrderLine } from '../../src/api/contract/orders';
import { lastOrderOf } from '../../src/domain/lastOrder';
import { PRODUCT } from '../fixtures/catalog';
import { placedOrder } from '../fixtures/order';

/** The order's one Калифорния, changed as the case needs. */
const lines = (over: Partial<OrderLine>): OrderLine[] => placedOrder().items.map((line) => ({ ...line, ...over }));
const cheese = { id: 'm-cheese', name: 'Сыр', amount: 1, price: 60, groupId: 'g-extra' };

describe('lastOrderOf («Повторить заказ»)', () => {
  it('keeps each line’s product, amount, gift mark, name and modifiers (without their names), dropping prices and sums', () => {
    const order = [
      ...lines({ amount: 2, mods: [cheese] }),
      ...lines({ productId: 'p-cola', name: 'Кола', isGift: true }),
    ];
    expect(lastOrderOf(order)).toEqual({
      products: [
        {
          productId: PRODUCT.california,
          isGift: false,
          amount: 2,
          name: 'Калифорния',
          mods: [{ id: 'm-cheese', amount: 1, groupId: 'g-extra', price: 60 }],
        },
        { productId: 'p-cola', isGift: true, amount: 1, name: 'Кола', mods: [] },
      ],
    });
  });

  it('repeats a half-and-half pizza from its size and the two halves’ pizzas, in the order chosen', () => {
    const half = (productId: string, name: string) => ({ productId, name, price: 600, mods: [] });
    const halves = [half('p-pepperoni', 'Пепперони'), half('p-margherita', 'Маргарита')] as const;
    const order = lines({
      productId: 'half-a-b',
      halfPizza: { sizeId: 's-30', sizeName: '30 см', halves: [...halves] },
    });
    expect(lastOrderOf(order).products[0]?.halfPizza).toEqual({
      sizeId: 's-30',
      productIds: ['p-pepperoni', 'p-margherita'],
    });
  });

  it('an order with no lines repeats nothing', () => {
    expect(lastOrderOf([])).toEqual({ products: [] });
  });
});
