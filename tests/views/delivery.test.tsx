// @vitest-environment jsdom
// /delivery: zones on a drawn map and listed, free delivery from, restaurants
// with their hours, from the city's settings.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DeliveryZone } from '../../src/api/entities';
import { formatWeekHours } from '../../src/views/pages/DeliveryDetails';
import { ANGARSK, settings, WORK_TIME } from '../fixtures/settings';
import { readyState } from '../fixtures/state';
import { plain, setup } from './helpers';

const ZONE: DeliveryZone = {
  id: 'zone-1',
  cityId: ANGARSK.id,
  name: 'Центр и кварталы',
  polygon: [
    [103.84, 52.515],
    [103.92, 52.515],
    [103.92, 52.565],
    [103.84, 52.565],
    [103.84, 52.515],
  ],
  minSum: 700,
  deliveryPrice: 150,
  deliveryMinutes: 60,
  deliveryTerminalId: 'term-angarsk-1',
};

describe('delivery page details', () => {
  it('hours are grouped Monday first: weekdays, the late Friday–Saturday, Sunday', () => {
    // fixture: Sunday first, 10:00–23:00 except Friday and Saturday to 02:00
    expect(formatWeekHours(WORK_TIME)).toEqual(['Пн–Чт 10:00–23:00', 'Пт–Сб 10:00–02:00', 'Вс 10:00–23:00']);
  });

  it('shows free delivery from, the zone map and list, and the restaurants with hours', async () => {
    const state = readyState({ settings: { ...settings, CITY_ZONES: { [ANGARSK.id]: [ZONE] } } });
    setup({ path: '/angarsk/delivery', state });
    const section = await screen.findByRole('region', { name: 'Зоны доставки и рестораны' });
    expect(plain(within(section).getByText(/Бесплатная доставка от/).textContent)).toBe(
      'Бесплатная доставка от 1 000 ₽',
    );
    expect(
      within(section).getByRole('img', { name: 'Карта зон доставки и ресторанов' }).querySelectorAll('polygon'),
    ).toHaveLength(1);
    expect(plain(within(section).getByText(/заказ от/).textContent)).toBe(
      'заказ от 700 ₽, доставка 150 ₽, около 60 мин',
    );
    expect(within(section).getByText('Ресторан на Ленина')).toBeTruthy();
    expect(within(section).getAllByText('Пн–Чт 10:00–23:00, Пт–Сб 10:00–02:00, Вс 10:00–23:00')).toHaveLength(2);
  });
});
