// The server-rendered storefront in Chromium (docs/SSR.md): readable without JavaScript, hydrated
// without a mismatch, and a tap made before hydration handled once after it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const CHOSEN_CITY = { cityId: 'city-angarsk', isCitySelected: 'true' };

const isHydrated = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated === 'true');

describe('without JavaScript', () => {
  it('the menu, its sections, a product with price and modifiers, contacts, delivery terms and hours read correctly', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`${e2e.server.url}/catalog`);
      await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Меню');
      for (const section of ['Роллы', 'Пицца', 'Напитки'])
        expect(await page.getByRole('heading', { level: 2, name: section, exact: true }).isVisible(), section).toBe(
          true,
        );
      const card = page.getByTestId('product-card').filter({ hasText: 'Филадельфия классик' }).first();
      expect(await card.innerText()).toMatch(/459\s₽/); // Intl puts a no-break space before the sign
      // contacts: the delivery service's phone, in the footer
      expect(await page.locator('footer a[href^="tel:"]').first().innerText()).toBe('+7 (3955) 50-50-50');

      // a section link works as a plain link
      await page.getByRole('navigation', { name: 'Разделы меню' }).getByRole('link', { name: 'Пицца' }).click();
      await page.waitForURL(/\/catalog\/pizza$/);
      await page.getByRole('link', { name: 'Пепперони' }).first().click();
      await page.waitForURL(/\/catalog\/pizza\/pizza-pepperoni$/);
      await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Пепперони');
      expect(await page.getByTestId('price-label').innerText()).toMatch(/\d\s₽/);
      const sizes = page.getByRole('group', { name: /Размер пиццы/ });
      expect(await sizes.getByRole('radio').count()).toBeGreaterThan(1);

      await page.goto(`${e2e.server.url}/delivery`);
      const text = await page.locator('main').innerText();
      expect(text).toContain('Зоны доставки и рестораны');
      expect(text).toMatch(/заказ от \d[\d\s]*\s₽, доставка \d+\s₽/);
      expect(text).toMatch(/Пн–\S+ (круглосуточно|\d\d:\d\d–\d\d:\d\d)/); // a restaurant's hours
      expect(text).toContain('+7 (3955) 61-10-10'); // a restaurant's phone
    } finally {
      await context.close();
    }
  });
});

describe('hydration', () => {
  it('every public page hydrates on the first input without a mismatch', async () => {
    const context = await e2e.newContext({ width: 375, cookies: CHOSEN_CITY });
    for (const path of [
      '/angarsk',
      '/angarsk/catalog',
      '/angarsk/catalog/rolls',
      '/angarsk/catalog/pizza/pizza-pepperoni',
      '/angarsk/about',
      '/angarsk/delivery',
      '/angarsk/promo',
      '/angarsk/vacancies',
      '/angarsk/rule',
      '/angarsk/no-such-page',
    ]) {
      const page = await context.newPage();
      // the not-found page's own answer is a 404, which Chromium reports
      const problems = e2e.watch(page, path.endsWith('no-such-page') ? [/status of 404/] : []);
      await page.goto(path, { waitUntil: 'load' });
      expect(await isHydrated(page), path).toBe(false);
      await page.keyboard.press('Shift');
      await e2e.hydrated(page);
      expect(problems(), path).toEqual([]);
      await page.close();
    }
  });

  it('a phone hydrates by itself when idle (6 s, PRODUCT.md §9)', async () => {
    const { page, problems } = await e2e.open('/angarsk/catalog', { width: 375, cookies: CHOSEN_CITY });
    await e2e.hydrated(page);
    expect(problems()).toEqual([]);
  });

  it("a tap on 'В корзину' before hydration adds the dish once; the next page shows the cart only after hydrating", async () => {
    const context = await e2e.newContext({ width: 1280, cookies: CHOSEN_CITY });
    const page = await context.newPage();
    const problems = e2e.watch(page);
    await page.goto('/angarsk/catalog/rolls', { waitUntil: 'load' });
    expect(await isHydrated(page)).toBe(false);
    await page.getByRole('button', { name: 'Добавить «Филадельфия классик» в корзину' }).click();
    await e2e.hydrated(page);
    await page.getByTestId('cart-count').filter({ hasText: '1' }).waitFor();
    // the kept tap is replayed synchronously: a second add would show by the next task
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(await page.getByTestId('cart-count').innerText()).toBe('1');

    // The next page's HTML is anonymous (no cart), the saved cart shows once hydrated.
    const response = await page.goto('/angarsk/catalog', { waitUntil: 'load' });
    expect(await response?.text()).toMatch(/data-testid="cart-count">0</);
    expect(await page.getByTestId('cart-count').innerText()).toBe('0');
    await page.keyboard.press('Shift');
    await e2e.hydrated(page);
    await page.getByTestId('cart-count').filter({ hasText: '1' }).waitFor();

    // A client-side navigation brings the new page's head (docs/SEO.md): canonical and og:title.
    const head = () =>
      page.evaluate(() => ({
        canonical: document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? '',
        ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content') ?? '',
        title: document.title,
        // set below: a full page load would lose it
        kept: (window as Window & { e2eKept?: boolean }).e2eKept === true,
      }));
    const before = await head();
    expect(before.ogTitle).toBe('Меню — доставка роллов и пиццы в Ангарске — Ролл и Пицца');
    const origin = new URL(before.canonical).origin;
    await page.evaluate(() => void ((window as Window & { e2eKept?: boolean }).e2eKept = true));
    await page.getByRole('navigation', { name: 'Разделы меню' }).getByRole('link', { name: 'Пицца' }).click();
    await page.waitForURL(/\/angarsk\/catalog\/pizza$/);
    await page.waitForFunction(() => document.title.startsWith('Пицца с доставкой'));
    expect(await head()).toEqual({
      canonical: `${origin}/angarsk/catalog/pizza`,
      ogTitle: 'Пицца с доставкой в Ангарске — Ролл и Пицца',
      title: 'Пицца с доставкой в Ангарске — Ролл и Пицца',
      kept: true,
    });
    expect(problems()).toEqual([]);
  });

  it('a tap on the city chooser before hydration opens the city list after it', async () => {
    const { page, problems } = await e2e.open('/angarsk/delivery', { width: 1280, cookies: CHOSEN_CITY });
    expect(await isHydrated(page)).toBe(false);
    await page.getByRole('button', { name: /выбрать город/ }).click();
    await page.getByRole('dialog', { name: 'Выберите свой город' }).waitFor();
    expect(problems()).toEqual([]);
  });
});
