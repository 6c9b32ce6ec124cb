// Order hand-off to the POS, exactly once (issue items 6 and 10), against the fake iiko on
// simulated time: the worker's clock is the test server's, moved by hand.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FOLLOW_MS, runOutboxOnce } from '../../../server/services/pos/outbox.js';
import { integrationOverview, retryFailedHandoff } from '../../../server/services/pos/admin.js';
import { refreshTerminals, TERMINAL_DOWN_MESSAGE } from '../../../server/services/pos/terminals.js';
import { modifierProblem, type FakeIiko } from '../../fakes/iiko/server.js';
import { STAFF_CHANNEL } from '../../../server/routes/ws.js';
import type { TestServer } from '../helpers.js';
import { startIikoHandoffServer } from './iikoHandoffServer.js';
import { deliveryBody, pickupBody, postOrder, signedInUser } from '../ordersFixtures.js';

let server: TestServer;
let fake: FakeIiko;
let token: string;

beforeAll(async () => {
  ({ server, fake, token } = await startIikoHandoffServer());
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.recover();
  // the demo restaurants are open 10:00–02:00 Irkutsk time; every test starts at 13:00
  server.clock.set('2026-11-20T05:00:00.000Z');
});

async function placeCash(): Promise<{ id: string; number: number }> {
  const answer = await postOrder(server, token, deliveryBody());
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ id: string; number: number }>();
}

async function outbox(orderId: string) {
  const rows = await server.db.run((db) =>
    db.execute<{ state: string; attempts: number; last_error: string | null }>(
      sql`select state, attempts, last_error from pos_outbox where order_id = ${orderId}`,
    ),
  );
  return rows.rows[0];
}

/** Runs the worker, moving the clock `stepMs` after each pass, for `forMs` of simulated time. */
async function work(forMs: number, stepMs = FOLLOW_MS): Promise<void> {
  for (let t = 0; t <= forMs; t += stepMs) {
    await runOutboxOnce(server.ctx);
    server.clock.advance(stepMs);
  }
}

const createsOf = (id: string) => fake.creates.filter((c) => c === id).length;

