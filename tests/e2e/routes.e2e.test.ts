// Every route of PRODUCT.md §2, plain and under /{city}, renders in Chromium without an uncaught error or
// a console error: one page heading, neither the error page nor the 404 page. Signed in (so the
// personal pages show their content), with Ангарск chosen; then the visitor's guards and an
// unknown route.
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { SITE_ROUTE_PATHS } from '../../src/api/siteRoutes';
import { startE2E, type E2E } from './harness';
import { signInThroughAuthDialog } from './steps';

const CITY_COOKIES = { cityId: 'city-angarsk', isCitySelected: 'true' };
const PHONE = '+79990000042';

/** A concrete path of a route pattern: a real section and product of the demo menu. */
function concrete(pattern: string): string {
  return pattern.replace(':section', 'pizza').replace(':productId', 'pizza-pepperoni');
}

const PLAIN = SITE_ROUTE_PATHS.map(concrete);
const PREFIXED = PLAIN.map((p) => (p === '/' ? '/angarsk' : `/angarsk${p}`));

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

/** Waits until the page shows its heading (lazy chunk, catalogue and per-page data loaded). */
async function settled(page: Page): Promise<string> {
  const heading = page.locator('main h1');
  await heading.first().waitFor({ timeout: 20_000 });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  expect(await heading.count()).toBe(1);
  return heading.innerText();
}

async function signInThroughTheModal(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Войти' }).click();
  await signInThroughAuthDialog(e2e, page, PHONE.slice(2), 'Маршрут');
  await page.getByRole('link', { name: 'Личный кабинет' }).waitFor();
}

describe('every PRODUCT.md §2 route renders', () => {
  it(`${PLAIN.length} plain and ${PREFIXED.length} /angarsk routes, signed in with a cart, at 375 px`, async () => {
    const { page, problems } = await e2e.open('/angarsk', { width: 375, cookies: CITY_COOKIES });
    let current = '/angarsk';
    onTestFailed(async () => {
      await e2e.screenshot(page, 'routes-FAILED-375');
      console.error(`route ${current}; page problems:`, problems());
    });
    await signInThroughTheModal(page);
    // a cart, so the cart-empty guard lets /checkout through
    await page.getByRole('button', { name: 'Добавить «Филадельфия классик» в корзину' }).click();
    expect(await page.getByTestId('cart-count').innerText()).toBe('1');

    const seen: string[] = [];
    for (const path of [...PLAIN, ...PREFIXED]) {
      current = path;
      await page.goto(path);
      const title = await settled(page);
      expect(title, path).not.toBe('This page could not be found');
      expect(title, path).not.toBe('Что-то пошло не так');
      expect(problems(), path).toEqual([]);
      seen.push(`${path} → ${title}`);
    }
    expect(seen).toHaveLength(PLAIN.length + PREFIXED.length);
  });

  it('a visitor: personal routes go home with the auth modal, /checkout with an empty cart home with the empty-cart modal', async () => {
    const context = await e2e.newContext({ width: 1280, cookies: CITY_COOKIES });
    for (const path of ['/personal', '/angarsk/personal/address', '/personal/favorite', '/angarsk/personal/history']) {
      const { page, problems } = await e2e.open(path, { context });
      await page.getByRole('dialog', { name: 'Вход или регистрация' }).waitFor();
      expect(new URL(page.url()).pathname, path).toBe('/angarsk');
      expect(problems(), path).toEqual([]);
      await page.close();
    }
    const { page, problems } = await e2e.open('/angarsk/checkout', { context });
    await page.getByRole('dialog', { name: 'Ваша корзина пуста' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/angarsk');
    expect(problems()).toEqual([]);
  });

  it("an unknown route is 404 'This page could not be found' (the server answers 404 too)", async () => {
    const context = await e2e.newContext({ width: 375, cookies: CITY_COOKIES });
    const page = await context.newPage();
    const problems = e2e.watch(page, [/status of 404/]);
    const response = await page.goto('/angarsk/no-such-page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'This page could not be found' }).waitFor();
    await page.getByRole('link', { name: 'Вернуться на главную' }).click();
    await page.waitForURL(/\/angarsk$/);
    expect(problems()).toEqual([]);
  });
});
