// Steps several browser tests take the same way: a customer signing in through the storefront's
// auth dialog with the code from the server's SMS outbox and saving an address through the API;
// a first admin in the database and signing in to /admin through its form.
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect, onTestFailed } from 'vitest';
import { ensureFirstAdmin } from '../../server/services/admin/staff';
import { perFile } from '../support/perFile';
import { startE2E, WIDTHS, type E2E, type ServerOptions } from './harness';

export type SignedInCustomer = { token: string; user: { id: string } };
/** What a test reads of a placed order's answer. */
export type PlacedOrder = { id: string; number: number; total: number };

/**
 * Fills the auth dialog (already opened, e.g. by the guard of /personal) for +7`digits` and waits
 * until it closes; the token and user are the ones POST /auth/token answered to the page.
 */
export async function signInThroughAuthDialog(
  e2e: E2E,
  page: Page,
  digits: string,
  name = 'Покупатель',
): Promise<SignedInCustomer> {
  return signInThroughAuthDialogWith(e2e, page, { digits, name });
}

/**
 * signInThroughAuthDialog with a step of the caller's on the filled dialog before «Войти» (ticking
 * a consent, say).
 */
export async function signInThroughAuthDialogWith(
  e2e: E2E,
  page: Page,
  {
    digits,
    name = 'Покупатель',
    beforeSubmit,
  }: { digits: string; name?: string; beforeSubmit?: (auth: Locator) => Promise<void> },
): Promise<SignedInCustomer> {
  const auth = page.getByRole('dialog', { name: 'Вход или регистрация' });
  await auth.waitFor();
  await auth.getByRole('textbox', { name: 'Номер телефона' }).pressSequentially(digits);
  const before = e2e.server.smsCount();
  await auth.getByRole('button', { name: 'Получить код' }).click();
  const code = await e2e.server.latestSmsCode(`+7${digits}`, { after: before });
  await auth.getByRole('textbox', { name: 'Код из SMS' }).fill(code);
  await auth.getByRole('textbox', { name: /Имя/ }).fill(name);
  await beforeSubmit?.(auth);
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/token') && r.status() === 200);
  await auth.getByRole('button', { name: 'Войти' }).click();
  const { token, user } = (await (await answered).json()) as SignedInCustomer;
  await auth.waitFor({ state: 'detached' });
  return { token, user };
}

/**
 * A customer's phone-sized page in Ангарск, signed in as `phone` ('+79991234567') through the auth
 * dialog that the guard of /personal opens; `problems` lists the page's errors so far.
 */
export async function openSignedInShop(
  e2e: E2E,
  phone: string,
  name: string,
): Promise<{ shop: Page; token: string; problems: () => string[] }> {
  const context = await e2e.newContext({ width: WIDTHS.phone, cookies: ANGARSK_COOKIES });
  const shop = await context.newPage();
  const problems = e2e.watch(shop);
  await shop.goto('/angarsk/personal');
  const { token } = await signInThroughAuthDialog(e2e, shop, phone.slice(2), name);
  return { shop, token, problems };
}

/**
 * The real server and Chromium for the file's tests, started before them and closed after them;
 * options that name a fake (its URL) are given as a function, read once the fake has started.
 */
export function e2ePerFile(options: ServerOptions | (() => ServerOptions) = {}): E2E {
  return perFile(
    () => startE2E(typeof options === 'function' ? options() : options),
    (started) => started.close(),
  );
}

/**
 * A fake outside service for the file's tests. Declared before e2ePerFile, it starts before the
 * server and closes after it.
 */
export function fakePerFile<Fake extends { close(): Promise<void> }>(start: () => Promise<Fake>): Fake {
  return perFile(start, (started) => started.close());
}

/**
 * Opens the order's /complete on the customer's `shop` page and waits until it shows the order's
 * total; answers the total's element, which follows the order live.
 */
export async function openCompleteOf(shop: Page, order: PlacedOrder): Promise<Locator> {
  await shop.goto(`/angarsk/complete?order=${encodeURIComponent(order.id)}`);
  const total = shop.getByTestId('order-total');
  await expect.poll(async () => digitsOf(await total.innerText()), { timeout: 30_000 }).toBe(order.total);
  return total;
}

/**
 * /admin at desktop width, signed in as `admin`, beside a customer's `shop` page; on the test's
 * failure both are kept as screenshots, `name`-admin-FAILED and `name`-complete-FAILED.
 */
export async function openAdminBesideShop(
  e2e: E2E,
  admin: AdminLogin,
  shop: Page,
  name: string,
): Promise<{ page: Page; problems: () => string[] }> {
  const opened = await e2e.open('/admin', { width: WIDTHS.desktop });
  onTestFailed(async () => {
    await e2e.screenshot(opened.page, `${name}-admin-FAILED`);
    await e2e.screenshot(shop, `${name}-complete-FAILED`);
  });
  await signInToAdmin(opened.page, admin);
  return opened;
}

