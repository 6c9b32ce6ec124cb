// @vitest-environment jsdom
// Content: an informational page is saved per city with a title it cannot lose; a slide without a
// picture is refused before saving, and the list is saved as the setting's value in its new order.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminMe } from '../../../src/api/contract/admin/auth';
import {
  AdminSetting,
  adminListCities,
  adminListPages,
  adminListRestaurants,
  adminListSettings,
  adminSavePage,
  adminUpdateSetting,
} from '../../../src/api/contract/admin/settings';
import { ADMIN_SESSION, FakeServer, savesOver, setupAdmin } from './helpers';
import * as editor from './editorSteps';
import { CITIES, RESTAURANTS, staffMember } from './fixtures';

const at = '2026-11-20T10:00:00.000Z';
const slides = (name: 'STORIES' | 'SLIDES', value: unknown) =>
  AdminSetting.parse({
    name,
    title: name === 'STORIES' ? 'Истории' : 'Слайды',
    description: '',
    type: 'json',
    widget: 'json',
    value,
    order: 0,
    updatedAt: at,
    editable: true,
  });
const SLIDES = [
  { id: 's1', title: 'Первый', imageUrl: '/img/1.webp', link: null },
  { id: 's2', title: 'Второй', imageUrl: '/img/2.webp', link: '/catalog/rolls' },
];

function server() {
  return new FakeServer()
    .on(adminMe, () => ({ body: staffMember('admin') }))
    .on(adminListCities, () => ({ body: { cities: CITIES } }))
    .on(adminListRestaurants, () => ({ body: { restaurants: RESTAURANTS } }))
    .on(adminListPages, () => ({
      body: { pages: [{ slug: 'about', cityId: 'angarsk', title: 'О нас', body: 'С 2010 года.', updatedAt: at }] },
    }))
    .on(adminListSettings, () => ({
      body: { settings: [slides('STORIES', []), slides('SLIDES', SLIDES)], version: '3' },
    }));
}

describe('admin content', () => {
  it("a page keeps a title: an empty one is refused; the city's page is saved with its text", async () => {
    const fake = server().on(adminSavePage, savesOver({ slug: 'delivery', cityId: 'irkutsk' }, { updatedAt: at }));
    setupAdmin({ path: '/admin/content', session: ADMIN_SESSION, server: fake });
    const firstPage = await screen.findByRole('group', { name: 'Страница' });
    await waitFor(() =>
      expect((within(firstPage).getByLabelText('Заголовок') as HTMLInputElement).value).toBe('О нас'),
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Город' }), { target: { value: 'irkutsk' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Страница' }), { target: { value: 'delivery' } });
    const page = await screen.findByRole('group', { name: 'Страница' });
    await waitFor(() =>
      expect((within(page).getByLabelText('Заголовок') as HTMLInputElement).value).toBe('Доставка и оплата'),
    );
    editor.fill(page, 'Заголовок', ' ');
    editor.expectRefusedBeforeSending(page, 'Введите заголовок', fake, adminSavePage, 'Сохранить страницу');
    editor.fill(page, 'Заголовок', 'Доставка');
    editor.fill(page, 'Текст', '## Зоны\n\nВесь город.');
    const sent = await editor.pressAndAwaitRequest(page, fake, adminSavePage, 'Сохранить страницу');
    expect(sent.path).toBe('/api/v1/admin/pages/irkutsk/delivery');
    expect(sent.body).toEqual({ title: 'Доставка', body: '## Зоны\n\nВесь город.' });
  });

  it('slides: one without a picture is refused; moved and saved as the setting value', async () => {
    const fake = server().on(adminUpdateSetting, (req) => ({
      body: { ...slides('SLIDES', SLIDES), value: (req.body as { value: unknown }).value },
    }));
    setupAdmin({ path: '/admin/content', session: ADMIN_SESSION, server: fake });
    fireEvent.click(await screen.findByRole('tab', { name: 'Истории и слайды' }));
    const second = await screen.findByRole('group', { name: 'Слайды: 2' });
    fireEvent.click(within(second).getByRole('button', { name: 'Выше' }));
    const first = screen.getByRole('group', { name: 'Слайды: 1' });
    expect((within(first).getByLabelText('Заголовок') as HTMLInputElement).value).toBe('Второй');
    const card = first.closest('[data-setting]') as HTMLElement;
    editor.press(card, 'Добавить');
    editor.expectRefusedBeforeSending(card, 'У каждого элемента должна быть картинка', fake, adminUpdateSetting);
    editor.press(screen.getByRole('group', { name: 'Слайды: 3' }), 'Удалить');
    editor.fill(first, 'Ссылка', ' ');
    const sent = await editor.pressAndAwaitRequest(card, fake, adminUpdateSetting);
    expect(sent.path).toBe('/api/v1/admin/settings/SLIDES');
    expect(sent.body).toEqual({
      value: [
        { id: 's2', title: 'Второй', imageUrl: '/img/2.webp', link: null },
        { id: 's1', title: 'Первый', imageUrl: '/img/1.webp', link: null },
      ],
    });
  });
});
