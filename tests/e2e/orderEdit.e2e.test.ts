// Editing an order before cooking end to end in Chromium against the real server: a customer signed
// in on the storefront (375 px) has an order open on /complete; an operator in another browser
// context (1280) opens it in /admin, «Изменить», adds one more roll, sees the server's quote of the
// new total and saves; the customer's page shows the new lines and total live (the order channel's
// edited push), with no reload.
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { deliveryBody } from '../server/ordersFixtures';
import { startE2E, WIDTHS, type E2E } from './harness';
import {
  addOneRollInOrderEdit,
  digitsOf,
  placeOrderThroughApi,
  saveOrderEdit,
  signInThroughAuthDialog,
  signInToAdmin,
  withFirstAdmin,
} from './steps';

const ADMIN = { login: 'e2e-admin', password: 'e2e-admin-password-1' };
const CITY_COOKIES = { cityId: 'city-angarsk', isCitySelected: 'true' };
const PHONE = '+79995550066';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E(withFirstAdmin(ADMIN));
});
afterAll(async () => {
  await e2e?.close();
});

describe('order editing', () => {
  it('an operator adds an item before cooking; the customer’s /complete page shows the new total live', async () => {
    const context = await e2e.newContext({ width: WIDTHS.phone, cookies: CITY_COOKIES });
    const shop = await context.newPage();
    const shopProblems = e2e.watch(shop);
    await shop.goto('/angarsk/personal');
    const { token } = await signInThroughAuthDialog(e2e, shop, PHONE.slice(2), 'Нина');

    // the customer's order, through POST /order with the browser's own session
    const order = await placeOrderThroughApi(e2e, token, deliveryBody());
    await shop.goto(`/angarsk/complete?order=${encodeURIComponent(order.id)}`);
    const total = shop.getByTestId('order-total');
    await expect.poll(async () => digitsOf(await total.innerText()), { timeout: 30_000 }).toBe(order.total);
    await expect.poll(() => shop.getByTestId('order-lines').innerText()).toMatch(/Калифорния с крабом × 2/);

    const admin = await e2e.open('/admin', { width: WIDTHS.desktop });
    onTestFailed(async () => {
      await e2e.screenshot(admin.page, 'order-edit-admin-FAILED');
      await e2e.screenshot(shop, 'order-edit-complete-FAILED');
    });
    await signInToAdmin(admin.page, ADMIN);
    // the server's quote of the change, before saving
    const { panel, form, newTotal: expected } = await addOneRollInOrderEdit(admin.page, order);
    await e2e.screenshot(admin.page, 'order-edit-1280');
    await saveOrderEdit(admin.page, form, order);
    await panel
      .getByRole('list', { name: 'Изменения заказа' })
      .getByText(/Калифорния с крабом ×3/)
      .waitFor();

    // live on the customer's page: no reload
    await expect.poll(async () => digitsOf(await total.innerText()), { timeout: 30_000 }).toBe(expected);
    await expect.poll(() => shop.getByTestId('order-lines').innerText()).toMatch(/Калифорния с крабом × 3/);
    await e2e.screenshot(shop, 'order-edit-complete-375');
    expect(shopProblems()).toEqual([]);
    expect(admin.problems()).toEqual([]);
  });
});
