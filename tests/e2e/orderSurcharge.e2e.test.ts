// A surcharge end to end in Chromium against the real server (docs/ORDER-EDITING.md «Paid online,
// the total goes up»): a customer's order paid by card on the test gateway is open on /complete
// (375 px); an operator in /admin (1280) adds a roll and saves; the customer's page shows
// «Ожидает доплаты N ₽» live with «Доплатить»; the customer pays on the gateway's page in another
// tab, and the notice disappears from the first one live, with no reload.
import { describe, expect, it } from 'vitest';
import { deliveryBody } from '../server/ordersFixtures';
import { e2ePerFile, placeOrderThroughApi, rollAddedBesideComplete, saveOrderEdit, withFirstAdmin } from './steps';

const ADMIN = { login: 'e2e-admin', password: 'e2e-admin-password-1' };
const PHONE = '+79995550067';

const e2e = e2ePerFile(withFirstAdmin(ADMIN));

/** The customer's card order, placed and paid on the test gateway through the API with their session. */
async function paidCardOrder(token: string) {
  const order = await placeOrderThroughApi(e2e, token, deliveryBody({ paymentMethod: 'card' }));
  const session = await fetch(`${e2e.server.url}/api/v1/order/${order.id}/payment`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(session.status, await session.clone().text()).toBe(200);
  const { redirectUrl } = (await session.json()) as { redirectUrl: string };
  const paid = await fetch(`${e2e.server.url}${redirectUrl}/pay`, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  return order;
}

describe('a surcharge', () => {
  it('an operator raises the total of an order paid online; the customer sees «Ожидает доплаты N ₽» live and pays it on the gateway', async () => {
    const { shop, shopProblems, order, admin, panel, form, newTotal } = await rollAddedBesideComplete(e2e, {
      admin: ADMIN,
      phone: PHONE,
      customerName: 'Олег',
      name: 'order-surcharge',
      place: paidCardOrder,
    });
    // unsaved, nothing is owed yet
    expect(await shop.getByTestId('surcharge-notice').count()).toBe(0);
    const due = newTotal - order.total;
    await form.getByText('Клиент доплатит онлайн').waitFor();
    await saveOrderEdit(admin.page, form, order);
    const dueText = new Intl.NumberFormat('ru-RU').format(due).replace(/\s/g, '\u00A0');
    // the operator's card says what is owed too
    await expect
      .poll(async () => (await panel.getByTestId('surcharge-label').innerText()).replace(/\s/g, ' '), {
        timeout: 30_000,
      })
      .toBe(`Ожидает доплаты ${dueText.replace(/\u00A0/g, ' ')} ₽`);

    // live on the customer's page: no reload
    const notice = shop.getByTestId('surcharge-notice');
    await notice.waitFor({ timeout: 30_000 });
    expect(await notice.innerText()).toContain(`Ожидает доплаты ${dueText}\u00A0₽`);
    await e2e.screenshot(shop, 'order-surcharge-complete-375');

    // «Доплатить» leads to the gateway's page for exactly the difference; paid there in another tab
    const href = await notice.getByRole('link', { name: 'Доплатить' }).getAttribute('href');
    expect(href).toMatch(/^\/api\/v1\/payments\/test\//);
    const gateway = await shop.context().newPage();
    const gatewayProblems = e2e.watch(gateway);
    await gateway.goto(href ?? '');
    await gateway.getByText(`к оплате ${dueText}\u00A0₽`, { exact: false }).waitFor();
    await gateway.getByRole('button', { name: 'Оплатить' }).click();
    await gateway.waitForURL(/\/angarsk\/complete\?order=/, { timeout: 20_000 });
    await gateway.getByTestId('order-number').waitFor();

    // the first tab hears of it and the notice goes, with no reload
    await notice.waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(() => shop.getByText('Картой онлайн — оплачен').count(), { timeout: 15_000 }).toBe(1);
    expect(await gateway.getByTestId('surcharge-notice').count()).toBe(0);
    await expect.poll(() => panel.getByTestId('surcharge-label').count(), { timeout: 30_000 }).toBe(0);
    expect(shopProblems()).toEqual([]);
    expect(gatewayProblems()).toEqual([]);
    expect(admin.problems()).toEqual([]);
  });
});
