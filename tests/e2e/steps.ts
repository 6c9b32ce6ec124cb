// Customer steps several browser tests take the same way: signing in through the storefront's
// auth dialog with the code from the server's SMS outbox, and saving an address through the API.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { E2E } from './harness';

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
