// iiko's webhook (issue items 7 and 10): statuses move the customer's order (and its push), a
// wrong token is 401, a forged order id or garbage changes nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../server/config.js';
import { createIikoPos } from '../../../server/integrations/pos/iiko/adapter.js';
import { runOutboxOnce } from '../../../server/services/pos/outbox.js';
import { refreshesSettled } from '../../../server/services/pos/refreshQueue.js';
import { setHandoff } from '../../../server/services/pos/runner.js';
import { pollOpenOrders } from '../../../server/services/pos/statusSync.js';
import { refreshTerminals } from '../../../server/services/pos/terminals.js';
import { startFakeIiko, type FakeIiko } from '../../fakes/iiko/server.js';
import { createTestServer, type TestServer, expectRefusal } from '../helpers.js';
import { deliveryBody, postOrder, signedInUser } from '../ordersFixtures.js';

const WEBHOOK_TOKEN = 'webhook-secret-token';
let server: TestServer;
let fake: FakeIiko;
let token: string;

beforeAll(async () => {
  fake = await startFakeIiko();
  const iiko = {
    ...(loadConfig({
      IIKO_API_URL: fake.url,
      IIKO_API_LOGIN: fake.apiLogin,
      IIKO_ORGANIZATION_ID: fake.organizationId,
      IIKO_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
    }).iiko ?? expect.fail('iiko config')),
  };
  server = await createTestServer({ config: { iiko } });
  server.ctx.pos = createIikoPos({ ...iiko, now: () => server.clock.now() });
  await setHandoff(server.ctx, true);
  await refreshTerminals(server.ctx);
  token = (await signedInUser(server.db, { now: server.clock.now() })).token;
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  fake.webhook = { url: `http://127.0.0.1:${address.port}/api/v1/pos/iiko/webhook`, authToken: WEBHOOK_TOKEN };
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

async function handedOff(): Promise<string> {
  const answer = await postOrder(server, token, deliveryBody());
  expect(answer.statusCode, answer.body).toBe(200);
  const { id } = answer.json<{ id: string }>();
  for (let i = 0; i < 5; i += 1) {
    await runOutboxOnce(server.ctx);
    server.clock.advance(5_000);
  }
  expect(fake.orders.get(id)?.creationStatus).toBe('Success');
  return id;
}

async function status(id: string): Promise<string | undefined> {
  const rows = await server.db.run((db) =>
    db.execute<{ status: string }>(sql`select status from orders where id = ${id}`),
  );
  return rows.rows[0]?.status;
}

const post = (payload: string, authorization?: string) =>
  server.app.inject({
    method: 'POST',
    url: '/api/v1/pos/iiko/webhook',
    headers: { 'content-type': 'application/json', ...(authorization === undefined ? {} : { authorization }) },
    payload,
  });

describe('iiko webhook', () => {
  it("moves the customer's order through iiko's statuses and pushes each change", async () => {
    const id = await handedOff();
    await fake.setStatus(id, 'ReadyForCooking');
    expect(await status(id)).toBe('WaitCooking');
    await fake.setStatus(id, 'CookingStarted');
    await fake.setStatus(id, 'OnWay');
    expect(await status(id)).toBe('OnWay');
    expect(server.pushed).toContainEqual(
      expect.objectContaining({ type: 'order:status_update', orderId: id, status: 'OnWay' }),
    );
    expect(fake.webhooksSent.every((w) => w.status === 200)).toBe(true);
  });

  it('answers 401 to a wrong or missing token and changes nothing', async () => {
    const id = await handedOff();
    const event = JSON.stringify([
      {
        eventType: 'DeliveryOrderUpdate',
        organizationId: fake.organizationId,
        eventInfo: {
          id,
          organizationId: fake.organizationId,
          creationStatus: 'Success',
          order: { status: 'Cancelled' },
        },
      },
    ]);
    for (const auth of [undefined, 'wrong', `Bearer ${WEBHOOK_TOKEN}x`]) {
      const answer = await post(event, auth);
      expectRefusal(answer, 401, 'Неверный токен уведомления iiko');
    }
    expect(await status(id)).toBe('Unconfirmed');
  });

  it('a forged order id (not one we handed off) changes nothing', async () => {
    const victim = (await postOrder(server, token, deliveryBody())).json<{ id: string }>().id;
    await server.db.run((db) => db.execute(sql`delete from pos_outbox where order_id = ${victim}`));
    const answer = await post(
      JSON.stringify([
        {
          eventType: 'DeliveryOrderUpdate',
          organizationId: fake.organizationId,
          eventInfo: {
            id: victim,
            organizationId: fake.organizationId,
            creationStatus: 'Success',
            order: { status: 'Cancelled' },
          },
        },
      ]),
      WEBHOOK_TOKEN,
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ accepted: 0, ignored: 1 });
    expect(await status(victim)).toBe('Unconfirmed');
  });

  it('garbage is 400 with a Russian message', async () => {
    for (const payload of ['not json', '{"eventType": 1}', '[{"eventType": 5}]']) {
      const answer = await post(payload, WEBHOOK_TOKEN);
      expectRefusal(answer, 400, 'Уведомление iiko не в ожидаемом формате');
    }
  });

  it('without a webhook the open orders are polled by id', async () => {
    const id = await handedOff();
    const hook = fake.webhook;
    fake.webhook = null;
    await fake.setStatus(id, 'CookingCompleted');
    expect(await status(id)).toBe('Unconfirmed');
    await pollOpenOrders(server.ctx);
    expect(await status(id)).toBe('CookingCompleted');
    fake.webhook = hook;
  });

  it('StopListUpdate refreshes the stop list right after the answer', async () => {
    await fake.setStop('dt-angarsk-1', 'set-mini', 0);
    await refreshesSettled(server.ctx);
    expect(await stopped('set-mini')).toBe(true);
  });
});

async function stopped(productId: string): Promise<boolean> {
  const rows = await server.db.run((db) =>
    db.execute(
      sql`select 1 from stop_list where delivery_terminal_id = 'dt-angarsk-1' and product_id = ${productId} and balance <= 0`,
    ),
  );
  return rows.rows.length > 0;
}

const callsTo = (path: string) => fake.calls.filter((c) => c === path).length;

describe('refreshes asked by the webhook run after its answer', () => {
  it('StopListUpdate is answered while iiko has not answered the refresh yet', async () => {
    const held = fake.hold('/api/1/stop_lists');
    try {
      await fake.setStop('dt-angarsk-1', 'dragon', 0);
      // answered 200 although the refresh's stop_lists call is still waiting for iiko
      expect(fake.webhooksSent.at(-1)).toEqual({ eventType: 'StopListUpdate', status: 200 });
      await vi.waitFor(() => expect(held.held()).toBe(1));
      expect(await stopped('dragon')).toBe(false);
    } finally {
      held.release();
    }
    await refreshesSettled(server.ctx);
    expect(await stopped('dragon')).toBe(true);
  });

  it('updates arriving during a refresh are coalesced into one more, and kinds run one at a time', async () => {
    await refreshesSettled(server.ctx);
    const stopListsBefore = callsTo('/api/1/stop_lists');
    const menusBefore = callsTo('/api/1/nomenclature');
    const held = fake.hold('/api/1/stop_lists');
    try {
      await fake.setStop('dt-angarsk-1', 'philadelphia-classic', 0);
      await vi.waitFor(() => expect(held.held()).toBe(1));
      // five more stop-list updates and a menu update while the first refresh waits on iiko
      for (let i = 0; i < 5; i += 1) await fake.setStop('dt-angarsk-1', 'canada', i === 4 ? 0 : 1);
      fake.setPrice('canada', 500);
      await vi.waitFor(() => expect(fake.webhooksSent.at(-1)?.eventType).toBe('NomenclatureUpdate'));
      expect(fake.webhooksSent.slice(-7).every((w) => w.status === 200)).toBe(true);
      // one at a time: the menu is not asked for while the stop-list refresh runs
      expect(callsTo('/api/1/nomenclature')).toBe(menusBefore);
      expect(callsTo('/api/1/stop_lists')).toBe(stopListsBefore + 1);
    } finally {
      held.release();
    }
    // the held call's answer lets the queue go on: one more stop-list refresh (the 5 coalesced) and the menu
    await vi.waitFor(async () => {
      await refreshesSettled(server.ctx);
      expect(callsTo('/api/1/nomenclature')).toBe(menusBefore + 1);
    });
    expect(callsTo('/api/1/stop_lists')).toBe(stopListsBefore + 2);
    expect(await stopped('philadelphia-classic')).toBe(true);
    expect(await stopped('canada')).toBe(true);
    const price = await server.db.run((db) =>
      db.execute<{ price: number }>(sql`select price from products where id = 'canada'`),
    );
    expect(price.rows[0]?.price).toBe(500);
  });
});