describe('hand-off (item 6)', () => {
  it('an accepted cash order has its outbox row when POST /order answers, and reaches iiko once', async () => {
    const order = await placeCash();
    expect(await outbox(order.id)).toMatchObject({ state: 'pending', attempts: 0 });
    await work(10_000);
    expect(await outbox(order.id)).toMatchObject({ state: 'sent' });
    expect(createsOf(order.id)).toBe(1);
    const body = fake.orders.get(order.id)?.body as {
      terminalGroupId: string;
      order: Record<string, unknown> & { payments: { paymentTypeKind: string; sum: number }[]; items: unknown[] };
    };
    expect(body.terminalGroupId).toBe('dt-angarsk-1');
    expect(body.order.externalNumber).toBe(String(order.number));
    expect(body.order.orderServiceType).toBe('DeliveryByCourier');
    expect(body.order.payments[0]?.paymentTypeKind).toBe('Cash');
    expect(body.order.guests).toEqual({ count: 2 });
    expect(String(body.order.comment)).toContain('Сдача с 2000 ₽');
    expect(body.order.deliveryPoint).toMatchObject({
      address: { street: { name: 'улица Карла Маркса', city: 'Ангарск' }, house: '10' },
    });
  });

  it('an online order is handed off only once paid, marked as processed externally', async () => {
    const answer = await postOrder(server, token, pickupBody());
    expect(answer.statusCode, answer.body).toBe(200);
    const { id } = answer.json<{ id: string }>();
    expect(await outbox(id)).toBeUndefined();
    await server.db.run((db) =>
      db.execute(
        sql`update orders set payment_status = 'paid', updated_at = ${server.clock.now().toISOString()} where id = ${id}`,
      ),
    );
    expect(await outbox(id)).toMatchObject({ state: 'pending' });
    await work(10_000);
    const body = fake.orders.get(id)?.body as { order: { orderServiceType: string; payments: unknown[] } };
    expect(body.order.orderServiceType).toBe('DeliveryByClient');
    expect(body.order.payments).toEqual([
      expect.objectContaining({ paymentTypeKind: 'External', isProcessedExternally: true }),
    ]);
  });

  it('an answer lost after iiko created the order: looked up by id, never created twice', async () => {
    const order = await placeCash();
    fake.fail('lost-answer', 1);
    await work(60_000);
    expect(await outbox(order.id)).toMatchObject({ state: 'sent' });
    expect(createsOf(order.id)).toBe(1);
    expect(fake.calls).toContain('/api/1/deliveries/by_id');
  });

  it('an order accepted before the first sync has read the terminal groups waits for it, never flagged', async () => {
    await server.db.run(async (db) => {
      await db.execute(sql`delete from pos_terminal_groups`);
      await db.execute(sql`delete from pos_state where name = 'terminals'`);
    });
    const order = await placeCash();
    await work(10_000);
    expect(await outbox(order.id)).toMatchObject({
      state: 'pending',
      last_error: 'Ресторан заказа не сопоставлен с терминалом iiko (раздел «Интеграция»)',
    });
    expect(createsOf(order.id)).toBe(0);
    await refreshTerminals(server.ctx);
    await work(60_000);
    expect(await outbox(order.id)).toMatchObject({ state: 'sent', last_error: null });
    expect(createsOf(order.id)).toBe(1);
  });

  it('a restaurant left unmapped once the terminal groups are known is flagged for an operator', async () => {
    await server.db.run((db) =>
      db.execute(sql`update pos_terminal_groups set delivery_terminal_id = null where id = 'dt-angarsk-1'`),
    );
    try {
      const order = await placeCash();
      await work(10_000);
      expect(await outbox(order.id)).toMatchObject({
        state: 'failed',
        last_error: 'Ресторан заказа не сопоставлен с терминалом iiko (раздел «Интеграция»)',
      });
    } finally {
      await server.db.run((db) =>
        db.execute(sql`update pos_terminal_groups set delivery_terminal_id = 'dt-angarsk-1' where id = 'dt-angarsk-1'`),
      );
    }
  });

  it('a refusal is flagged «не передан на кухню» with the POS reason, and a retry sends it', async () => {
    const order = await placeCash();
    fake.refuseNextOrder('Продукт не найден в меню терминала');
    await work(10_000);
    expect(await outbox(order.id)).toMatchObject({ state: 'failed', last_error: 'Продукт не найден в меню терминала' });
    const overview = await integrationOverview(server.ctx);
    expect(overview.failed.map((f) => f.orderId)).toContain(order.id);
    expect(overview.errors.some((e) => e.message.startsWith('Заказ не передан на кухню'))).toBe(true);
    await retryFailedHandoff(server.ctx, order.id);
    await work(10_000);
    expect(await outbox(order.id)).toMatchObject({ state: 'sent' });
    expect(fake.orders.get(order.id)?.creationStatus).toBe('Success');
  });
  it('a refused hand-off, and its retry, reach the staff screens live as an order:updated of that order', async () => {
    const order = await placeCash();
    const events: { type: string; orderId: string }[] = [];
    const stop = await server.db.listen(STAFF_CHANNEL, (payload) => {
      events.push(JSON.parse(payload) as { type: string; orderId: string });
    });
    try {
      fake.refuseNextOrder('Продукт не найден в меню терминала');
      await work(10_000);
      expect(await outbox(order.id)).toMatchObject({ state: 'failed' });
      // only this order's updates: on PostgreSQL its order:new can reach a listener opened after it
      const updates = () => events.filter((e) => e.orderId === order.id && e.type === 'order:updated');
      await vi.waitFor(() => expect(updates()).toHaveLength(1));
      await retryFailedHandoff(server.ctx, order.id);
      await vi.waitFor(() => expect(updates()).toHaveLength(2));
      // the moves between pending, waiting and sent say nothing new to the operators
      await work(10_000);
      expect(await outbox(order.id)).toMatchObject({ state: 'sent' });
      expect(updates()).toHaveLength(2);
    } finally {
      await stop();
    }
  });
});

