// Customers and promotions (§4) in the admin area.
import { describe, expect, it } from 'vitest';
import type { AdminCoupon } from '../../../src/api/contract/admin/promo.js';
import { callApi } from '../customers.js';
import { testServerPerFile, expectRefusal } from '../helpers.js';
import { auth, signedInUser } from '../ordersFixtures.js';
import { insertOrder, staffPerFile } from './staffFixtures.js';

let anna: { id: string; phone: string; token: string };
const server = testServerPerFile({
  afterStart: async (started) => {
    anna = await signedInUser(started.db, { phone: '+79141234567', balance: 300 });
    await insertOrder(started, { userId: anna.id });
  },
});
const admin = staffPerFile(server, 'admin');
const operator = staffPerFile(server, 'operator');

describe('customers', () => {
  it('finds a customer by any spelling of the phone or by its last digits', async () => {
    for (const phone of ['8 914 123-45-67', '+7 (914) 123-45-67', '4567']) {
      const res = await callApi(server, 'GET', `/admin/customers?phone=${encodeURIComponent(phone)}`, operator.auth);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ customers: { id: string; ordersCount: number }[] }>().customers).toContainEqual(
        expect.objectContaining({ id: anna.id, ordersCount: 1 }),
      );
    }
  });

  it('shows the customer’s orders, addresses and bonus ledger', async () => {
    const res = await callApi(server, 'GET', `/admin/customers/${anna.id}`, operator.auth);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{
      customer: { balance: number; phone: string };
      orders: unknown[];
      addresses: unknown[];
      bonusLedger: { delta: number }[];
    }>();
    expect(body.customer).toMatchObject({ balance: 300, phone: '+79141234567' });
    expect(body.orders).toHaveLength(1);
    expect(body.bonusLedger.map((l) => l.delta)).toEqual([300]);
  });

  it('adjusts the balance with a reason: ledger, balance the customer sees, audit', async () => {
    const res = await callApi(server, 'POST', `/admin/customers/${anna.id}/bonus`, operator.auth, {
      delta: 150,
      reason: 'Компенсация за опоздание',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ balance: 450 });
    const own = await server.app.inject({
      method: 'GET',
      url: `/api/v1/user/${encodeURIComponent(anna.phone)}/balance`,
      headers: auth(anna.token),
    });
    expect(own.body).toContain('450');
    const detail = await callApi(server, 'GET', `/admin/customers/${anna.id}`, operator.auth);
    expect(detail.json<{ bonusLedger: { delta: number; reason: string }[] }>().bonusLedger).toContainEqual(
      expect.objectContaining({ delta: 150, reason: 'staff-adjustment: Компенсация за опоздание' }),
    );
    const audit = await callApi(server, 'GET', `/admin/audit?entity=customer&entityId=${anna.id}`, admin.auth);
    expect(
      audit.json<{ entries: { staffLogin: string; before: unknown; after: unknown }[] }>().entries[0],
    ).toMatchObject({
      staffLogin: operator.login,
      before: { balance: 300 },
      after: { balance: 450, delta: 150, reason: 'Компенсация за опоздание' },
    });
  });

  it('needs a reason (400) and never takes the balance below zero: 422 «Недостаточно бонусов на счёте»', async () => {
    const noReason = await callApi(server, 'POST', `/admin/customers/${anna.id}/bonus`, operator.auth, { delta: 10 });
    expect(noReason.statusCode).toBe(400);
    const tooMuch = await callApi(server, 'POST', `/admin/customers/${anna.id}/bonus`, operator.auth, {
      delta: -10_000,
      reason: 'Ошибка начисления',
    });
    expectRefusal(tooMuch, 422, 'Недостаточно бонусов на счёте');
  });

  it('404 «Покупатель не найден» for an unknown id', async () => {
    const res = await callApi(server, 'GET', '/admin/customers/nobody', operator.auth);
    expectRefusal(res, 404, 'Покупатель не найден');
  });
});

describe('coupons and gifts', () => {
  it('creates a coupon upper-cased, limited to a city and to pickup, with a usage limit', async () => {
    const res = await callApi(server, 'POST', '/admin/coupons', admin.auth, {
      code: 'friday20',
      title: 'Пятница',
      kind: 'percent',
      value: 20,
      minSum: 500,
      cityIds: ['city-angarsk'],
      usageLimit: 100,
      deliveryMethod: 'self',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminCoupon>()).toMatchObject({
      code: 'FRIDAY20',
      usedCount: 0,
      usageLimit: 100,
      deliveryMethod: 'self',
      isActive: true,
    });
    const list = await callApi(server, 'GET', '/admin/coupons', operator.auth);
    expect(list.json<{ coupons: AdminCoupon[] }>().coupons.map((c) => c.code)).toContain('FRIDAY20');
  });

  it('refuses a taken code (409), a percent above 100, dates out of order and an unknown city (422)', async () => {
    const base = { kind: 'percent', value: 10 };
    expect(
      (await callApi(server, 'POST', '/admin/coupons', admin.auth, { ...base, code: 'FRIDAY20' })).statusCode,
    ).toBe(409);
    const pct = await callApi(server, 'POST', '/admin/coupons', admin.auth, { ...base, code: 'X1', value: 150 });
    expectRefusal(pct, 422, 'Скидка в процентах не может быть больше 100');
    const dates = await callApi(server, 'POST', '/admin/coupons', admin.auth, {
      ...base,
      code: 'X2',
      validFrom: '2026-12-01T00:00:00+08:00',
      validTo: '2026-11-01T00:00:00+08:00',
    });
    expect(dates.statusCode).toBe(422);
    const city = await callApi(server, 'POST', '/admin/coupons', admin.auth, {
      ...base,
      code: 'X3',
      cityIds: ['city-mars'],
    });
    expect(city.json<{ message: string }>().message).toBe('Неизвестный город в списке городов промокода');
  });

  it('disables a coupon', async () => {
    const res = await callApi(server, 'PATCH', '/admin/coupons/friday20', admin.auth, { isActive: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminCoupon>()).toMatchObject({ code: 'FRIDAY20', isActive: false, value: 20 });
  });

  it('changes the snack gift to one fries per 4 snacks and switches the pizza gift off', async () => {
    const list = await callApi(server, 'GET', '/admin/promotions', operator.auth);
    expect(
      list
        .json<{ promotions: { kind: string; params: { per?: number } }[] }>()
        .promotions.find((p) => p.kind === 'snack-gift')?.params.per,
    ).toBe(3);
    const snack = await callApi(server, 'PATCH', '/admin/promotions/snack-gift', admin.auth, { per: 4 });
    expect(snack.statusCode, snack.body).toBe(200);
    expect(snack.json()).toMatchObject({ kind: 'snack-gift', params: { per: 4 }, isActive: true });
    const pizza = await callApi(server, 'PATCH', '/admin/promotions/pizza-gift', admin.auth, { isActive: false });
    expect(pizza.json()).toMatchObject({ kind: 'pizza-gift', isActive: false });
  });
});
