// Ownership on every customer object route (DESIGN: the earlier storefront's user routes did not
// check that the token owned the id): 401 without a valid token, 403 for another customer's
// phone or id, and random bodies never give a 5xx nor touch another customer's data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq, isNull } from 'drizzle-orm';
import { createTestServer, type TestServer } from './helpers.js';
import { signIn, type SignedIn } from './customers.js';
import { addresses, bonusLedger, likes, sessions, users } from '../../server/db/schema/customers.js';
import { products } from '../../server/db/schema/catalog.js';
import { applyBonus } from '../../server/services/users.js';

const RUNS = Number(process.env.FC_RUNS ?? 300);

let server: TestServer;
let victim: SignedIn;
let attacker: SignedIn;
let victimAddressId: string;
let productIds: string[];

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** encodeURIComponent, or raw bytes of an encoded lone surrogate / invalid UTF-8 when it cannot encode. */
function enc(segment: string): string {
  try {
    return encodeURIComponent(segment);
  } catch {
    return segment.length % 2 === 0 ? '%ED%A0%80' : '%FF%FE';
  }
}
interface Call {
  name: string;
  method: Method;
  url: string;
  body?: unknown;
}

/** Every object route of the customer area, aimed at the victim's objects. */
function objectRoutes(): Call[] {
  const phone = encodeURIComponent(victim.phone);
  const id = victim.user.id;
  const [liked, other] = productIds;
  return [
    { name: 'GET /user/:phone', method: 'GET', url: `/user/${phone}` },
    { name: 'PATCH /user/:phone', method: 'PATCH', url: `/user/${phone}`, body: { name: 'Взлом' } },
    { name: 'DELETE /user/:phone', method: 'DELETE', url: `/user/${phone}` },
    {
      name: 'POST /user',
      method: 'POST',
      url: '/user',
      body: { phone: victim.phone, name: 'Взлом', personalData: true },
    },
    { name: 'GET /user/:phone/balance', method: 'GET', url: `/user/${phone}/balance` },
    { name: 'GET /user/:id/like', method: 'GET', url: `/user/${id}/like` },
    { name: 'GET /address/by-user-id/:userId', method: 'GET', url: `/address/by-user-id/${id}` },
    {
      name: 'POST /address/',
      method: 'POST',
      url: '/address/',
      body: { userId: id, city: 'Ангарск', street: 'Ленина', home: '9' },
    },
    { name: 'DELETE /address/:id', method: 'DELETE', url: `/address/${victimAddressId}` },
    { name: 'POST /like', method: 'POST', url: '/like', body: { userId: id, productId: other } },
    { name: 'DELETE /like/:userId/:productId', method: 'DELETE', url: `/like/${id}/${liked}` },
  ];
}

function send(call: Call, headers: Record<string, string> = {}) {
  return server.app.inject({
    method: call.method,
    url: `/api/v1${call.url}`,
    headers: call.body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(call.body === undefined ? {} : { payload: JSON.stringify(call.body) }),
  });
}

/** Everything of the victim that another customer must never change. */
async function victimState() {
  const id = victim.user.id;
  return server.db.run(async (db) => ({
    user: await db.select().from(users).where(eq(users.id, id)),
    addresses: await db.select().from(addresses).where(eq(addresses.userId, id)),
    likes: await db.select().from(likes).where(eq(likes.userId, id)),
    ledger: await db.select().from(bonusLedger).where(eq(bonusLedger.userId, id)),
    sessions: await db
      .select({ tokenHash: sessions.tokenHash })
      .from(sessions)
      .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt))),
  }));
}
let before: Awaited<ReturnType<typeof victimState>>;

beforeAll(async () => {
  server = await createTestServer();
  productIds = (await server.db.run((db) => db.select({ id: products.id }).from(products).limit(2))).map((p) => p.id);
  if (productIds.length < 2) throw new Error('the demo chain needs 2 products');
  victim = await signIn(server, undefined, 'Жертва');
  attacker = await signIn(server, undefined, 'Чужой');
  const address = await send(
    {
      name: '',
      method: 'POST',
      url: '/address/',
      body: { userId: victim.user.id, city: 'Ангарск', street: 'Ленина', home: '1' },
    },
    victim.auth,
  );
  victimAddressId = address.json().id;
  expect(
    (
      await send(
        { name: '', method: 'POST', url: '/like', body: { userId: victim.user.id, productId: productIds[0] } },
        victim.auth,
      )
    ).statusCode,
  ).toBe(201);
  await server.db.transaction((tx) =>
    applyBonus(tx, { userId: victim.user.id, delta: 300, reason: 'test', orderId: null }, server.clock.now()),
  );
  before = await victimState();
});
afterAll(async () => {
  await server?.close();
});

