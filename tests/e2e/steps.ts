// Steps several browser tests take the same way: a customer signing in through the storefront's
// auth dialog with the code from the server's SMS outbox and saving an address through the API;
// a first admin in the database and signing in to /admin through its form.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ensureFirstAdmin } from '../../server/services/admin/staff';
import type { E2E, ServerOptions } from './harness';

export type SignedInCustomer = { token: string; user: { id: string } };

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
  const auth = page.getByRole('dialog', { name: 'Вход или регистрация' });
  await auth.waitFor();
  await auth.getByRole('textbox', { name: 'Номер телефона' }).pressSequentially(digits);
  const before = e2e.server.smsCount();
  await auth.getByRole('button', { name: 'Получить код' }).click();
  const code = await e2e.server.latestSmsCode(`+7${digits}`, { after: before });
  await auth.getByRole('textbox', { name: 'Код из SMS' }).fill(code);
  await auth.getByRole('textbox', { name: /Имя/ }).fill(name);
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/token') && r.status() === 200);
  await auth.getByRole('button', { name: 'Войти' }).click();
  const { token, user } = (await (await answered).json()) as SignedInCustomer;
  await auth.waitFor({ state: 'detached' });
  return { token, user };
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

/**
 * Hydrates a server-rendered page at once (a wheel is the first input hydration waits for) and waits
 * until it has. For tests about what comes after: taps before hydration are the ssr tests' subject.
 */
export async function hydrateNow(page: Page): Promise<void> {
  await page.mouse.wheel(0, 1);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}
