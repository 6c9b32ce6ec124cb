// Rating after delivery end to end in Debian's Chromium against the real server (docs/CHECKOUT.md
// «Rating after delivery»): an operator moves a delivery order to «Доставлен» in /admin, the
// customer's open /complete page turns into the rating form live, the customer rates it 2 with a
// tag and a comment, and the operators' screen lists the low rating at once and shows it in the
// order panel.
import { describe, expect, it, onTestFailed } from 'vitest';
import { WIDTHS } from './harness';
import { e2ePerFile, openSignedInShop, placeOrderThroughApi, signInToAdmin, withFirstAdmin } from './steps';

const ADMIN = { login: 'e2e-rating-admin', password: 'e2e-rating-password-1' };
const PHONE = '+79995550077';

const e2e = e2ePerFile(withFirstAdmin(ADMIN));

/** A cash delivery order to central Angarsk, placed through the API. */
function placeDeliveryOrder(token: string): Promise<{ id: string; number: number }> {
  return placeOrderThroughApi(e2e, token, {
    cityId: 'city-angarsk',
    deliveryMethod: 'delivery',
    address: { city: 'Ангарск', street: 'улица Карла Маркса', home: '10', apartment: '5' },
    paymentMethod: 'cash',
    items: [
      { productId: 'california-crab', amount: 2 },
      { productId: 'set-mini', amount: 1 },
    ],
  });
}

describe('rating after delivery', () => {
  it('delivered in /admin → rated on /complete → shown live in /admin', async () => {
    const { shop, token, problems } = await openSignedInShop(e2e, PHONE, 'Вера');
    const order = await placeDeliveryOrder(token);

    await shop.goto(`/angarsk/complete?order=${encodeURIComponent(order.id)}`);
    const status = shop.getByTestId('order-status');
    await expect.poll(() => status.innerText(), { timeout: 30_000 }).toBe('принят');
    expect(await shop.getByTestId('rating-form').count()).toBe(0);

    const admin = await e2e.open('/admin', { width: WIDTHS.desktop });
    const page = admin.page;
    onTestFailed(async () => {
      await e2e.screenshot(page, 'admin-rating-FAILED');
      await e2e.screenshot(shop, 'complete-rating-FAILED');
    });
    await signInToAdmin(page, ADMIN);
    await page.locator(`tr[data-order-id="${order.id}"]`).click();
    await page.waitForURL(new RegExp(`/admin/orders/${order.id}$`));
    const panel = page.getByRole('complementary', { name: 'Заказ' });
    await panel.getByRole('heading', { name: `Заказ №${order.number}` }).waitFor();
    // the operator moves the order along the delivery flow to «Доставлен»
    for (const step of ['Начать готовить', 'Приготовлен', 'Передать курьеру', 'Доставлен']) {
      await panel.getByRole('button', { name: step }).click();
      await panel.getByRole('button', { name: step }).waitFor({ state: 'detached' });
    }
    await panel.getByText('Клиент ещё не оценил заказ.').waitFor();

    // live on the customer's page: delivered, and the rating form instead of waiting
    await expect.poll(() => status.innerText(), { timeout: 30_000 }).toBe('доставлен');
    const form = shop.getByTestId('rating-form');
    await form.waitFor({ timeout: 30_000 });
    await form.getByRole('button', { name: 'Оценка 2 из 5' }).click();
    await form.getByRole('button', { name: 'холодное' }).click();
    await form.getByLabel('Комментарий').fill('Роллы остыли');
    await form.getByRole('button', { name: 'Отправить оценку' }).click();
    await shop.getByText('Спасибо за оценку!').waitFor({ timeout: 30_000 });
    await e2e.screenshot(shop, 'complete-rated-375');

    // the operators' screen: the low rating listed at once, and in the order panel
    const alert = page.getByRole('alert', { name: 'Низкие оценки' });
    await alert.getByText(`Заказ №${order.number}`).waitFor({ timeout: 30_000 });
    expect(await alert.innerText()).toContain('«Роллы остыли»');
    const shown = panel.getByTestId('admin-order-rating');
    await shown.waitFor({ timeout: 30_000 });
    expect(await shown.getByLabel('2 из 5').innerText()).toBe('★★☆☆☆');
    expect(await shown.innerText()).toContain('холодное');
    expect(await shown.innerText()).toContain('«Роллы остыли»');
    await e2e.screenshot(page, 'admin-order-rating-1280');

    // a second rating of the same order is refused by the server in Russian
    const again = await fetch(`${e2e.server.url}/api/v1/order/${order.id}/rating`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ score: 5 }),
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe('Этот заказ уже оценён');
    expect(problems()).toEqual([]);
    expect(admin.problems()).toEqual([]);
  });

  it('the next visit offers a delivered order once: «Не сейчас» dismisses it for good', async () => {
    const { shop, token, problems } = await openSignedInShop(e2e, '+79995550078', 'Глеб');
    const order = await placeDeliveryOrder(token);
    // an operator delivers it through the staff API
    const login = await fetch(`${e2e.server.url}/api/v1/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const staff = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    for (const status of ['CookingStarted', 'CookingCompleted', 'OnWay', 'Delivered']) {
      const moved = await fetch(`${e2e.server.url}/api/v1/admin/orders/${order.id}/status`, {
        method: 'POST',
        headers: { ...staff, 'content-type': 'application/json' },
        body: JSON.stringify({ status }),
      });
      expect(moved.status, await moved.clone().text()).toBe(200);
    }

    // the next visit: any page, a small dialog for that order
    await shop.goto('/angarsk');
    const dialog = shop.getByRole('dialog', { name: 'Оцените заказ' });
    await dialog.waitFor({ timeout: 30_000 });
    expect(await dialog.innerText()).toContain(`Как вам заказ №${order.number}?`);
    await e2e.screenshot(shop, 'rating-prompt-375');
    const dismissed = shop.waitForResponse((r) => r.url().endsWith(`/order/${order.id}/rating/dismiss`));
    await dialog.getByRole('button', { name: 'Не сейчас' }).click();
    expect((await dismissed).status()).toBe(204);
    await dialog.waitFor({ state: 'detached' });

    // and never again: the visit after that loads the ratings and opens nothing
    const ratingsLoaded = shop.waitForResponse((r) => /\/api\/v1\/user\/[^/]+\/ratings$/.test(r.url()));
    await shop.goto('/angarsk/catalog/rolls');
    const answer = (await (await ratingsLoaded).json()) as { prompts: unknown[] };
    expect(answer.prompts).toEqual([]);
    await shop.getByTestId('product-card').first().waitFor();
    expect(await shop.getByRole('dialog', { name: 'Оцените заказ' }).count()).toBe(0);
    // it can still be rated from the history
    await shop.goto('/angarsk/personal/history');
    await shop.getByRole('button', { name: 'Оценить заказ' }).first().waitFor({ timeout: 30_000 });
    expect(problems()).toEqual([]);
  });
});
