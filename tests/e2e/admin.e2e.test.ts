// The admin area end to end in Debian's Chromium against the real server:
// - a stop-list change made in /admin reaches an open storefront within one version check
//   (PRODUCT.md §9: 60 s; the page's clock is fast-forwarded by one period);
// - a status change made in /admin reaches the customer's open /complete page live;
// - a price change made in /admin drops the saved cart line on the next visit with the PRODUCT.md §8
//   message 'Цена товара "X" изменилась и будет удален из корзины'.
// The first admin is created in the throwaway database before the server starts.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it, onTestFailed } from 'vitest';
import { startE2E, WIDTHS } from './harness';
import { perFile } from '../support/perFile';
import { openAdminSection, openSignedInShop, placeOrderThroughApi, signInToAdmin, withFirstAdmin } from './steps';

const ADMIN = { login: 'e2e-admin', password: 'e2e-admin-password-1' };
const CITY_COOKIES = { cityId: 'city-angarsk', isCitySelected: 'true' };
const VERSION_CHECK_MS = 60_000;

/** The products a catalogue answer has stopped at the Angarsk restaurant of the test. */
function stoppedIn(catalog: unknown): string[] {
  const { stopList } = catalog as {
    stopList: { deliveryTerminalId: string; items: { productId: string; balance: number }[] }[];
  };
  const entry = stopList.find((e) => e.deliveryTerminalId === 'dt-angarsk-1');
  return entry ? entry.items.filter((i) => i.balance <= 0).map((i) => i.productId) : [];
}

const e2e = perFile(
  () => startE2E(withFirstAdmin(ADMIN)),
  (started) => started.close(),
);

/** Signs in to /admin through its form in a desktop context; returns the page on the orders. */
async function adminPage(): Promise<{ page: Page; context: BrowserContext; problems: () => string[] }> {
  const opened = await e2e.open('/admin', { width: WIDTHS.desktop });
  const { page } = opened;
  await signInToAdmin(page, ADMIN);
  return opened;
}

/** The persisted storefront state (cart, user, address, auth) as text, '' when none. */
function persistedState(page: Page): Promise<string> {
  return page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key !== null && /^storefront:v.+:state$/.test(key)) return localStorage.getItem(key) ?? '';
    }
    return '';
  });
}

