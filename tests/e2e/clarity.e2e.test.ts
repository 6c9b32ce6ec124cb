// Checkout clarity in Debian's Chromium against the real server, at a phone's and a desktop's
// width: what the customer pays and why (every charged line from the cart on, one sum in the header,
// the cart, /checkout, /complete and the stored order), a refused coupon marked at its field, the
// modifier dialog titled by what is chosen, /complete's words following the order's status, the
// consent given at sign-in not asked again at checkout, and the checkout's sections fitting a 320,
// 375 and 1280 px screen.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../src/api/contract/orders';
import { orderStatusSentence } from '../../src/domain/checkoutText';
import { formatPrice } from '../../src/domain/price';
import { perFile } from '../support/perFile';
import { startE2E, WIDTHS } from './harness';
import { hydrateNow, pageFromOwnAddress, reportFailure, signInFreshCustomer } from './steps';

// Per-IP sign-in code limits: each context comes from its own address.
const e2e = perFile(
  () => startE2E({ env: { TRUST_PROXY: 'true' } }),
  (started) => started.close(),
);

async function start(width: number) {
  const opened = await pageFromOwnAddress(e2e, width);
  reportFailure(e2e, opened.page, `clarity-${width}`, opened.problems);
  return opened;
}

/** A fresh customer signed in through the auth modal, with a saved address in Ангарск. */
const signIn = (page: Page) => signInFreshCustomer(e2e, page, 'улица Ленина');

const plain = (text: string | null): string => (text ?? '').replace(/\s+/g, ' ').trim();

/** The sum the header's cart button says the customer will pay. */
async function headerSum(page: Page): Promise<string> {
  const name = plain(
    await page
      .getByRole('banner')
      .getByRole('link', { name: /^Корзина:/ })
      .textContent(),
  );
  return /на сумму (.+₽)$/.exec(name)?.[1] ?? name;
}

/** A row of a totals list: the figure next to its term. */
async function row(page: Page, scope: 'cart' | 'checkout', term: string): Promise<string> {
  const list = page.getByTestId(scope === 'cart' ? 'cart-totals' : 'checkout-totals');
  return plain(await list.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]').textContent());
}

/**
 * The checkout's sections fit the screen: nothing in the page's content is wider than the
 * viewport, and every section's legend lies inside its card (within the padding, not on the edge).
 */
async function checkLayout(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: width < 768 ? 812 : 900 });
  const report = await page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const content = document.querySelector('h1')?.parentElement;
    const overflowing = [...(content?.querySelectorAll('*') ?? [])]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 1 && (r.right > vw + 0.5 || r.left < -0.5);
      })
      .map((el) => `${el.tagName} «${(el.textContent ?? '').slice(0, 40)}»`);
    const sections = [...(content?.querySelectorAll('fieldset, form[aria-label="Итого"]') ?? [])];
    const legendsOutside = sections.flatMap((section) => {
      const legend = section.querySelector(':scope > legend');
      if (legend === null) return [];
      const box = section.getBoundingClientRect();
      const style = getComputedStyle(section);
      const inner = {
        top: box.top + parseFloat(style.borderTopWidth) + parseFloat(style.paddingTop),
        left: box.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft),
        right: box.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight),
        bottom: box.bottom - parseFloat(style.borderBottomWidth) - parseFloat(style.paddingBottom),
      };
      const l = legend.getBoundingClientRect();
      const inside =
        l.top >= inner.top - 0.5 &&
        l.left >= inner.left - 0.5 &&
        l.right <= inner.right + 0.5 &&
        l.bottom <= inner.bottom;
      return inside
        ? []
        : [`${legend.textContent ?? ''}: legend ${JSON.stringify(l)} card content ${JSON.stringify(inner)}`];
    });
    return {
      vw,
      scrollWidth: document.documentElement.scrollWidth,
      sections: sections.length,
      overflowing,
      legendsOutside,
    };
  });
  expect(report.sections, 'the checkout has its sections').toBeGreaterThanOrEqual(6);
  expect(report.overflowing, `nothing wider than ${width} px`).toEqual([]);
  expect(report.scrollWidth).toBeLessThanOrEqual(report.vw);
  expect(report.legendsOutside, `legends inside their cards at ${width} px`).toEqual([]);
  await e2e.screenshot(page, `checkout-layout-${width}`);
}

