// Orders by phone end to end in Chromium against the real server: a call-centre operator (1280)
// creates the caller's account, takes a pizza with its size, delivers to a new address checked
// against the zones, places the order and gets its card marked «по телефону»; the customer then
// signs in on the storefront with that phone (375 px) and finds the order in their history. When
// the customer calls back, the operator finds it in «Заказы по телефону» by the phone, opens it and
// adds a roll with «Изменить»; an operator's status move reaches that card live and takes
// «Изменить» away.
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { staff } from '../../server/db/schema/admin';
import { hashPassword } from '../../server/services/admin/staff';
import { startE2E, WIDTHS, type E2E } from './harness';

const OPERATOR = { login: 'e2e-callcentre', password: 'e2e-callcentre-password-1', name: 'Вера Операторова' };
const CITY_COOKIES = { cityId: 'city-angarsk', isCitySelected: 'true' };
const PHONE = '+79995550088';
const SHIFT = { login: 'e2e-phone-shift', password: 'e2e-phone-shift-password-1', name: 'Олег Сменный' };

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({
    prepare: async (db) => {
      const passwordHash = await hashPassword(OPERATOR.password);
      await db.run((x) =>
        x.insert(staff).values({
          id: 'staff-callcentre-e2e',
          login: OPERATOR.login,
          name: OPERATOR.name,
          role: 'callcentre',
          passwordHash,
        }),
      );
      await db.run(async (x) =>
        x.insert(staff).values({
          id: 'staff-operator-e2e',
          login: SHIFT.login,
          name: SHIFT.name,
          role: 'operator',
          passwordHash: await hashPassword(SHIFT.password),
        }),
      );
    },
  });
});
afterAll(async () => {
  await e2e?.close();
});