describe('discounts and bonuses in the hand-off', () => {
  type Sent = {
    order: {
      items: { price: number; amount: number; modifiers: { price: number; amount: number }[] }[];
      discountsInfo?: { discounts: { type: string; discountTypeId: string; sum: number }[] };
      payments: { sum: number }[];
      comment: string;
    };
  };
  const itemsSum = (b: Sent) =>
    b.order.items.reduce(
      (sum, i) => sum + i.amount * (i.price + i.modifiers.reduce((m, x) => m + x.price * x.amount, 0)),
      0,
    );

  type Placed = { id: string; total: number; discountTotal: number; bonusSpent: number };

  async function handOff(body: Record<string, unknown>, customer: string): Promise<{ order: Placed; sent: Sent }> {
    const answer = await postOrder(server, customer, deliveryBody(body));
    expect(answer.statusCode, answer.body).toBe(200);
    const order = answer.json<Placed>();
    await work(10_000);
    expect(await outbox(order.id)).toMatchObject({ state: 'sent', last_error: null });
    return { order, sent: fake.orders.get(order.id)?.body as Sent };
  }

  it('a coupon order: its discount is an RMS discount, and items − discounts = payment', async () => {
    const fresh = (await signedInUser(server.db, { now: server.clock.now() })).token;
    const { order, sent } = await handOff({ coupon: 'WELCOME10' }, fresh);
    expect(order.discountTotal).toBeGreaterThan(0);
    expect(sent.order.discountsInfo?.discounts).toEqual([
      { type: 'RMS', discountTypeId: 'disc-site', sum: order.discountTotal },
    ]);
    expect(sent.order.payments[0]?.sum).toBe(order.total);
    expect(itemsSum(sent) - order.discountTotal).toBe(order.total);
    expect(sent.order.comment).toContain(`Купон WELCOME10: −${order.discountTotal} ₽`);
  });

  it('a bonus order: the bonuses spent are an RMS discount of the bonus type, and items − discounts = payment', async () => {
    const rich = (await signedInUser(server.db, { balance: 500, now: server.clock.now() })).token;
    const { order, sent } = await handOff({ spendBonus: 200 }, rich);
    expect(order.bonusSpent).toBe(200);
    expect(sent.order.discountsInfo?.discounts).toEqual([{ type: 'RMS', discountTypeId: 'disc-bonus', sum: 200 }]);
    expect(itemsSum(sent) - 200).toBe(order.total);
    expect(sent.order.payments[0]?.sum).toBe(order.total);
    expect(sent.order.comment).toContain('Бонусами: −200 ₽');
  });

  it('lines that cannot add up to the payment (no delivery product for the city) are flagged, never sent', async () => {
    const answer = await postOrder(server, token, deliveryBody());
    expect(answer.statusCode, answer.body).toBe(200);
    const { id } = answer.json<{ id: string }>();
    const saved = await server.db.run((db) =>
      db.execute<{ value: unknown }>(sql`select value from settings where name = 'CITIES_DATA'`),
    );
    const original = JSON.stringify(saved.rows[0]?.value);
    const broken = JSON.parse(original) as Record<string, Record<string, unknown>>;
    for (const city of Object.values(broken)) city.deliveryId = '';
    await server.db.run((db) =>
      db.execute(sql`update settings set value = ${JSON.stringify(broken)}::jsonb where name = 'CITIES_DATA'`),
    );
    try {
      await work(10_000);
      const row = await outbox(id);
      expect(row?.state).toBe('failed');
      expect(row?.last_error).toMatch(
        /^Сумма позиций \(\d+ ₽\) за вычетом скидок и бонусов \(0 ₽\) не равна сумме заказа/,
      );
      expect(createsOf(id)).toBe(0);
    } finally {
      await server.db.run((db) =>
        db.execute(sql`update settings set value = ${original}::jsonb where name = 'CITIES_DATA'`),
      );
    }
  });
});

