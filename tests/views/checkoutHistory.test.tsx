// @vitest-environment jsdom
// History and repeat (PRODUCT.md §4 Repeat order, §8 repeat toasts): items with
// modifiers, the note for changed prices, and the toasts for missing products and modifiers.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEXT_REPEAT_MODIFIER_MISSING, TEXT_REPEAT_PRODUCT_MISSING } from '../../src/commands/cart.decide';
import { priceChanges, TEXT_PRICES_CHANGED } from '../../src/views/pages/personal/HistoryPrices';
import { catalog, MOD, PRODUCT } from '../fixtures/catalog';
import { order } from '../commands/checkoutFixtures';
import { readyState } from '../fixtures/state';
import { later, plain, setup } from './helpers';

const past = order({
  id: 'o-old',
  number: 977,
  status: 'Closed',
  statusName: 'выполнен',
  items: [
    // 550 then, 100 + 500 (30 см) = 600 now
    {
      productId: PRODUCT.pizza,
      name: 'Пепперони',
      amount: 1,
      price: 550,
      sum: 550,
      mods: [{ id: MOD.size30, name: '30 см', amount: 1, price: 450, groupId: 'g-mod-size' }],
      isGift: false,
    },
    { productId: 'p-gone', name: 'Снятое блюдо', amount: 1, price: 300, sum: 300, mods: [], isGift: false },
    {
      productId: PRODUCT.pizza,
      name: 'Пепперони',
      amount: 1,
      price: 600,
      sum: 600,
      mods: [{ id: 'm-gone', name: '40 см', amount: 1, price: 500, groupId: 'g-mod-size' }],
      isGift: false,
    },
  ],
});

describe('history and repeat', () => {
  it('a changed price is noted before the repeat (unit price with modifiers against today’s catalogue)', () => {
    expect(priceChanges(past.items, catalog)).toEqual([
      { productId: PRODUCT.pizza, name: 'Пепперони', was: 550, now: 600 },
    ]);
  });

  it("repeat: the lines that still exist go to the cart, with PRODUCT.md §8's two toasts and the price note", async () => {
    const app = setup({
      path: '/angarsk/personal/history',
      state: readyState(),
      api: { getHistory: () => later({ orders: [past], nextBefore: null }) },
    });
    const card = (await screen.findByText(/Заказ №977 от/)).closest('li') as HTMLElement;
    expect(plain(within(card).getByTestId('history-price-changes').textContent)).toBe(
      'Цена «Пепперони» изменилась: было 550 ₽, сейчас 600 ₽',
    );
    expect(within(card).getAllByText('(30 см)').length).toBe(1);
    fireEvent.click(within(card).getByRole('button', { name: 'Повторить этот заказ' }));
    await waitFor(() => expect(app.currentPath()).toBe('/angarsk/cart'));
    const state = app.store.getState();
    expect(state.cart.items.filter((l) => !l.isHidden).map((l) => [l.product.id, l.mods.map((m) => m.id)])).toEqual([
      [PRODUCT.pizza, [MOD.size30]],
    ]);
    expect(state.view.toasts.map((t) => t.text)).toEqual([
      TEXT_REPEAT_PRODUCT_MISSING,
      TEXT_REPEAT_MODIFIER_MISSING,
      TEXT_PRICES_CHANGED,
    ]);
    expect(TEXT_REPEAT_PRODUCT_MISSING).toBe(
      'Блюдо в данный момент отсутствует на сайте. Попробуйте добавить блюдо из каталога',
    );
    expect(TEXT_REPEAT_MODIFIER_MISSING).toBe(
      'Модификатор для блюда в данный момент отсутствует на сайте. Попробуйте добавить блюдо из каталога',
    );
  });
});
