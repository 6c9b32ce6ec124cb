// Web counters end to end (docs/ANALYTICS.md), Debian's Chromium against the real server, with
// both counters' scripts pointed at the local fake of tests/fakes/analytics-counters.ts:
// - empty counter ids (the default): no banner, no footer link, not one request to the counters;
// - ids set: the banner asks first and nothing reaches the counters until «Принять»; «Отказаться»
//   is remembered; with consent a journey (product viewed, added, removed, checkout, purchase)
//   arrives in order at both, the purchase exactly once, also after a reload of /complete;
// - a counter whose script fails (HTTP 500) leaves the storefront working.
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { startFakeCounters, type FakeCounters, type ReceivedCall } from '../fakes/analytics-counters';
import { startE2E, type E2E } from './harness';
import { saveAngarskAddress, signInThroughAuthDialog } from './steps';

const ANGARSK = { cityId: 'city-angarsk', isCitySelected: 'true' };
const METRIKA_ID = '12345678';
const GA4_ID = 'G-E2ETEST01';
const ROLL = 'Канада';

let fake: FakeCounters;
beforeAll(async () => {
  fake = await startFakeCounters();
});
afterAll(async () => {
  await fake?.close();
});

const counterEnv = () => ({ METRIKA_SCRIPT_URL: fake.metrikaScriptUrl, GA4_SCRIPT_URL: fake.ga4ScriptUrl });

/** The page's first idle moment has passed: the bug-report chunk, loaded then, was fetched. */
const idlePassed = (page: Page) =>
  page.waitForResponse((r) => /\/assets\/bugReportUi-[\w-]+\.js$/.test(new URL(r.url()).pathname), {
    timeout: 30_000,
  });

function onFail(e2e: E2E, page: Page, name: string, problems: () => string[]) {
  onTestFailed(async () => {
    await e2e.screenshot(page, `${name}-FAILED`);
    console.error(`${name} failed at ${page.url()}; problems:\n${problems().join('\n') || '(none)'}`);
    console.error(`fake counters saw: ${fake.requests.join(', ') || '(nothing)'}`);
  });
}

async function addRoll(page: Page): Promise<void> {
  await page.getByRole('button', { name: `Добавить «${ROLL}» в корзину` }).click();
}

describe('without counter ids (the default)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({ env: counterEnv() });
  }, 300_000);
  afterAll(async () => {
    await e2e?.close();
  });

  it('no banner, no footer link, not one request to the counters, nothing about them in the CSP', async () => {
    fake.requests.length = 0;
    const context = await e2e.newContext({ cookies: ANGARSK });
    const page = await context.newPage();
    const problems = e2e.watch(page);
    onFail(e2e, page, 'analytics-no-ids', problems);
    const chunks: string[] = [];
    page.on('request', (r) => void (/analyticsArea/.test(r.url()) && chunks.push(r.url())));
    const idle = idlePassed(page);
    const response = await page.goto('/angarsk/catalog/rolls');
    expect(response?.headers()['content-security-policy']).not.toContain(fake.origin);
    await addRoll(page);
    await idle;
    await page.goto('/angarsk/cart');
    await page.getByTestId('cart-line').first().waitFor();
    expect(await page.getByTestId('consent-banner').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Настройки cookie' }).count()).toBe(0);
    expect(await page.evaluate(() => 'ym' in window || 'gtag' in window)).toBe(false);
    expect(fake.requests).toEqual([]);
    // not even the storefront's own analytics chunk
    expect(chunks).toEqual([]);
    expect(problems()).toEqual([]);
  });
});

