// Web push of order statuses (docs/PUSH.md) against the local fake push service: the real adapter
// (web-push + fetch) signs with VAPID and encrypts per RFC 8291; the fake checks and decrypts.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../../../server/context.js';
import { pushSubscriptions } from '../../../server/db/schema/webPush.js';
import type { IntegrationLog } from '../../../server/integrations/log.js';
import { advanceOrderStatus } from '../../../server/services/order/status.js';
import { pushesSettled, vapidOf } from '../../../server/services/webPush.js';
import { startFakePushService, type FakePushService, type FakeSubscription } from '../../fakes/push/pushService.js';
import { createTestServer, type TestServer } from '../helpers.js';
import { auth, deliveryBody, OPEN_NOW, signedInUser, placedOrder } from '../ordersFixtures.js';

let server: TestServer;
let fake: FakePushService;
const logged: { level: string; obj: object; msg: string }[] = [];
const log: IntegrationLog = {
  info: (obj, msg) => logged.push({ level: 'info', obj, msg }),
  warn: (obj, msg) => logged.push({ level: 'warn', obj, msg }),
  error: (obj, msg) => logged.push({ level: 'error', obj, msg }),
};

beforeAll(async () => {
  fake = await startFakePushService();
  server = await createTestServer();
  server.clock.set(OPEN_NOW);
  server.ctx.log = log;
});
afterAll(async () => {
  await pushesSettled(server.ctx);
  await server.close();
  await fake.close();
});
afterEach(() => {
  fake.fail('none');
});

interface Customer {
  id: string;
  phone: string;
  token: string;
}

async function customer(push = true): Promise<Customer> {
  const user = await signedInUser(server.db);
  const res = await server.app.inject({
    method: 'PATCH',
    url: `/api/v1/user/${encodeURIComponent(user.phone)}`,
    headers: auth(user.token),
    payload: { PUSHNotifications: push },
  });
  expect(res.statusCode, res.body).toBe(200);
  return user;
}

/** PUT or DELETE /push/subscription as `who` (no one when null). */
const subscriptionCall = (method: 'PUT' | 'DELETE', who: Customer | null, payload: object) =>
  server.app.inject({ method, url: '/api/v1/push/subscription', headers: who ? auth(who.token) : {}, payload });

const subscribe = (who: Customer, subscription: FakeSubscription) => subscriptionCall('PUT', who, subscription.json);

/** A new device of the fake push service, subscribed as `who`'s. */
async function subscribedDevice(who: Customer): Promise<FakeSubscription> {
  const device = fake.subscribe();
  await subscribe(who, device);
  return device;
}

const place = (who: Customer) => placedOrder(server, who.token, deliveryBody());

async function storedEndpoints(userId: string): Promise<string[]> {
  const rows = await server.db.run((db) =>
    db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId)),
  );
  return rows.map((r) => r.endpoint).sort();
}

describe('VAPID keys', () => {
  it('GET /push/key answers the public key; processes on one database agree on one generated pair', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/push/key' });
    expect(res.statusCode).toBe(200);
    const { publicKey } = res.json<{ publicKey: string }>();
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    // another process: its own context on the same database, offering its own candidate pair
    const other: AppContext = { ...server.ctx };
    const [a, b] = await Promise.all([vapidOf(other), vapidOf({ ...server.ctx })]);
    expect(a.publicKey).toBe(publicKey);
    expect(b.privateKey).toBe(a.privateKey);
  });

  it('keys from the environment win over the stored pair', async () => {
    const keys = {
      publicKey: 'BPz-tVwM3e3WEsqnVYlGHLP17PCD_AklTHxZdJ8JV-XaMIyKchSDPUl5tSIMfO2a1oPtKsq8A0a9u9kTYKLGCYU',
      privateKey: '043WXyQQsjuAE5du4gWg-q3DaOc8TOcBIXJcdgLHD4E',
    };
    const ctx: AppContext = {
      ...server.ctx,
      config: { ...server.ctx.config, webPush: { ...server.ctx.config.webPush, vapid: keys } },
    };
    expect(await vapidOf(ctx)).toMatchObject(keys);
  });
});