describe.each([WIDTHS.phone, WIDTHS.desktop])('checkout clarity at %i px', (width) => {
  it('every charged line from the cart on, one sum in the header, cart, checkout, /complete and the stored order; a refused coupon is marked at its field', async () => {
    const { page, problems } = await start(width);
    const customer = await signIn(page);
    await page.goto('/angarsk/catalog/rolls');
    await hydrateNow(page);
    for (let i = 0; i < 2; i++) await page.getByRole('button', { name: 'Добавить «Канада» в корзину' }).click();
    await page.getByRole('link', { name: /^Корзина: 2 позици/ }).waitFor();
    await page.goto('/angarsk/cart');
    await page.getByTestId('cart-line').first().waitFor();

    // The service fee is known in the cart already, and the header shows the sum to pay.
    await expect.poll(() => row(page, 'cart', 'Сервисный сбор'), { timeout: 15_000 }).toBe('29 ₽');
    expect(await row(page, 'cart', 'Товары')).toBe('978 ₽');
    expect(await row(page, 'cart', 'Доставка')).toBe('150 ₽');
    const before = plain(await page.getByTestId('cart-total').textContent());
    expect(before).toBe('1 157 ₽');
    await expect.poll(() => headerSum(page)).toBe(before);

    // PICKUP15 is for pickup only: refused at the field, naming the rule, not shown as applied.
    const field = page.getByRole('textbox', { name: 'Промокод' });
    await field.fill('PICKUP15');
    await page.getByRole('button', { name: 'Применить' }).click();
    await expect.poll(() => field.getAttribute('aria-invalid'), { timeout: 15_000 }).toBe('true');
    const reasonId = await field.getAttribute('aria-describedby');
    expect(reasonId).not.toBeNull();
    expect(plain(await page.locator(`[id="${reasonId}"]`).textContent())).toBe(
      'Промокод не применён: Купон действует только при самовывозе',
    );
    expect(await page.getByText(/промокод применён/).count()).toBe(0);
    await e2e.screenshot(page, `cart-coupon-refused-${width}`);

    // WELCOME10 (10 % from 800 ₽) is accepted: shown as applied, the discount in every sum.
    await field.fill('WELCOME10');
    await page.getByRole('button', { name: 'Применить' }).click();
    await page.getByText('WELCOME10 — промокод применён').waitFor({ timeout: 15_000 });
    await expect.poll(() => row(page, 'cart', 'Скидка')).toBe('−97 ₽');
    const toPay = plain(await page.getByTestId('cart-total').textContent());
    expect(toPay).toBe('1 060 ₽');
    await expect.poll(() => headerSum(page)).toBe(toPay);
    await e2e.screenshot(page, `cart-amounts-${width}`);

    // /checkout: the server's quote gives the same lines and sum.
    await page.getByRole('link', { name: 'Оформить заказ' }).click();
    await page.getByRole('heading', { level: 1, name: 'Оформление заказа' }).waitFor();
    await expect.poll(() => page.getByTestId('checkout-zone').count(), { timeout: 15_000 }).toBe(1);
    // Consent was given at sign-in to this /legal text: checkout does not ask again.
    await expect.poll(() => page.getByTestId('checkout-problems').count(), { timeout: 15_000 }).toBe(0);
    expect(await page.getByRole('checkbox', { name: /Я согласен на обработку персональных данных/ }).count()).toBe(0);
    expect(plain(await page.getByTestId('checkout-total').textContent())).toBe(toPay);
    expect(await row(page, 'checkout', 'Сервисный сбор')).toBe('29 ₽');
    expect(await row(page, 'checkout', 'Скидка')).toBe('−97 ₽');
    expect(await headerSum(page)).toBe(toPay);
    await checkLayout(page, 320);
    await checkLayout(page, 375);
    await checkLayout(page, 1280);
    await page.setViewportSize({ width, height: width < 768 ? 812 : 900 });

    // /complete and the stored order say the same; its words follow the order's status.
    await page.getByRole('button', { name: 'Оформить заказ' }).click();
    await page.waitForURL(/\/angarsk\/complete\?order=/, { timeout: 20_000 });
    await page.getByTestId('order-number').waitFor();
    const orderId = new URL(page.url()).searchParams.get('order') ?? '';
    const stored = await e2e.server.api<Order>(
      'GET',
      `/order/${encodeURIComponent(orderId)}`,
      undefined,
      customer.token,
    );
    expect(stored.status).toBe(200);
    expect(formatPrice(stored.body.total).replace(/\s/g, ' ')).toBe(toPay);
    expect(stored.body.serviceFee).toBe(29);
    expect(plain(await page.getByTestId('order-total').textContent())).toBe(toPay);
    expect(plain(await page.getByTestId('order-status-text').textContent())).toBe(
      orderStatusSentence(stored.body.status, 'delivery'),
    );
    expect(await page.getByText(/начали (его )?готовить/).count()).toBe(0);
    await e2e.screenshot(page, `complete-amounts-${width}`);

    // The modifier dialog is titled by what is chosen.
    await page.goto('/angarsk/catalog/pizza');
    await page.getByRole('button', { name: 'Выбрать «Пепперони»' }).click();
    await page.getByRole('dialog', { name: 'Выберите размер' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Выберите размер' }).waitFor({ state: 'detached' });
    await page.goto('/angarsk/catalog/sets');
    await page.getByRole('button', { name: 'Выбрать «Сет «Собери сам»»' }).click();
    await page.getByRole('dialog', { name: 'Выберите ролл' }).waitFor();
    expect(problems()).toEqual([]);
  }, 180_000);
});
