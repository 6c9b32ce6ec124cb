// Menu, stop lists and restaurants from the fake iiko into a seeded storefront (issue items 3–5).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importMenus } from '../../../server/services/pos/menuImport.js';
import { refreshStopLists } from '../../../server/services/pos/stopLists.js';
import { refreshTerminals } from '../../../server/services/pos/terminals.js';
import { startFakeIiko, type FakeIiko } from '../../fakes/iiko/server.js';
import { createTestServer, type TestServer } from '../helpers.js';
import { iikoPosOnFake } from './iikoHandoffServer.js';

let server: TestServer;
let fake: FakeIiko;

beforeAll(async () => {
  fake = await startFakeIiko();
  server = await createTestServer();
  server.ctx.pos = iikoPosOnFake(fake, () => server.clock.now(), 1000);
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

async function catalogVersion(): Promise<number> {
  const rows = await server.db.run((db) =>
    db.execute<{ version: string }>(sql`select version::text as version from content_versions where name = 'catalog'`),
  );
  return Number(rows.rows[0]?.version);
}

async function product(id: string) {
  const rows = await server.db.run((db) =>
    db.execute<{
      name: string;
      price: number;
      description: string;
      image_url: string | null;
      is_visible: boolean;
      allergens: unknown;
    }>(sql`select name, price, description, image_url, is_visible, allergens from products where id = ${id}`),
  );
  return rows.rows[0];
}

describe('restaurants (item 3)', () => {
  it('reads terminal groups, maps those named like our restaurants, and keeps their liveness', async () => {
    fake.setAlive('dt-irkutsk-3', false);
    await refreshTerminals(server.ctx);
    const rows = await server.db.run((db) =>
      db.execute<{ id: string; delivery_terminal_id: string | null; is_alive: boolean }>(
        sql`select id, delivery_terminal_id, is_alive from pos_terminal_groups order by id`,
      ),
    );
    expect(rows.rows.length).toBe(7);
    expect(rows.rows.every((r) => r.delivery_terminal_id === r.id)).toBe(true);
    expect(rows.rows.find((r) => r.id === 'dt-irkutsk-3')?.is_alive).toBe(false);
    fake.setAlive('dt-irkutsk-3', true);
  });
});

describe('menu import by revision (item 4)', () => {
  it('imports the POS fields and never our own: picture, description, tags stay', async () => {
    await server.db.run((db) =>
      db.execute(
        sql`update products set description = 'Наше описание', image_url = '/img/ours.webp' where id = 'california-crab'`,
      ),
    );
    const allergensBefore = (await product('california-crab'))?.allergens;
    fake.setPrice('california-crab', 777);
    await importMenus(server.ctx);
    const after = await product('california-crab');
    expect(after).toMatchObject({
      price: 777,
      description: 'Наше описание',
      image_url: '/img/ours.webp',
      is_visible: true,
    });
    expect(after?.allergens).toEqual(allergensBefore);
  });

  it('imports only when the revision moved (the catalogue version stays put otherwise)', async () => {
    const before = await catalogVersion();
    await importMenus(server.ctx);
    expect(await catalogVersion()).toBe(before);
    fake.setPrice('california-crab', 700);
    await importMenus(server.ctx);
    expect(await catalogVersion()).toBeGreaterThan(before);
    expect((await product('california-crab'))?.price).toBe(700);
  });

  it('a product gone from the POS is hidden, not deleted', async () => {
    fake.removeProduct('set-mini');
    await importMenus(server.ctx);
    expect(await product('set-mini')).toMatchObject({ is_visible: false });
  });

  it('an answer that fails validation keeps the previous catalogue and is logged', async () => {
    fake.setPrice('california-crab', 1);
    fake.fail('malformed', 1);
    await expect(importMenus(server.ctx)).rejects.toThrow();
    expect((await product('california-crab'))?.price).toBe(700);
    fake.recover();
    await importMenus(server.ctx);
    expect((await product('california-crab'))?.price).toBe(1);
  });
});

describe('stop lists (item 5)', () => {
  async function stops(terminal: string): Promise<string[]> {
    const rows = await server.db.run((db) =>
      db.execute<{ product_id: string }>(
        sql`select product_id from stop_list where delivery_terminal_id = ${terminal} order by product_id`,
      ),
    );
    return rows.rows.map((r) => r.product_id);
  }

  it("follow the POS: iiko's list replaces the mapped restaurant's", async () => {
    await fake.setStop('dt-angarsk-2', 'pizza-pepperoni', 0);
    await refreshStopLists(server.ctx);
    expect(await stops('dt-angarsk-2')).toEqual(['pizza-pepperoni']);
    expect(await stops('dt-angarsk-1')).toEqual([]); // the seed's own list: iiko has none there
    await fake.setStop('dt-angarsk-2', 'pizza-pepperoni', null);
    await refreshStopLists(server.ctx);
    expect(await stops('dt-angarsk-2')).toEqual([]);
  });

  it('an unchanged list writes nothing (the catalogue version stays)', async () => {
    await fake.setStop('dt-angarsk-2', 'pizza-pepperoni', 0);
    await refreshStopLists(server.ctx);
    const before = await catalogVersion();
    await refreshStopLists(server.ctx);
    expect(await catalogVersion()).toBe(before);
  });
});
