// POST /order writes an order that spends no bonuses, has no coupon and no online payment with
// ONE autocommit statement (services/order/place.ts, placeInOneStatement), assessed against the
// process's copy of the reference data; the statement checks that copy's content versions and
// the key's claim itself, and anything else goes through the order's transaction. This server
// trusts its copy for a minute (CONTENT_VERSION_MAX_AGE_MS), so a stale copy is only caught by
// the statement's own check.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Order } from '../../src/api/contract/orders.js';
import { orderPriceChangedMessage } from '../../server/services/checkoutRefusals.js';
import { seedPromotions } from '../../server/services/promo.js';
import { createTestServer, type TestServer } from './helpers.js';
import { OPEN_NOW, auth, deliveryBody, newKey, postOrder, signedInUser } from './ordersFixtures.js';

let server: TestServer;
let transactions = 0;

beforeAll(async () => {
  server = await createTestServer({ config: { contentVersionMaxAgeMs: 60_000 } });
  server.clock.set(OPEN_NOW);
  await seedPromotions(server.db);
  // counts the transactions POST /order opens (the one-statement path opens none)
  const transaction = server.db.transaction.bind(server.db);
  server.db.transaction = (fn) => {
    transactions += 1;
    return transaction(fn);
  };
});
afterEach(() => {
  transactions = 0;
});
afterAll(async () => {
  await server.close();
});

const exec = (query: ReturnType<typeof sql>) => server.db.run((db) => db.execute(query));

async function countOf(table: 'orders' | 'order_status_log', userId: string): Promise<number> {
  const query =
    table === 'orders'
      ? sql`select count(*)::int as n from orders where user_id = ${userId}`
      : sql`select count(*)::int as n from order_status_log l join orders o on o.id = l.order_id where o.user_id = ${userId}`;
  return (await server.db.run((db) => db.execute<{ n: number }>(query))).rows[0]?.n ?? -1;
}

describe('POST /order in one statement', () => {
  it('cash, no bonuses, no coupon: no transaction; order, status line and stored answer all written', async () => {
    const user = await signedInUser(server.db);
    transactions = 0; // the fixture's own
    const key = newKey();
    const res = await postOrder(server, user.token, deliveryBody(), key);
    expect(res.statusCode, res.body).toBe(200);
    expect(transactions).toBe(0);
    const order = Order.parse(res.json());
    expect(order).toMatchObject({ status: 'Unconfirmed', paymentMethod: 'cash', total: 1426 });
    expect(await countOf('orders', user.id)).toBe(1);
    expect(await countOf('order_status_log', user.id)).toBe(1);
    // the stored answer is the order as read back, number included
    const again = await postOrder(server, user.token, deliveryBody(), key);
    expect(again.json()).toEqual(res.json());
    const read = await server.app.inject({
      method: 'GET',
      url: `/api/v1/order/${order.id}`,
      headers: auth(user.token),
    });
    expect(read.json()).toEqual(res.json());
    expect(await countOf('orders', user.id)).toBe(1);
  });

  it('bonuses spent or a coupon: the transaction writes it', async () => {
    const user = await signedInUser(server.db, { balance: 300 });
    transactions = 0;
    expect((await postOrder(server, user.token, deliveryBody({ spendBonus: 100 }))).statusCode).toBe(200);
    expect(transactions).toBe(1);
  });

  it('a copy older than a price change: the statement writes nothing and the transaction refuses', async () => {
    const user = await signedInUser(server.db);
    expect((await postOrder(server, user.token, deliveryBody({ expectedTotal: 1426 }))).statusCode).toBe(200);
    transactions = 0;
    await exec(sql`update products set price = 649 where id = 'set-mini'`); // was 549
    try {
      const refused = await postOrder(server, user.token, deliveryBody({ expectedTotal: 1426 }));
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().message).toBe(orderPriceChangedMessage(1526, 1426));
      expect(transactions).toBe(1);
      expect(await countOf('orders', user.id)).toBe(1);
      expect(await countOf('order_status_log', user.id)).toBe(1);
      // the transaction read the current data: the next order is at the new price, in one statement again
      transactions = 0;
      const placed = await postOrder(server, user.token, deliveryBody());
      expect(placed.statusCode, placed.body).toBe(200);
      expect(Order.parse(placed.json()).total).toBe(1526);
      expect(transactions).toBe(0);
    } finally {
      await exec(sql`update products set price = 549 where id = 'set-mini'`);
    }
  });
});
