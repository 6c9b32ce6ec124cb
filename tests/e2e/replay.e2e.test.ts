// Bug reports end to end in Debian's Chromium against the real server: a customer's session is
// recorded in the ring, Ctrl+Shift+L downloads it, and the download replays to the state the
// browser showed (its cart lines on screen, its persisted cart, the ring in localStorage); the
// ring survives a reload; `npm run replay -- FILE --to-test NAME` turns the file into a regression
// test; an uncaught error offers 'Отправить отчёт об ошибке', and the report sent reaches staff
// (GET /admin/client-logs) and the replay viewer at /admin/reports.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it, onTestFailed } from 'vitest';
import { replay, replayFinal } from '../../src/log/log';
import { parseLogText } from '../../src/log/logCodec';
import { RING_KEY, type StoredRing } from '../../src/effects/recording';
import type { CartState } from '../../src/projections/cart';
import { readReportText } from '../../src/views/app/bugReport';
import { runReplay } from '../../tools/replay';
import { startE2E, WIDTHS } from './harness';
import { perFile } from '../support/perFile';
import { openAdminSection, signInToAdmin, withFirstAdmin } from './steps';

const CITY_COOKIES = { cityId: 'city-angarsk', isCitySelected: 'true' };
const ADMIN = { login: 'e2e-reports', password: 'e2e-reports-password-1' };
const SNACKS = ['Наггетсы куриные', 'Луковые кольца'];

const e2e = perFile(
  () => startE2E(withFirstAdmin(ADMIN)),
  (started) => started.close(),
);

/** The persisted storefront cart (what the page saved of its own state), null before it is saved. */
async function persistedCart(page: Page): Promise<CartState | null> {
  const text = await page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key !== null && /^storefront:v.+:state$/.test(key)) return localStorage.getItem(key);
    }
    return null;
  });
  if (text === null) return null;
  const saved = JSON.parse(text) as { cart?: CartState };
  return saved.cart ?? null;
}

async function storedRing(page: Page): Promise<StoredRing | null> {
  const text = await page.evaluate((key) => localStorage.getItem(key), RING_KEY);
  return text === null ? null : (JSON.parse(text) as StoredRing);
}

/**
 * Adds a product from its card as a visitor: the auth modal opens each time (PRODUCT.md §4 rule 3),
 * and the first snack also shows the snack gift modal; every modal that opened is closed here.
 */
async function addAsVisitor(page: Page, product: string): Promise<void> {
  await page.getByRole('button', { name: `Добавить «${product}» в корзину` }).click();
  const dialog = page.getByRole('dialog').last();
  await dialog.waitFor();
  // Only the top modal is shown; closing it reveals the next one (another title) or none.
  while ((await page.getByRole('dialog').count()) > 0) {
    const title = await dialog.getByRole('heading').first().innerText();
    await dialog.getByRole('button', { name: 'Закрыть' }).first().click();
    await expect
      .poll(async () =>
        (await page.getByRole('dialog').count()) === 0 ? null : await dialog.getByRole('heading').first().innerText(),
      )
      .not.toBe(title);
  }
}

