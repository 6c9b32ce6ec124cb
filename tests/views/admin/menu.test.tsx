// @vitest-environment jsdom
// Menu editing and the per-restaurant stop list, and the read-only view of an
// operator (menu edits are admin-only in the contract).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { adminMe } from '../../../src/api/contract/admin/auth';
import {
  AdminGroup,
  AdminProduct,
  adminDeleteProduct,
  adminGetMenu,
  adminGetStopList,
  adminToggleStopList,
  adminUpdateProduct,
} from '../../../src/api/contract/admin/menu';
import { adminListCities, adminListRestaurants } from '../../../src/api/contract/admin/settings';
import { ADMIN_SESSION, FakeServer, OPERATOR_SESSION, savesOver, setupAdmin } from './helpers';
import * as editor from './editorSteps';
import { CITIES, RESTAURANTS, staffMember } from './fixtures';

const GROUPS = [
  AdminGroup.parse({
    id: 'rolls',
    name: 'Роллы',
    slug: 'rolls',
    parentGroup: null,
    isIncludedInMenu: true,
    isGroupModifier: false,
    isServiceGroup: false,
    isVisible: true,
    order: 1,
    imageUrl: null,
  }),
  AdminGroup.parse({
    id: 'sizes',
    name: 'Размер',
    slug: 'sizes',
    parentGroup: null,
    isIncludedInMenu: false,
    isGroupModifier: true,
    isServiceGroup: false,
    isVisible: true,
    order: 9,
    imageUrl: null,
  }),
];
const product = (id: string, name: string, price: number) =>
  AdminProduct.parse({
    id,
    name,
    description: 'Лосось, сыр',
    code: id.toUpperCase(),
    price,
    oldPrice: null,
    weight: 250,
    nutrition: null,
    parentGroup: 'rolls',
    slug: id,
    imageUrl: null,
    groupModifiers: [],
    allergens: [{ code: 'fish', name: 'Рыба' }],
    filters: [],
    maxPerPositionInOrder: 0,
    sale: null,
    isVisible: true,
    order: 1,
  });
const PRODUCTS = [product('philadelphia', 'Филадельфия', 459), product('canada', 'Канада', 489)];

function server(role: 'admin' | 'operator' = 'admin') {
  return new FakeServer()
    .on(adminMe, () => ({ body: staffMember(role) }))
    .on(adminListCities, () => ({ body: { cities: CITIES } }))
    .on(adminListRestaurants, () => ({ body: { restaurants: RESTAURANTS } }))
    .on(adminGetMenu, () => ({ body: { groups: GROUPS, products: PRODUCTS, version: '42' } }))
    .on(adminGetStopList, () => ({
      body: { stopList: [{ deliveryTerminalId: 'rest-a', items: [{ productId: 'canada', balance: 0 }] }] },
    }));
}

describe('admin menu', () => {
  it('a product edit sends every field with the new price and shows the saved product', async () => {
    const fake = server().on(adminUpdateProduct, savesOver(PRODUCTS[0]));
    setupAdmin({ path: '/admin/menu', session: ADMIN_SESSION, server: fake });
    const form = await editor.openRow('Товары', 'Филадельфия', 'Товар');
    editor.fill(form, 'Цена, ₽', 'дорого');
    editor.expectRefusedBeforeSending(form, 'Цена — целое число рублей от 0 до 1 000 000', fake, adminUpdateProduct);
    editor.fill(form, 'Цена, ₽', '499');
    editor.fill(form, 'Не больше в одной позиции', '2');
    editor.fill(form, 'Участвует в акциях (sale)', 'false');
    const call = await editor.pressAndAwaitRequest(form, fake, adminUpdateProduct);
    expect(call.path).toBe('/api/v1/admin/menu/products/philadelphia');
    expect(call.body).toMatchObject({
      name: 'Филадельфия',
      price: 499,
      maxPerPositionInOrder: 2,
      sale: false,
      allergens: [{ code: 'fish', name: 'Рыба' }],
      weight: 250,
      parentGroup: 'rolls',
      slug: 'philadelphia',
    });
    expect(await screen.findByText('Товар сохранён')).toBeTruthy();
    const after = await screen.findByRole('table', { name: 'Товары' });
    expect(within(after).getByText('Филадельфия').closest('tr')?.textContent).toContain('499');
  });

  it('a deleted product leaves the list at once, without reading the menu again', async () => {
    const fake = server().on(adminDeleteProduct, () => ({ status: 204 }));
    setupAdmin({ path: '/admin/menu', session: ADMIN_SESSION, server: fake });
    const form = await editor.openRow('Товары', 'Канада', 'Товар');
    const confirm = vi.spyOn(window, 'confirm').mockImplementation(() => true);
    const sent = await editor.pressAndAwaitRequest(form, fake, adminDeleteProduct, 'Удалить товар');
    confirm.mockRestore();
    expect(sent.path).toBe('/api/v1/admin/menu/products/canada');
    expect(await screen.findByText('Товар удалён')).toBeTruthy();
    const after = await screen.findByRole('table', { name: 'Товары' });
    expect(within(after).queryByText('Канада')).toBeNull();
    expect(within(after).getByText('Филадельфия')).toBeTruthy();
    expect(fake.calls(adminGetMenu)).toHaveLength(1);
  });

  it('an operator sees the menu read-only (no create buttons, disabled fields, no save)', async () => {
    setupAdmin({ path: '/admin/menu/products/canada', session: OPERATOR_SESSION, server: server('operator') });
    const form = await screen.findByRole('form', { name: 'Товар' });
    expect(within(form).getByLabelText('Цена, ₽').matches(':disabled')).toBe(true);
    expect(within(form).queryByRole('button', { name: 'Сохранить' })).toBeNull();
    expect(within(form).getByText('Изменять меню может администратор.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Новый товар' })).toBeNull();
  });

  it("stop list: a toggle puts the product on the chosen restaurant's list", async () => {
    const fake = server().on(adminToggleStopList, (req) => ({
      body: { stopped: (req.body as { stopped: boolean }).stopped, version: '43' },
    }));
    setupAdmin({
      path: '/admin/stop-list',
      session: OPERATOR_SESSION,
      server: fake.on(adminMe, () => ({ body: staffMember('operator') })),
    });
    const canada = await screen.findByRole('checkbox', { name: 'Канада: в стоп-листе' });
    await waitFor(() => expect((canada as HTMLInputElement).checked).toBe(true));
    const phila = screen.getByRole('checkbox', { name: 'Филадельфия: в стоп-листе' }) as HTMLInputElement;
    expect(phila.checked).toBe(false);
    fireEvent.click(phila);
    await waitFor(() => expect(fake.calls(adminToggleStopList)).toHaveLength(1));
    expect(fake.calls(adminToggleStopList)[0]?.path).toBe('/api/v1/admin/stop-list/rest-a/philadelphia');
    expect(fake.calls(adminToggleStopList)[0]?.body).toEqual({ stopped: true });
    await waitFor(() => expect(phila.checked).toBe(true));
    expect(await screen.findByText('«Филадельфия» в стоп-листе')).toBeTruthy();
  });
});