describe('every object route', () => {
  it("answers 401 'Требуется вход по номеру телефона' without a token, with a malformed one and with an unknown one", async () => {
    // No header, not a token, a well-formed unknown token, the victim's token without 'Bearer'.
    const variants: Record<string, string>[] = [
      {},
      { authorization: 'Bearer nonsense' },
      { authorization: `Bearer ${'A'.repeat(43)}` },
      { authorization: victim.token },
    ];
    for (const call of objectRoutes()) {
      for (const headers of variants) {
        const r = await send(call, headers);
        expect(r.statusCode, `${call.name} ${JSON.stringify(headers)}`).toBe(401);
        expect(r.json().message).toBe('Требуется вход по номеру телефона');
      }
    }
    expect(await victimState()).toEqual(before);
  });

  it("answers 403 'Доступ запрещён' with another customer's token, whatever the phone spelling", async () => {
    const national = victim.phone.slice(2);
    const calls = [
      ...objectRoutes(),
      { name: 'GET /user/8…', method: 'GET' as const, url: `/user/8${national}` },
      { name: 'GET /user/7…/balance', method: 'GET' as const, url: `/user/7${national}/balance` },
      {
        name: 'PATCH /user/+7 (…)',
        method: 'PATCH' as const,
        url: `/user/${encodeURIComponent(`+7 (${national.slice(0, 3)}) ${national.slice(3)}`)}`,
        body: {},
      },
    ];
    for (const call of calls) {
      const r = await send(call, attacker.auth);
      expect(r.statusCode, call.name).toBe(403);
      expect(r.json().message).toBe('Доступ запрещён');
    }
    expect(await victimState()).toEqual(before);
  });

  it('still works for the owner (the routes above are live, not refusing everyone)', async () => {
    const r = await send(
      { name: '', method: 'GET', url: `/user/${encodeURIComponent(victim.phone)}/balance` },
      victim.auth,
    );
    expect(r.json()).toEqual({ balance: 300 });
    expect((await send({ name: '', method: 'GET', url: `/user/${victim.user.id}/like` }, victim.auth)).json()).toEqual([
      { productId: productIds[0] },
    ]);
  });
});

describe('text PostgreSQL cannot store', () => {
  it('is refused with 400 instead of failing in the database (U+0000, lone surrogates)', async () => {
    const me = attacker;
    const calls: Call[] = [
      { name: 'name', method: 'PATCH', url: `/user/${me.phone}`, body: { name: 'a\u0000b' } },
      { name: 'allergen', method: 'PATCH', url: `/user/${me.phone}`, body: { userAllergens: ['\uD800'] } },
      { name: 'like', method: 'POST', url: '/like', body: { userId: me.user.id, productId: 'a\u0000b' } },
      {
        name: 'address',
        method: 'POST',
        url: '/address/',
        body: { userId: me.user.id, city: 'a\u0000', street: 'b', home: '1' },
      },
      { name: 'delete address', method: 'DELETE', url: '/address/a%00b' },
      { name: 'unlike', method: 'DELETE', url: `/like/${me.user.id}/a%00b` },
      {
        name: 'sign-in name',
        method: 'POST',
        url: '/auth/token',
        body: { phone: me.phone, code: '123456', name: '\u0000' },
      },
    ];
    for (const call of calls) {
      const r = await send(call, me.auth);
      expect(r.statusCode, call.name).toBe(400);
      expect(r.json().message).toMatch(/^Некорректные данные запроса/);
    }
  });
});

