// @vitest-environment jsdom
// The settings editor driven by each setting's metadata: switch, text (number),
// textarea, JSON and multi-switch widgets, validation messages, the server's 422 message, and the
// store version bump behind its warning.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminMe } from '../../../src/api/contract/admin/auth';
import {
  adminBumpStoreVersion,
  adminListSettings,
  adminUpdateSetting,
  AdminSetting,
} from '../../../src/api/contract/admin/settings';
import { adminListOrders } from '../../../src/api/contract/admin/orders';
import { ADMIN_SESSION, FakeServer, setupAdmin } from './helpers';
import { staffMember } from './fixtures';

const at = '2026-11-20T10:00:00.000Z';
const setting = (
  name: string,
  title: string,
  type: AdminSetting['type'],
  widget: AdminSetting['widget'],
  value: unknown,
  editable = true,
) =>
  AdminSetting.parse({
    name,
    title,
    description: `Описание ${name}`,
    type,
    widget,
    value,
    order: 0,
    updatedAt: at,
    editable,
  });

const SETTINGS = [
  setting('IS_SITE_NOT_WORKING', 'Сайт не принимает заказы', 'boolean', 'switch', false),
  setting(
    'TEXT_SITE_NOT_WORKING',
    'Текст при остановке приёма заказов',
    'string',
    'textarea',
    'По техническим причинам прием заказов временно невозможен приносим свои извинения',
  ),
  setting('IS_ONLINE_PAYMENT_DISABLE', 'Отключить онлайн-оплату', 'json', 'multi-switch', {
    delivery: false,
    self: false,
  }),
  setting('BONUS_SPEND_CAP', 'Доля заказа, оплачиваемая бонусами', 'number', 'text', 0.3),
  setting('PHONES', 'Телефоны', 'json', 'json', { deliveryService: '+7 (3955) 50-50-50', restaurants: [] }),
  setting('STORE_VERSION', 'Версия хранилища клиента', 'string', 'text', '4', false),
];

function server() {
  const saved: { name: string; value: unknown }[] = [];
  const fake = new FakeServer()
    .on(adminMe, () => ({ body: staffMember('admin') }))
    .on(adminListOrders, () => ({ body: { orders: [], total: 0 } }))
    .on(adminListSettings, () => ({ body: { settings: SETTINGS, version: '17' } }))
    .on(adminUpdateSetting, (req) => {
      const name = req.params.name ?? '';
      const value = (req.body as { value: unknown }).value;
      saved.push({ name, value });
      const before = SETTINGS.find((x) => x.name === name)!;
      return { body: { ...before, value, updatedAt: '2026-11-23T10:00:00.000Z' } };
    });
  return { fake, saved };
}

/** Renders the settings page over `fake` for the admin and finds the card of the setting `name`. */
const openCard = async (name: string, fake: FakeServer) => {
  setupAdmin({ path: '/admin/settings', session: ADMIN_SESSION, server: fake });
  await screen.findByRole('heading', { name: 'Настройки' });
  return waitFor(() => {
    const el = document.querySelector<HTMLElement>(`[data-setting="${name}"]`);
    if (el === null) throw new Error(`no ${name}`);
    return el;
  });
};

