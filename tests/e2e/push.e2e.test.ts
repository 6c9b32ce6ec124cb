// Web push of order statuses end to end (docs/PUSH.md), in Debian's Chromium against the real
// server: the customer (signed in with push notifications ticked) answers «Да, сообщить» on
// /complete; the page asks the browser's permission (granted to the context), subscribes and
// stores the subscription; an operator moves the order to «в пути»; the server encrypts and signs
// the push to the local fake push service, which checks the VAPID token and decrypts it; the test
// hands that payload to the page's service worker through CDP (ServiceWorker.deliverPushMessage,
// as DevTools does), and the worker shows the notification.
//
// What is simulated: Chromium's own push service is Google's FCM, unreachable here, so
// PushManager.subscribe is replaced in the page by one that answers a subscription of the fake
// push service (its keys, its endpoint), and the delivery from the push service to the browser is
// CDP's. Everything else (permission, service worker, key, API, encryption, VAPID, notification)
// is the real thing. Also: a returning customer offline still sees the menu (the worker's cache).
import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, it, onTestFailed } from 'vitest';
import { startFakePushService } from '../fakes/push/pushService';
import { deliveryBody } from '../server/ordersFixtures';
import { e2ePerFile, fakePerFile, placeOrderThroughApi, signInThroughAuthDialogWith, withFirstAdmin } from './steps';

const ADMIN = { login: 'e2e-push-admin', password: 'e2e-push-password-1' };
const CITY_COOKIES = { cityId: 'city-angarsk', isCitySelected: 'true' };
const PHONE = '+79990000077';

const fake = fakePerFile(() => startFakePushService());
const e2e = e2ePerFile(withFirstAdmin(ADMIN));

async function signInWithPushConsent(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Войти' }).click();
  await signInThroughAuthDialogWith(e2e, page, {
    digits: PHONE.slice(2),
    name: 'Пуш',
    beforeSubmit: (auth) => auth.getByRole('checkbox', { name: /Получать push-уведомления/ }).check(),
  });
  await page.getByRole('link', { name: 'Личный кабинет' }).waitFor();
}

