// The managers' dashboard end to end in Debian's Chromium against the real server: a manager
// signs in, lands on the dashboard with today's figures, and an order placed meanwhile shows up in
// them without a reload (staff WebSocket notice → debounced re-read).
import { randomUUID } from 'node:crypto';
import { describe, expect, it, onTestFailed } from 'vitest';
import { staff } from '../../server/db/schema/admin';
import { hashPassword } from '../../server/services/admin/staff';
import { WIDTHS } from './harness';
import { e2ePerFile } from './steps';

const LOGIN = 'e2e-manager';
const PASSWORD = 'e2e-manager-password-1';

const e2e = e2ePerFile({
  prepare: async (db) => {
    const passwordHash = await hashPassword(PASSWORD);
    await db.run((x) =>
      x.insert(staff).values({ id: randomUUID(), login: LOGIN, name: 'Мария', role: 'manager', passwordHash }),
    );
  },
});

describe('the dashboard', () => {
  it('a manager sees today’s figures, and an order placed meanwhile updates them live', async () => {
    const { page, problems } = await e2e.open('/admin', { width: WIDTHS.desktop });
    onTestFailed(async () => {
      await e2e.screenshot(page, 'dashboard-FAILED');
    });
    await page.getByRole('heading', { name: 'Вход в панель управления' }).waitFor();
    await page.getByLabel('Логин').fill(LOGIN);
    await page.getByLabel('Пароль').fill(PASSWORD);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.waitForURL(/\/admin\/dashboard$/);
    await page.getByRole('heading', { name: 'Сводка', level: 1 }).waitFor();
    // the value under a card's label
    const orders = page.locator('[data-figure="orders"] p').last();
    const revenue = page.locator('[data-figure="revenue"] p').last();
    await orders.waitFor();
    expect(await orders.innerText()).toBe('0');
    // the live connection is up before the order, so its notice reaches this page
    await page.getByText('Заказы в реальном времени').waitFor();

    const customer = await e2e.server.signIn('+79995550077', 'Вера');
    const placed = await fetch(`${e2e.server.url}/api/v1/order`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${customer.token}`,
        'Idempotency-Key': randomUUID(),
      },
      body: JSON.stringify({
        cityId: 'city-angarsk',
        deliveryMethod: 'self',
        deliveryTerminalId: 'dt-angarsk-1',
        paymentMethod: 'cash',
        items: [{ productId: 'canada', amount: 1 }],
      }),
    });
    expect(placed.status, await placed.clone().text()).toBe(200);
    const order = (await placed.json()) as { total: number };
    const rub = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', maximumFractionDigits: 0 });

    await expect.poll(() => orders.innerText(), { timeout: 30_000 }).toBe('1');
    expect((await revenue.innerText()).replace(/\s/g, ' ')).toBe(rub.format(order.total).replace(/\s/g, ' '));
    await e2e.screenshot(page, 'dashboard-1280');
    expect(problems()).toEqual([]);
  });
});
