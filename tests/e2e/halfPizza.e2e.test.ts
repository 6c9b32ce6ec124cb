// A half-and-half pizza in Debian's Chromium against the real server (docs/HALF-PIZZA.md): built
// from the pizza section ('Собрать из половинок'), ordered through checkout (delivery, cash), then
// seen in the order history and repeated from it.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { startE2E, WIDTHS, type E2E } from './harness';
import { saveAngarskAddress, signInThroughAuthDialog } from './steps';

const ANGARSK = { cityId: 'city-angarsk', isCitySelected: 'true' };
const NAME = 'Половинки: Пепперони + Четыре сыра';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

/** A fresh customer signed in through the auth modal, with a saved address in central Ангарск. */
async function signIn(page: Page): Promise<void> {
  const digits = `99${String(1000 + Math.floor(Math.random() * 8000))}${String(Date.now() % 10_000).padStart(4, '0')}`;
  await page.goto('/angarsk/personal');
  const customer = await signInThroughAuthDialog(e2e, page, digits);
  await saveAngarskAddress(e2e, customer);
  await page.reload();
}

describe('half-and-half pizza', () => {
  it('build it from two halves, order it, see it in history and repeat it', async () => {
    const context = await e2e.newContext({ width: WIDTHS.phone, cookies: ANGARSK });
    const page = await context.newPage();
    const problems = e2e.watch(page);
    onTestFailed(async () => {
      await e2e.screenshot(page, 'half-pizza-FAILED');
      console.error(`failed at ${page.url()}:\n${problems().join('\n') || '(none)'}`);
    });
    await signIn(page);

    // The builder: 30 см, Пепперони (529 + 150) and Четыре сыра (579 + 150): the dearer 729 + 50 = 779 ₽
    await page.goto('/angarsk/catalog/pizza');
    await page.getByRole('button', { name: 'Собрать из половинок' }).click();
    const builder = page.getByRole('dialog', { name: 'Пицца из половинок' });
    await builder.getByRole('radio', { name: '30 см' }).check();
    await builder
      .getByRole('group', { name: 'Первая половина' })
      .getByRole('radio', { name: /Пепперони/ })
      .check();
    await builder
      .getByRole('group', { name: 'Вторая половина' })
      .getByRole('radio', { name: /Четыре сыра/ })
      .check();
    await builder.getByText(NAME).waitFor();
    await e2e.screenshot(page, 'half-pizza-builder-375');
    await builder.getByRole('button', { name: 'Добавить за 779 ₽' }).click();
    await builder.waitFor({ state: 'detached' });

    // The cart: one line, its size, its price
    await page.goto('/angarsk/cart');
    const line = page.getByTestId('cart-line').filter({ hasText: NAME });
    await line.waitFor();
    expect(await line.innerText()).toContain('30 см');
    expect(await line.innerText()).toMatch(/779\s₽ за шт\./);

    // Checkout: delivery, cash; the server prices the halves the same way
    await page.getByRole('link', { name: 'Оформить заказ' }).click();
    await page.getByRole('heading', { level: 1, name: 'Оформление заказа' }).waitFor();
    await expect
      .poll(() => page.getByTestId('checkout-zone').innerText(), { timeout: 15_000 })
      .toContain('Центр и кварталы');
    await expect
      .poll(() => page.getByRole('checkbox', { name: /Я согласен на обработку персональных данных/ }).count(), {
        timeout: 15_000,
      })
      .toBe(0);
    await expect.poll(() => page.getByTestId('checkout-problems').count(), { timeout: 15_000 }).toBe(0);
    await page.getByRole('button', { name: 'Оформить заказ' }).click();
    await page.waitForURL(/\/angarsk\/complete\?order=/, { timeout: 20_000 });
    await page.getByTestId('order-number').waitFor();
    expect(await page.getByTestId('order-lines').innerText()).toContain(NAME);
    await page.goto('/angarsk/cart');
    await page.getByText('Корзина пуста').waitFor();

    // History shows it as one line; repeating puts it back in the cart
    await page.goto('/angarsk/personal/history');
    const order = page.getByRole('listitem').filter({ hasText: /Заказ №\d+/ });
    await order.getByText(NAME).waitFor();
    await e2e.screenshot(page, 'half-pizza-history-375');
    await order.getByRole('button', { name: 'Повторить этот заказ' }).click();
    await page.waitForURL(/\/angarsk\/cart$/);
    await page.getByTestId('cart-line').filter({ hasText: NAME }).waitFor();
    expect(await page.getByTestId('cart-line').count()).toBe(1);

    expect(problems()).toEqual([]);
  });
});
