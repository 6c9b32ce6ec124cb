import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  IDEMPOTENCY_KEEP_MS,
  IDEMPOTENCY_STALE_MS,
  canonicalJson,
  requestHash,
} from '../../server/services/order/idempotency.js';
import { CreateOrderBody } from '../../src/api/contract/orders.js';
import { newBootId } from '../../server/db/database.js';
import { geocoderOf } from '../../server/services/geocoding.js';
import {
  auth,
  bonusBalance,
  deliveryBody,
  newKey,
  postOrder,
  orderServerPerFile,
  signedInUser,
} from './ordersFixtures.js';

// OPEN_NOW: Friday 13:00 in Asia/Irkutsk, again after each test.
const server = orderServerPerFile({ resetClockAfterEach: true });

async function ordersOf(userId: string): Promise<number> {
  const rows = await server.db.run((db) =>
    db.execute<{ n: number }>(sql`select count(*)::int as n from orders where user_id = ${userId}`),
  );
  return rows.rows[0]?.n ?? -1;
}

describe('POST /order with an Idempotency-Key', () => {
  it('the same key and body twice: one order, the same answer', async () => {
    const user = await signedInUser(server.db, { balance: 300 });
    const key = newKey();
    const body = deliveryBody({ spendBonus: 100 });
    const first = await postOrder(server, user.token, body, key);
    const second = await postOrder(server, user.token, body, key);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await ordersOf(user.id)).toBe(1);
    // the answer is the order as stored (it is built before the insert, which gives the number)
    const read = await server.app.inject({
      method: 'GET',
      url: `/api/v1/order/${first.json().id}`,
      headers: auth(user.token),
    });
    expect(read.json()).toEqual(first.json());
    // bonuses were spent once
    expect(await bonusBalance(server.db, user.id)).toBe(200);
  });

  it('the same body with keys in another order hashes the same', async () => {
    const user = await signedInUser(server.db);
    const key = newKey();
    const body = deliveryBody();
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    expect(canonicalJson(reordered)).toBe(canonicalJson(body));
    const first = await postOrder(server, user.token, body, key);
    const second = await postOrder(server, user.token, reordered, key);
    expect(second.json().id).toBe(first.json().id);
  });

  it('the same key with another body: 422', async () => {
    const user = await signedInUser(server.db);
    const key = newKey();
    expect((await postOrder(server, user.token, deliveryBody(), key)).statusCode).toBe(200);
    const other = await postOrder(server, user.token, deliveryBody({ persons: 5 }), key);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe('Ключ идемпотентности уже использован для другого заказа');
    expect(await ordersOf(user.id)).toBe(1);
  });

  it('keys belong to a customer: another customer’s same key is a separate order', async () => {
    const a = await signedInUser(server.db);
    const b = await signedInUser(server.db);
    const key = newKey();
    const ra = await postOrder(server, a.token, deliveryBody(), key);
    const rb = await postOrder(server, b.token, deliveryBody(), key);
    expect(ra.statusCode).toBe(200);
    expect(rb.statusCode).toBe(200);
    expect(ra.json().id).not.toBe(rb.json().id);
  });

  it('concurrent requests with the same key: one order; the other gets 409 or the same answer', async () => {
    const user = await signedInUser(server.db, { balance: 500 });
    const key = newKey();
    const body = deliveryBody({ spendBonus: 100 });
    const answers = await Promise.all([1, 2, 3, 4].map(() => postOrder(server, user.token, body, key)));
    const ok = answers.filter((r) => r.statusCode === 200);
    const busy = answers.filter((r) => r.statusCode === 409);
    expect(ok.length + busy.length).toBe(answers.length);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((r) => r.json().id)).size).toBe(1);
    for (const r of busy) expect(r.json().message).toBe('Заказ уже оформляется');
    expect(await ordersOf(user.id)).toBe(1);
    // after the first finished, a retry gets the stored answer
    const retry = await postOrder(server, user.token, body, key);
    expect(retry.json().id).toBe(ok[0]?.json().id);
  });

  /** What a first attempt leaves while it works (or after it died without committing). */
  async function leaveClaim(
    userId: string,
    key: string,
    body: Record<string, unknown>,
    owner: string | null,
  ): Promise<void> {
    const hash = requestHash(CreateOrderBody.parse(body));
    const now = server.clock.now();
    await server.db.run((db) =>
      db.execute(
        sql`insert into idempotency_keys (user_id, key, request_hash, state, created_at, owner) values (${userId}, ${key}, ${hash}, 'running', ${now}, ${owner}::bigint)`,
      ),
    );
  }

  it("a retry while this process still runs the first attempt: 409 'Заказ уже оформляется'; a claim stuck that long is taken over after IDEMPOTENCY_STALE_MS", async () => {
    const user = await signedInUser(server.db);
    const key = newKey();
    const body = deliveryBody();
    await leaveClaim(user.id, key, body, server.db.bootId);
    const busy = await postOrder(server, user.token, body, key);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe('Заказ уже оформляется');
    expect(await ordersOf(user.id)).toBe(0);
    server.clock.advance(IDEMPOTENCY_STALE_MS + 1000);
    const taken = await postOrder(server, user.token, body, key);
    expect(taken.statusCode).toBe(200);
    expect(await ordersOf(user.id)).toBe(1);
  });

  it('a claim of a process that is gone (another boot id, no lease) is taken over at once', async () => {
    const user = await signedInUser(server.db);
    const key = newKey();
    const body = deliveryBody();
    await leaveClaim(user.id, key, body, newBootId());
    const taken = await postOrder(server, user.token, body, key);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await ordersOf(user.id)).toBe(1);
    const again = await postOrder(server, user.token, body, key);
    expect(again.json().id).toBe(taken.json().id);
    expect(await ordersOf(user.id)).toBe(1);
  });

  it('a claim without an owner (made before owners were recorded) waits for IDEMPOTENCY_STALE_MS', async () => {
    const user = await signedInUser(server.db);
    const key = newKey();
    const body = deliveryBody();
    await leaveClaim(user.id, key, body, null);
    expect((await postOrder(server, user.token, body, key)).statusCode).toBe(409);
    server.clock.advance(IDEMPOTENCY_STALE_MS + 1000);
    expect((await postOrder(server, user.token, body, key)).statusCode).toBe(200);
    expect(await ordersOf(user.id)).toBe(1);
  });

  // With bonuses the order is written in a transaction; without, by one statement (place.ts).
  it.each([
    { path: 'its transaction', spendBonus: 100 },
    { path: 'its single statement', spendBonus: 0 },
  ])(
    'an attempt whose claim was taken over meanwhile stores nothing: $path rolls back with 409',
    async ({ spendBonus }) => {
      const user = await signedInUser(server.db, { balance: 300 });
      const key = newKey();
      const body = deliveryBody({ spendBonus });
      const other = newBootId();
      const reference = server.ctx.geocoder;
      const geocoder = await geocoderOf(server.ctx);
      // while this attempt geocodes (before its transaction), another process takes the key over
      server.ctx.geocoder = {
        name: geocoder.name,
        reverse: (point, city) => geocoder.reverse(point, city),
        forward: async (query) => {
          await server.db.run((db) =>
            db.execute(
              sql`update idempotency_keys set owner = ${other}::bigint, created_at = created_at + interval '1 second' where user_id = ${user.id} and key = ${key}`,
            ),
          );
          return geocoder.forward(query);
        },
      };
      try {
        const lost = await postOrder(server, user.token, body, key);
        expect(lost.statusCode, lost.body).toBe(409);
        expect(lost.json().message).toBe('Заказ уже оформляется');
      } finally {
        server.ctx.geocoder = reference;
      }
      expect(await ordersOf(user.id)).toBe(0);
      expect(await bonusBalance(server.db, user.id)).toBe(300);
      // the other claim is still there, untouched by the losing attempt
      const claim = await server.db.run((db) =>
        db.execute<{ state: string; owner: string }>(
          sql`select state, owner::text as owner from idempotency_keys where user_id = ${user.id} and key = ${key}`,
        ),
      );
      expect(claim.rows).toEqual([{ state: 'running', owner: other }]);
    },
  );

  it('a refusal releases the key: the same key may be sent again', async () => {
    const user = await signedInUser(server.db);
    const key = newKey();
    const refused = await postOrder(server, user.token, deliveryBody({ expectedTotal: 1 }), key);
    expect(refused.statusCode).toBe(422);
    const again = await postOrder(server, user.token, deliveryBody({ expectedTotal: 1 }), key);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toMatch(/^Цены изменились: /);
    const placed = await postOrder(server, user.token, deliveryBody(), key);
    expect(placed.statusCode).toBe(200);
  });

  it('a week on, a new order deletes the customer’s older answers, and a forgotten key may carry another body', async () => {
    const user = await signedInUser(server.db);
    const oldKey = newKey();
    const reusedKey = newKey();
    expect((await postOrder(server, user.token, deliveryBody(), oldKey)).statusCode).toBe(200);
    expect((await postOrder(server, user.token, deliveryBody(), reusedKey)).statusCode).toBe(200);
    const keysOf = async () =>
      (
        await server.db.run((db) =>
          db.execute<{ key: string }>(sql`select key from idempotency_keys where user_id = ${user.id} order by key`),
        )
      ).rows.map((r) => r.key);
    server.clock.set('2026-11-28T05:00:00.000Z'); // eight days later, Saturday 13:00 in Irkutsk
    const other = await postOrder(server, user.token, deliveryBody({ comment: 'другой заказ' }), reusedKey);
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().comment).toBe('другой заказ');
    expect(await keysOf()).toEqual([reusedKey]);
    expect(await ordersOf(user.id)).toBe(3);
  });

  it('answers are kept for a week, then the customer’s old keys are forgotten', async () => {
    const user = await signedInUser(server.db);
    const key = newKey();
    const first = await postOrder(server, user.token, deliveryBody(), key);
    expect(first.statusCode).toBe(200);
    const kept = await postOrder(server, user.token, deliveryBody(), key);
    expect(kept.json().id).toBe(first.json().id);
    // eight days later, Saturday 13:00 in Irkutsk (open)
    const later8Days = '2026-11-28T05:00:00.000Z';
    expect(Date.parse(later8Days) - server.clock.now().getTime()).toBeGreaterThan(IDEMPOTENCY_KEEP_MS);
    server.clock.set(later8Days);
    const later = await postOrder(server, user.token, deliveryBody(), key);
    expect(later.statusCode).toBe(200);
    expect(later.json().id).not.toBe(first.json().id);
    expect(await ordersOf(user.id)).toBe(2);
  });
});