describe('phone orders', () => {
  it('an operator takes an order by phone for a new customer; the customer signs in and sees it in their history', async () => {
    const admin = await e2e.open('/admin', { width: WIDTHS.desktop });
    const page = admin.page;
    onTestFailed(async () => {
      await e2e.screenshot(page, 'phone-order-FAILED');
    });
    await page.getByRole('heading', { name: 'Вход в панель управления' }).waitFor();
    await page.getByLabel('Логин').fill(OPERATOR.login);
    await page.getByLabel('Пароль').fill(OPERATOR.password);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.waitForURL(/\/admin\/phone-order$/);
    await page.getByRole('heading', { name: 'Заказ по телефону' }).waitFor();

    // a phone nobody has: create the account with the caller's consent
    await page.getByLabel('Телефон клиента').fill('8 999 555-00-88');
    await page.getByRole('button', { name: 'Найти' }).click();
    const created = page.getByRole('form', { name: 'Новый клиент' });
    await created.getByLabel('Имя').fill('Павел');
    await created.getByLabel('Клиент согласен на обработку персональных данных').check();
    await created.getByRole('button', { name: 'Создать клиента' }).click();
    const checkout = page.getByRole('region', { name: 'Оформление заказа' });
    await checkout.getByText(/Клиент: Павел, \+79995550088/).waitFor();

    // a pizza with its size, and rolls
    await page.getByRole('button', { name: 'Добавить «Пепперони»' }).click();
    const dialog = page.getByRole('dialog', { name: 'Выберите размер: Пепперони' });
    await dialog.getByLabel(/30 см/).check();
    await dialog.getByRole('button', { name: 'В корзину' }).click();
    await page.getByRole('button', { name: 'Добавить «Калифорния с крабом»' }).click();
    await page.getByRole('button', { name: 'Добавить «Калифорния с крабом»' }).click();
    await checkout.getByText(/Пепперони \(30 см, Традиционное тесто\) × 1/).waitFor();
    await checkout.getByText(/Калифорния с крабом × 2/).waitFor();

    // a new address, zone-checked by the server's quote
    await checkout.getByLabel('Улица').fill('улица Карла Маркса');
    await checkout.getByLabel('Дом', { exact: true }).fill('10');
    await checkout.getByLabel('Квартира').fill('5');
    await checkout.getByRole('button', { name: 'Проверить адрес' }).click();
    await checkout.getByText('Зона «Центр и кварталы»').waitFor({ timeout: 30_000 });
    const total = checkout.getByTestId('phone-total');
    await expect.poll(() => total.innerText(), { timeout: 30_000 }).toMatch(/₽/);
    await checkout.getByLabel('Комментарий').fill('Позвонить за 10 минут');
    await e2e.screenshot(page, 'phone-order-1280');

    await checkout.getByRole('button', { name: 'Оформить заказ' }).click();
    const card = page.getByRole('article', { name: 'Карточка заказа' });
    await card.waitFor({ timeout: 30_000 });
    await card.getByText(`по телефону, принял ${OPERATOR.login}`).waitFor();
    const heading = await card.getByRole('heading').innerText();
    const number = /Заказ №(\d+)/.exec(heading)?.[1];
    expect(number, heading).toBeDefined();
    await card.getByText(/Доставка: Ангарск, улица Карла Маркса, 10, кв\. 5/).waitFor();

    // the customer signs in on the storefront with that phone and finds the order
    const context = await e2e.newContext({ width: WIDTHS.phone, cookies: CITY_COOKIES });
    const shop = await context.newPage();
    const shopProblems = e2e.watch(shop);
    await shop.goto('/angarsk/personal/history');
    const auth = shop.getByRole('dialog', { name: 'Вход или регистрация' });
    await auth.waitFor();
    await auth.getByRole('textbox', { name: 'Номер телефона' }).pressSequentially('9995550088');
    const smsBefore = e2e.server.smsCount();
    await auth.getByRole('button', { name: 'Получить код' }).click();
    const code = await e2e.server.latestSmsCode(PHONE, { after: smsBefore });
    await auth.getByRole('textbox', { name: 'Код из SMS' }).fill(code);
    await auth.getByRole('button', { name: 'Войти' }).click();
    await auth.waitFor({ state: 'detached' });
    await shop.goto('/angarsk/personal/history');
    await shop.getByText(new RegExp(`Заказ №${number ?? ''} от`)).waitFor({ timeout: 30_000 });
    expect(shopProblems()).toEqual([]);

    // the customer calls back: the operator finds the order by phone and opens it
    await page.getByRole('navigation').getByRole('link', { name: 'Заказы по телефону' }).click();
    await page.waitForURL(/\/admin\/phone-orders$/);
    await page.getByRole('searchbox', { name: 'Телефон' }).fill('8 999 555-00-88');
    await page.getByRole('button', { name: 'Найти' }).click();
    const list = page.getByRole('table', { name: 'Заказы по телефону' });
    await list.getByRole('link', { name: number ?? '' }).click();
    await page.waitForURL(/\/admin\/phone-orders\/[^/]+$/);
    const panel = page.getByRole('complementary', { name: 'Заказ' });
    await panel.getByRole('heading', { name: new RegExp(`Заказ №${number ?? ''}`) }).waitFor();
    await panel.getByText(/Доставка: Ангарск, улица Карла Маркса, 10, кв\. 5/).waitFor();
    // named by the call centre's own read route (the cities and restaurants lists are operators')
    await panel.getByText(/^Ангарск, ресторан Ролл и Пицца /).waitFor();
    await panel.getByText('Калифорния с крабом').waitFor();
    await panel.getByRole('button', { name: 'Изменить' }).waitFor();
    expect(await panel.getByRole('group', { name: 'Смена статуса' }).count()).toBe(0);
    await e2e.screenshot(page, 'phone-orders-card-1280');

    // the customer wants one more roll: «Изменить» on the call centre's own card
    await panel.getByRole('button', { name: 'Изменить' }).click();
    const form = panel.getByRole('region', { name: 'Изменение заказа' });
    await form.getByText(/Калифорния с крабом × 2/).waitFor();
    await form.getByRole('button', { name: 'Ещё одну «Калифорния с крабом»' }).click();
    await form.getByText(/Калифорния с крабом × 3/).waitFor();
    const save = form.getByRole('button', { name: 'Сохранить изменения' });
    await expect.poll(() => save.isEnabled(), { timeout: 30_000 }).toBe(true);
    await save.click();
    await page.getByText(`Заказ №${number ?? ''} изменён`).waitFor({ timeout: 30_000 });
    await panel
      .getByRole('list', { name: 'Изменения заказа' })
      .getByText(/Калифорния с крабом ×3/)
      .waitFor();

    // the kitchen starts it (an operator's move): the card shows it live, «Изменить» goes away
    const orderId = /\/admin\/phone-orders\/([^/]+)$/.exec(page.url())?.[1] ?? '';
    const login = await e2e.server.api<{ token: string }>('POST', '/admin/auth/login', {
      login: SHIFT.login,
      password: SHIFT.password,
    });
    expect(login.status).toBe(200);
    const moved = await e2e.server.api(
      'POST',
      `/admin/orders/${orderId}/status`,
      { status: 'CookingStarted' },
      login.body.token,
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await panel.getByRole('list').getByText('Готовится').waitFor({ timeout: 30_000 });
    await panel.getByRole('button', { name: 'Изменить' }).waitFor({ state: 'detached' });
    // the order:new of the order they placed came on the same socket before that move: no alert (nor sound) for it
    expect(await page.getByRole('alert').filter({ hasText: 'Новый заказ' }).count()).toBe(0);
    expect(admin.problems()).toEqual([]);
  });
});
