// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PRODUCT } from '../fixtures/catalog';
import { readyState } from '../fixtures/state';
import { setup } from './helpers';
import { evolveAll } from '../../src/projections/store';
import { productById } from '../fixtures/catalog';
import { cartItem } from '../fixtures/cart';

describe('guards (PRODUCT.md §6)', () => {
  it.each(['/angarsk/personal', '/personal/history', '/angarsk/personal/address', '/angarsk/personal/favorite'])(
    'auth guard: %s signed out redirects to / and opens the auth modal',
    async (path) => {
      const app = setup({ path, state: readyState({ signedIn: false }) });
      await waitFor(() => expect(app.currentPath()).toBe('/angarsk'));
      expect(app.commands).toContainEqual({ type: 'OpenModal', data: { modal: { kind: 'auth' } } });
      expect(await screen.findByRole('dialog', { name: 'Вход или регистрация' })).toBeTruthy();
    },
  );

  it('auth guard: a signed-in customer sees the personal page', async () => {
    const app = setup({ path: '/angarsk/personal' });
    expect(await screen.findByRole('heading', { name: 'Личный кабинет' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Редактирование информации' })).toBeTruthy();
    expect(app.currentPath()).toBe('/angarsk/personal');
  });

  it('cart-empty guard: /checkout with an empty cart redirects to / with the empty-cart modal', async () => {
    const app = setup({ path: '/angarsk/checkout' });
    await waitFor(() => expect(app.currentPath()).toBe('/angarsk'));
    expect(app.commands).toContainEqual({ type: 'OpenModal', data: { modal: { kind: 'emptyCart' } } });
    expect(await screen.findByRole('dialog', { name: 'Ваша корзина пуста' })).toBeTruthy();
  });

  it('cart-empty guard: with goods in the cart /checkout shows the checkout page', async () => {
    const line = cartItem('line-1', productById(PRODUCT.phila));
    const state = evolveAll(readyState(), [{ type: 'ItemAdded', data: { line } }]);
    const app = setup({ path: '/angarsk/checkout', state });
    expect(await screen.findByRole('heading', { level: 1, name: 'Оформление заказа' })).toBeTruthy();
    expect(app.currentPath()).toBe('/angarsk/checkout');
  });
});
