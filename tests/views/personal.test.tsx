// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../src/api/contract/orders';
import { evolveAll } from '../../src/projections/store';
import { lastOrderOf } from '../../src/domain/lastOrder';
import { PRODUCT } from '../fixtures/catalog';
import { placedOrder } from '../fixtures/order';
import { failure } from '../effects/helpers';
import { readyState, USER } from '../fixtures/state';
import { later, setup } from './helpers';

describe('personal pages', () => {
  it('profile: deleting the account asks for confirmation first', async () => {
    const app = setup({ path: '/angarsk/personal' });
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить аккаунт' }));
    expect(app.commands.some((c) => c.type === 'DeleteAccount')).toBe(false);
    expect(screen.getByRole('alert').textContent).toMatch(/Удалить аккаунт\?/);
    fireEvent.click(screen.getByRole('button', { name: 'Да, удалить' }));
    expect(app.commands).toContainEqual({ type: 'DeleteAccount', data: {} });
  });

  it('profile: an allergen checkbox dispatches ChangeAllergens', async () => {
    const app = setup({ path: '/angarsk/personal' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Рыба' }));
    expect(app.commands).toContainEqual({ type: 'ChangeAllergens', data: { codes: ['fish'] } });
    expect((screen.getByRole('checkbox', { name: 'Рыба' }) as HTMLInputElement).checked).toBe(true);
  });

  it('profile: saving dispatches EditProfile with the name and consents', async () => {
    const app = setup({ path: '/angarsk/personal' });
    fireEvent.change(await screen.findByLabelText('Имя'), { target: { value: 'Пётр' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(app.commands).toContainEqual({
      type: 'EditProfile',
      data: {
        changes: { name: 'Пётр', personalData: true, PUSHNotifications: false, receiveAdvertisingInformation: false },
      },
    });
  });

  it('history: the orders are listed and the last order is repeated into the cart', async () => {
    const lastOrder = {
      products: [{ productId: PRODUCT.phila, isGift: false, amount: 2, name: 'Филадельфия', mods: [] }],
    };
    const state = evolveAll(readyState(), [{ type: 'LastOrderLoaded', data: { lastOrder } }]);
    const order: Order = placedOrder({ status: 'Closed', statusName: 'выполнен' });
    const app = setup({
      path: '/angarsk/personal/history',
      state,
      api: { getHistory: () => later({ orders: [order], nextBefore: null }) },
    });
    expect(await screen.findByText(/Заказ №1042 от/)).toBeTruthy();
    expect(lastOrderOf(order.items)).toEqual({
      products: [{ productId: PRODUCT.california, isGift: false, amount: 1, name: 'Калифорния', mods: [] }],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Повторить заказ' }));
    expect(app.commands).toContainEqual({ type: 'RepeatOrder', data: { lastOrder } });
    await waitFor(() => expect(app.currentPath()).toBe('/angarsk/cart'));
    expect(app.store.getState().cart.items.find((l) => l.product.id === PRODUCT.phila)?.quantity).toBe(2);
  });

  it("history: LoadOrderHistory asks for the latest 20; none yet shows 'Вы ещё ничего не заказывали.'", async () => {
    const app = setup({ path: '/angarsk/personal/history' });
    expect(await screen.findByText('Вы ещё ничего не заказывали.')).toBeTruthy();
    expect(app.commands).toContainEqual({ type: 'LoadOrderHistory', data: {} });
    expect(app.apiCalls).toEqual([{ method: 'getHistory', args: [USER.phone, { limit: 20 }] }]);
    expect(app.store.getState().user.history).toEqual({ status: 'loaded', orders: [] });
  });

  it("history: 'Загружаем историю заказов…' until the answer, 'Не удалось загрузить историю заказов.' on a failure", async () => {
    const answer = new Subject<never>();
    setup({ path: '/angarsk/personal/history', api: { getHistory: () => answer } });
    expect(await screen.findByText('Загружаем историю заказов…')).toBeTruthy();
    act(() => answer.error(failure(500)));
    expect(await screen.findByText('Не удалось загрузить историю заказов.')).toBeTruthy();
    expect(screen.queryByText('Загружаем историю заказов…')).toBeNull();
  });

  it('favourites list the liked products', async () => {
    const state = evolveAll(readyState(), [{ type: 'LikesLoaded', data: { productIds: [PRODUCT.california] } }]);
    setup({ path: '/angarsk/personal/favorite', state });
    expect(await screen.findByRole('heading', { name: 'Калифорния' })).toBeTruthy();
    expect(screen.getAllByTestId('product-card')).toHaveLength(1);
  });
});
