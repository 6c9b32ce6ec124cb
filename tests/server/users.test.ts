// User routes of PRODUCT.md §7 (profile, balance, account deletion) for the signed-in owner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestServer, type TestServer } from './helpers.js';
import { nextPhone, saveAddress, signIn } from './customers.js';
import { addresses, bonusLedger, likes, users } from '../../server/db/schema/customers.js';
import { products } from '../../server/db/schema/catalog.js';
import { applyBonus, NOT_ENOUGH_BONUS_MESSAGE } from '../../server/services/users.js';
import { HttpError } from '../../server/http/errors.js';

let server: TestServer;
let productId: string;
beforeAll(async () => {
  server = await createTestServer();
  const [product] = await server.db.run((db) => db.select({ id: products.id }).from(products).limit(1));
  if (!product) throw new Error('the demo chain has no products');
  productId = product.id;
});
afterAll(async () => {
  await server?.close();
});

const api = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) =>
  server.app.inject({
    method,
    url: `/api/v1${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('GET /user/:phone', () => {
  it("accepts the phone as '%2B7…', '+7…', '7…' and '8…' (normalised by PRODUCT.md §5)", async () => {
    const me = await signIn(server);
    const national = me.phone.slice(2);
    for (const spelling of [encodeURIComponent(me.phone), me.phone, `7${national}`, `8${national}`]) {
      const r = await api('GET', `/user/${spelling}`, me.auth);
      expect(r.statusCode, spelling).toBe(200);
      expect(r.json()).toEqual(me.user);
    }
  });
});

describe('PATCH /user/:phone and POST /user', () => {
  it('changes name, consents and allergens; ignores balance and phone in the body', async () => {
    const me = await signIn(server);
    const r = await api('PATCH', `/user/${me.phone}`, me.auth, {
      name: '  Мария ',
      PUSHNotifications: true,
      receiveAdvertisingInformation: true,
      userAllergens: ['gluten', 'nuts', 'gluten'],
      balance: 1_000_000,
      phone: '+70000000000',
      id: 'someone-else',
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      ...me.user,
      name: 'Мария',
      PUSHNotifications: true,
      receiveAdvertisingInformation: true,
      userAllergens: ['gluten', 'nuts'],
    });
  });

  it('withdraws consent to personal data when asked', async () => {
    const me = await signIn(server);
    const r = await api('PATCH', `/user/${me.phone}`, me.auth, { personalData: false });
    expect(r.json().personalData).toBe(false);
  });

  it('rejects a malformed body with 400 and a Russian message', async () => {
    const me = await signIn(server);
    const r = await api('PATCH', `/user/${me.phone}`, me.auth, { name: 'x'.repeat(101) });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toMatch(/^Некорректные данные запроса/);
  });

  it('POST /user updates the signed-in user (accounts are created by /auth/token)', async () => {
    const me = await signIn(server);
    const r = await api('POST', '/user', me.auth, {
      phone: me.phone,
      name: 'Пётр',
      personalData: true,
      PUSHNotifications: true,
      receiveAdvertisingInformation: false,
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ id: me.user.id, name: 'Пётр', PUSHNotifications: true });
  });

  it("POST /user validates the phone: 'Введите номер телефона' / 'Неверный формат телефона'", async () => {
    const me = await signIn(server);
    const empty = await api('POST', '/user', me.auth, { name: 'Пётр' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('Введите номер телефона');
    const bad = await api('POST', '/user', me.auth, { phone: '123' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('Неверный формат телефона');
  });
});

describe('GET /user/:phone/balance and the bonus ledger', () => {
  it('answers the running sum of the ledger; spending beyond the balance is refused and changes nothing', async () => {
    const me = await signIn(server);
    expect((await api('GET', `/user/${me.phone}/balance`, me.auth)).json()).toEqual({ balance: 0 });
    const now = server.clock.now();
    await server.db.transaction((tx) =>
      applyBonus(tx, { userId: me.user.id, delta: 150, reason: 'order-accrual', orderId: 'o-1' }, now),
    );
    await server.db.transaction((tx) =>
      applyBonus(tx, { userId: me.user.id, delta: -50, reason: 'order-spend', orderId: 'o-2' }, now),
    );
    const refused = await server.db
      .transaction((tx) =>
        applyBonus(tx, { userId: me.user.id, delta: -101, reason: 'order-spend', orderId: 'o-3' }, now),
      )
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).message).toBe(NOT_ENOUGH_BONUS_MESSAGE);
    expect((await api('GET', `/user/${encodeURIComponent(me.phone)}/balance`, me.auth)).json()).toEqual({
      balance: 100,
    });
    const ledger = await server.db.run((db) => db.select().from(bonusLedger).where(eq(bonusLedger.userId, me.user.id)));
    expect(ledger.map((e) => e.delta).sort((a, b) => a - b)).toEqual([-50, 150]);
  });
});

describe('DELETE /user/:phone', () => {
  it('erases personal data, deletes addresses and likes, revokes every session; the phone may sign up afresh', async () => {
    const phone = nextPhone();
    const me = await signIn(server, phone, 'Ольга');
    server.clock.advance(60_000);
    const second = await signIn(server, phone);
    expect(second.user.id).toBe(me.user.id);
    const address = await saveAddress(server, me);
    expect(address.statusCode).toBe(201);
    expect((await api('POST', '/like', me.auth, { userId: me.user.id, productId })).statusCode).toBe(201);

    const deleted = await api('DELETE', `/user/${phone}`, me.auth);
    expect(deleted.statusCode).toBe(204);

    for (const session of [me, second]) {
      const r = await api('GET', `/user/${phone}`, session.auth);
      expect(r.statusCode).toBe(401);
      expect(r.json().message).toBe('Требуется вход по номеру телефона');
    }
    const [row] = await server.db.run((db) => db.select().from(users).where(eq(users.id, me.user.id)));
    expect(row).toMatchObject({ phone: null, name: '', personalData: false, allergens: [] });
    expect(row?.deletedAt).not.toBeNull();
    expect(await server.db.run((db) => db.select().from(addresses).where(eq(addresses.userId, me.user.id)))).toEqual(
      [],
    );
    expect(await server.db.run((db) => db.select().from(likes).where(eq(likes.userId, me.user.id)))).toEqual([]);

    server.clock.advance(60_000);
    const again = await signIn(server, phone, 'Ольга');
    expect(again.user.id).not.toBe(me.user.id);
    expect(again.user.balance).toBe(0);
  });
});
