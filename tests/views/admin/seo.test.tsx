// @vitest-environment jsdom
// The SEO screen: the list of operators' titles and descriptions, saving one, editing and
// removing it, the server's Russian refusal shown as it came; admins only.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminMe } from '../../../src/api/contract/admin/auth';
import { adminListOrders } from '../../../src/api/contract/admin/orders';
import {
  adminListSeoOverrides,
  adminSaveSeoOverride,
  type AdminSeoOverride,
} from '../../../src/api/contract/admin/seo';
import { ADMIN_SESSION, FakeServer, OPERATOR_SESSION, setupAdmin } from './helpers';
import { staffMember } from './fixtures';

const at = '2026-11-20T10:00:00.000Z';

function server(initial: AdminSeoOverride[] = [], role: 'admin' | 'operator' = 'admin') {
  let rows = [...initial];
  const fake = new FakeServer()
    .on(adminMe, () => ({ body: staffMember(role) }))
    .on(adminListOrders, () => ({ body: { orders: [], total: 0 } }))
    .on(adminListSeoOverrides, () => ({ body: { overrides: rows } }))
    .on(adminSaveSeoOverride, (req) => {
      const body = req.body as { path: string; title: string | null; description: string | null };
      if (body.path.startsWith('/admin'))
        return { status: 422, body: { message: 'Укажите адрес страницы витрины, например /angarsk/catalog' } };
      rows = rows.filter((r) => r.path !== body.path);
      const title = body.title?.trim() || null;
      const description = body.description?.trim() || null;
      if (title === null && description === null) return { body: { override: null } };
      const row = { path: body.path, title, description, updatedAt: at };
      rows.push(row);
      return { body: { override: row } };
    });
  return fake;
}

const form = async () => screen.findByRole('group', { name: 'Заголовок и описание страницы' });

describe('admin SEO screen', () => {
  it('saves a title for one page, lists it, and removing it goes back to the template', async () => {
    const fake = server();
    setupAdmin({ path: '/admin/seo', session: ADMIN_SESSION, server: fake });
    expect(await screen.findByText('Все страницы используют заголовки и описания по шаблону.')).toBeTruthy();
    const group = await form();
    fireEvent.change(within(group).getByLabelText('Адрес страницы'), { target: { value: '/angarsk/catalog/pizza' } });
    fireEvent.change(within(group).getByLabelText('Заголовок (title)'), { target: { value: 'Пицца в Ангарске' } });
    expect(within(group).getByText(/^16 из ~60 видимых символов/)).toBeTruthy();
    fireEvent.click(within(group).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() =>
      expect(fake.calls(adminSaveSeoOverride).map((r) => r.body)).toEqual([
        { path: '/angarsk/catalog/pizza', title: 'Пицца в Ангарске', description: '' },
      ]),
    );
    const row = (await screen.findByText('/angarsk/catalog/pizza')).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('Пицца в Ангарске')).toBeTruthy();
    expect(within(row).getByText('по шаблону')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Изменить' }));
    // the form is filled afresh with the row
    await waitFor(async () =>
      expect((within(await form()).getByLabelText('Адрес страницы') as HTMLInputElement).value).toBe(
        '/angarsk/catalog/pizza',
      ),
    );

    fireEvent.click(within(row).getByRole('button', { name: 'Убрать' }));
    expect(await screen.findByText('Все страницы используют заголовки и описания по шаблону.')).toBeTruthy();
    expect(fake.calls(adminSaveSeoOverride).at(-1)?.body).toEqual({
      path: '/angarsk/catalog/pizza',
      title: null,
      description: null,
    });
  });

  it('a path without "/" is refused before sending; the server’s refusal is shown as it came', async () => {
    const fake = server();
    setupAdmin({ path: '/admin/seo', session: ADMIN_SESSION, server: fake });
    const group = await form();
    fireEvent.change(within(group).getByLabelText('Адрес страницы'), { target: { value: 'catalog' } });
    fireEvent.click(within(group).getByRole('button', { name: 'Сохранить' }));
    expect(within(group).getByRole('alert').textContent).toBe(
      'Адрес страницы начинается с «/», например /angarsk/catalog',
    );
    expect(fake.calls(adminSaveSeoOverride)).toEqual([]);
    fireEvent.change(within(group).getByLabelText('Адрес страницы'), { target: { value: '/admin/orders' } });
    fireEvent.change(within(group).getByLabelText('Заголовок (title)'), { target: { value: 'x' } });
    fireEvent.click(within(group).getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Укажите адрес страницы витрины, например /angarsk/catalog')).toBeTruthy();
  });

  it('is in the admin navigation and not in the operator’s', async () => {
    const first = setupAdmin({ path: '/admin/orders', session: ADMIN_SESSION, server: server() });
    expect(await screen.findByRole('link', { name: 'SEO' })).toBeTruthy();
    first.unmount();
    setupAdmin({ path: '/admin/orders', session: OPERATOR_SESSION, server: server([], 'operator') });
    await screen.findByRole('link', { name: 'Заказы' });
    expect(screen.queryByRole('link', { name: 'SEO' })).toBeNull();
  });
});
