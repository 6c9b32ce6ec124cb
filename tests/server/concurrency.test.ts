import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestServer, type TestServer } from './helpers.js';
import { newKey, pickupBody, postOrder, signedInUser } from './ordersFixtures.js';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
  server.clock.set('2026-11-20T05:00:00.000Z'); // Friday 13:00 in Asia/Irkutsk
});
afterAll(async () => {
  await server.close();
});

describe('100 concurrent orders against one bonus balance', () => {
  it(
    'the balance never goes negative, the ledger sums to it, and each order spent what it says',
    { timeout: 180_000 },
    async () => {
      const START = 1000;
      const SPEND = 30; // within the 30 % cap of 1 290 ₽ (387 ₽)
      const user = await signedInUser(server.db, { balance: START });
      const answers = await Promise.all(
        Array.from({ length: 100 }, () =>
          postOrder(server, user.token, pickupBody({ spendBonus: SPEND, paymentMethod: 'cash' }), newKey()),
        ),
      );
      const ok = answers.filter((r) => r.statusCode === 200);
      const refused = answers.filter((r) => r.statusCode !== 200);
      for (const r of refused) {
        expect(r.statusCode).toBe(422);
        expect(r.json().message).toMatch(/^Недостаточно бонусов/);
      }
      expect(ok.length).toBe(Math.floor(START / SPEND)); // 33
      for (const r of ok) expect(r.json().bonusSpent).toBe(SPEND);

      const state = await server.db.run((db) =>
        db.execute<{ balance: number; ledger: number; spent: number; orders: number; spendRows: number }>(sql`
        select u.balance,
               (select coalesce(sum(delta), 0)::int from bonus_ledger where user_id = u.id) as ledger,
               (select coalesce(sum(bonus_spent), 0)::int from orders where user_id = u.id) as spent,
               (select count(*)::int from orders where user_id = u.id) as orders,
               (select count(*)::int from bonus_ledger l join orders o on o.id = l.order_id where l.user_id = u.id and l.delta = ${-SPEND}) as "spendRows"
        from users u where u.id = ${user.id}`),
      );
      const row = state.rows[0];
      expect(row).toBeDefined();
      if (!row) return;
      expect(row.balance).toBeGreaterThanOrEqual(0);
      expect(row.ledger).toBe(row.balance);
      expect(row.spent).toBe(START - row.balance);
      expect(row.orders).toBe(ok.length);
      expect(row.spendRows).toBe(ok.length);
    },
  );
});