describe('admin settings editor', () => {
  it('switch: the site-not-working switch is saved as a boolean', async () => {
    const { fake, saved } = server();
    const el = await openCard('IS_SITE_NOT_WORKING', fake);
    const save = within(el).getByRole('button', { name: 'Сохранить' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true); // nothing changed yet
    fireEvent.click(within(el).getByRole('switch'));
    expect(within(el).getByText('Включено')).toBeTruthy();
    fireEvent.click(save);
    await waitFor(() => expect(saved).toEqual([{ name: 'IS_SITE_NOT_WORKING', value: true }]));
    expect(await screen.findByText('Сохранено: Сайт не принимает заказы')).toBeTruthy();
  });

  it('textarea: the not-working text (PRODUCT.md §8 default shown) is saved as a string', async () => {
    const { fake, saved } = server();
    const el = await openCard('TEXT_SITE_NOT_WORKING', fake);
    const box = within(el).getByRole('textbox') as HTMLTextAreaElement;
    expect(box.value).toBe('По техническим причинам прием заказов временно невозможен приносим свои извинения');
    fireEvent.change(box, { target: { value: 'Кухня на санитарной обработке до 14:00' } });
    fireEvent.click(within(el).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() =>
      expect(saved).toEqual([{ name: 'TEXT_SITE_NOT_WORKING', value: 'Кухня на санитарной обработке до 14:00' }]),
    );
  });

  it('multi-switch: one switch per key, saved as the whole object', async () => {
    const { fake, saved } = server();
    const el = await openCard('IS_ONLINE_PAYMENT_DISABLE', fake);
    const switches = within(el).getAllByRole('switch');
    expect(switches.map((x) => x.closest('label')?.textContent)).toEqual(['Доставка', 'Самовывоз']);
    fireEvent.click(within(el).getByRole('switch', { name: 'Самовывоз' }));
    fireEvent.click(within(el).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() =>
      expect(saved).toEqual([{ name: 'IS_ONLINE_PAYMENT_DISABLE', value: { delivery: false, self: true } }]),
    );
  });

  it('text (number): a value outside the Settings schema is refused with a Russian message; a comma decimal is saved as a number', async () => {
    const { fake, saved } = server();
    const el = await openCard('BONUS_SPEND_CAP', fake);
    const input = within(el).getByRole('textbox');
    fireEvent.change(input, { target: { value: 'много' } });
    expect(within(el).getByRole('alert').textContent).toBe('Введите число');
    fireEvent.change(input, { target: { value: '1.5' } });
    expect(within(el).getByRole('alert').textContent).toMatch(/1/);
    expect(within(el).getByRole('alert').textContent).toMatch(/[а-я]/i);
    expect((within(el).getByRole('button', { name: 'Сохранить' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: '0,25' } });
    expect(within(el).queryByRole('alert')).toBeNull();
    fireEvent.click(within(el).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(saved).toEqual([{ name: 'BONUS_SPEND_CAP', value: 0.25 }]));
  });

  it('JSON: a syntax error and a wrong shape are shown before saving; a valid object is saved parsed', async () => {
    const { fake, saved } = server();
    const el = await openCard('PHONES', fake);
    const box = within(el).getByRole('textbox');
    fireEvent.change(box, { target: { value: '{"deliveryService": ' } });
    expect(within(el).getByRole('alert').textContent).toMatch(/^Неверный JSON/);
    fireEvent.change(box, { target: { value: '{"deliveryService": 5, "restaurants": []}' } });
    expect(within(el).getByRole('alert').textContent).toMatch(/^deliveryService: /);
    expect(saved).toEqual([]);
    fireEvent.change(box, {
      target: { value: '{"deliveryService": "+7 (3955) 50-50-51", "restaurants": ["+7 (3955) 61-10-10"]}' },
    });
    expect(within(el).queryByRole('alert')).toBeNull();
    fireEvent.click(within(el).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() =>
      expect(saved).toEqual([
        { name: 'PHONES', value: { deliveryService: '+7 (3955) 50-50-51', restaurants: ['+7 (3955) 61-10-10'] } },
      ]),
    );
  });

  it("the server's 422 message is shown under the field", async () => {
    const { fake } = server();
    fake.on(adminUpdateSetting, () => ({
      status: 422,
      body: { message: 'Значение настройки TEXT_SITE_NOT_WORKING не подходит' },
    }));
    const el = await openCard('TEXT_SITE_NOT_WORKING', fake);
    fireEvent.change(within(el).getByRole('textbox'), { target: { value: 'x' } });
    fireEvent.click(within(el).getByRole('button', { name: 'Сохранить' }));
    expect((await within(el).findByRole('alert')).textContent).toBe(
      'Значение настройки TEXT_SITE_NOT_WORKING не подходит',
    );
  });

  it("store version: bumped only after the warning that it resets every visitor's cart", async () => {
    const { fake } = server();
    fake.on(adminBumpStoreVersion, () => ({ body: { value: '5' } }));
    const el = await openCard('STORE_VERSION', fake);
    expect(within(el).getByRole('heading').textContent).toBe('Версия хранилища клиента: 4');
    fireEvent.click(within(el).getByRole('button', { name: 'Повысить версию хранилища' }));
    const dialog = await screen.findByRole('dialog', { name: 'Сбросить корзины всех посетителей?' });
    expect(dialog.textContent).toContain('сбросит у каждого посетителя сайта сохранённую корзину');
    expect(fake.calls(adminBumpStoreVersion)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Да, сбросить корзины' }));
    await waitFor(() => expect(fake.calls(adminBumpStoreVersion)).toHaveLength(1));
    expect(fake.calls(adminBumpStoreVersion)[0]?.body).toEqual({ confirm: true });
    await waitFor(() => expect(within(el).getByRole('heading').textContent).toBe('Версия хранилища клиента: 5'));
  });
});
