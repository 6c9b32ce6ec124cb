// @vitest-environment jsdom
// Couriers in the admin client: a courier lands on «Мои доставки» and sees nothing else but their
// password; each delivery shows what is needed at the door and moves with «Забрал» / «Доставил»;
// an operator assigns the courier from the order's card.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminMe } from '../../../src/api/contract/admin/auth';
import {
  adminAssignCourier,
  adminListCouriers,
  courierDelivered,
  courierListOrders,
  courierPickedUp,
  type CourierOrder,
} from '../../../src/api/contract/admin/couriers';
import { adminGetOrder, adminListOrders } from '../../../src/api/contract/admin/orders';
import { adminListCities, adminListRestaurants } from '../../../src/api/contract/admin/settings';
import { COURIER_SESSION, FakeServer, OPERATOR_SESSION, setupAdmin } from './helpers';
import { CITIES, RESTAURANTS, listItem, order, staffMember } from './fixtures';

function delivery(overrides: Partial<CourierOrder> = {}): CourierOrder {
  return {
    id: 'o1',
    number: 301,
    status: 'CookingCompleted',
    statusName: 'готов',
    address: {
      city: 'Ангарск',
      street: 'Ленина',
      home: '5',
      apartment: '12',
      entrance: '2',
      floor: '4',
      intercom: '12К',
      comment: 'Собака во дворе',
      location: { lat: 52.54, lon: 103.88 },
    },
    customerName: 'Иван',
    customerPhone: '+79991234567',
    paymentMethod: 'cash',
    paid: false,
    total: 1450,
    changeFrom: 5000,
    deliveryTime: 'asap',
    comment: '',
    assignedAt: '2026-11-23T03:00:00.000Z',
    ...overrides,
  };
}

describe('courier page', () => {
  it('a courier lands on «Мои доставки», with only that and their password in the navigation', async () => {
    const server = new FakeServer()
      .on(adminMe, () => ({ body: staffMember('courier') }))
      .on(courierListOrders, () => ({ body: { orders: [] } }));
    setupAdmin({ path: '/admin', session: COURIER_SESSION, server });
    expect(await screen.findByRole('heading', { name: 'Мои доставки' })).toBeTruthy();
    expect(await screen.findByText('Назначенных заказов нет.')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Разделы панели управления' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Мои доставки', 'Мой пароль', 'Открыть сайт']);
    expect(server.calls(adminListOrders)).toEqual([]);
  });

  it('shows the address with entrance, floor and intercom, a tap-to-call phone, the change and a Yandex Maps link', async () => {
    const server = new FakeServer()
      .on(adminMe, () => ({ body: staffMember('courier') }))
      .on(courierListOrders, () => ({ body: { orders: [delivery()] } }));
    setupAdmin({ path: '/admin/courier', session: COURIER_SESSION, server });
    const card = await screen.findByRole('article', { name: 'Заказ №301' });
    expect(within(card).getByText(/Ленина, 5, кв\. 12, подъезд: 2, этаж: 4, домофон: 12К/)).toBeTruthy();
    expect(within(card).getByText('Комментарий: Собака во дворе')).toBeTruthy();
    expect(within(card).getByRole('link', { name: '+79991234567' }).getAttribute('href')).toBe('tel:+79991234567');
    expect(within(card).getByText(/Наличными: 1\s450\s₽, сдача с 5\s000\s₽/)).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Открыть в Яндекс Картах' }).getAttribute('href')).toBe(
      'https://yandex.ru/maps/?pt=103.88,52.54&z=17&l=map',
    );
  });

  it('«Забрал» moves the order on its way, then «Доставил» delivers it and it leaves the list', async () => {
    let current: CourierOrder | null = delivery();
    const server = new FakeServer()
      .on(adminMe, () => ({ body: staffMember('courier') }))
      .on(courierListOrders, () => ({ body: { orders: current ? [current] : [] } }))
      .on(courierPickedUp, () => {
        current = delivery({ status: 'OnWay', statusName: 'в пути' });
        return { body: current };
      })
      .on(courierDelivered, () => {
        const done = delivery({ status: 'Delivered', statusName: 'доставлен' });
        current = null;
        return { body: done };
      });
    setupAdmin({ path: '/admin/courier', session: COURIER_SESSION, server });
    fireEvent.click(await screen.findByRole('button', { name: 'Забрал' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Доставил' }));
    expect(await screen.findByText('Назначенных заказов нет.')).toBeTruthy();
    expect(server.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/api/v1/admin/courier/orders/o1/picked-up',
      '/api/v1/admin/courier/orders/o1/delivered',
    ]);
  });

  it("a refusal shows the server's Russian message", async () => {
    const server = new FakeServer()
      .on(adminMe, () => ({ body: staffMember('courier') }))
      .on(courierListOrders, () => ({ body: { orders: [delivery()] } }))
      .on(courierPickedUp, () => ({ status: 404, body: { message: 'Заказ не найден' } }));
    setupAdmin({ path: '/admin/courier', session: COURIER_SESSION, server });
    fireEvent.click(await screen.findByRole('button', { name: 'Забрал' }));
    expect(await screen.findByText('Заказ не найден')).toBeTruthy();
  });
});

describe('assigning a courier from the order card', () => {
  it('the operator picks a courier; the card shows the answer', async () => {
    let detail = order({ id: 'o7', number: 107, status: 'CookingCompleted' });
    const server = new FakeServer()
      .on(adminMe, () => ({ body: staffMember('operator') }))
      .on(adminListCities, () => ({ body: { cities: CITIES } }))
      .on(adminListRestaurants, () => ({ body: { restaurants: RESTAURANTS } }))
      .on(adminListOrders, () => ({ body: { orders: [listItem(detail)], total: 1 } }))
      .on(adminGetOrder, () => ({ body: detail }))
      .on(adminListCouriers, () => ({ body: { couriers: [{ id: 'staff-9', name: 'Коля', login: 'kolya' }] } }))
      .on(adminAssignCourier, (req) => {
        const { courierId } = req.body as { courierId: string | null };
        detail = { ...detail, courier: courierId ? { id: courierId, name: 'Коля', login: 'kolya' } : null };
        return { body: detail };
      });
    setupAdmin({ path: '/admin/orders/o7', session: OPERATOR_SESSION, server });
    const select = await screen.findByLabelText('Курьер');
    await waitFor(() => expect(within(select).getAllByRole('option').length).toBe(2));
    fireEvent.change(select, { target: { value: 'staff-9' } });
    await screen.findByText('Курьер назначен');
    expect(server.calls(adminAssignCourier).map((r) => r.body)).toEqual([{ courierId: 'staff-9' }]);
    await waitFor(() => expect((screen.getByLabelText('Курьер') as HTMLSelectElement).value).toBe('staff-9'));
  });
});
