// Likes (PRODUCT.md §4, §7, §8): like, repeat like 409, unlike, list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './helpers.js';
import { callApi, signIn, type ApiCall } from './customers.js';
import { products } from '../../server/db/schema/catalog.js';

let server: TestServer;
let productIds: string[];
beforeAll(async () => {
  server = await createTestServer();
  productIds = (await server.db.run((db) => db.select({ id: products.id }).from(products).limit(3))).map((p) => p.id);
  if (productIds.length < 3) throw new Error('the demo chain needs 3 products');
});
afterAll(async () => {
  await server?.close();
});

const api = (...call: ApiCall) => callApi(server, ...call);

describe('POST /like', () => {
  it('likes a product (201) and counts likes of all customers', async () => {
    const [p] = productIds;
    const a = await signIn(server);
    const b = await signIn(server);
    const first = await api('POST', '/like', a.auth, { userId: a.user.id, productId: p });
    expect(first.statusCode).toBe(201);
    const base = first.json().likesCount;
    expect(first.json()).toEqual({ userId: a.user.id, productId: p, likesCount: base });
    const second = await api('POST', '/like', b.auth, { userId: b.user.id, productId: p });
    expect(second.json().likesCount).toBe(base + 1);
  });

  it("answers a repeat like with 409 'Нельзя поставить лайк этому товару повторно' (PRODUCT.md §8), never 500", async () => {
    const me = await signIn(server);
    const body = { userId: me.user.id, productId: productIds[1] };
    expect((await api('POST', '/like', me.auth, body)).statusCode).toBe(201);
    const answers = await Promise.all([api('POST', '/like', me.auth, body), api('POST', '/like', me.auth, body)]);
    for (const r of answers) {
      expect(r.statusCode).toBe(409);
      expect(r.json().message).toBe('Нельзя поставить лайк этому товару повторно');
    }
  });

  it("answers 404 'Товар не найден' for a product the catalogue does not have", async () => {
    const me = await signIn(server);
    const r = await api('POST', '/like', me.auth, { userId: me.user.id, productId: 'no-such-product' });
    expect(r.statusCode).toBe(404);
    expect(r.json().message).toBe('Товар не найден');
  });
});

describe('GET /user/:id/like and DELETE /like/:userId/:productId', () => {
  it('lists liked products as [{productId}] in liking order; unlike removes one and is idempotent', async () => {
    const me = await signIn(server);
    const [p1, p2, p3] = productIds;
    for (const productId of [p2, p1, p3]) {
      await api('POST', '/like', me.auth, { userId: me.user.id, productId });
      server.clock.advance(1_000);
    }
    expect((await api('GET', `/user/${me.user.id}/like`, me.auth)).json()).toEqual([
      { productId: p2 },
      { productId: p1 },
      { productId: p3 },
    ]);
    expect((await api('DELETE', `/like/${me.user.id}/${p1}`, me.auth)).statusCode).toBe(204);
    expect((await api('DELETE', `/like/${me.user.id}/${p1}`, me.auth)).statusCode).toBe(204);
    expect((await api('GET', `/user/${me.user.id}/like`, me.auth)).json()).toEqual([
      { productId: p2 },
      { productId: p3 },
    ]);
    // A product may be liked again after an unlike.
    expect((await api('POST', '/like', me.auth, { userId: me.user.id, productId: p1 })).statusCode).toBe(201);
  });
});
