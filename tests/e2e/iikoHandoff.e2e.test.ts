// The live orders screen against the real server on the fake iiko, in Debian's Chromium: an order
// iiko refuses appears, without a reload, in the banner 'не передан на кухню' with iiko's reason
// and a link to the integration page; «Отправить снова» sends it and the banner goes.
import { describe, expect, it } from 'vitest';
import { startFakeIiko } from '../fakes/iiko/server';
import { deliveryBody } from '../server/ordersFixtures';
import { WIDTHS } from './harness';
import { e2ePerFile, fakePerFile, placeOrderThroughApi, signInToAdmin, withFirstAdmin } from './steps';

const ADMIN = { login: 'e2e-admin', password: 'e2e-admin-password-1' };
const REASON = 'Продукт не найден в меню терминала';

const fake = fakePerFile(() => startFakeIiko());
const e2e = e2ePerFile(() =>
  withFirstAdmin(ADMIN, {
    env: { IIKO_API_URL: fake.url, IIKO_API_LOGIN: fake.apiLogin, IIKO_ORGANIZATION_ID: fake.organizationId },
  }),
);

describe('orders iiko refused, on the live orders screen', () => {
  it('the banner appears live with the reason and the link, and the retry sends the order', async () => {
    const { page, problems } = await e2e.open('/admin', { width: WIDTHS.desktop });
    await signInToAdmin(page, ADMIN);
    const banner = page.getByRole('alert', { name: 'Заказы не переданы на кухню' });
    expect(await banner.count()).toBe(0);

    fake.refuseNextOrder(REASON);
    const customer = await e2e.server.signIn('+79995550181');
    const placed = await placeOrderThroughApi(e2e, customer.token, deliveryBody(), 'e2e-iiko-refused-order');

    await banner.waitFor({ timeout: 60_000 });
    await banner.getByText('1 заказ не передан на кухню').waitFor();
    await banner.getByText(REASON, { exact: false }).waitFor();
    expect(await banner.getByRole('link', { name: 'Интеграция с кассой' }).getAttribute('href')).toBe(
      '/admin/integration',
    );
    await page.locator(`tr[data-order-id="${placed.id}"] [data-not-handed-off]`).waitFor();

    await banner.getByRole('button', { name: 'Отправить снова' }).click();
    await banner.waitFor({ state: 'detached', timeout: 60_000 });
    await expect.poll(() => fake.orders.get(placed.id)?.creationStatus, { timeout: 60_000 }).toBe('Success');
    expect(problems()).toEqual([]);
  });
});
