// @vitest-environment jsdom
// Promotions and the audit log (§7): coupon usage against its limit, disabling,
// creation with validation; the audit entry's changed fields.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuditEntry, adminListAudit } from '../../../src/api/contract/admin/audit';
import {
  AdminCoupon,
  adminCreateCoupon,
  adminListCoupons,
  adminListPromotions,
  adminUpdateCoupon,
  adminUpdatePromotion,
} from '../../../src/api/contract/admin/promo';
import { changedFields } from '../../../src/views/admin/audit/AuditPage';
import { ADMIN_SESSION, savesOver, setupAdmin } from './helpers';
import * as editor from './editorSteps';
import { adminAreaServer } from './fixtures';

const COUPON = AdminCoupon.parse({
  code: 'MINUS200',
  title: '200 ₽ на заказ от 1 200 ₽',
  kind: 'fixed',
  value: 200,
  minSum: 1200,
  validFrom: null,
  validTo: null,
  cityIds: ['irkutsk'],
  usageLimit: 100,
  usedCount: 7,
  perUserLimit: 1,
  deliveryMethod: 'self',
  isActive: true,
  createdAt: '2026-11-01T00:00:00.000Z',
});

function server() {
  return adminAreaServer().on(adminListCoupons, () => ({ body: { coupons: [COUPON] } }));
}

describe('admin promotions', () => {
  it('lists a coupon with usage against its limit, cities and method, and disables it', async () => {
    const fake = server().on(adminUpdateCoupon, savesOver(COUPON));
    setupAdmin({ path: '/admin/promotions', session: ADMIN_SESSION, server: fake });
    const table = await screen.findByRole('table', { name: 'Промокоды' });
    const row = within(table).getByText('MINUS200').closest('tr');
    expect(row?.textContent).toContain('7 / 100');
    expect(row?.textContent).toContain('на клиента 1');
    expect(row?.textContent).toContain('Иркутск');
    expect(row?.textContent).toContain('самовывоз');
    fireEvent.click(within(row as HTMLElement).getByRole('button', { name: 'Отключить' }));
    await waitFor(() => expect(fake.calls(adminUpdateCoupon)).toHaveLength(1));
    expect(fake.calls(adminUpdateCoupon)[0]?.body).toEqual({ isActive: false });
    expect(fake.calls(adminUpdateCoupon)[0]?.path).toBe('/api/v1/admin/coupons/MINUS200');
    await waitFor(() => expect(row?.textContent).toContain('отключён'));
  });

  it('a gift: a count outside 1..20 is shown and blocks saving; a valid one is sent as `per`', async () => {
    const snack = {
      kind: 'snack-gift',
      title: 'Картофель фри в подарок',
      params: { per: 3 },
      isActive: true,
      giftProductId: 'fries',
    };
    const fake = server()
      .on(adminListPromotions, () => ({ body: { promotions: [snack] } }))
      .on(adminUpdatePromotion, (req) => {
        const body = req.body as { title: string; isActive: boolean; per: number };
        return { body: { ...snack, title: body.title, isActive: body.isActive, params: { per: body.per } } };
      });
    setupAdmin({ path: '/admin/promotions', session: ADMIN_SESSION, server: fake });
    fireEvent.click(await screen.findByRole('tab', { name: 'Подарки' }));
    const gift = await screen.findByRole('group', { name: 'Картофель фри в подарок' });
    const per = within(gift).getByLabelText('Подарок за каждые N закусок');
    expect((per as HTMLInputElement).value).toBe('3');
    fireEvent.change(per, { target: { value: '25' } });
    expect(within(gift).getByRole('alert').textContent).toBe('От 1 до 20');
    expect(within(gift).getByRole('button', { name: 'Сохранить' }).matches(':disabled')).toBe(true);
    fireEvent.change(per, { target: { value: '4' } });
    fireEvent.click(within(gift).getByRole('checkbox', { name: 'Действует' }));
    const sent = await editor.pressAndAwaitRequest(gift, fake, adminUpdatePromotion);
    expect(sent.path).toBe('/api/v1/admin/promotions/snack-gift');
    expect(sent.body).toEqual({
      title: 'Картофель фри в подарок',
      isActive: false,
      per: 4,
    });
    expect(await screen.findByText('Сохранено: Картофель фри в подарок')).toBeTruthy();
    expect((within(gift).getByRole('checkbox', { name: 'Действует' }) as HTMLInputElement).checked).toBe(false);
  });

  it('a new coupon: a percent above 100 is refused before sending; a valid one is created with its cities', async () => {
    const fake = server().on(adminCreateCoupon, savesOver(COUPON, { usedCount: 0 }));
    setupAdmin({ path: '/admin/promotions', session: ADMIN_SESSION, server: fake });
    const form = await editor.openNew('Новый промокод', 'Промокод');
    editor.fill(form, 'Код', 'SPRING15');
    editor.fill(form, 'Размер, %', '150');
    editor.expectRefusedBeforeSending(form, 'Процент от 1 до 100', fake, adminCreateCoupon);
    editor.fill(form, 'Размер, %', '15');
    fireEvent.click(within(form).getByLabelText('Ангарск'));
    editor.fill(form, 'Всего использований', '500');
    editor.fill(form, 'Способ получения', 'delivery');
    const sent = await editor.pressAndAwaitRequest(form, fake, adminCreateCoupon);
    expect(sent.body).toMatchObject({
      code: 'SPRING15',
      kind: 'percent',
      value: 15,
      cityIds: ['angarsk'],
      usageLimit: 500,
      perUserLimit: null,
      deliveryMethod: 'delivery',
      isActive: true,
    });
    expect(await screen.findByText('Промокод создан')).toBeTruthy();
  });
});

describe('admin audit log', () => {
  it('changedFields lists the top-level fields that differ', () => {
    expect(changedFields({ price: 459, name: 'Ролл' }, { price: 499, name: 'Ролл', weight: 250 })).toEqual([
      'price',
      'weight',
    ]);
    expect(changedFields(null, { a: 1 })).toEqual(['a']);
  });

  it('shows who did what with the changed fields, before and after on demand', async () => {
    const entry = AuditEntry.parse({
      id: 1,
      at: '2026-11-23T03:00:00.000Z',
      staffId: 'staff-1',
      staffLogin: 'admin',
      action: 'product.update',
      entity: 'product',
      entityId: 'canada',
      before: { price: 489 },
      after: { price: 519 },
      ip: '10.0.0.1',
    });
    const fake = server().on(adminListAudit, () => ({ body: { entries: [entry], total: 1 } }));
    setupAdmin({ path: '/admin/audit', session: ADMIN_SESSION, server: fake });
    const table = await screen.findByRole('table', { name: 'Журнал действий' });
    const row = within(table).getByText('изменён товар').closest('tr') as HTMLElement;
    expect(row.textContent).toContain('admin');
    expect(row.textContent).toContain('canada');
    expect(row.textContent).toContain('price');
    fireEvent.click(row);
    expect(await within(table).findByText(/"price": 519/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Объект (order, product, setting…)'), { target: { value: 'product' } });
    fireEvent.click(screen.getByRole('button', { name: 'Найти' }));
    await waitFor(() => expect(fake.calls(adminListAudit).at(-1)?.query.get('entity')).toBe('product'));
  });
});
