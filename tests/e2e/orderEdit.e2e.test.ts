// Editing an order before cooking end to end in Chromium against the real server: a customer signed
// in on the storefront (375 px) has an order open on /complete; an operator in another browser
// context (1280) opens it in /admin, «Изменить», adds one more roll, sees the server's quote of the
// new total and saves; the customer's page shows the new lines and total live (the order channel's
// edited push), with no reload.
import { describe, expect, it } from 'vitest';
import { deliveryBody } from '../server/ordersFixtures';
import {
  digitsOf,
  e2ePerFile,
  placeOrderThroughApi,
  rollAddedBesideComplete,
  saveOrderEdit,
  withFirstAdmin,
} from './steps';

const ADMIN = { login: 'e2e-admin', password: 'e2e-admin-password-1' };
const PHONE = '+79995550066';

const e2e = e2ePerFile(withFirstAdmin(ADMIN));

describe('order editing', () => {
  it('an operator adds an item before cooking; the customer’s /complete page shows the new total live', async () => {
    // the customer's order, through POST /order with the browser's own session; the server's quote
    // of the change, before saving
    const {
      shop,
      shopProblems,
      order,
      total,
      admin,
      panel,
      form,
      newTotal: expected,
    } = await rollAddedBesideComplete(e2e, {
      admin: ADMIN,
      phone: PHONE,
      customerName: 'Нина',
      name: 'order-edit',
      place: (token) => placeOrderThroughApi(e2e, token, deliveryBody()),
    });
    // unsaved, the customer's page still shows the order as placed
    await expect.poll(() => shop.getByTestId('order-lines').innerText()).toMatch(/Калифорния с крабом × 2/);
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