describe('PUT /push/subscription', () => {
  it('needs a sign-in', async () => {
    const res = await subscriptionCall('PUT', null, fake.subscribe().json);
    expect(res.statusCode).toBe(401);
  });

  it('refuses a customer without consent to push notifications, in Russian', async () => {
    const who = await customer(false);
    const res = await subscribe(who, fake.subscribe());
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: 'Включите push-уведомления в профиле, чтобы получать статус заказа',
    });
    expect(await storedEndpoints(who.id)).toEqual([]);
  });

  it('refuses an endpoint that is no push service and keys that are no P-256 point, with 400', async () => {
    const who = await customer();
    const good = fake.subscribe().json;
    for (const endpoint of ['https://intranet.example/hook', 'ftp://127.0.0.1/x', 'not a url']) {
      const res = await subscribe(who, { ...fake.subscribe(), json: { ...good, endpoint } });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Адрес подписки на уведомления не принят' });
    }
    const badKeys = { ...good, keys: { p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: good.keys.auth } };
    const res = await subscribe(who, { ...fake.subscribe(), json: badKeys });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Ключи подписки на уведомления не приняты' });
    const missing = await subscriptionCall('PUT', who, { endpoint: good.endpoint });
    expect(missing.statusCode).toBe(400);
  });

  it('one endpoint is one browser: a second customer signing in on it takes it over', async () => {
    const first = await customer();
    const second = await customer();
    const device = fake.subscribe();
    expect((await subscribe(first, device)).statusCode).toBe(204);
    expect((await subscribe(second, device)).statusCode).toBe(204);
    expect(await storedEndpoints(first.id)).toEqual([]);
    expect(await storedEndpoints(second.id)).toEqual([device.endpoint]);
  });

  it('DELETE forgets only the customer’s own browser', async () => {
    const owner = await customer();
    const other = await customer();
    const device = fake.subscribe();
    await subscribe(owner, device);
    const foreign = await subscriptionCall('DELETE', other, { endpoint: device.endpoint });
    expect(foreign.statusCode).toBe(204);
    expect(await storedEndpoints(owner.id)).toEqual([device.endpoint]);
    const own = await subscriptionCall('DELETE', owner, { endpoint: device.endpoint });
    expect(own.statusCode).toBe(204);
    expect(await storedEndpoints(owner.id)).toEqual([]);
  });
});

