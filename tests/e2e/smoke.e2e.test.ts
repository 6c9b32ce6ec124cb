// The harness itself: the real server answers, the built client renders the city modal of a
// first visit in Chromium, and a sign-in code can be read from the server's SMS outbox log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

describe('e2e harness', () => {
  it('first visit shows the city modal \'Выберите свой город\' without page errors', async () => {
    const { page, problems } = await e2e.open('/', { width: 375 });
    await page.getByRole('dialog', { name: 'Выберите свой город' }).waitFor();
    await e2e.screenshot(page, 'first-visit-375');
    expect(problems()).toEqual([]);
  });

  it('reads the sign-in code sent to a phone from the server log', async () => {
    const { token, user } = await e2e.server.signIn('+79990000001', 'Проверка');
    expect(token.length).toBeGreaterThan(10);
    expect(user.phone).toBe('+79990000001');
  });
});
