// @vitest-environment jsdom
// Ratings on the operators' screens (docs/CHECKOUT.md «Rating after delivery»): the order panel
// shows the customer's rating (stars, tags, comment); a rating of 1–3 arriving on the staff
// WebSocket is listed at once with a beep, reloads the open order, and can be put aside.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '../../../src/api/contract/admin/orders';
import { ADMIN_SESSION, setupAdmin } from './helpers';
import { order, ordersServer } from './fixtures';

const rated = (o: AdminOrderDetail, score: number, tags: string[], comment: string): AdminOrderDetail => ({
  ...o,
  rating: { orderId: o.id, score, tags, comment, createdAt: '2026-11-23T05:00:00.000Z' },
});

describe('ratings in the admin orders screen', () => {
  it('the order panel shows the rating: stars, tags and comment', async () => {
    const delivered = rated(order({ id: 'o1', number: 101, status: 'Delivered' }), 4, ['очень вкусно'], 'Всё отлично');
    const { server } = ordersServer([delivered], 'operator');
    setupAdmin({ path: '/admin/orders/o1', session: ADMIN_SESSION, server });
    const panel = await screen.findByRole('complementary', { name: 'Заказ' });
    const rating = await within(panel).findByTestId('admin-order-rating');
    expect(within(rating).getByLabelText('4 из 5').textContent).toBe('★★★★☆');
    expect(within(rating).getByText('очень вкусно')).toBeTruthy();
    expect(within(rating).getByText('«Всё отлично»')).toBeTruthy();
  });

  it('a delivered order not rated yet says so', async () => {
    const { server } = ordersServer([order({ id: 'o1', number: 101, status: 'Delivered' })], 'operator');
    setupAdmin({ path: '/admin/orders/o1', session: ADMIN_SESSION, server });
    const panel = await screen.findByRole('complementary', { name: 'Заказ' });
    expect(await within(panel).findByText('Клиент ещё не оценил заказ.')).toBeTruthy();
  });

  it('a low rating on the staff WebSocket is listed at once with a beep and reloads the open order; «Скрыть» puts it aside', async () => {
    const delivered = order({ id: 'o1', number: 101, status: 'Delivered' });
    const { server, db } = ordersServer([delivered], 'operator');
    const app = setupAdmin({ path: '/admin/orders/o1', session: ADMIN_SESSION, server });
    const panel = await screen.findByRole('complementary', { name: 'Заказ' });
    await within(panel).findByText('Клиент ещё не оценил заказ.');
    act(() => app.sockets[0]?.open());
    db.set('o1', rated(delivered, 2, ['холодное', 'опоздали'], 'Остыло'));
    act(() =>
      app.sockets[0]?.push({
        type: 'order:rated',
        orderId: 'o1',
        number: 101,
        score: 2,
        tags: ['холодное', 'опоздали'],
        comment: 'Остыло',
        cityId: 'angarsk',
        deliveryTerminalId: 'rest-a',
      }),
    );
    const alert = await screen.findByRole('alert', { name: 'Низкие оценки' });
    expect(within(alert).getByText('Заказ №101')).toBeTruthy();
    expect(within(alert).getByLabelText('2 из 5').textContent).toBe('★★☆☆☆');
    expect(alert.textContent).toContain('холодное, опоздали');
    expect(alert.textContent).toContain('«Остыло»');
    expect(app.beeps).toHaveLength(1);
    // the open order re-reads itself and shows the rating
    const shown = await within(panel).findByTestId('admin-order-rating');
    expect(within(shown).getByText('«Остыло»')).toBeTruthy();

    fireEvent.click(within(alert).getByRole('button', { name: 'Скрыть' }));
    await waitFor(() => expect(screen.queryByRole('alert', { name: 'Низкие оценки' })).toBeNull());
  });
});
