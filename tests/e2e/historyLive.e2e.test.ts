// The order history is live end to end in Chromium against the real server: a customer signed in
// on the storefront (375 px) has their history open; an operator edits the order through the
// admin API (one more roll); the history shows the new quantity and total with no reload, through
// the customer's WebSocket push (edited: true), as /complete does (tests/e2e/orderEdit.e2e.test.ts).
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { deliveryBody } from '../server/ordersFixtures';
import { startE2E, WIDTHS, type E2E } from './harness';
import { placeOrderThroughApi, signInThroughAuthDialog, withFirstAdmin, type PlacedOrder } from './steps';

const ADMIN = { login: 'e2e-history-admin', password: 'e2e-history-password-1' };
const CITY_COOKIES = { cityId: 'city-angarsk', isCitySelected: 'true' };
const PHONE = '+79995550067';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E(withFirstAdmin(ADMIN));
});
afterAll(async () => {
  await e2e?.close();
});

type EditableOrder = PlacedOrder & {
  updatedAt: string;
  address: unknown;
  paymentMethod: string;
  comment: string;
};

/** The rubles after «·» in an order's heading («Заказ №N от … · 1 234 ₽»). */
const totalOf = (heading: string) => Number((heading.split('·').at(-1) ?? '').replace(/\D/g, ''));

describe('the order history, live', () => {
  it('an operator’s edit shows on the customer’s open history page with no reload', async () => {
    const context = await e2e.newContext({ width: WIDTHS.phone, cookies: CITY_COOKIES });
    const shop = await context.newPage();
    const problems = e2e.watch(shop);
    onTestFailed(async () => {
      await e2e.screenshot(shop, 'history-live-FAILED');
    });
    await shop.goto('/angarsk/personal');
    const { token } = await signInThroughAuthDialog(e2e, shop, PHONE.slice(2), 'Ольга');
    const order = await placeOrderThroughApi<EditableOrder>(e2e, token, deliveryBody());

    await shop.goto('/angarsk/personal/history');
    const heading = shop.getByRole('heading', { level: 3, name: new RegExp(`Заказ №${order.number} от`) });
    await expect.poll(async () => totalOf(await heading.innerText()), { timeout: 30_000 }).toBe(order.total);
    const card = shop.getByRole('listitem').filter({ has: heading });
    await card.getByText('2 порции').waitFor();

    const login = await e2e.server.api<{ token: string }>('POST', '/admin/auth/login', ADMIN);
    expect(login.status).toBe(200);
    const edit = await e2e.server.api<{ total: number }>(
      'POST',
      `/admin/orders/${order.id}/edit`,
      {
        basedOn: order.updatedAt,
        idempotencyKey: crypto.randomUUID(),
        changes: {
          items: [
            { productId: 'california-crab', amount: 3, mods: [] },
            { productId: 'set-mini', amount: 1, mods: [] },
          ],
          address: order.address,
          paymentMethod: order.paymentMethod,
          comment: order.comment,
        },
      },
      login.body.token,
    );
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.total).toBeGreaterThan(order.total);

    // live: the same page, no navigation
    await expect.poll(async () => totalOf(await heading.innerText()), { timeout: 30_000 }).toBe(edit.body.total);
    await card.getByText('3 порции').waitFor();
    await e2e.screenshot(shop, 'history-live-375');
    expect(problems()).toEqual([]);
  });
});
