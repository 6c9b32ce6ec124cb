// @vitest-environment jsdom
// 'Пицца из половинок' (docs/HALF-PIZZA.md): the way in from the pizza section, the builder (size,
// two halves, the price by the chain's rule) and the cart line 'Половинки: A + B'.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MOD, PRODUCT } from '../fixtures/catalog';
import { halfCatalog, halfSettings, MARGHERITA } from '../fixtures/halfPizza';
import { readyState } from '../fixtures/state';
import { lastOrderOf } from '../../src/domain/lastOrder';
import { setup } from './helpers';

const halfState = (rule: Parameters<typeof halfSettings>[0] = {}) =>
  readyState({ settings: halfSettings(rule), catalog: halfCatalog });

describe('half-and-half pizza in the storefront', () => {
  it("'Собрать из половинок' in the pizza section opens the builder; two halves at 30 cm cost max(600, 530) + 50 = 650 ₽", async () => {
    const app = setup({ path: '/angarsk/catalog/g-pizza', state: halfState() });
    fireEvent.click(await screen.findByRole('button', { name: 'Собрать из половинок' }));
    const dialog = await screen.findByRole('dialog', { name: 'Пицца из половинок' });
    fireEvent.click(within(dialog).getByRole('radio', { name: '30 см' }));
    const first = within(dialog).getByRole('group', { name: 'Первая половина' });
    fireEvent.click(within(first).getByRole('radio', { name: /Пепперони/ }));
    const second = within(dialog).getByRole('group', { name: 'Вторая половина' });
    expect(within(second).queryByRole('radio', { name: /Пепперони/ })).toBeNull();
    fireEvent.click(within(second).getByRole('radio', { name: /Маргарита/ }));
    expect(within(dialog).getByText('Половинки: Пепперони + Маргарита')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить за 650\u00A0₽' }));
    expect(app.commands).toContainEqual({
      type: 'AddHalfPizza',
      data: { sizeId: MOD.size30, firstId: PRODUCT.pizza, secondId: MARGHERITA },
    });
    expect(screen.queryByRole('dialog', { name: 'Пицца из половинок' })).toBeNull();
    const line = app.store.getState().cart.items.find((l) => l.halfPizza !== undefined);
    expect(line?.product).toMatchObject({ name: 'Половинки: Пепперони + Маргарита', price: 650 });
  });

  it('shows the cart line as one line with its size', async () => {
    const state = halfState({ pricing: 'sum' });
    const app = setup({ path: '/angarsk/cart', state });
    act(() =>
      app.store.dispatch({
        type: 'AddHalfPizza',
        data: { sizeId: MOD.size30, firstId: MARGHERITA, secondId: PRODUCT.pizza },
      }),
    );
    const line = (await screen.findAllByTestId('cart-line'))[0];
    if (line === undefined) throw new Error('no cart line');
    expect(within(line).getByText('Половинки: Маргарита + Пепперони')).toBeTruthy();
    expect(within(line).getByText('30 см')).toBeTruthy();
    expect(within(line).getByText(/^615.₽ за шт\.$/)).toBeTruthy();
  });

  it('no way in while HALF_PIZZA is not set', async () => {
    setup({ path: '/angarsk/catalog/g-pizza', state: readyState({ catalog: halfCatalog }) });
    await screen.findAllByText(/Пепперони/);
    expect(screen.queryByRole('button', { name: 'Собрать из половинок' })).toBeNull();
  });

  it("'Повторить этот заказ' names a half-and-half line by its size and halves", () => {
    const half = (productId: string, name: string) => ({ productId, name, price: 600, mods: [] });
    const last = lastOrderOf([
      {
        productId: 'half-x',
        name: 'Половинки: Пепперони + Маргарита',
        amount: 2,
        price: 650,
        sum: 1300,
        mods: [],
        isGift: false,
        halfPizza: {
          sizeId: MOD.size30,
          sizeName: '30 см',
          halves: [half(PRODUCT.pizza, 'Пепперони'), half(MARGHERITA, 'Маргарита')],
        },
      },
    ]);
    expect(last.products).toEqual([
      {
        productId: 'half-x',
        isGift: false,
        amount: 2,
        name: 'Половинки: Пепперони + Маргарита',
        mods: [],
        halfPizza: { sizeId: MOD.size30, productIds: [PRODUCT.pizza, MARGHERITA] },
      },
    ]);
  });
});