describe("a modifier's amount in deliveries/create is per one unit of its product", () => {
  const margherita = {
    productId: 'pizza-margherita',
    amount: 3,
    mods: [
      { id: 'pizza-size-35', groupId: 'mod-pizza-size', amount: 1 },
      { id: 'dough-thin', groupId: 'mod-pizza-dough', amount: 1 },
      { id: 'topping-mozzarella', groupId: 'mod-pizza-toppings', amount: 2 },
      { id: 'topping-bacon', groupId: 'mod-pizza-toppings', amount: 1 },
    ],
  };
  type SentItem = {
    productId: string;
    amount: number;
    price: number;
    modifiers: { productId: string; productGroupId: string; amount: number; price: number }[];
  };

  it('three pizzas, each 35 cm with 2 mozzarella and bacon: amounts as for one pizza, iiko accepts them', async () => {
    const answer = await postOrder(server, token, deliveryBody({ items: [margherita], changeFrom: 5000 }));
    expect(answer.statusCode, answer.body).toBe(200);
    const { id, total } = answer.json<{ id: string; total: number }>();
    await work(10_000);
    expect(await outbox(id)).toMatchObject({ state: 'sent', last_error: null });
    const sent = fake.orders.get(id)?.body as { order: { items: SentItem[]; payments: { sum: number }[] } };
    const pizza = sent.order.items.find((i) => i.productId === 'pizza-margherita');
    expect(pizza).toMatchObject({ amount: 3, price: 449 });
    expect(pizza?.modifiers).toEqual([
      { productId: 'pizza-size-35', productGroupId: 'mod-pizza-size', amount: 1, price: 300 },
      { productId: 'dough-thin', productGroupId: 'mod-pizza-dough', amount: 1, price: 0 },
      { productId: 'topping-mozzarella', productGroupId: 'mod-pizza-toppings', amount: 2, price: 79 },
      { productId: 'topping-bacon', productGroupId: 'mod-pizza-toppings', amount: 1, price: 99 },
    ]);
    // iiko's sum: (price + Σ modifier price × amount) × the line's amount
    const lines = sent.order.items.reduce(
      (sum, i) => sum + i.amount * (i.price + i.modifiers.reduce((m, x) => m + x.price * x.amount, 0)),
      0,
    );
    expect(lines).toBe(total);
    expect(sent.order.payments[0]?.sum).toBe(total);
  });

  it("the fake iiko refuses the line's totals sent as modifier amounts (3 sizes for one pizza)", () => {
    const asTotals = {
      items: [
        {
          productId: 'pizza-margherita',
          amount: 3,
          modifiers: margherita.mods.map((m) => ({ productId: m.id, productGroupId: m.groupId, amount: m.amount * 3 })),
        },
      ],
    };
    expect(modifierProblem(asTotals, fake.products)).toBe(
      'Modifier group mod-pizza-size of product pizza-margherita: amount 3 is out of 1..1',
    );
    const perUnit = {
      items: [
        { ...asTotals.items[0], modifiers: asTotals.items[0]?.modifiers.map((m) => ({ ...m, amount: m.amount / 3 })) },
      ],
    };
    expect(modifierProblem(perUnit, fake.products)).toBeNull();
    // a required group left out, and a modifier of another dish, are refused too
    expect(
      modifierProblem({ items: [{ productId: 'pizza-margherita', amount: 1, modifiers: [] }] }, fake.products),
    ).toBe('Modifier group mod-pizza-size of product pizza-margherita: amount 0 is out of 1..1');
  });
});

