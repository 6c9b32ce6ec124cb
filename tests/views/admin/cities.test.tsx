// @vitest-environment jsdom
// Cities, restaurants and delivery zones: each editor checks its fields before sending, sends the
// typed values as numbers, and an operator sees them read-only.
import { fireEvent, screen, within } from '@testing-library/react';
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
import { ADMIN_SESSION, FakeServer, savesOver, setupAdmin } from './helpers';
import * as editor from './editorSteps';
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
    const fake = server().on(adminUpdateCity, savesOver(CITIES[0]));
    setupAdmin({ path: '/admin/cities', session: ADMIN_SESSION, server: fake });
    const form = await editor.openRow('Города', 'Ангарск', 'Город');
    editor.fill(form, 'Название', ' ');
    editor.expectRefusedBeforeSending(form, 'Введите название', fake, adminUpdateCity);
    editor.fill(form, 'Название', 'Ангарск ');
    editor.fill(form, 'Бесплатная доставка от, ₽', '2000');
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Скрыть поле промокода' }));
    const sent = await editor.pressAndAwaitRequest(form, fake, adminUpdateCity);
    expect(sent.path).toBe('/api/v1/admin/cities/angarsk');
    expect(sent.body).toMatchObject({
      name: 'Ангарск',
      slug: 'angarsk',
      data: { deliveryId: 'd', freeDeliveryFrom: 2000, freeDeliveryId: 'fd', isPromocodeHide: true },
    });
    expect(await screen.findByText('Город сохранён')).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Города' })).toBeTruthy();
  });

  it('a restaurant edit shows the point error under the latitude and sends the hours', async () => {
    const fake = server().on(adminUpdateRestaurant, savesOver(RESTAURANTS[0]));
    setupAdmin({ path: '/admin/cities', session: ADMIN_SESSION, server: fake });
    fireEvent.click(await screen.findByRole('tab', { name: 'Рестораны и часы работы' }));
    const form = await editor.openRow('Рестораны', 'Ангарск, 12 мкр', 'Ресторан');
    editor.fill(form, 'Широта', '95');
    editor.expectRefusedBeforeSending(
      form,
      'Широта от −90 до 90 и долгота от −180 до 180',
      fake,
      adminUpdateRestaurant,
    );
    editor.fill(form, 'Широта', '52,6');
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Воскресенье: выходной' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Без онлайн-оплаты' }));
    const sent = await editor.pressAndAwaitRequest(form, fake, adminUpdateRestaurant);
    const body = sent.body as { location: unknown; hours: unknown[] };
    expect(body).toMatchObject({
      cityId: 'angarsk',
      location: { lat: 52.6, lon: 103.9 },
      isOnlinePaymentDisabled: true,
    });
    expect(body.hours[0]).toEqual({ open: '00:00', close: '00:00', isNextDay: false });
  });

  it('a new zone needs a closed contour; «Замкнуть контур» closes it and the zone is sent', async () => {
    const fake = server().on(adminCreateZone, savesOver(ZONE, { id: 'zone-2' }));
    setupAdmin({ path: '/admin/cities', session: ADMIN_SESSION, server: fake });
    fireEvent.click(await screen.findByRole('tab', { name: 'Зоны доставки' }));
    await screen.findByRole('table', { name: 'Зоны доставки' });
    const form = await editor.openNew('Добавить зону', 'Зона доставки');
    editor.fill(form, 'Название', 'Север');
    const contour = within(form).getByLabelText('Контур зоны') as HTMLTextAreaElement;
    editor.fill(form, 'Контур зоны', '103.8, 52.5\n103.9, 52.5\n103.9, 52.6');
    editor.expectRefusedBeforeSending(
      form,
      'Нужно не меньше 4 точек (первая повторяется в конце)',
      fake,
      adminCreateZone,
    );
    editor.press(form, 'Замкнуть контур');
    expect(contour.value).toBe('103.8, 52.5\n103.9, 52.5\n103.9, 52.6\n103.8, 52.5');
    const sent = await editor.pressAndAwaitRequest(form, fake, adminCreateZone);
    expect(sent.body).toMatchObject({
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
    const form = await editor.openRow('Зоны доставки', 'Центр', 'Зона доставки');
    const asked: string[] = [];
    const confirm = vi.spyOn(window, 'confirm').mockImplementation((text) => (asked.push(String(text)), false));
    editor.press(form, 'Удалить зону');
    expect(asked).toEqual(['Удалить зону «Центр»?']);
    expect(fake.calls(adminDeleteZone)).toHaveLength(0);
    confirm.mockImplementation(() => true);
    const sent = await editor.pressAndAwaitRequest(form, fake, adminDeleteZone, 'Удалить зону');
    expect(sent.path).toBe('/api/v1/admin/zones/zone-1');
    expect(await screen.findByText('Зона удалена')).toBeTruthy();
    confirm.mockRestore();
  });
});