/** The page's service worker registration id, as CDP names it. */
async function registrationId(cdp: CDPSession, origin: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const own = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (own) resolve(own.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

describe('web push of order statuses', () => {
  it('subscribes on /complete, and «в пути» reaches the service worker as a notification', async () => {
    const context = await e2e.newContext({ cookies: CITY_COOKIES });
    await context.grantPermissions(['notifications'], { origin: e2e.server.url });
    const subscription = fake.subscribe();
    // Chromium's push service (FCM) is out of reach: subscribe() answers the fake's subscription
    await context.addInitScript((json) => {
      // kept across the page's navigations, as a browser keeps its subscription
      const KEY = 'e2e:push-subscribed';
      const make = () =>
        ({
          endpoint: json.endpoint,
          expirationTime: null,
          options: { userVisibleOnly: true, applicationServerKey: null },
          getKey: () => null,
          toJSON: () => ({ endpoint: json.endpoint, expirationTime: null, keys: json.keys }),
          unsubscribe: async () => {
            localStorage.removeItem(KEY);
            return true;
          },
        }) as unknown as PushSubscription;
      PushManager.prototype.subscribe = async function subscribe() {
        localStorage.setItem(KEY, '1');
        return make();
      };
      PushManager.prototype.getSubscription = async function getSubscription() {
        return localStorage.getItem(KEY) === '1' ? make() : null;
      };
    }, subscription.json);
    const page = await context.newPage();
    const problems = e2e.watch(page);
    onTestFailed(async () => {
      await e2e.screenshot(page, 'push-FAILED');
      console.error('page problems:', problems(), '\nfake refused:', fake.refused);
    });
    await page.goto('/angarsk', { waitUntil: 'load' });
    await signInWithPushConsent(page);
    // the saved session (written once the store version is known): the token the page uses
    const savedToken = () =>
      page.evaluate(() => {
        for (let i = 0; i < localStorage.length; i++) {
          const key = localStorage.key(i);
          if (key !== null && /^storefront:v.+:state$/.test(key)) {
            const saved = JSON.parse(localStorage.getItem(key) ?? '{}') as { auth?: { token?: string } };
            if (saved.auth?.token) return saved.auth.token;
          }
        }
        return null;
      });
    await expect.poll(savedToken, { timeout: 30_000 }).not.toBeNull();
    const token = await savedToken();
    const order = await placeOrderThroughApi(e2e, token ?? '', deliveryBody(), 'e2e-push-order');

    await page.goto(`/angarsk/complete?order=${order.id}`, { waitUntil: 'load' });
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.getByText('Сообщить, когда заказ будет в пути?').waitFor();
    const stored = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/push/subscription') && r.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Да, сообщить' }).click();
    expect((await stored).status()).toBe(204);
    await page.getByText('Пришлём уведомление, когда статус заказа изменится.').waitFor();

    // the operator: «в пути»
    const login = await e2e.server.api<{ token: string }>('POST', '/admin/auth/login', ADMIN);
    expect(login.status).toBe(200);
    const moved = await e2e.server.api(
      'POST',
      `/admin/orders/${order.id}/status`,
      { status: 'OnWay' },
      login.body.token,
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const [push] = await fake.waitFor(1);
    expect(fake.refused).toEqual([]);
    expect(push?.vapid.aud).toBe(fake.origin);
    const payload = JSON.parse(push?.text ?? '{}') as { title: string; url: string };
    expect(payload).toMatchObject({ title: `Заказ №${order.number} в пути`, url: `/complete?order=${order.id}` });

    // the push service's delivery to the browser, as DevTools does it
    const cdp = await context.newCDPSession(page);
    const id = await registrationId(cdp, e2e.server.url);
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: e2e.server.url,
      registrationId: id,
      data: push?.text ?? '',
    });
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const registration = await navigator.serviceWorker.ready;
            return (await registration.getNotifications()).map((n) => ({
              title: n.title,
              body: n.body,
              url: (n.data as { url?: string } | null)?.url,
            }));
          }),
        { timeout: 30_000 },
      )
      .toEqual([
        {
          title: `Заказ №${order.number} в пути`,
          body: 'Курьер уже везёт ваш заказ.',
          url: `/complete?order=${order.id}`,
        },
      ]);
    // the page itself follows the status over its socket
    await expect.poll(() => page.getByTestId('order-status').textContent(), { timeout: 30_000 }).toBe('в пути');

    // consent withdrawn in the profile: the server forgets the customer's browsers (tested in
    // tests/server/push) and this browser unsubscribes
    const subscribed = () =>
      page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription()) !== null);
    expect(await subscribed()).toBe(true);
    await page.goto('/angarsk/personal', { waitUntil: 'load' });
    const consent = page.getByRole('checkbox', { name: 'Push-уведомления' });
    await consent.waitFor();
    expect(await consent.isChecked()).toBe(true);
    await consent.uncheck();
    const saved = page.waitForResponse((r) => r.url().includes('/api/v1/user/') && r.request().method() === 'PATCH');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    expect((await saved).status()).toBe(200);
    await expect.poll(subscribed, { timeout: 30_000 }).toBe(false);
    expect(problems()).toEqual([]);
  });

  it('a returning customer offline still sees the menu', async () => {
    const context = await e2e.newContext({ cookies: CITY_COOKIES });
    const page = await context.newPage();
    await page.goto('/angarsk', { waitUntil: 'load' });
    // the worker takes over the page, then a visit through it keeps the page and its files
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    await page.reload({ waitUntil: 'networkidle' });
    await context.setOffline(true);
    await page.reload({ waitUntil: 'load' });
    await page.getByRole('button', { name: 'Добавить «Филадельфия классик» в корзину' }).first().waitFor();
    await context.setOffline(false);
  });
});
