// SBP end to end in Debian's Chromium against the real server and its built-in test gateway
// (docs/CHECKOUT.md «SBP»): at 1280 px /complete shows the QR, the "bank" (the gateway's page the
// QR's link opens, in another browser) pays, and the page turns paid live; at 375 px the page
// shows the bank link's button instead and paying there comes back paid; after 10 minutes of the
// page's clock (fast-forwarded, no waiting) 'Время оплаты истекло', and a new QR pays.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { perFile } from '../support/perFile';
import { startE2E, WIDTHS } from './harness';
import {
  choosePickupAt84,
  pageFromOwnAddress,
  placeAndOpenComplete,
  reportFailure,
  signInFreshCustomer,
} from './steps';

const SBP = 'СБП (Система быстрых платежей)';
const QR = 'QR-код для оплаты через СБП';
const BANK_LINK = 'Оплатить в приложении банка';

// Per-IP sign-in code limits: each test's browser context comes from its own address.
const e2e = perFile(
  () => startE2E({ env: { TRUST_PROXY: 'true' } }),
  (started) => started.close(),
);

const start = (width: number) => pageFromOwnAddress(e2e, width);
const onFail = (page: Page, name: string, problems: () => string[]) => reportFailure(e2e, page, name, problems);

/** A fresh customer signed in through the storefront's auth modal; returns the bearer token. */
async function signIn(page: Page): Promise<string> {
  return (await signInFreshCustomer(e2e, page, null)).token;
}

/** A roll in the cart, pickup at 84-м квартале, 'СБП' chosen, 'Оформить заказ' → /complete of the order. */
async function orderWithSbp(page: Page): Promise<string> {
  await page.goto('/angarsk/catalog/rolls');
  // Once hydrated: under load a tap on the server-rendered button was once seen not to reach the cart.
  await e2e.hydrated(page);
  await page.getByRole('button', { name: 'Добавить «Канада» в корзину' }).click();
  await page.getByRole('link', { name: /^Корзина: 1 позици/ }).waitFor();
  await page.goto('/angarsk/cart');
  await page.getByTestId('cart-line').first().waitFor();
  await page.getByRole('link', { name: 'Оформить заказ' }).click();
  await page.getByRole('heading', { level: 1, name: 'Оформление заказа' }).waitFor();
  await choosePickupAt84(page);
  await page.getByRole('radio', { name: SBP }).check();
  return placeAndOpenComplete(page);
}

/** The bank link of the order's current SBP payment (what its QR encodes), as the server gives it. */
async function bankLink(orderId: string, token: string): Promise<{ paymentId: string; link: string }> {
  const res = await e2e.server.api<{ paymentId: string; sbp: { link: string } | null }>(
    'GET',
    `/order/${orderId}/payment`,
    undefined,
    token,
  );
  expect(res.status).toBe(200);
  expect(res.body.sbp).not.toBeNull();
  return { paymentId: res.body.paymentId, link: res.body.sbp?.link ?? '' };
}

/** The customer's phone scans the QR: the bank's page (the test gateway's) and its 'Оплатить'. */
async function payAsTheBank(link: string): Promise<void> {
  const { page, context } = await start(WIDTHS.phone);
  await page.goto(link);
  await page.getByText('(СБП)').waitFor();
  // The bank's device is not the customer's: where its browser lands afterwards is not the point.
  const paid = page.waitForResponse((r) => r.url().endsWith('/pay') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Оплатить' }).click();
  expect((await paid).status()).toBe(303);
  await context.close();
}

const paidLine = (page: Page) => page.getByText(`${SBP} — оплачен`);

/**
 * A signed-in customer at 1280 px (the page's clock under the test's control) whose SBP order's
 * /complete shows its QR; on the test's failure the page is kept as `name`.
 */
async function sbpQrOnDesktop(name: string) {
  const { page, problems } = await start(WIDTHS.desktop);
  onFail(page, name, problems);
  await page.clock.install();
  const token = await signIn(page);
  const orderId = await orderWithSbp(page);
  const qr = page.getByRole('img', { name: QR });
  await qr.waitFor();
  return { page, problems, token, orderId, qr };
}

describe('SBP', () => {
  it('1280 px: /complete shows the QR (no bank button); the bank pays from another device and the page turns paid live', async () => {
    const { page, problems, token, orderId, qr } = await sbpQrOnDesktop('sbp-desktop');
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(await page.getByRole('link', { name: BANK_LINK }).count()).toBe(0);
    await page.getByText(/QR-код действует до \d\d:\d\d/).waitFor();
    await e2e.screenshot(page, 'sbp-qr-1280');
    const { paymentId, link } = await bankLink(orderId, token);
    expect(link).toBe(`${e2e.server.url}/api/v1/payments/test/${paymentId}`);
    // Through the page's minute of re-reading a pending order (PAYMENT_POLLS × PAYMENT_POLL_MS; runFor
    // fires every tick), well within the QR's 10 minutes: only the WebSocket can bring the payment now.
    await page.clock.runFor('01:05');
    await payAsTheBank(link);
    // No reload: the push over the WebSocket brings the payment.
    await expect.poll(() => paidLine(page).count(), { timeout: 20_000 }).toBe(1);
    expect(await qr.count()).toBe(0);
    await page.goto('/angarsk/cart');
    await page.getByText('Корзина пуста').waitFor();
    expect(problems()).toEqual([]);
  });

  it('375 px: /complete shows the bank link as a button (no QR); the bank app pays and brings the customer back paid', async () => {
    const { page, problems } = await start(WIDTHS.phone);
    onFail(page, 'sbp-phone', problems);
    await signIn(page);
    await orderWithSbp(page);
    const button = page.getByRole('link', { name: BANK_LINK });
    await button.waitFor();
    expect(await page.getByRole('img', { name: QR }).count()).toBe(0);
    await e2e.screenshot(page, 'sbp-link-375');
    await button.click();
    await page.waitForURL(/\/payments\/test\//, { timeout: 20_000 });
    await page.getByRole('button', { name: 'Оплатить' }).click();
    await page.waitForURL(/\/angarsk\/complete\?order=/, { timeout: 20_000 });
    await expect.poll(() => paidLine(page).count(), { timeout: 20_000 }).toBe(1);
    expect(await page.getByTestId('sbp-payment').count()).toBe(0);
    expect(problems()).toEqual([]);
  });

  it("after 10 minutes (the page's clock fast-forwarded) 'Время оплаты истекло'; a new QR replaces it and pays", async () => {
    const { page, problems, token, orderId, qr } = await sbpQrOnDesktop('sbp-expiry');
    const first = await bankLink(orderId, token);
    const firstQr = await qr.getAttribute('src');
    expect(await page.getByText('Время оплаты истекло').count()).toBe(0);
    await page.clock.fastForward('10:01');
    await page.getByText('Время оплаты истекло').waitFor();
    expect(await qr.count()).toBe(0);
    await e2e.screenshot(page, 'sbp-expired-1280');
    await page.getByRole('button', { name: 'Получить новый QR-код' }).click();
    await qr.waitFor();
    expect(await page.getByText('Время оплаты истекло').count()).toBe(0);
    expect(await qr.getAttribute('src')).not.toBe(firstQr);
    const second = await bankLink(orderId, token);
    expect(second.paymentId).not.toBe(first.paymentId);
    await payAsTheBank(second.link);
    await expect.poll(() => paidLine(page).count(), { timeout: 20_000 }).toBe(1);
    expect(problems()).toEqual([]);
  });
});