describe('admin area', () => {
  it('the admin bundle is not loaded by the storefront index page', async () => {
    const { page, problems } = await e2e.open('/angarsk', { width: WIDTHS.desktop, cookies: CITY_COOKIES });
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.getByTestId('product-card').first().waitFor();
    const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    expect([...loaded, ...scripts].filter((u) => /AdminApp|admin\/mount|mount-[\w-]+\.js/.test(u))).toEqual([]);
    // the sign-in form of /admin is in chunks of its own
    const admin = await e2e.open('/admin', { width: WIDTHS.desktop });
    await admin.page.getByRole('heading', { name: 'Вход в панель управления' }).waitFor();
    const adminScripts = await admin.page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((n) => n.endsWith('.js')),
    );
    const indexScripts = new Set(loaded.filter((n) => n.endsWith('.js')));
    expect(adminScripts.some((n) => !indexScripts.has(n))).toBe(true);
    expect(problems()).toEqual([]);
  });

  it('every admin screen loads against the real server without errors (1280 and a 1024 tablet)', async () => {
    const admin = await adminPage();
    const sections = {
      Меню: 'menu',
      'Стоп-лист': 'stop-list',
      Настройки: 'settings',
      'Города и зоны': 'cities',
      'Страницы и истории': 'content',
      Акции: 'promotions',
      Клиенты: 'customers',
      'Журнал действий': 'audit',
      SMS: 'sms',
      'Отчёты об ошибках': 'reports',
      Сотрудники: 'staff',
      Заказы: 'orders',
    };
    for (const [section, slug] of Object.entries(sections)) {
      await openAdminSection(admin.page, section);
      await expect.poll(() => admin.page.getByText('Загрузка…').count(), { timeout: 20_000 }).toBe(0);
      // a failed query shows its message with a 'Повторить' button
      expect(await admin.page.getByRole('button', { name: 'Повторить' }).count(), section).toBe(0);
      await e2e.screenshot(admin.page, `admin-${slug}-1280`);
    }
    await admin.page.setViewportSize({ width: 1024, height: 768 });
    await openAdminSection(admin.page, 'Настройки');
    await expect.poll(() => admin.page.getByText('Загрузка…').count(), { timeout: 20_000 }).toBe(0);
    await e2e.screenshot(admin.page, 'admin-settings-1024');
    expect(admin.problems()).toEqual([]);
  });

  it('/admin/* without a staff token redirects to /admin (PRODUCT.md §6)', async () => {
    const { page } = await e2e.open('/admin/settings', { width: WIDTHS.desktop });
    await page.waitForURL(/\/admin$/);
    await page.getByRole('heading', { name: 'Вход в панель управления' }).waitFor();
  });

  it('a stop-list change in /admin reaches an open storefront within one version check', async () => {
    const context = await e2e.newContext({ width: WIDTHS.desktop, cookies: CITY_COOKIES });
    const shop = await context.newPage();
    await shop.clock.install();
    await shop.goto('/angarsk/catalog/rolls');
    await shop.getByRole('button', { name: 'Добавить «Дракон» в корзину' }).waitFor();
    // The hydrated storefront checks versions and listens on its socket. Its catalogue reload is
    // awaited from before the change: the socket's notice may bring it before any version check.
    await e2e.hydrated(shop);
    const reloaded = shop.waitForResponse(
      async (r) =>
        new URL(r.url()).pathname === '/api/v1/catalog' &&
        r.status() === 200 &&
        stoppedIn(await r.json()).includes('dragon'),
      { timeout: 90_000 },
    );

    const admin = await adminPage();
    onTestFailed(async () => {
      await e2e.screenshot(admin.page, 'admin-stop-list-FAILED');
    });
    await openAdminSection(admin.page, 'Стоп-лист');
    await admin.page.getByLabel('Ресторан').selectOption('dt-angarsk-1');
    const box = admin.page.getByRole('checkbox', { name: 'Дракон: в стоп-листе' });
    expect(await box.isChecked()).toBe(false);
    // the box follows the server's answer (controlled), so click and wait for the answer
    await box.click();
    await admin.page.getByText('«Дракон» в стоп-листе').waitFor();
    await expect.poll(() => box.isChecked()).toBe(true);
    await e2e.screenshot(admin.page, 'admin-stop-list-1280');

    // within one version check the storefront has reloaded the catalogue with the new stop list
    await shop.clock.fastForward(VERSION_CHECK_MS + 1000);
    expect(stoppedIn(await (await reloaded).json())).toContain('dragon');
  });

  it('a status change in /admin reaches the customer on /complete live, a cancellation too', async () => {
    // the customer signs in through the auth modal (the guard of /personal opens it)
    const { shop, token, problems } = await openSignedInShop(e2e, '+79995550011', 'Борис');
    const order = await placeOrderThroughApi(e2e, token, {
      cityId: 'city-angarsk',
      deliveryMethod: 'self',
      deliveryTerminalId: 'dt-angarsk-1',
      paymentMethod: 'cash',
      items: [{ productId: 'canada', amount: 1 }],
    });

    await shop.goto(`/angarsk/complete?order=${encodeURIComponent(order.id)}`);
    const status = shop.getByTestId('order-status');
    await expect.poll(() => status.innerText(), { timeout: 30_000 }).toBe('принят');

    const admin = await adminPage();
    onTestFailed(async () => {
      await e2e.screenshot(admin.page, 'admin-status-FAILED');
      await e2e.screenshot(shop, 'complete-status-FAILED');
    });
    // the new order is in the list; open it and start cooking
    await admin.page.locator(`tr[data-order-id="${order.id}"]`).click();
    await admin.page.waitForURL(new RegExp(`/admin/orders/${order.id}$`));
    const panel = admin.page.getByRole('complementary', { name: 'Заказ' });
    await panel.getByRole('heading', { name: `Заказ №${order.number}` }).waitFor();
    await panel.getByRole('button', { name: 'Начать готовить' }).click();
    await panel.getByRole('button', { name: 'Начать готовить' }).waitFor({ state: 'detached' });
    await e2e.screenshot(admin.page, 'admin-order-1280');

    // live: no reload of the customer's page
    await expect.poll(() => status.innerText(), { timeout: 30_000 }).toBe('готовится');
    await panel.getByRole('button', { name: 'Приготовлен' }).click();
    await expect.poll(() => status.innerText(), { timeout: 30_000 }).toBe('готов');
    await e2e.screenshot(shop, 'complete-live-status-375');

    // cancelled in /admin: the customer's page says so (no thanks for an order that will not come)
    await panel.getByRole('button', { name: 'Отменить заказ' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Отмена заказа' });
    await dialog.getByRole('textbox', { name: 'Причина отмены' }).fill('Клиент передумал');
    await dialog.getByRole('button', { name: 'Отменить заказ' }).click();
    await dialog.waitFor({ state: 'detached' });
    await shop.getByText(`Заказ №${order.number} отменён`).waitFor({ timeout: 30_000 });
    await shop.getByText('Оплачивать его не нужно.').waitFor();
    expect(await shop.getByTestId('order-status-text').count()).toBe(0);
    await e2e.screenshot(shop, 'complete-cancelled-375');
    expect(problems()).toEqual([]);
  });

  it('a price change in /admin drops the saved cart line on the next visit with the PRODUCT.md §8 message', async () => {
    const context = await e2e.newContext({ width: WIDTHS.desktop, cookies: CITY_COOKIES });
    const shop = await context.newPage();
    await shop.goto('/angarsk/catalog/rolls');
    await shop.getByRole('button', { name: 'Добавить «Филадельфия классик» в корзину' }).click();
    // a visitor: the auth modal opens, the line is in the cart all the same (PRODUCT.md §4 rule 3)
    const auth = shop.getByRole('dialog', { name: 'Вход или регистрация' });
    await auth.waitFor();
    await shop.keyboard.press('Escape');
    await auth.waitFor({ state: 'detached' });
    await expect.poll(() => persistedState(shop), { timeout: 15_000 }).toContain('Филадельфия классик');
    await shop.close();

    const admin = await adminPage();
    onTestFailed(async () => {
      await e2e.screenshot(admin.page, 'admin-price-FAILED');
    });
    await openAdminSection(admin.page, 'Меню');
    await admin.page.getByRole('searchbox', { name: 'Поиск товара' }).fill('Филадельфия классик');
    // (a modifier of the set has the same name: open the roll by its id)
    await admin.page
      .getByRole('table', { name: 'Товары' })
      .locator('a[href="/admin/menu/products/philadelphia-classic"]')
      .click();
    const form = admin.page.getByRole('form', { name: 'Товар' });
    const price = form.getByLabel('Цена, ₽', { exact: true });
    const before = Number(await price.inputValue());
    await price.fill(String(before + 50));
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await admin.page.getByText('Товар сохранён').waitFor();
    await e2e.screenshot(admin.page, 'admin-product-saved-1280');

    // the next visit validates the saved cart against the new catalogue
    const again = await context.newPage();
    await again.goto('/angarsk/cart');
    const confirm = again
      .getByRole('dialog')
      .filter({ hasText: 'Цена товара "Филадельфия классик" изменилась и будет удален из корзины' });
    await confirm.waitFor({ timeout: 30_000 });
    await e2e.screenshot(again, 'cart-price-changed-1280');
    await confirm.getByRole('button', { name: 'Ок' }).click();
    await again.getByText('Корзина пуста').waitFor();
  });
});
