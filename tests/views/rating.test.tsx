// @vitest-environment jsdom
// The rating after delivery in the storefront (docs/CHECKOUT.md «Rating after delivery»): the form
// on /complete and in the order history, its checks and the server's refusals, the rating shown
// once given, and the visit's prompt that a close dismisses.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderRating } from '../../src/api/contract/ratings';
import type { AppEvent } from '../../src/events';
import { evolveAll } from '../../src/projections/store';
import { checkoutState, order } from '../commands/checkoutFixtures';
import { readyState, USER } from '../fixtures/state';
import { later, setup } from './helpers';

const delivered = order({ status: 'Delivered', deliveryMethod: 'delivery' });
const onComplete = (status: 'Delivered' | 'OnWay' = 'Delivered', more: AppEvent[] = []) =>
  setup({
    path: '/angarsk/complete?order=order-1',
    state: checkoutState([{ type: 'OrderLoaded', data: { order: { ...delivered, status } } }, ...more]),
  });
const given: OrderRating = {
  orderId: 'order-1',
  score: 2,
  tags: ['холодное'],
  comment: 'Остыло',
  createdAt: '2026-11-20T07:00:00.000Z',
};

describe('the rating form on /complete', () => {
  it('a delivered order asks for a rating; the form refuses no stars, then sends stars, tags and comment', async () => {
    const app = onComplete();
    const form = await screen.findByTestId('rating-form');
    expect(within(form).getByText('Как вам заказ №1042?')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Отправить оценку' }));
    expect(within(form).getByRole('alert').textContent).toBe('Поставьте оценку от 1 до 5');

    fireEvent.click(within(form).getByRole('button', { name: 'Оценка 2 из 5' }));
    fireEvent.click(within(form).getByRole('button', { name: 'холодное' }));
    fireEvent.click(within(form).getByRole('button', { name: 'опоздали' }));
    fireEvent.click(within(form).getByRole('button', { name: 'опоздали' }));
    fireEvent.change(within(form).getByLabelText('Комментарий'), { target: { value: 'Остыло' } });
    expect(within(form).getByText('6 из 500')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Отправить оценку' }));
    expect(app.commands).toContainEqual({
      type: 'RateOrder',
      data: { orderId: 'order-1', score: 2, tags: ['холодное'], comment: 'Остыло' },
    });
    expect((within(form).getByRole('button', { name: 'Отправляем…' }) as HTMLButtonElement).disabled).toBe(true);

    act(() => app.store.dispatch({ type: 'ApplyOrderRating', data: { rating: given } }));
    expect(await screen.findByText('Спасибо за оценку!')).toBeTruthy();
    const shown = screen.getByTestId('order-rating');
    expect(within(shown).getByLabelText('2 из 5').textContent).toBe('★★☆☆☆');
    expect(within(shown).getByText('«Остыло»')).toBeTruthy();
    expect(screen.queryByTestId('rating-form')).toBeNull();
  });

  it('the server’s refusal shows under the form in its words', async () => {
    const app = onComplete();
    const form = await screen.findByTestId('rating-form');
    fireEvent.click(within(form).getByRole('button', { name: 'Оценка 5 из 5' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Отправить оценку' }));
    act(() =>
      app.store.dispatch({
        type: 'ReportOrderRatingRefusal',
        data: { orderId: 'order-1', message: 'Этот заказ уже оценён' },
      }),
    );
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe('Этот заказ уже оценён'));
    expect((within(form).getByRole('button', { name: 'Отправить оценку' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('an order on its way has no rating form; a rated one shows its rating', async () => {
    onComplete('OnWay');
    expect(await screen.findByTestId('order-status-text')).toBeTruthy();
    expect(screen.queryByTestId('rating-form')).toBeNull();
  });

  it('an order rated before shows the rating instead of the form', async () => {
    onComplete('Delivered', [{ type: 'RatingsLoaded', data: { ratings: [given], prompts: [] } }]);
    expect(await screen.findByTestId('order-rating')).toBeTruthy();
    expect(screen.queryByTestId('rating-form')).toBeNull();
  });
});

describe('the rating in the order history', () => {
  it('a delivered order offers «Оценить заказ»; a rated one shows its stars; one on its way neither', async () => {
    const orders = [
      { ...delivered, id: 'o1', number: 1, status: 'Delivered' as const },
      { ...delivered, id: 'o2', number: 2, status: 'Closed' as const },
      { ...delivered, id: 'o3', number: 3, status: 'OnWay' as const },
    ];
    const state = evolveAll(readyState(), [
      {
        type: 'RatingsLoaded',
        data: { ratings: [{ ...given, orderId: 'o2', score: 5, tags: [], comment: '' }], prompts: [] },
      },
    ]);
    setup({ path: '/angarsk/personal/history', state, api: { getHistory: () => later({ orders, nextBefore: null }) } });
    const cardOf = async (n: number) =>
      (await screen.findByText(new RegExp(`Заказ №${n} от`))).closest('li') as HTMLElement;
    const first = await cardOf(1);
    fireEvent.click(within(first).getByRole('button', { name: 'Оценить заказ' }));
    expect(within(first).getByTestId('rating-form')).toBeTruthy();
    const second = await cardOf(2);
    expect(within(second).getByLabelText('5 из 5').textContent).toBe('★★★★★');
    expect(within(second).queryByRole('button', { name: 'Оценить заказ' })).toBeNull();
    const third = await cardOf(3);
    expect(within(third).queryByRole('button', { name: 'Оценить заказ' })).toBeNull();
  });
});

describe('the visit’s prompt', () => {
  it('the first ratings answer of the visit opens «Оцените заказ»; «Не сейчас» dismisses it for good', async () => {
    const app = setup({ path: '/angarsk' });
    act(() =>
      app.store.dispatch({
        type: 'ApplyRatings',
        data: {
          userId: USER.id,
          ratings: [],
          prompts: [{ orderId: 'o7', number: 1077, createdAt: '2026-11-19T07:00:00.000Z' }],
        },
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Оцените заказ' });
    expect(within(dialog).getByText('Как вам заказ №1077?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Не сейчас' }));
    expect(app.commands).toContainEqual({ type: 'DismissRatingPrompt', data: { orderId: 'o7' } });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Оцените заказ' })).toBeNull());
    expect(app.store.getState().user.ratings.prompts).toEqual([]);
  });
});
