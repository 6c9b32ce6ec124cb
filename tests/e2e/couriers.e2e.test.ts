// Couriers end to end in Chromium against the real server: an operator assigns a delivery order
// to a courier from the order card (1280); the courier, on a 375 px phone, sees it in «Мои
// доставки» with the address, the phone to call and the cash to collect, and marks it «Забрал»
// and «Доставил»; the customer's open /complete page follows live.
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { staff } from '../../server/db/schema/admin';
import { ensureFirstAdmin, hashPassword } from '../../server/services/admin/staff';
import { deliveryBody } from '../server/ordersFixtures';
import { startE2E, WIDTHS, type E2E } from './harness';
import { openSignedInShop, placeOrderThroughApi } from './steps';

const ADMIN = { login: 'e2e-admin', password: 'e2e-admin-password-1' };
const COURIER = { login: 'e2e-courier', password: 'e2e-courier-password-1', name: 'Коля Курьер' };

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({
    prepare: async (db) => {
      await ensureFirstAdmin(db, ADMIN, new Date());
      const passwordHash = await hashPassword(COURIER.password);
      await db.run((x) =>
        x
          .insert(staff)
          .values({ id: 'staff-courier-e2e', login: COURIER.login, name: COURIER.name, role: 'courier', passwordHash }),
      );
    },
  });
});
afterAll(async () => {
  await e2e?.close();
});

async function signInStaff(width: number, who: { login: string; password: string }) {
  const opened = await e2e.open('/admin', { width });
  await opened.page.getByRole('heading', { name: 'Вход в панель управления' }).waitFor();
  await opened.page.getByLabel('Логин').fill(who.login);
  await opened.page.getByLabel('Пароль').fill(who.password);
  await opened.page.getByRole('button', { name: 'Войти' }).click();
  return opened;
}

describe('couriers', () => {
  it('an operator assigns the order; the courier marks it picked up and delivered on a 375 px phone; the customer sees it live', async () => {
    const PHONE = '+79995550077';
    const { shop, token, problems: shopProblems } = await openSignedInShop(e2e, PHONE, 'Вера');
    const order = await placeOrderThroughApi(e2e, token, deliveryBody());
    await shop.goto(`/angarsk/complete?order=${encodeURIComponent(order.id)}`);
    const status = shop.getByTestId('order-status');
    await expect.poll(() => status.innerText(), { timeout: 30_000 }).toBe('принят');

    const admin = await signInStaff(WIDTHS.desktop, ADMIN);
    await admin.page.waitForURL(/\/admin\/orders$/);
    await admin.page.locator(`tr[data-order-id="${order.id}"]`).click();
    const panel = admin.page.getByRole('complementary', { name: 'Заказ' });
    await panel.getByRole('heading', { name: `Заказ №${order.number}` }).waitFor();
    const select = panel.getByLabel('Курьер');
    await expect.poll(() => select.locator('option').count(), { timeout: 20_000 }).toBe(2);
    await select.selectOption({ label: COURIER.name });
    await admin.page.getByText('Курьер назначен').waitFor();

    const courier = await signInStaff(WIDTHS.phone, COURIER);
    onTestFailed(async () => {
      await e2e.screenshot(courier.page, 'courier-FAILED');
      await e2e.screenshot(shop, 'courier-complete-FAILED');
    });
    await courier.page.waitForURL(/\/admin\/courier$/);
    const card = courier.page.getByRole('article', { name: `Заказ №${order.number}` });
    await card.waitFor();
    await card.getByText(/улица Карла Маркса, 10, кв\. 5, подъезд: 1, этаж: 2/).waitFor();
    expect(await card.getByRole('link', { name: PHONE }).getAttribute('href')).toBe(`tel:${PHONE}`);
    await card.getByText(/сдача с 2\s000\s₽/).waitFor();
    expect(await card.getByRole('link', { name: 'Открыть в Яндекс Картах' }).getAttribute('href')).toMatch(
      /^https:\/\/yandex\.ru\/maps\/\?/,
    );
    // the page fits the phone: nothing scrolls sideways
    expect(await courier.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTHS.phone);
    await e2e.screenshot(courier.page, 'courier-deliveries-375');

    await card.getByRole('button', { name: 'Забрал' }).click();
    await expect.poll(() => status.innerText(), { timeout: 30_000 }).toBe('в пути');
    await card.getByRole('button', { name: 'Доставил' }).click();
    await expect.poll(() => status.innerText(), { timeout: 30_000 }).toBe('доставлен');
    await courier.page.getByText('Назначенных заказов нет.').waitFor();

    // the courier reaches nothing else: the operators' order screen is not theirs
    const forbidden = await fetch(`${e2e.server.url}/api/v1/admin/orders`, {
      headers: {
        authorization: `Bearer ${await courier.page.evaluate(() => {
          for (let i = 0; i < localStorage.length; i++) {
            const value = localStorage.getItem(localStorage.key(i) ?? '') ?? '';
            const token = /"token":"(st_[^"]+)"/.exec(value)?.[1];
            if (token) return token;
          }
          return '';
        })}`,
      },
    });
    expect(forbidden.status).toBe(403);
    expect(shopProblems()).toEqual([]);
    expect(courier.problems()).toEqual([]);
    expect(admin.problems()).toEqual([]);
  });
});
