// A half-and-half pizza in Debian's Chromium against the real server (docs/HALF-PIZZA.md): built
// from the pizza section ('Собрать из половинок'), ordered through checkout (delivery, cash), then
// seen in the order history and repeated from it.
import { describe, expect, it } from 'vitest';
import { perFile } from '../support/perFile';
import { startE2E, WIDTHS } from './harness';
import { pageFromOwnAddress, placeAndOpenComplete, reportFailure, signInFreshCustomer } from './steps';

const NAME = 'Половинки: Пепперони + Четыре сыра';

const e2e = perFile(
  () => startE2E(),
  (started) => started.close(),
);

describe('half-and-half pizza', () => {
  it('build it from two halves, order it, see it in history and repeat it', async () => {
    const { page, problems } = await pageFromOwnAddress(e2e, WIDTHS.phone);
    reportFailure(e2e, page, 'half-pizza', problems);
    // a fresh customer with a saved address in central Ангарск
    await signInFreshCustomer(e2e, page, 'улица Ленина');

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
    await placeAndOpenComplete(page);
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
