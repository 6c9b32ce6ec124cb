// The customer's journey of in Debian's Chromium against the real server (375 px):
// choose city → browse → search → filter → add a pizza with a size → sign in with the code from
// the server's SMS outbox → add 3 snacks and see the fries gift → coupon → change city → like and
// see favourites → repeat an order from history. One test, one browser context (the cookies and
// the persisted store carry through the steps, as for a real customer).
import { describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { e2ePerFile, placeOrderThroughApi } from './steps';

const PHONE = '+79991234567';
const NAME = 'Алиса';

const e2e = e2ePerFile();

/** The product cards' names on the page. */
async function cardNames(page: Page): Promise<string[]> {
  return page.getByTestId('product-card').locator('h3').allInnerTexts();
}

async function cartCount(page: Page): Promise<number> {
  return Number(await page.getByTestId('cart-count').innerText());
}

describe('customer journey (375 px)', () => {
  it('city → browse → search → filter → pizza → sign-in → snack gift → coupon → city → like → repeat', async () => {
    const { page, problems } = await e2e.open('/', { width: 375 });
    onTestFailed(async () => {
      await e2e.screenshot(page, 'journey-FAILED-375');
      console.error('page problems:', problems());
    });

    // 1. Choose the city: 'Выберите свой город' (no close button) → reload under /angarsk
    const cityModal = page.getByRole('dialog', { name: 'Выберите свой город' });
    await cityModal.waitFor();
    expect(await cityModal.getByRole('button', { name: 'Закрыть' }).count()).toBe(0);
    await cityModal.getByRole('button', { name: 'Ангарск' }).click();
    await page.waitForURL(/\/angarsk$/);
    await page.getByTestId('product-card').first().waitFor();
    await e2e.screenshot(page, 'journey-01-index-375');

    // 2. Browse: the 'Меню:' modal → the pizza section
    await page.getByRole('button', { name: 'Меню', exact: true }).click();
    const menu = page.getByRole('dialog', { name: 'Меню:' });
    await menu.getByRole('link', { name: 'Пицца' }).click();
    await page.waitForURL(/\/angarsk\/catalog\/pizza$/);
    await page.getByRole('heading', { level: 1, name: 'Пицца', exact: true }).waitFor();
    expect(await cardNames(page)).toContain('Пепперони');

    // 3. Search (whole menu): 'филадельфия' matches names, case-insensitively (PRODUCT.md §5)
    await page.goto('/angarsk/catalog');
    const search = page.getByRole('searchbox', { name: 'Поиск по меню' });
    await search.fill('филадельфия');
    await expect.poll(() => cardNames(page)).not.toContain('Пепперони');
    await expect.poll(() => cardNames(page)).toContain('Филадельфия классик');

    // 4. Filter 'острое': clears the search (PRODUCT.md §4 mutually exclusive)
    await page.getByRole('group', { name: 'Фильтры' }).getByRole('button', { name: 'острое' }).click();
    await expect.poll(() => search.inputValue()).toBe('');
    await expect.poll(() => cardNames(page)).not.toContain('Каппа маки');
    // The menu shows its sections one step at a time (src/views/app/reveal.ts): wait for the pizza.
    await expect.poll(() => cardNames(page)).toContain('Пепперони');
    expect(await cardNames(page)).not.toContain('Филадельфия классик');
    await e2e.screenshot(page, 'journey-04-filter-375');

    // 5. A pizza with a size: 'Пепперони' 529 ₽, 30 см +150 ₽ → 679 ₽
    await page
      .getByTestId('product-card')
      .filter({ hasText: 'Пепперони' })
      .getByRole('link', { name: 'Пепперони' })
      .click();
    const productModal = page.getByRole('dialog', { name: 'Пепперони' });
    await productModal.getByText('от 529 ₽').waitFor();
    await productModal.getByRole('radio', { name: /30 см/ }).check();
    await productModal.getByRole('button', { name: 'В корзину за 679 ₽' }).click();
    // a visitor: the auth modal opens, and the pizza is in the cart all the same (PRODUCT.md §4 rule 3)
    const auth = page.getByRole('dialog', { name: 'Вход или регистрация' });
    await auth.waitFor();
    expect(await cartCount(page)).toBe(1);

    // 6. Sign in with the code from the server's SMS outbox: the §5 mask on the phone field
    const phoneField = auth.getByRole('textbox', { name: 'Номер телефона' });
    expect(await phoneField.getAttribute('autocomplete')).toBe('tel');
    await phoneField.pressSequentially('9991234567');
    expect(await phoneField.inputValue()).toBe('+7 (999) 123-45-67');
    const smsBefore = e2e.server.smsCount();
    await auth.getByRole('button', { name: 'Получить код' }).click();
    const code = await e2e.server.latestSmsCode(PHONE, { after: smsBefore });
    const codeField = auth.getByRole('textbox', { name: 'Код из SMS' });
    expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code');
    await codeField.fill(code);
    await auth.getByRole('textbox', { name: /Имя/ }).fill(NAME);
    const signedIn = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/token') && r.status() === 200);
    await auth.getByRole('button', { name: 'Войти' }).click();
    const { token } = (await (await signedIn).json()) as { token: string };
    await auth.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Личный кабинет' }).waitFor();
    expect(await cartCount(page)).toBe(1);

    // 7. Three snacks → the snack gift modal, then fries as a gift in the cart
    await page.goto('/angarsk/catalog/snacks');
    const gift = page.getByRole('dialog', { name: 'При заказе 3х любых закусок - картофель фри в подарок' });
    for (const snack of ['Наггетсы куриные', 'Луковые кольца', 'Картофель по-деревенски']) {
      await page.getByRole('button', { name: `Добавить «${snack}» в корзину` }).click();
      await gift.waitFor();
      await gift.getByRole('button', { name: 'Отлично' }).click();
      await gift.waitFor({ state: 'detached' });
    }
    expect(await cartCount(page)).toBe(4);
    await page.getByRole('link', { name: /^Корзина/ }).click();
    await page.waitForURL(/\/angarsk\/cart$/);
    await page.getByText('Картофель фри — 0 ₽').waitFor();
    await e2e.screenshot(page, 'journey-07-cart-gift-375');

    // 8. Coupon MINUS200 (200 ₽ off from 1 200 ₽; goods 679 + 229 + 179 + 169 = 1 256 ₽)
    await page.getByRole('textbox', { name: 'Промокод' }).fill('MINUS200');
    await page.getByRole('button', { name: 'Применить' }).click();
    await page.getByText('−200 ₽').waitFor();
    expect(await page.getByTestId('cart-total').innerText()).toMatch(/₽$/);
    await e2e.screenshot(page, 'journey-08-coupon-375');

    // 9. Change the city: the page reloads under /shelekhov and the coupon is cleared (PRODUCT.md §4);
    //    Шелехов hides the coupon field (its isPromocodeHide) and the re-quoted cart has no discount
    await page.getByRole('button', { name: 'Выбрать город' }).click();
    await page.getByRole('dialog', { name: 'Выберите свой город' }).getByRole('button', { name: 'Шелехов' }).click();
    await page.waitForURL(/\/shelekhov(\/cart)?$/);
    await page.getByRole('button', { name: 'Выбрать город' }).filter({ hasText: 'Шелехов' }).waitFor();
    await page.goto('/shelekhov/cart');
    await page.getByTestId('cart-line').first().waitFor();
    await expect.poll(() => page.getByText('−200 ₽').count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Промокод' }).count()).toBe(0);
    expect(await page.getByText('MINUS200').count()).toBe(0);
    await page.getByText('Картофель фри — 0 ₽').waitFor();

    // 10. Like a product and see it in favourites
    await page.goto('/shelekhov/catalog/rolls/dragon');
    await page.getByRole('heading', { level: 1, name: 'Дракон' }).waitFor();
    await page.getByRole('button', { name: 'В избранное' }).click();
    await page.getByRole('button', { name: 'Убрать из избранного' }).waitFor();
    await page.goto('/shelekhov/personal/favorite');
    await page.getByRole('heading', { level: 1, name: 'Избранное' }).waitFor();
    await expect.poll(() => cardNames(page)).toEqual(['Дракон']);

    // 11. Repeat an order from history: a past order placed through the API with the token
    await placeOrderThroughApi(e2e, token, {
      cityId: 'city-shelekhov',
      deliveryMethod: 'self',
      deliveryTerminalId: 'dt-shelekhov-1',
      paymentMethod: 'cash',
      items: [
        { productId: 'canada', amount: 2 },
        { productId: 'cranberry-mors', amount: 1 },
      ],
    });
    // empty the cart first so the repeat is what fills it
    await page.goto('/shelekhov/cart');
    await page.getByTestId('cart-line').first().waitFor();
    while ((await page.getByRole('button', { name: /^Удалить «/ }).count()) > 0) {
      await page
        .getByRole('button', { name: /^Удалить «/ })
        .first()
        .click();
    }
    await page.getByText('Корзина пуста').waitFor();
    await page.goto('/shelekhov/personal/history');
    const order = page.getByRole('listitem').filter({ hasText: /Заказ №\d+/ });
    await order.getByText('Канада').waitFor();
    await e2e.screenshot(page, 'journey-11-history-375');
    await order.getByRole('button', { name: 'Повторить этот заказ' }).click();
    await page.waitForURL(/\/shelekhov\/cart$/);
    const lines = page.getByTestId('cart-line');
    await expect.poll(() => lines.count()).toBe(2);
    expect(await lines.filter({ hasText: 'Канада' }).getByRole('group').innerText()).toContain('2');
    expect(await lines.filter({ hasText: 'Морс клюквенный 0,5 л' }).count()).toBe(1);

    expect(problems()).toEqual([]);
  });
});