const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('recorded session → file → replay → test; report → admin', () => {
  it('replays to the state the browser showed, survives a reload, and becomes a regression test', async () => {
    const { page, problems } = await e2e.open('/angarsk/catalog/snacks', {
      width: WIDTHS.desktop,
      cookies: CITY_COOKIES,
    });
    onTestFailed(async () => {
      await e2e.screenshot(page, 'replay-FAILED');
      console.error('page problems:', problems());
    });
    for (const snack of SNACKS) await addAsVisitor(page, snack);
    // in-app navigation (no reload: one page load, one session of the ring)
    await page.getByRole('link', { name: /^Корзина/ }).click();
    await page.waitForURL(/\/angarsk\/cart$/);
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(SNACKS.length);
    const shown = await page.getByTestId('cart-line').allInnerTexts();

    // Ctrl+Shift+L downloads the masked log as a file
    const downloading = page.waitForEvent('download');
    await page.keyboard.press('Control+Shift+L');
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^storefront-log-.+\.json$/);
    const file = await download.path();
    const text = readFileSync(file, 'utf8');
    const read = readReportText(text);
    const final = replay(read.log).final;

    // 1. what the page showed: the same lines, in order, with their product names
    const visible = final.cart.items.filter((l) => !l.isHidden && !l.isServiceFee);
    expect(visible.map((l) => l.product.name)).toEqual(SNACKS);
    visible.forEach((line, i) => expect(shown[i]).toContain(line.product.name));
    // 2. the page's own persisted cart (written 300 ms after the last change)
    await expect.poll(async () => plain(await persistedCart(page))).toEqual(plain(final.cart));
    // 3. the ring in localStorage (the shortcut flushed it) replays to the same state
    const ring = await storedRing(page);
    const current = ring?.sessions.at(-1);
    expect(current).toBeDefined();
    expect(plain(replayFinal(parseLogText(JSON.stringify(current))).cart)).toEqual(plain(final.cart));

    // one command: the file becomes a regression test whose expected state is what the browser had
    const dir = mkdtempSync(join(tmpdir(), 'e2e-to-test-'));
    const files: Record<string, string> = {};
    const code = runReplay([file, '--to-test', 'e2e-snacks'], {
      readFile: (p) => readFileSync(p, 'utf8'),
      stdout: () => undefined,
      stderr: () => undefined,
      writeFile: (p, t) => {
        files[p] = t;
        writeFileSync(join(dir, p.split('/').at(-1) ?? 'x'), t);
      },
      exists: () => false,
      regressionsDir: 'tests/regressions',
    });
    expect(code).toBe(0);
    const expected = JSON.parse(files['tests/regressions/e2e-snacks.expected.json'] ?? 'null') as { cart: CartState };
    expect(expected.cart).toEqual(plain(await persistedCart(page)));
    expect(files['tests/regressions/e2e-snacks.test.ts']).toContain('toEqual(expected)');

    // the ring survives a reload: the first page load is kept as an earlier session
    const before = plain(final.cart);
    await page.reload();
    await page.getByTestId('cart-line').first().waitFor();
    // The recorder arrives when the reloaded page is idle, 3 s after its load (src/effects/lazy.ts
    // whenIdle$), and writes the ring at most once a second.
    await expect.poll(async () => (await storedRing(page))?.sessions.length ?? 0, { timeout: 15_000 }).toBe(2);
    const afterReload = await storedRing(page);
    const first = afterReload?.sessions[0];
    expect(plain(replayFinal(parseLogText(JSON.stringify(first))).cart)).toEqual(before);
    expect(problems()).toEqual([]);
  });

  it("an uncaught error offers 'Отправить отчёт об ошибке'; the report reaches staff and the viewer at /admin/reports", async () => {
    const { page } = await e2e.open('/angarsk/catalog/snacks', {
      width: WIDTHS.desktop,
      cookies: CITY_COOKIES,
      allowConsole: [/e2e: deliberate failure/],
    });
    onTestFailed(async () => void (await e2e.screenshot(page, 'replay-report-FAILED')));
    await addAsVisitor(page, SNACKS[0] ?? '');
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('e2e: deliberate failure');
      }, 0);
    });
    const offer = page.getByRole('dialog', { name: 'Отправить отчёт об ошибке' });
    await offer.waitFor();
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/v1/client-log') && r.request().method() === 'POST');
    await offer.getByRole('button', { name: 'Отправить отчёт об ошибке' }).click();
    const response = await sent;
    expect(response.status()).toBe(201);
    const { id } = (await response.json()) as { id: string };
    await offer.getByText('Отчёт отправлен, спасибо!').waitFor();

    // staff read it back through the API: it replays to the cart the page had
    const login = await e2e.server.api<{ token: string }>('POST', '/admin/auth/login', {
      login: ADMIN.login,
      password: ADMIN.password,
    });
    expect(login.status).toBe(200);
    const one = await e2e.server.api<{ report: unknown }>(
      'GET',
      `/admin/client-logs/${id}`,
      undefined,
      login.body.token,
    );
    expect(one.status).toBe(200);
    const read = readReportText(JSON.stringify(one.body.report));
    expect(read.report?.error?.message).toBe('e2e: deliberate failure');
    await expect.poll(async () => plain(await persistedCart(page))).toEqual(plain(replay(read.log).final.cart));

    // …and in the viewer: the list, the report at its last step, the storefront over it
    const admin = await e2e.open('/admin', { width: WIDTHS.desktop });
    const ap = admin.page;
    await signInToAdmin(ap, ADMIN);
    await openAdminSection(ap, 'Отчёты об ошибках');
    await ap.getByRole('row').filter({ hasText: 'e2e: deliberate failure' }).getByRole('link').click();
    await ap.getByText(`Шаг ${read.log.entries.length} из ${read.log.entries.length}`, { exact: false }).waitFor();
    await ap
      .getByTestId('storefront-preview')
      .getByText(SNACKS[0] ?? '', { exact: false })
      .first()
      .waitFor();
    await e2e.screenshot(ap, 'replay-viewer-desktop');
  });
});