describe('random JSON bodies (fast-check)', () => {
  // Values that aim at the victim as well as noise, and strings PostgreSQL cannot store.
  const nasty = fc.oneof(
    fc.constantFrom('\u0000', 'a\u0000b', '\uD800', '\uDFFFx', '%00', "'; drop table users; --"),
    fc.string({ unit: 'binary', maxLength: 20 }),
  );
  const phoneLike = () =>
    fc.oneof(
      fc.constant(victim.phone),
      fc.constant(`8${victim.phone.slice(2)}`),
      fc.constant(attacker.phone),
      fc.constant(''),
      fc.string({ maxLength: 20 }),
      nasty,
      fc.jsonValue(),
    );
  const idLike = () =>
    fc.oneof(
      fc.constant(victim.user.id),
      fc.constant(attacker.user.id),
      fc.constant(victimAddressId),
      fc.string({ maxLength: 70 }),
      nasty,
      fc.jsonValue(),
    );
  const textLike = () =>
    fc.oneof(fc.string({ maxLength: 30 }), fc.string({ minLength: 90, maxLength: 600 }), nasty, fc.jsonValue());
  const flag = fc.oneof(fc.boolean(), fc.jsonValue());
  const plausibleBody = () =>
    fc.record(
      {
        phone: phoneLike(),
        code: fc.oneof(fc.stringMatching(/^\d{6}$/), textLike()),
        captchaToken: textLike(),
        userId: idLike(),
        id: idLike(),
        productId: fc.oneof(fc.constantFrom(...productIds), idLike()),
        name: textLike(),
        personalData: flag,
        PUSHNotifications: flag,
        receiveAdvertisingInformation: flag,
        userAllergens: fc.oneof(
          fc.array(fc.oneof(fc.string({ maxLength: 70 }), nasty), { maxLength: 60 }),
          fc.jsonValue(),
        ),
        balance: fc.oneof(fc.integer(), fc.jsonValue()),
        city: textLike(),
        street: textLike(),
        home: textLike(),
        apartment: textLike(),
        entrance: textLike(),
        floor: textLike(),
        intercom: textLike(),
        comment: textLike(),
        location: fc.oneof(fc.record({ lat: fc.double(), lon: fc.double() }), fc.jsonValue()),
      },
      { requiredKeys: [] },
    );
  const anyBody = () => fc.oneof(plausibleBody(), fc.jsonValue());

  const targets: { name: string; method: Method; url: () => fc.Arbitrary<string> }[] = [
    { name: 'POST /auth/code', method: 'POST', url: () => fc.constant('/auth/code') },
    { name: 'POST /auth/token', method: 'POST', url: () => fc.constant('/auth/token') },
    { name: 'POST /user', method: 'POST', url: () => fc.constant('/user') },
    {
      name: 'PATCH /user/:phone',
      method: 'PATCH',
      url: () =>
        fc
          .oneof(
            fc.constant(victim.phone),
            fc.constant(attacker.phone),
            fc.string({ minLength: 1, maxLength: 70 }),
            nasty,
          )
          .map((p) => `/user/${enc(p)}`),
    },
    { name: 'POST /address/', method: 'POST', url: () => fc.constant('/address/') },
    { name: 'POST /like', method: 'POST', url: () => fc.constant('/like') },
  ];

  it('random path segments on every object route: never a 5xx, never a change to another customer', async () => {
    const segment = fc.oneof(
      fc.constant(victim.user.id),
      fc.constant(victim.phone),
      fc.constant(victimAddressId),
      fc.string({ minLength: 1, maxLength: 80 }),
      nasty.filter((v) => v.length > 0),
    );
    const shapes: { method: Method; path: (a: string, b: string) => string }[] = [
      { method: 'GET', path: (a) => `/user/${a}` },
      { method: 'DELETE', path: (a) => `/user/${a}` },
      { method: 'GET', path: (a) => `/user/${a}/balance` },
      { method: 'GET', path: (a) => `/user/${a}/like` },
      { method: 'GET', path: (a) => `/address/by-user-id/${a}` },
      { method: 'DELETE', path: (a) => `/address/${a}` },
      { method: 'DELETE', path: (a, b) => `/like/${a}/${b}` },
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...shapes),
        segment,
        fc.oneof(segment, fc.constantFrom(...productIds)),
        fc.boolean(),
        async (shape, a, b, withToken) => {
          const url = shape.path(enc(a), enc(b));
          const r = await send({ name: url, method: shape.method, url }, withToken ? attacker.auth : {});
          expect(r.statusCode, `${shape.method} ${url}: ${r.body}`).toBeLessThan(500);
        },
      ),
      { numRuns: RUNS },
    );
    expect(await victimState()).toEqual(before);
  }, 300_000);

  it.each(targets)(
    '$name: never a 5xx, never a change to another customer',
    async (target) => {
      await fc.assert(
        fc.asyncProperty(target.url(), anyBody(), fc.boolean(), async (url, body, withToken) => {
          const r = await send({ name: target.name, method: target.method, url, body }, withToken ? attacker.auth : {});
          expect(r.statusCode, `${r.statusCode} ${r.body}`).toBeLessThan(500);
          if (r.statusCode >= 400) expect(typeof r.json().message).toBe('string');
        }),
        { numRuns: RUNS },
      );
      expect(await victimState()).toEqual(before);
    },
    300_000,
  );
});