describe('with counter ids', () => {
  let e2e: E2E;
  let contextSeq = 0;
  beforeAll(async () => {
    e2e = await startE2E({
      env: { ...counterEnv(), TRUST_PROXY: 'true' },
      prepare: async (db) => {
        await db.run((x) =>
          x.execute(sql`update settings set value = to_jsonb(${METRIKA_ID}::text) where name = 'METRIKA_COUNTER_ID'`),
        );
        await db.run((x) =>
          x.execute(sql`update settings set value = to_jsonb(${GA4_ID}::text) where name = 'GA4_MEASUREMENT_ID'`),
        );
      },
    });
  }, 300_000);
  afterAll(async () => {
    await e2e?.close();
  });

  async function start(allowConsole: RegExp[] = []) {
    const context = await e2e.newContext({ cookies: ANGARSK });
    contextSeq += 1;
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': `10.88.${contextSeq}.1` });
    const page = await context.newPage();
    return { page, problems: e2e.watch(page, allowConsole) };
  }

  it('asks first: nothing reaches the counters before a choice; «Отказаться» is remembered and sends nothing', async () => {
    fake.requests.length = 0;
    const { page, problems } = await start();
    onFail(e2e, page, 'analytics-refused', problems);
    const response = await page.goto('/angarsk/catalog/rolls');
    // the policy already names the counters' origin (the ids are set), though nothing is loaded
    expect(response?.headers()['content-security-policy']).toContain(fake.origin);
    const banner = page.getByTestId('consent-banner');
    await banner.waitFor();
    const text = await banner.innerText();
    for (const part of [
      'Яндекс Метрику и Google Analytics',
      'IP-адрес',
      'ООО «Яндекс» и Google LLC',
      'Настройки cookie',
    ])
      expect(text).toContain(part);
    expect(await banner.getByRole('link', { name: 'Правовая информация' }).getAttribute('href')).toBe('/legal');
    await e2e.screenshot(page, 'analytics-banner-375');
    expect(fake.requests).toEqual([]);

    await banner.getByRole('button', { name: 'Отказаться' }).click();
    await banner.waitFor({ state: 'detached' });
    await addRoll(page);
    const idle = idlePassed(page);
    await page.reload();
    await idle;
    await page.getByTestId('product-card').first().waitFor();
    expect(await page.getByTestId('consent-banner').count()).toBe(0);
    expect(fake.requests).toEqual([]);

    // changeable later from the footer: it shows the current choice
    await page.getByRole('button', { name: 'Настройки cookie' }).click();
    await page.getByTestId('consent-current').waitFor();
    expect(await page.getByTestId('consent-current').innerText()).toBe('Сейчас веб-аналитика отключена.');
    await page.getByTestId('consent-banner').getByRole('button', { name: 'Закрыть' }).click();
    expect(fake.requests).toEqual([]);
    expect(problems()).toEqual([]);
  });

  it('with consent: the journey arrives in order at both counters, the purchase once, also after a reload of /complete', async () => {
    fake.requests.length = 0;
    fake.received.length = 0;
    const { page, problems } = await start();
    onFail(e2e, page, 'analytics-journey', problems);
    // a customer signed in on the page, with a saved address (the checkout needs one)
    const digits = `98${String(Date.now()).slice(-8)}`;
    await page.goto('/angarsk/personal');
    await saveAngarskAddress(e2e, await signInThroughAuthDialog(e2e, page, digits));

    /**
     * A full page load, once the counters have counted it: with consent given earlier they start
     * as the page starts, and acting before they did would be acting on a page nobody counts yet.
     */
    const gotoCounted = async (path: string) => {
      const views = () =>
        fake.calls('ga4').filter((c) => {
          const params = c.args[2] as { page_location?: string } | undefined;
          return c.args[1] === 'page_view' && (params?.page_location ?? '').endsWith(path);
        }).length;
      const before = views();
      await page.goto(path);
      await expect.poll(views, { timeout: 15_000 }).toBeGreaterThan(before);
    };

    await page.goto('/angarsk/catalog/rolls');
    await page.getByTestId('consent-banner').getByRole('button', { name: 'Принять' }).click();
    await expect.poll(() => fake.calls('metrika').length, { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => fake.calls('ga4').length, { timeout: 15_000 }).toBeGreaterThan(0);

    // product viewed (the product modal), added, removed
    await page
      .getByTestId('product-card')
      .filter({ hasText: ROLL })
      .getByRole('link', { name: ROLL, exact: true })
      .click();
    const modal = page.getByRole('dialog', { name: ROLL });
    await modal.waitFor();
    await modal.getByRole('button', { name: 'Закрыть' }).click();
    await addRoll(page);
    await addRoll(page);
    await gotoCounted('/angarsk/cart');
    await page.getByRole('button', { name: `Удалить «${ROLL}»` }).click();
    await gotoCounted('/angarsk/catalog/rolls');
    // two: the zone's minimum sum for delivery is 700 ₽
    await addRoll(page);
    await addRoll(page);

    // checkout and a cash order
    await gotoCounted('/angarsk/cart');
    await page.getByTestId('cart-line').first().waitFor();
    await page.getByRole('link', { name: 'Оформить заказ' }).click();
    await page.getByRole('heading', { level: 1, name: 'Оформление заказа' }).waitFor();
    // consent was given at sign-in, so checkout does not ask for it again (docs/CHECKOUT.md)
    const consentBox = page.getByRole('checkbox', { name: /Я согласен на обработку персональных данных/ });
    await expect.poll(() => consentBox.count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => page.getByTestId('checkout-problems').count(), { timeout: 15_000 }).toBe(0);
    await page.getByRole('button', { name: 'Оформить заказ' }).click();
    await page.waitForURL(/\/angarsk\/complete\?order=/, { timeout: 20_000 });
    const number = await page.getByTestId('order-number').innerText();

    const ga4Events = () =>
      fake
        .calls('ga4')
        .filter((c) => c.args[0] === 'event' && c.args[1] !== 'page_view')
        .map((c) => c.args[1]);
    const metrikaSteps = () =>
      fake.calls('metrika').flatMap((c: ReceivedCall) => {
        if (c.args[1] === 'reachGoal') return [`goal:${String(c.args[2])}`];
        const ecommerce = (c.args[1] as { ecommerce?: Record<string, unknown> } | undefined)?.ecommerce;
        return c.args[0] === 'dataLayer' && ecommerce ? Object.keys(ecommerce).filter((k) => k !== 'currencyCode') : [];
      });
    const journey = [
      'view_item',
      'add_to_cart',
      'add_to_cart',
      'remove_from_cart',
      'add_to_cart',
      'add_to_cart',
      'begin_checkout',
      'purchase',
    ];
    await expect.poll(ga4Events, { timeout: 15_000 }).toEqual(journey);
    await expect
      .poll(metrikaSteps, { timeout: 15_000 })
      .toEqual(['detail', 'add', 'add', 'remove', 'add', 'add', 'goal:begin_checkout', 'purchase']);

    // the purchase carries the order: number, revenue, currency, the line
    const purchase = fake.calls('ga4').find((c) => c.args[1] === 'purchase')?.args[2] as Record<string, unknown>;
    expect(purchase).toMatchObject({ transaction_id: number.replace(/\D/g, ''), currency: 'RUB', send_to: GA4_ID });
    expect(purchase.items).toEqual([expect.objectContaining({ item_name: ROLL, quantity: 2 })]);
    const metrikaPurchase = fake
      .calls('metrika')
      .find(
        (c) => (c.args[1] as { ecommerce?: { purchase?: unknown } } | undefined)?.ecommerce?.purchase !== undefined,
      );
    expect(metrikaPurchase?.args[1]).toMatchObject({
      ecommerce: { currencyCode: 'RUB', purchase: { actionField: { id: number.replace(/\D/g, '') } } },
    });
    // page views: Metrika's hit and GA4's page_view for each client-side navigation, the first included
    expect(fake.calls('metrika').filter((c) => c.args[1] === 'hit').length).toBeGreaterThanOrEqual(4);
    expect(fake.calls('metrika')[0]?.args.slice(0, 2)).toEqual([Number(METRIKA_ID), 'init']);

    // a reload of /complete: the counters load again, page view sent, no second purchase
    const loadsBefore = new Set(fake.received.map((c) => c.load)).size;
    await page.reload();
    await page.getByTestId('order-number').waitFor();
    await expect
      .poll(() => new Set(fake.received.map((c) => c.load)).size, { timeout: 15_000 })
      .toBeGreaterThan(loadsBefore);
    await expect
      .poll(
        () =>
          fake
            .calls('ga4')
            .filter((c) => c.args[1] === 'page_view')
            .at(-1)?.args[2],
        { timeout: 15_000 },
      )
      .toMatchObject({ page_location: expect.stringContaining('/complete?order=') as unknown });
    expect(ga4Events().filter((e) => e === 'purchase')).toHaveLength(1);
    expect(metrikaSteps().filter((e) => e === 'purchase')).toHaveLength(1);
    await e2e.screenshot(page, 'analytics-complete-375');
    expect(problems()).toEqual([]);
  });

  it('a counter whose script answers 500 leaves the storefront working', async () => {
    fake.mode = 'http-500';
    try {
      const { page, problems } = await start([/Failed to load resource/, /analytics: script/]);
      onFail(e2e, page, 'analytics-500', problems);
      await page.goto('/angarsk/catalog/rolls');
      await page.getByTestId('consent-banner').getByRole('button', { name: 'Принять' }).click();
      await expect.poll(() => fake.requests.filter((r) => r.startsWith('GET /')).length).toBeGreaterThan(0);
      await addRoll(page);
      await page.goto('/angarsk/cart');
      await page.getByTestId('cart-line').first().waitFor();
      expect(await page.getByTestId('cart-line').count()).toBe(1);
      expect(problems()).toEqual([]);
    } finally {
      fake.mode = 'ok';
    }
  });
});
