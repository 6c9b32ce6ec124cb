// A product opened from a list has its own address (docs/PRODUCT.md §2 "Product links"), in
// Chromium against the real server at a phone's and a desktop's width: the address moves on open,
// the copied link opens the product, Back closes the dialog with the list's scroll kept, closing
// goes back, a reload shows the product page; from the menu, a section, search and the index page.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { startE2E, WIDTHS, type E2E } from './harness';

const ANGARSK = { cityId: 'city-angarsk', isCitySelected: 'true' };
const PEPPERONI = /\/angarsk\/catalog\/pizza\/pizza-pepperoni$/;

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
}, 300_000);
afterAll(async () => {
  await e2e?.close();
});

async function open(path: string, width: number) {
  const opened = await e2e.open(path, { width, cookies: ANGARSK });
  onTestFailed(async () => {
    await e2e.screenshot(opened.page, `productlink-${width}-FAILED`);
    console.error(`failed at ${opened.page.url()}; page errors:\n${opened.problems().join('\n') || '(none)'}`);
  });
  await e2e.hydrated(opened.page);
  return opened;
}

const pepperoniLink = (page: Page) =>
  page.getByTestId('product-card').filter({ hasText: 'Пепперони' }).getByRole('link', { name: 'Пепперони' }).first();
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Пепперони' });

/** Пепперони's card opens its dialog at the product's own address; «back» closes it and returns to `listPath`. */
async function openPepperoniAndGoBack(page: Page, listPath: string): Promise<void> {
  await pepperoniLink(page).scrollIntoViewIfNeeded();
  await pepperoniLink(page).click();
  await dialog(page).waitFor();
  await page.waitForURL(PEPPERONI);
  await page.goBack();
  await dialog(page).waitFor({ state: 'detached' });
  expect(new URL(page.url()).pathname).toBe(listPath);
}
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

describe.each([WIDTHS.phone, WIDTHS.desktop])('at %i px', (width) => {
  it('the menu: open moves the address, the link opens the product, Back and closing go back to the list, reload shows the page', async () => {
    const { page, context, problems } = await open('/angarsk/catalog', width);
    const link = pepperoniLink(page);
    await link.scrollIntoViewIfNeeded();
    const listScroll = await scrollY(page);
    expect(listScroll).toBeGreaterThan(0);

    await link.click();
    await dialog(page).waitFor();
    await page.waitForURL(PEPPERONI);
    // the list stays under the dialog, where it was
    expect(await page.getByRole('heading', { level: 1, name: 'Меню', exact: true }).count()).toBe(1);
    expect(await scrollY(page)).toBe(listScroll);

    // the copied address opens the product's page
    const shared = await context.newPage();
    const sharedProblems = e2e.watch(shared);
    await shared.goto(page.url());
    await e2e.hydrated(shared);
    await expect(shared.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Пепперони');
    expect(await shared.getByRole('dialog').count()).toBe(0);
    expect(sharedProblems()).toEqual([]);
    await shared.close();

    // Back closes the dialog, the list keeps its scroll
    await page.goBack();
    await dialog(page).waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/angarsk/catalog');
    expect(await scrollY(page)).toBe(listScroll);

    // Forward opens it again; its close button goes back to the list
    await page.goForward();
    await dialog(page).waitFor();
    expect(page.url()).toMatch(PEPPERONI);
    await dialog(page).getByRole('button', { name: 'Закрыть' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await page.waitForURL((url) => url.pathname === '/angarsk/catalog');
    expect(await scrollY(page)).toBe(listScroll);

    // a reload of the product's address shows its page, not the list
    await link.click();
    await page.waitForURL(PEPPERONI);
    await page.reload();
    await e2e.hydrated(page);
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Пепперони');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('a section, search and the index page open the product at its address too', async () => {
    const { page, context, problems } = await open('/angarsk/catalog/pizza', width);
    await pepperoniLink(page).click();
    await dialog(page).waitFor();
    await page.waitForURL(PEPPERONI);
    expect(await page.getByRole('heading', { level: 1, name: 'Пицца', exact: true }).count()).toBe(1);
    await page.goBack();
    await dialog(page).waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/angarsk/catalog/pizza');

    await page.goto('/angarsk/catalog');
    await e2e.hydrated(page);
    const search = page.getByRole('searchbox', { name: 'Поиск по меню' });
    await search.fill('пепперони');
    await openPepperoniAndGoBack(page, '/angarsk/catalog');
    // the search the list was opened from is still there
    expect(await search.inputValue()).toBe('пепперони');

    await page.goto('/angarsk');
    await e2e.hydrated(page);
    await openPepperoniAndGoBack(page, '/angarsk');
    expect(problems()).toEqual([]);
    await context.close();
  });
});
