// The order history is live end to end in Chromium against the real server: a customer signed in
// on the storefront (375 px) has their history open; an operator edits the order through the
// admin API (one more roll); the history shows the new quantity and total with no reload, through
// the customer's WebSocket push (edited: true), as /complete does (tests/e2e/orderEdit.e2e.test.ts).
import { describe, expect, it } from 'vitest';
import { deliveryBody } from '../server/ordersFixtures';
import {
  e2ePerFile,
  openSignedInShop,
  placeOrderThroughApi,
  reportFailure,
  withFirstAdmin,
  type PlacedOrder,
} from './steps';

const ADMIN = { login: 'e2e-history-admin', password: 'e2e-history-password-1' };
const PHONE = '+79995550067';

const e2e = e2ePerFile(withFirstAdmin(ADMIN));

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
    const { shop, token, problems } = await openSignedInShop(e2e, PHONE, 'Ольга');
    reportFailure(e2e, shop, 'history-live', problems);
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
