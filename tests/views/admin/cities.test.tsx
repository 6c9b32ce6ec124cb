// @vitest-environment jsdom
// Cities, restaurants and delivery zones: each editor checks its fields before sending, sends the
// typed values as numbers, and an operator sees them read-only.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { adminMe } from '../../../src/api/contract/admin/auth';
import {
  AdminZone,
  adminCreateZone,
  adminDeleteZone,
  adminListCities,
  adminListRestaurants,
  adminListZones,
  adminUpdateCity,
  adminUpdateRestaurant,
} from '../../../src/api/contract/admin/settings';
import { ADMIN_SESSION, FakeServer, setupAdmin } from './helpers';
import { CITIES, RESTAURANTS, staffMember } from './fixtures';

const ZONE = AdminZone.parse({
  id: 'zone-1',
  cityId: 'angarsk',
  name: 'Центр',
  polygon: [
    [103.8, 52.5],
    [103.9, 52.5],
    [103.9, 52.6],
    [103.8, 52.5],
  ],
  minSum: 700,
  deliveryPrice: 150,
  deliveryMinutes: 60,
  deliveryTerminalId: 'rest-a',
  order: 0,
});

function server(role: 'admin' | 'operator' = 'admin') {
  return new FakeServer()
    .on(adminMe, () => ({ body: staffMember(role) }))
    .on(adminListCities, () => ({ body: { cities: CITIES } }))
    .on(adminListRestaurants, () => ({ body: { restaurants: RESTAURANTS } }))
    .on(adminListZones, () => ({ body: { zones: [ZONE] } }));
}

describe('admin cities, restaurants and zones', () => {
  it('a city edit refuses an empty name, then sends the city data with the threshold as a number', async () => {
    const fake = server().on(adminUpdateCity, (req) => ({ body: { ...CITIES[0], ...(req.body as object) } }));
    setupAdmin({ path: '/admin/cities', session: ADMIN_SESSION, server: fake });
    const table = await screen.findByRole('table', { name: 'Города' });
    fireEvent.click(await within(table).findByText('Ангарск'));
    const form = await screen.findByRole('form', { name: 'Город' });
    const name = within(form).getByLabelText('Название');
    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    expect(within(form).getByText('Введите название')).toBeTruthy();
    expect(fake.calls(adminUpdateCity)).toHaveLength(0);
    fireEvent.change(name, { target: { value: 'Ангарск ' } });
    fireEvent.change(within(form).getByLabelText('Бесплатная доставка от, ₽'), { target: { value: '2000' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Скрыть поле промокода' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(fake.calls(adminUpdateCity)).toHaveLength(1));
    expect(fake.calls(adminUpdateCity)[0]?.path).toBe('/api/v1/admin/cities/angarsk');
    expect(fake.calls(adminUpdateCity)[0]?.body).toMatchObject({
      name: 'Ангарск',
      slug: 'angarsk',
      data: { deliveryId: 'd', freeDeliveryFrom: 2000, freeDeliveryId: 'fd', isPromocodeHide: true },
    });
    expect(await screen.findByText('Город сохранён')).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Города' })).toBeTruthy();
  });

  it('a restaurant edit shows the point error under the latitude and sends the hours', async () => {
    const fake = server().on(adminUpdateRestaurant, (req) => ({
      body: { ...RESTAURANTS[0], ...(req.body as object) },
    }));
    setupAdmin({ path: '/admin/cities', session: ADMIN_SESSION, server: fake });
    fireEvent.click(await screen.findByRole('tab', { name: 'Рестораны и часы работы' }));
    const table = await screen.findByRole('table', { name: 'Рестораны' });
    fireEvent.click(await within(table).findByText('Ангарск, 12 мкр'));
    const form = await screen.findByRole('form', { name: 'Ресторан' });
    const lat = within(form).getByLabelText('Широта');
    fireEvent.change(lat, { target: { value: '95' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    expect(within(form).getByRole('alert').textContent).toBe('Широта от −90 до 90 и долгота от −180 до 180');
    fireEvent.change(lat, { target: { value: '52,6' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Воскресенье: выходной' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Без онлайн-оплаты' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(fake.calls(adminUpdateRestaurant)).toHaveLength(1));
    const body = fake.calls(adminUpdateRestaurant)[0]?.body as { location: unknown; hours: unknown[] };
    expect(body).toMatchObject({
      cityId: 'angarsk',
      location: { lat: 52.6, lon: 103.9 },
      isOnlinePaymentDisabled: true,
    });
    expect(body.hours[0]).toEqual({ open: '00:00', close: '00:00', isNextDay: false });
  });

  it('a new zone needs a closed contour; «Замкнуть контур» closes it and the zone is sent', async () => {
    const fake = server().on(adminCreateZone, (req) => ({ body: { ...ZONE, ...(req.body as object), id: 'zone-2' } }));
    setupAdmin({ path: '/admin/cities', session: ADMIN_SESSION, server: fake });
    fireEvent.click(await screen.findByRole('tab', { name: 'Зоны доставки' }));
    await screen.findByRole('table', { name: 'Зоны доставки' });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить зону' }));
    const form = await screen.findByRole('form', { name: 'Зона доставки' });
    fireEvent.change(within(form).getByLabelText('Название'), { target: { value: 'Север' } });
    const contour = within(form).getByLabelText('Контур зоны');
    fireEvent.change(contour, { target: { value: '103.8, 52.5\n103.9, 52.5\n103.9, 52.6' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    expect(within(form).getByText('Нужно не меньше 4 точек (первая повторяется в конце)')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Замкнуть контур' }));
    expect((contour as HTMLTextAreaElement).value).toBe('103.8, 52.5\n103.9, 52.5\n103.9, 52.6\n103.8, 52.5');
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(fake.calls(adminCreateZone)).toHaveLength(1));
    expect(fake.calls(adminCreateZone)[0]?.body).toMatchObject({
      cityId: 'angarsk',
      name: 'Север',
      deliveryTerminalId: 'rest-a',
      minSum: 0,
      deliveryMinutes: 60,
      polygon: [
        [103.8, 52.5],
        [103.9, 52.5],
        [103.9, 52.6],
        [103.8, 52.5],
      ],
    });
  });

  it('a zone is deleted only after the confirmation names it', async () => {
    const fake = server().on(adminDeleteZone, () => ({ status: 204 }));
    setupAdmin({ path: '/admin/cities', session: ADMIN_SESSION, server: fake });
    fireEvent.click(await screen.findByRole('tab', { name: 'Зоны доставки' }));
    const table = await screen.findByRole('table', { name: 'Зоны доставки' });
    fireEvent.click(await within(table).findByText('Центр'));
    const form = await screen.findByRole('form', { name: 'Зона доставки' });
    const asked: string[] = [];
    const confirm = vi.spyOn(window, 'confirm').mockImplementation((text) => (asked.push(String(text)), false));
    fireEvent.click(within(form).getByRole('button', { name: 'Удалить зону' }));
    expect(asked).toEqual(['Удалить зону «Центр»?']);
    expect(fake.calls(adminDeleteZone)).toHaveLength(0);
    confirm.mockImplementation(() => true);
    fireEvent.click(within(form).getByRole('button', { name: 'Удалить зону' }));
    await waitFor(() => expect(fake.calls(adminDeleteZone)).toHaveLength(1));
    expect(fake.calls(adminDeleteZone)[0]?.path).toBe('/api/v1/admin/zones/zone-1');
    expect(await screen.findByText('Зона удалена')).toBeTruthy();
    confirm.mockRestore();
  });
});
