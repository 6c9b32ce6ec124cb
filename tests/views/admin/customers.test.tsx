// @vitest-environment jsdom
// Customers: find by phone, balance adjustment with a required reason.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminMe } from '../../../src/api/contract/admin/auth';
import {
  AdminCustomer,
  adminAdjustBonus,
  adminFindCustomers,
  adminGetCustomer,
} from '../../../src/api/contract/admin/customers';
import { adminListCities, adminListRestaurants } from '../../../src/api/contract/admin/settings';
import { FakeServer, OPERATOR_SESSION, setupAdmin } from './helpers';
import { CITIES, RESTAURANTS, listItem, order, staffMember } from './fixtures';

const CUSTOMER = AdminCustomer.parse({
  id: 'user-1',
  phone: '+79991234567',
  name: 'Иван',
  balance: 120,
  zoneId: null,
  personalData: true,
  PUSHNotifications: false,
  receiveAdvertisingInformation: false,
  userAllergens: [],
  createdAt: '2026-10-01T00:00:00.000Z',
  ordersCount: 1,
});

describe('admin customers', () => {
  it('finds by phone, shows the balance, and adjusts it only with a reason', async () => {
    let balance = 120;
    const o = order({ id: 'o1', number: 77 });
    const { customer: _c, nextStatuses: _n, ...plainOrder } = listItem(o);
    const fake = new FakeServer()
      .on(adminMe, () => ({ body: staffMember('operator') }))
      .on(adminListCities, () => ({ body: { cities: CITIES } }))
      .on(adminListRestaurants, () => ({ body: { restaurants: RESTAURANTS } }))
      .on(adminFindCustomers, () => ({ body: { customers: [CUSTOMER] } }))
      .on(adminGetCustomer, () => ({
        body: { customer: { ...CUSTOMER, balance }, addresses: [], orders: [plainOrder], bonusLedger: [] },
      }))
      .on(adminAdjustBonus, (req) => {
        balance += (req.body as { delta: number }).delta;
        return { body: { balance } };
      });
    const app = setupAdmin({ path: '/admin/customers', session: OPERATOR_SESSION, server: fake });
    const phone = await screen.findByLabelText('Телефон');
    fireEvent.change(phone, { target: { value: '45' } });
    fireEvent.click(screen.getByRole('button', { name: 'Найти' }));
    expect(screen.getByText('Введите не меньше 4 цифр телефона')).toBeTruthy();
    fireEvent.change(phone, { target: { value: '4567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Найти' }));
    fireEvent.click(await screen.findByRole('button', { name: '+79991234567 — Иван' }));
    await waitFor(() => expect(app.currentPath()).toBe('/admin/customers/user-1'));
    expect((await screen.findByTestId('customer-balance')).textContent).toBe('120');
    expect(
      within(screen.getByRole('table', { name: 'Заказы клиента' }))
        .getByRole('link', { name: '77' })
        .getAttribute('href'),
    ).toBe('/admin/orders/o1');

    const form = screen.getByRole('form', { name: 'Изменение бонусов' });
    fireEvent.change(within(form).getByLabelText('Сколько бонусов'), { target: { value: '-20' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Изменить баланс' }));
    expect(within(form).getByText('Укажите причину (не короче 3 символов)')).toBeTruthy();
    expect(fake.calls(adminAdjustBonus)).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText('Причина'), { target: { value: 'Ошибочное начисление' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Изменить баланс' }));
    await waitFor(() => expect(fake.calls(adminAdjustBonus)).toHaveLength(1));
    expect(fake.calls(adminAdjustBonus)[0]?.body).toEqual({ delta: -20, reason: 'Ошибочное начисление' });
    await waitFor(() => expect(screen.getByTestId('customer-balance').textContent).toBe('100'));
    expect(await screen.findByText('Списано бонусов: 20')).toBeTruthy();
  });
});