describe('a status change pushes to the customer’s browsers', () => {
  it('«в пути»: the fake decrypts the order’s title, text and page; VAPID aud is the endpoint’s origin', async () => {
    const who = await customer();
    const phone = fake.subscribe();
    const laptop = fake.subscribe();
    await subscribe(who, phone);
    await subscribe(who, laptop);
    const bystander = await customer();
    await subscribe(bystander, fake.subscribe());
    const order = await place(who);
    const before = fake.received.length;
    await advanceOrderStatus(server.ctx, order.id, 'OnWay', 'staff:test');
    await pushesSettled(server.ctx);
    const got = fake.received.slice(before);
    expect(got.map((p) => p.subscriptionId).sort()).toEqual([phone.id, laptop.id].sort());
    const { publicKey } = await vapidOf(server.ctx);
    for (const push of got) {
      expect(JSON.parse(push.text)).toEqual({
        title: `Заказ №${order.number} в пути`,
        body: 'Курьер уже везёт ваш заказ.',
        url: `/complete?order=${order.id}`,
        tag: `order-${order.id}`,
        orderId: order.id,
        status: 'OnWay',
      });
      expect(push.vapid).toMatchObject({ aud: fake.origin, publicKey, sub: 'mailto:webpush@localhost.invalid' });
      expect(push.urgency).toBe('high');
      expect(push.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    }
    expect(fake.refused).toEqual([]);
  });

  it('goes out on accepted, cooking, on the way, delivered and cancelled, not on «готов» or «выполнен»', async () => {
    const who = await customer();
    await subscribe(who, fake.subscribe());
    const delivered = await place(who);
    const before = fake.received.length;
    for (const status of [
      'WaitCooking',
      'CookingStarted',
      'CookingCompleted',
      'OnWay',
      'Delivered',
      'Closed',
    ] as const) {
      await advanceOrderStatus(server.ctx, delivered.id, status, 'staff:test');
      await pushesSettled(server.ctx); // so they arrive in order
    }
    const cancelled = await place(who);
    await advanceOrderStatus(server.ctx, cancelled.id, 'Cancelled', 'staff:test');
    await pushesSettled(server.ctx);
    const titles = fake.received.slice(before).map((p) => (JSON.parse(p.text) as { title: string }).title);
    expect(titles).toEqual([
      `Заказ №${delivered.number} принят`,
      `Заказ №${delivered.number} готовится`,
      `Заказ №${delivered.number} в пути`,
      `Заказ №${delivered.number} доставлен`,
      `Заказ №${cancelled.number} отменён`,
    ]);
  });

  it.each(['404', '410'] as const)('a push service answering %s deletes the subscription', async (fault) => {
    const who = await customer();
    const gone = fake.subscribe();
    const kept = fake.subscribe();
    await subscribe(who, gone);
    await subscribe(who, kept);
    fake.fail(fault, gone);
    const order = await place(who);
    await advanceOrderStatus(server.ctx, order.id, 'WaitCooking', 'staff:test');
    await pushesSettled(server.ctx);
    expect(await storedEndpoints(who.id)).toEqual([kept.endpoint]);
  });

  it('a browser that unsubscribed (410 from its push service) is deleted', async () => {
    const who = await customer();
    const device = await subscribedDevice(who);
    fake.unsubscribe(device);
    const order = await place(who);
    await advanceOrderStatus(server.ctx, order.id, 'WaitCooking', 'staff:test');
    await pushesSettled(server.ctx);
    expect(await storedEndpoints(who.id)).toEqual([]);
  });

  it('a 500 keeps the subscription and is logged with the service’s origin, never the endpoint', async () => {
    const who = await customer();
    const device = await subscribedDevice(who);
    fake.fail('500', device);
    const order = await place(who);
    logged.length = 0;
    const moved = await advanceOrderStatus(server.ctx, order.id, 'WaitCooking', 'staff:test');
    expect(moved.status).toBe('WaitCooking');
    await pushesSettled(server.ctx);
    expect(await storedEndpoints(who.id)).toEqual([device.endpoint]);
    expect(logged).toEqual([
      {
        level: 'warn',
        obj: { orderId: order.id, service: fake.origin, status: 500, reason: 'internal error' },
        msg: 'web push: push service refused or did not answer',
      },
    ]);
    expect(JSON.stringify(logged)).not.toContain(device.id);
  });

  it('the status change does not wait for a slow push service', async () => {
    const who = await customer();
    const device = await subscribedDevice(who);
    fake.fail('slow', device);
    const order = await place(who);
    const heldBefore = fake.held;
    // the change answers while the push service still holds the push (no timeout for a minute)
    const moved = await advanceOrderStatus(server.ctx, order.id, 'WaitCooking', 'staff:test');
    expect(moved.status).toBe('WaitCooking');
    await vi.waitFor(() => expect(fake.held).toBe(heldBefore + 1));
    fake.release();
    await pushesSettled(server.ctx);
  });

  it('a push service slower than WEB_PUSH_TIMEOUT_MS is cut off and logged; the subscription stays', async () => {
    const who = await customer();
    const device = await subscribedDevice(who);
    fake.fail('slow', device);
    const ctx: AppContext = {
      ...server.ctx,
      config: { ...server.ctx.config, webPush: { ...server.ctx.config.webPush, timeoutMs: 100 } },
      webPush: undefined,
    };
    const order = await place(who);
    logged.length = 0;
    await advanceOrderStatus(ctx, order.id, 'WaitCooking', 'staff:test');
    await pushesSettled(ctx);
    expect(logged).toEqual([
      expect.objectContaining({ level: 'warn', obj: expect.objectContaining({ reason: 'no answer within 100 ms' }) }),
    ]);
    expect(await storedEndpoints(who.id)).toEqual([device.endpoint]);
    fake.release();
  });
});

describe('withdrawing consent', () => {
  it('PUSHNotifications turned off in the profile deletes every browser of the customer', async () => {
    const who = await customer();
    await subscribe(who, fake.subscribe());
    await subscribe(who, fake.subscribe());
    expect(await storedEndpoints(who.id)).toHaveLength(2);
    await customerPatch(who, { PUSHNotifications: false });
    expect(await storedEndpoints(who.id)).toEqual([]);
    const order = await place(who);
    const before = fake.received.length;
    await advanceOrderStatus(server.ctx, order.id, 'WaitCooking', 'staff:test');
    await pushesSettled(server.ctx);
    expect(fake.received.length).toBe(before);
  });

  it('a deleted account leaves no subscription', async () => {
    const who = await customer();
    await subscribe(who, fake.subscribe());
    const res = await server.app.inject({
      method: 'DELETE',
      url: `/api/v1/user/${encodeURIComponent(who.phone)}`,
      headers: auth(who.token),
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await storedEndpoints(who.id)).toEqual([]);
  });
});

async function customerPatch(who: Customer, payload: object) {
  const res = await server.app.inject({
    method: 'PATCH',
    url: `/api/v1/user/${encodeURIComponent(who.phone)}`,
    headers: auth(who.token),
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
}
