// The reference data orders are checked against (settings, cities, restaurants, zones, prices,
// stop lists, gift promotions) is kept per process, but checked against content_versions inside
// the order's own transaction. This server trusts a read of the versions for a whole minute
// (CONTENT_VERSION_MAX_AGE_MS), so only that in-transaction check can notice the changes below:
// a copy read before them must never let an order through.
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Order } from '../../src/api/contract/orders.js';
import { checkoutReference } from '../../server/services/checkoutReference.js';
import {
  DEFAULT_SITE_NOT_WORKING_TEXT,
  orderPriceChangedMessage,
  stoppedMessage,
  zoneMinSumMessage,
} from '../../server/services/checkoutRefusals.js';
import { type TestServer } from './helpers.js';
import { deliveryBody, postOrder, signedInUser, useOrderServer } from './ordersFixtures.js';

let server: TestServer;
let token: string;

useOrderServer((started) => (server = started), { config: { contentVersionMaxAgeMs: 60_000 } });
beforeAll(async () => {
  token = (await signedInUser(server.db)).token;
});

const exec = (query: ReturnType<typeof sql>) => server.db.run((db) => db.execute(query));

/** Places an order that reads (and so caches) the current reference data. */
async function warm(): Promise<void> {
  const res = await postOrder(server, token, deliveryBody({ expectedTotal: 1426 }));
  expect(res.statusCode, res.body).toBe(200);
}

async function expectRefusal(body: Record<string, unknown>, message: string): Promise<void> {
  const res = await postOrder(server, token, body);
  expect(res.json().message).toBe(message);
  expect(res.statusCode).toBe(422);
}

describe('POST /order with reference data cached before a change', () => {
  it('a price raised: the old total is refused, and the order is priced at the new price', async () => {
    await warm();
    await exec(sql`update products set price = 649 where id = 'set-mini'`); // was 549
    try {
      // 2 × 349 + 649 = 1 347 goods, + 150 delivery + 29 service fee
      await expectRefusal(deliveryBody({ expectedTotal: 1426 }), orderPriceChangedMessage(1526, 1426));
      const res = await postOrder(server, token, deliveryBody());
      expect(res.statusCode, res.body).toBe(200);
      expect(Order.parse(res.json())).toMatchObject({ goodsTotal: 1347, total: 1526 });
    } finally {
      await exec(sql`update products set price = 549 where id = 'set-mini'`);
    }
  });

  it('a dish stop-listed at the restaurant that would cook it', async () => {
    await warm();
    await exec(
      sql`insert into stop_list (delivery_terminal_id, product_id, balance) values ('dt-angarsk-1', 'california-crab', 0)`,
    );
    try {
      await expectRefusal(deliveryBody(), stoppedMessage(['Калифорния с крабом']));
    } finally {
      await exec(
        sql`delete from stop_list where delivery_terminal_id = 'dt-angarsk-1' and product_id = 'california-crab'`,
      );
    }
  });

  it("a zone's minimum sum raised", async () => {
    await warm();
    await exec(sql`update delivery_zones set min_sum = 5000 where id = 'zone-angarsk-center'`);
    try {
      await expectRefusal(deliveryBody(), zoneMinSumMessage('Центр и кварталы', 5000));
    } finally {
      await exec(sql`update delivery_zones set min_sum = 700 where id = 'zone-angarsk-center'`);
    }
  });

  it('orders switched off in the settings', async () => {
    await warm();
    await exec(sql`update settings set value = 'true'::jsonb where name = 'IS_SITE_NOT_WORKING'`);
    try {
      await expectRefusal(deliveryBody(), DEFAULT_SITE_NOT_WORKING_TEXT);
    } finally {
      await exec(sql`update settings set value = 'false'::jsonb where name = 'IS_SITE_NOT_WORKING'`);
    }
  });

  it('the snack gift switched off: three snacks no longer bring the free fries', async () => {
    const snacks = deliveryBody({
      items: [
        { productId: 'onion-rings', amount: 3 },
        { productId: 'set-mini', amount: 1 },
      ],
    });
    const before = await postOrder(server, token, snacks);
    expect(before.statusCode, before.body).toBe(200);
    expect(
      Order.parse(before.json())
        .items.filter((i) => i.isGift)
        .map((i) => i.productId),
    ).toEqual(['fries']);
    await exec(sql`update promotions set is_active = false where kind = 'snack-gift'`);
    try {
      const after = await postOrder(server, token, snacks);
      expect(after.statusCode, after.body).toBe(200);
      expect(Order.parse(after.json()).items.filter((i) => i.isGift)).toEqual([]);
    } finally {
      await exec(sql`update promotions set is_active = true where kind = 'snack-gift'`);
    }
  });
});

describe('checkoutReference', () => {
  it('is kept while the versions stand; a catalogue change re-reads the catalogue part only', async () => {
    const owner = {};
    const first = await server.db.run((db) => checkoutReference(db, owner));
    const again = await server.db.run((db) => checkoutReference(db, owner));
    expect(again).toBe(first);
    await exec(sql`update products set price = price where id = 'set-mini'`);
    const changed = await server.db.run((db) => checkoutReference(db, owner));
    expect(changed.catalog).not.toBe(first.catalog);
    expect(changed.catalog.version).not.toBe(first.catalog.version);
    expect(changed.settings).toBe(first.settings);
    expect(changed.promotions).toBe(first.promotions);
  });
});
