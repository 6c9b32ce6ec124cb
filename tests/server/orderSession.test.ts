// POST /order looks its session up in the same statement that claims the Idempotency-Key
// (services/order/idempotency.ts, claimKeyOfSession). The session rules are those of every other
// route (services/sessions.ts): unknown, revoked, idle for SESSION_IDLE_DAYS or a deleted
// customer is 401 'Требуется вход по номеру телефона' and claims nothing; a session last seen
// more than an hour ago is marked seen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SESSION_IDLE_DAYS, hashToken } from '../../server/services/sessions.js';
import { createTestServer, type TestServer } from './helpers.js';
import { OPEN_NOW, deliveryBody, newKey, postOrder, signedInUser } from './ordersFixtures.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const UNAUTHORIZED = 'Требуется вход по номеру телефона';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
  server.clock.set(OPEN_NOW);
});
afterAll(async () => {
  await server.close();
});

const exec = (query: ReturnType<typeof sql>) => server.db.run((db) => db.execute(query));

async function keysOf(userId: string): Promise<number> {
  const rows = await server.db.run((db) =>
    db.execute<{ n: number }>(sql`select count(*)::int as n from idempotency_keys where user_id = ${userId}`),
  );
  return rows.rows[0]?.n ?? -1;
}

async function lastSeen(token: string): Promise<string> {
  const rows = await server.db.run((db) =>
    db.execute<{ at: string }>(
      sql`select to_char(last_seen_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as at from sessions where token_hash = ${hashToken(token)}`,
    ),
  );
  return rows.rows[0]?.at ?? '';
}

async function expectUnauthorized(token: string | null, userId: string | null, key: string | null = newKey()) {
  const res = await postOrder(server, token, deliveryBody(), key);
  expect(res.statusCode, res.body).toBe(401);
  expect(res.json().message).toBe(UNAUTHORIZED);
  if (userId !== null) expect(await keysOf(userId)).toBe(0);
}

describe("POST /order: the session, looked up with the key's claim", () => {
  it('no token, a token of the wrong shape and an unknown token: 401', async () => {
    await expectUnauthorized(null, null);
    await expectUnauthorized('not-a-token', null);
    await expectUnauthorized('A'.repeat(43), null);
  });

  it('without a session the missing or malformed key is still 401 first', async () => {
    await expectUnauthorized(null, null, null);
    await expectUnauthorized('A'.repeat(43), null, 'ключ с пробелами');
  });

  it('a revoked session: 401, no key claimed', async () => {
    const user = await signedInUser(server.db);
    await exec(sql`update sessions set revoked_at = now() where user_id = ${user.id}`);
    await expectUnauthorized(user.token, user.id);
  });

  it(`a session idle for more than ${SESSION_IDLE_DAYS} days: 401, no key claimed`, async () => {
    const idleSince = new Date(new Date(OPEN_NOW).getTime() - (SESSION_IDLE_DAYS + 1) * DAY_MS);
    const user = await signedInUser(server.db, { now: idleSince });
    await expectUnauthorized(user.token, user.id);
  });

  it('a deleted customer: 401, no key claimed', async () => {
    const user = await signedInUser(server.db);
    await exec(sql`update users set deleted_at = now() where id = ${user.id}`);
    await expectUnauthorized(user.token, user.id);
  });

  it('an order marks a session last seen more than an hour ago as seen now, and leaves a recent one', async () => {
    const twoHoursAgo = new Date(new Date(OPEN_NOW).getTime() - 2 * 60 * 60 * 1000);
    const stale = await signedInUser(server.db, { now: twoHoursAgo });
    const res = await postOrder(server, stale.token, deliveryBody());
    expect(res.statusCode, res.body).toBe(200);
    expect(await lastSeen(stale.token)).toBe('2026-11-20T05:00:00');

    const tenMinutesAgo = new Date(new Date(OPEN_NOW).getTime() - 10 * 60 * 1000);
    const recent = await signedInUser(server.db, { now: tenMinutesAgo });
    expect((await postOrder(server, recent.token, deliveryBody())).statusCode).toBe(200);
    expect(await lastSeen(recent.token)).toBe('2026-11-20T04:50:00');
  });

  it("a session's order is the customer's own: it is stored under their id", async () => {
    const user = await signedInUser(server.db);
    const other = await signedInUser(server.db);
    const res = await postOrder(server, user.token, deliveryBody());
    expect(res.statusCode, res.body).toBe(200);
    expect(await keysOf(user.id)).toBe(1);
    expect(await keysOf(other.id)).toBe(0);
  });
});