/** The city cookies of a visitor who has chosen Ангарск. */
export const ANGARSK_COOKIES = { cityId: 'city-angarsk', isCitySelected: 'true' };

/**
 * Places an order through POST /api/v1/order as the customer of `token` (a fresh Idempotency-Key
 * unless one is given), expects it accepted and returns its answer.
 */
export async function placeOrderThroughApi<Placed extends PlacedOrder = PlacedOrder>(
  e2e: E2E,
  token: string,
  body: object,
  idempotencyKey: string = randomUUID(),
): Promise<Placed> {
  const placed = await fetch(`${e2e.server.url}/api/v1/order`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'Idempotency-Key': idempotencyKey,
    },
    body: JSON.stringify(body),
  });
  expect(placed.status, await placed.clone().text()).toBe(200);
  return (await placed.json()) as Placed;
}

/** The roubles in a text that shows one sum («Итого: 1 234 ₽»). */
export const digitsOf = (text: string): number => Number(text.replace(/\D/g, ''));

/**
 * An operator in /admin opens the order from the list, «Изменить», and adds one more «Калифорния с
 * крабом» (2 → 3, as deliveryBody orders); answers once the server's quote shows a higher total.
 */
export async function addOneRollInOrderEdit(
  page: Page,
  order: PlacedOrder,
): Promise<{ panel: Locator; form: Locator; newTotal: number }> {
  await page.locator(`tr[data-order-id="${order.id}"]`).click();
  const panel = page.getByRole('complementary', { name: 'Заказ' });
  await panel.getByRole('heading', { name: `Заказ №${order.number}` }).waitFor();
  await panel.getByRole('button', { name: 'Изменить' }).click();
  const form = panel.getByRole('region', { name: 'Изменение заказа' });
  await form.getByText(/Калифорния с крабом × 2/).waitFor();
  await form.getByRole('button', { name: 'Ещё одну «Калифорния с крабом»' }).click();
  await form.getByText(/Калифорния с крабом × 3/).waitFor();
  const quoted = form.getByTestId('edit-total');
  await expect.poll(async () => digitsOf(await quoted.innerText()), { timeout: 30_000 }).toBeGreaterThan(order.total);
  return { panel, form, newTotal: digitsOf(await quoted.innerText()) };
}

/**
 * An operator's edit in progress beside the customer's order: the customer of `phone` signed in on
 * a phone-sized page, their order (placed by `place` with their session) open on /complete, and
 * /admin beside it where one more «Калифорния с крабом» has been added to the order, not yet saved.
 * On the test's failure both pages are kept as screenshots named after `name`.
 */
export async function rollAddedBesideComplete(
  e2e: E2E,
  scene: {
    admin: AdminLogin;
    phone: string;
    customerName: string;
    name: string;
    place: (token: string) => Promise<PlacedOrder>;
  },
) {
  const { shop, token, problems: shopProblems } = await openSignedInShop(e2e, scene.phone, scene.customerName);
  const order = await scene.place(token);
  const total = await openCompleteOf(shop, order);
  const admin = await openAdminBesideShop(e2e, scene.admin, shop, scene.name);
  const edit = await addOneRollInOrderEdit(admin.page, order);
  return { shop, shopProblems, order, total, admin, ...edit };
}

/** «Сохранить изменения» once the form allows it, then the saved notice. */
export async function saveOrderEdit(page: Page, form: Locator, order: PlacedOrder): Promise<void> {
  const save = form.getByRole('button', { name: 'Сохранить изменения' });
  await expect.poll(() => save.isEnabled(), { timeout: 30_000 }).toBe(true);
  await save.click();
  await page.getByText(`Заказ №${order.number} изменён`).waitFor({ timeout: 30_000 });
}

/** Saves `street` 10, кв. 5 in Ангарск for the customer through POST /address/. */
export async function saveAngarskAddress(e2e: E2E, customer: SignedInCustomer, street = 'улица Ленина'): Promise<void> {
  const created = await e2e.server.api(
    'POST',
    '/address/',
    { userId: customer.user.id, city: 'Ангарск', street, home: '10', apartment: '5', entrance: null, floor: null },
    customer.token,
  );
  expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
}

export type AdminLogin = { login: string; password: string };

/** Server options whose fresh database gets `admin` as its first admin before the server starts. */
export function withFirstAdmin(admin: AdminLogin, options: ServerOptions = {}): ServerOptions {
  return {
    ...options,
    prepare: async (db) => {
      await options.prepare?.(db);
      await ensureFirstAdmin(db, admin, new Date());
    },
  };
}