describe('terminal liveness (item 3)', () => {
  it('a restaurant whose terminal group is not alive refuses orders with a clear Russian message', async () => {
    fake.setAlive('dt-angarsk-1', false);
    await refreshTerminals(server.ctx);
    const refused = await postOrder(server, token, deliveryBody());
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toBe(TERMINAL_DOWN_MESSAGE);
    fake.setAlive('dt-angarsk-1', true);
    await refreshTerminals(server.ctx);
    expect((await postOrder(server, token, deliveryBody())).statusCode).toBe(200);
  });
});

describe('faults (item 10)', () => {
  it('iiko down for 10 minutes of simulated time: orders are accepted and queued, then go out once each', async () => {
    fake.fail('http-500');
    const placed = [await placeCash(), await placeCash(), await placeCash()];
    await work(10 * 60_000, 5_000);
    for (const o of placed) expect((await outbox(o.id))?.state).toBe('pending');
    expect(placed.every((o) => !fake.orders.has(o.id))).toBe(true);
    fake.recover();
    await work(3 * 60_000, 5_000);
    for (const o of placed) {
      expect(await outbox(o.id)).toMatchObject({ state: 'sent' });
      expect(createsOf(o.id)).toBe(1);
    }
  });

  it('timeouts and lost answers mixed in: still exactly once', async () => {
    const placed = [await placeCash(), await placeCash()];
    fake.fail('timeout', 2);
    await work(60_000, 5_000);
    fake.fail('lost-answer', 3);
    await work(5 * 60_000, 5_000);
    for (const o of placed) {
      expect(await outbox(o.id)).toMatchObject({ state: 'sent' });
      expect(createsOf(o.id)).toBe(1);
    }
  });

  it('iiko failing for the whole IIKO_HANDOFF_GIVE_UP_MINUTES (60 by default): flagged with the last reason, and the retry starts a new window', async () => {
    fake.fail('http-500');
    const order = await placeCash();
    const calls = fake.calls.length;
    await work(59 * 60_000, 30_000);
    expect(await outbox(order.id)).toMatchObject({ state: 'pending', last_error: expect.stringContaining('500') });
    // exponential pauses up to 2 minutes: about 35 calls in an hour, not one every pass
    const made = fake.calls.length - calls;
    expect(made).toBeGreaterThan(25);
    expect(made).toBeLessThan(45);
    await work(3 * 60_000, 30_000);
    const flagged = await outbox(order.id);
    expect(flagged?.state).toBe('failed');
    expect(flagged?.last_error).toMatch(/^iiko не принимает заказ 60 мин: iiko \/api\/1\/\S+: 500/);
    const overview = await integrationOverview(server.ctx);
    expect(overview.failed).toContainEqual(expect.objectContaining({ orderId: order.id }));
    // no more calls for a flagged order
    const afterFlag = fake.calls.length;
    await work(10 * 60_000, 30_000);
    expect(fake.calls.length).toBe(afterFlag);

    // «Отправить снова» while iiko still fails: retried again, not flagged at once
    await retryFailedHandoff(server.ctx, order.id);
    await work(10 * 60_000, 30_000);
    expect((await outbox(order.id))?.state).toBe('pending');
    fake.recover();
    await work(3 * 60_000, 5_000);
    expect(await outbox(order.id)).toMatchObject({ state: 'sent', last_error: null });
    expect(createsOf(order.id)).toBe(1);
  });

  it('a token that expires mid-run is refreshed and nothing is lost', async () => {
    const first = await placeCash();
    await work(10_000);
    const issued = fake.tokensIssued;
    fake.expireTokens();
    const second = await placeCash();
    await work(10_000);
    expect(await outbox(first.id)).toMatchObject({ state: 'sent' });
    expect(await outbox(second.id)).toMatchObject({ state: 'sent' });
    expect(fake.tokensIssued).toBe(issued + 1);
  });
});
