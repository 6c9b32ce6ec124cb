// «Повторить заказ» (PRODUCT.md §8): a past order's lines as the repeat command takes them, the
// same whether the server answers GET /user/:id/last-order or the history page repeats an order.
import { describe, expect, it } from 'vitest';
import type { OrderLine } from '../../src/api/contract/orders';
import { lastOrderOf } from '../../src/domain/lastOrder';

const margherita: OrderLine = {
  productId: 'p-margherita',
  name: 'Маргарита',
  amount: 2,
  price: 579,
  sum: 1158,
  mods: [{ id: 'm-cheese', name: 'Сыр', amount: 1, price: 60, groupId: 'g-extra' }],
  isGift: false,
};

describe('lastOrderOf («Повторить заказ»)', () => {
  it('keeps each line’s product, amount, gift mark, name and modifiers (without their names), dropping prices and sums', () => {
    expect(
      lastOrderOf([margherita, { ...margherita, productId: 'p-cola', name: 'Кола', mods: [], isGift: true }]),
    ).toEqual({
      products: [
        {
          productId: 'p-margherita',
          isGift: false,
          amount: 2,
          name: 'Маргарита',
          mods: [{ id: 'm-cheese', amount: 1, groupId: 'g-extra', price: 60 }],
        },
        { productId: 'p-cola', isGift: true, amount: 2, name: 'Кола', mods: [] },
      ],
    });
  });

  it('repeats a half-and-half pizza from its size and the two halves’ pizzas, in the order chosen', () => {
    const half = (productId: string, name: string) => ({ productId, name, price: 600, mods: [] });
    const line: OrderLine = {
      ...margherita,
      productId: 'half-a-b',
      name: 'Половинки: Пепперони + Маргарита',
      mods: [],
      halfPizza: {
        sizeId: 's-30',
        sizeName: '30 см',
        halves: [half('p-pepperoni', 'Пепперони'), half('p-margherita', 'Маргарита')],
      },
    };
    expect(lastOrderOf([line]).products[0]?.halfPizza).toEqual({
      sizeId: 's-30',
      productIds: ['p-pepperoni', 'p-margherita'],
    });
  });

  it('an order with no lines repeats nothing', () => {
    expect(lastOrderOf([])).toEqual({ products: [] });
  });
});