/** Fills /admin's sign-in form shown on `page` and waits for the orders screen it opens on. */
export async function signInToAdmin(page: Page, admin: AdminLogin): Promise<void> {
  await page.getByRole('heading', { name: 'Вход в панель управления' }).waitFor();
  await page.getByLabel('Логин').fill(admin.login);
  await page.getByLabel('Пароль').fill(admin.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.waitForURL(/\/admin\/orders$/);
  await page.getByRole('heading', { name: 'Заказы', level: 1 }).waitFor();
}

/** In /admin: the section's link in the navigation, then the section's heading (by default the link's name). */
export async function openAdminSection(page: Page, link: string, heading: string = link): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Разделы панели управления' })
    .getByRole('link', { name: link, exact: true })
    .click();
  await page.getByRole('heading', { name: heading, level: 1, exact: true }).waitFor();
}

/**
 * Hydrates a server-rendered page at once (a wheel is the first input hydration waits for) and waits
 * until it has. For tests about what comes after: taps before hydration are the ssr tests' subject.
 */
export async function hydrateNow(page: Page): Promise<void> {
  await page.mouse.wheel(0, 1);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

let addressSeq = 0;
/**
 * A page in a fresh context of `width` in Ангарск whose requests come from an address of its own
 * (x-forwarded-for, to a server started with TRUST_PROXY): the per-IP sign-in code limits stay per test.
 */
export async function pageFromOwnAddress(
  e2e: E2E,
  width: number = WIDTHS.phone,
  allowConsole: RegExp[] = [],
): Promise<{ page: Page; context: BrowserContext; problems: () => string[] }> {
  const context = await e2e.newContext({ width, cookies: ANGARSK_COOKIES });
  addressSeq += 1;
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `10.78.${addressSeq}.1` });
  const page = await context.newPage();
  return { page, context, problems: e2e.watch(page, allowConsole) };
}

/** On the test's failure: a screenshot `name`-FAILED, and what the page logged (a picture does not say why it got stuck). */
export function reportFailure(e2e: E2E, page: Page, name: string, problems: () => string[]): void {
  onTestFailed(async () => {
    await e2e.screenshot(page, `${name}-FAILED`);
    console.error(`${name} failed at ${page.url()}; page and console errors:\n${problems().join('\n') || '(none)'}`);
  });
}

const PHONE_BASE = 1000 + Math.floor(Math.random() * 8000);
let phoneSeq = 0;

export type FreshCustomer = { phone: string; digits: string; token: string; userId: string };

/**
 * A fresh customer signed in through the auth dialog the guard of /angarsk/personal opens; with
 * `street`, a saved address in Ангарск is added through the API and the page reloaded (the
 * addresses load at start).
 */
export async function signInFreshCustomer(e2e: E2E, page: Page, street: string | null): Promise<FreshCustomer> {
  phoneSeq += 1;
  const digits = `99${PHONE_BASE}${String(phoneSeq).padStart(4, '0')}`;
  await page.goto('/angarsk/personal');
  const customer = await signInThroughAuthDialog(e2e, page, digits);
  if (street !== null) {
    await saveAngarskAddress(e2e, customer, street);
    await page.reload();
  }
  return { phone: `+7${digits}`, digits, token: customer.token, userId: customer.user.id };
}

/** On /checkout: pickup, at «Ролл и Пицца на 84-м квартале» from the restaurant dialog. */
export async function choosePickupAt84(page: Page): Promise<void> {
  await page.getByRole('radio', { name: 'Самовывоз' }).click();
  const restaurants = page.getByRole('dialog', { name: 'Выберите ресторан' });
  await restaurants.waitFor();
  await expect.poll(() => restaurants.innerText(), { timeout: 15_000 }).toContain('Приготовит весь заказ');
  await restaurants.getByRole('button', { name: /Ролл и Пицца на 84-м квартале/ }).click();
  await restaurants.waitFor({ state: 'detached' });
}

/**
 * On /checkout of a customer who consented at sign-in: the consent is not asked again
 * (docs/CHECKOUT.md "Consent, once per text") and nothing is left to fix.
 */
export async function expectCheckoutReady(page: Page): Promise<void> {
  const consent = page.getByRole('checkbox', { name: /Я согласен на обработку персональных данных/ });
  await expect.poll(() => consent.count(), { timeout: 15_000 }).toBe(0);
  await expect.poll(() => page.getByTestId('checkout-problems').count(), { timeout: 15_000 }).toBe(0);
}

/** expectCheckoutReady, then «Оформить заказ»; answers the id of the order /complete shows. */
export async function placeAndOpenComplete(page: Page): Promise<string> {
  await expectCheckoutReady(page);
  await page.getByRole('button', { name: 'Оформить заказ' }).click();
  await page.waitForURL(/\/angarsk\/complete\?order=/, { timeout: 20_000 });
  const orderId = new URL(page.url()).searchParams.get('order');
  expect(orderId).not.toBeNull();
  return orderId ?? '';
}
