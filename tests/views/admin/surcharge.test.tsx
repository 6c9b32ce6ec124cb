// @vitest-environment jsdom
// The admin orders list and card show «Ожидает доплаты N ₽» while the customer owes the difference
// an edit added to an order paid online (docs/ORDER-EDITING.md), and nothing once it is paid.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminMe } from '../../../src/api/contract/admin/auth';
import { adminGetOrder, adminListOrders, type AdminOrderDetail } from '../../../src/api/contract/admin/orders';
import { adminListCities, adminListRestaurants } from '../../../src/api/contract/admin/settings';
import { ADMIN_SESSION, FakeServer, setupAdmin } from './helpers';
import { CITIES, RESTAURANTS, listItem, order, staffMember } from './fixtures';

const LABEL = /^Ожидает доплаты 1\s290\s₽$/;

function paidOnline(id: string, number: number, surcharge: AdminOrderDetail['surcharge']): AdminOrderDetail {
  return {
    ...order({ id, number }),
    paymentMethod: 'card',
    paymentStatus: 'paid',
    total: 2290,
    surcharge,
  };
}

function serverOf(orders: AdminOrderDetail[]) {
  return new FakeServer()
    .on(adminMe, () => ({ body: staffMember('admin') }))
    .on(adminListCities, () => ({ body: { cities: CITIES } }))
    .on(adminListRestaurants, () => ({ body: { restaurants: RESTAURANTS } }))
    .on(adminListOrders, () => ({ body: { orders: orders.map(listItem), total: orders.length } }))
    .on(adminGetOrder, (req) => {
      const found = orders.find((o) => o.id === req.params.id);
      return found ? { body: found } : { status: 404, body: { message: 'Заказ не найден' } };
    });
}

describe('a surcharge in the admin orders screens', () => {
  it('the list marks the order that awaits its surcharge, and only that one', async () => {
    const owing = paidOnline('o1', 101, { amount: 1290, payUrl: '/api/v1/payments/test/p-2' });
    const settled = paidOnline('o2', 102, null);
    setupAdmin({ path: '/admin/orders', session: ADMIN_SESSION, server: serverOf([owing, settled]) });
    const table = await screen.findByRole('table', { name: 'Список заказов' });
    const row = await within(table).findByText(LABEL);
    expect(row.closest('tr')?.getAttribute('data-order-id')).toBe('o1');
    expect(within(table).getAllByTestId('surcharge-label')).toHaveLength(1);
  });

  it('the card shows it next to the payment; a card without one does not', async () => {
    const owing = paidOnline('o1', 101, { amount: 1290, payUrl: null });
    setupAdmin({ path: '/admin/orders/o1', session: ADMIN_SESSION, server: serverOf([owing]) });
    const panel = await screen.findByRole('complementary', { name: 'Заказ' });
    expect(await within(panel).findByText(LABEL)).toBeTruthy();
  });

  it('a card of a paid order with nothing owed has no label', async () => {
    setupAdmin({ path: '/admin/orders/o2', session: ADMIN_SESSION, server: serverOf([paidOnline('o2', 102, null)]) });
    const panel = await screen.findByRole('complementary', { name: 'Заказ' });
    await within(panel).findByText(/Оплата:/);
    expect(within(panel).queryByTestId('surcharge-label')).toBeNull();
  });
});
