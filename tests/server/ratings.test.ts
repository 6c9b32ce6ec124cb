// Rating after delivery (docs/CHECKOUT.md «Rating after delivery»): once per order, only by its
// customer, only once delivered; every other case is a Russian refusal. The visit's prompt lists
// delivered orders neither rated nor dismissed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATING_MESSAGES } from '../../src/domain/rating.js';
import { createTestServer, type TestServer } from './helpers.js';
import { auth, signedInUser } from './ordersFixtures.js';
import { insertOrder } from './admin/staffFixtures.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

type Customer = Awaited<ReturnType<typeof signedInUser>>;

async function customerWithOrder(status: string, deliveryMethod: 'delivery' | 'self' = 'delivery') {
  const customer = await signedInUser(server.db);
  const order = await insertOrder(server, { userId: customer.id, status, deliveryMethod });
  return { customer, order };
}

function rate(customer: Customer | null, orderId: string, payload: Record<string, unknown>) {
  return server.app.inject({
    method: 'POST',
    url: `/api/v1/order/${orderId}/rating`,
    headers: customer ? auth(customer.token) : {},
    payload,
  });
}

function ratingsOf(customer: Customer, id = customer.id) {
  return server.app.inject({ method: 'GET', url: `/api/v1/user/${id}/ratings`, headers: auth(customer.token) });
}

const messageOf = (res: { json: <T>() => T }) => res.json<{ message: string }>().message;

describe('POST /order/:id/rating', () => {
  it('stores a rating of a delivered order: tags in the form’s order, the comment trimmed (201)', async () => {
    const { customer, order } = await customerWithOrder('Delivered');
    server.clock.set('2026-11-20T07:00:00.000Z');
    const res = await rate(customer, order.id, {
      score: 2,
      tags: ['опоздали', 'холодное', 'опоздали'],
      comment: '  Курьер задержался на час  ',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      orderId: order.id,
      score: 2,
      tags: ['холодное', 'опоздали'],
      comment: 'Курьер задержался на час',
      createdAt: '2026-11-20T07:00:00.000Z',
    });
    const listed = await ratingsOf(customer);
    expect(listed.json<{ ratings: { orderId: string }[] }>().ratings.map((r) => r.orderId)).toEqual([order.id]);
  });

  it('a completed pickup (Closed) may be rated too', async () => {
    const { customer, order } = await customerWithOrder('Closed', 'self');
    const res = await rate(customer, order.id, { score: 5 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ score: 5, tags: [], comment: '' });
  });

  it('422 «Оценить заказ можно после того, как его доставят» before delivery', async () => {
    for (const status of ['Unconfirmed', 'CookingStarted', 'OnWay', 'Waiting']) {
      const { customer, order } = await customerWithOrder(status);
      const res = await rate(customer, order.id, { score: 4 });
      expect(res.statusCode, status).toBe(422);
      expect(messageOf(res)).toBe('Оценить заказ можно после того, как его доставят');
    }
  });

  it('422 «Отменённый заказ оценить нельзя» for a cancelled order', async () => {
    const { customer, order } = await customerWithOrder('Cancelled');
    const res = await rate(customer, order.id, { score: 1 });
    expect(res.statusCode).toBe(422);
    expect(messageOf(res)).toBe(RATING_MESSAGES.cancelled);
  });

  it('409 «Этот заказ уже оценён» the second time; the first rating stays', async () => {
    const { customer, order } = await customerWithOrder('Delivered');
    expect((await rate(customer, order.id, { score: 4, comment: 'первая' })).statusCode).toBe(201);
    const again = await rate(customer, order.id, { score: 1, comment: 'вторая' });
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe('Этот заказ уже оценён');
    const listed = (await ratingsOf(customer)).json<{ ratings: { score: number; comment: string }[] }>();
    expect(listed.ratings).toEqual([expect.objectContaining({ score: 4, comment: 'первая' })]);
  });

  it('two ratings sent at once: one is stored, the other is 409', async () => {
    const { customer, order } = await customerWithOrder('Delivered');
    const answers = await Promise.all([rate(customer, order.id, { score: 5 }), rate(customer, order.id, { score: 3 })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });

  it('403 «Оценить заказ может только тот, кто его оформил» for another customer’s order (IDOR); nothing stored', async () => {
    const { customer: owner, order } = await customerWithOrder('Delivered');
    const stranger = await signedInUser(server.db);
    const res = await rate(stranger, order.id, { score: 1, comment: 'не мой заказ' });
    expect(res.statusCode).toBe(403);
    expect(messageOf(res)).toBe('Оценить заказ может только тот, кто его оформил');
    const dismiss = await server.app.inject({
      method: 'POST',
      url: `/api/v1/order/${order.id}/rating/dismiss`,
      headers: auth(stranger.token),
    });
    expect(dismiss.statusCode).toBe(403);
    // the owner still sees the prompt and may rate
    const prompts = (await ratingsOf(owner)).json<{ prompts: { orderId: string }[] }>().prompts;
    expect(prompts.map((p) => p.orderId)).toEqual([order.id]);
    expect((await rate(owner, order.id, { score: 5 })).statusCode).toBe(201);
  });

  it('403 for another customer’s ratings list', async () => {
    const owner = await signedInUser(server.db);
    const stranger = await signedInUser(server.db);
    const res = await ratingsOf(stranger, owner.id);
    expect(res.statusCode).toBe(403);
  });

  it('400 «Поставьте оценку от 1 до 5» for a score outside 1–5 or not whole', async () => {
    const { customer, order } = await customerWithOrder('Delivered');
    for (const score of [0, 6, 2.5, -1]) {
      const res = await rate(customer, order.id, { score });
      expect(res.statusCode, String(score)).toBe(400);
      expect(messageOf(res)).toBe('Поставьте оценку от 1 до 5');
    }
    const missing = await rate(customer, order.id, {});
    expect(missing.statusCode).toBe(400);
    expect(messageOf(missing)).toMatch(/^Некорректные данные запроса/);
  });

  it('400 «Комментарий — не длиннее 500 символов» for 501 characters; 500 are accepted', async () => {
    const { customer, order } = await customerWithOrder('Delivered');
    const long = await rate(customer, order.id, { score: 3, comment: 'ж'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(messageOf(long)).toBe('Комментарий — не длиннее 500 символов');
    const fits = await rate(customer, order.id, { score: 3, comment: 'ж'.repeat(500) });
    expect(fits.statusCode, fits.body).toBe(201);
  });

  it('400 «Выберите теги из предложенных» for an unknown tag', async () => {
    const { customer, order } = await customerWithOrder('Delivered');
    const res = await rate(customer, order.id, { score: 3, tags: ['ужасно'] });
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe('Выберите теги из предложенных');
  });

  it('401 without a session, 404 «Заказ не найден» for an unknown order', async () => {
    const { order } = await customerWithOrder('Delivered');
    expect((await rate(null, order.id, { score: 5 })).statusCode).toBe(401);
    const customer = await signedInUser(server.db);
    const res = await rate(customer, 'no-such-order', { score: 5 });
    expect(res.statusCode).toBe(404);
    expect(messageOf(res)).toBe('Заказ не найден');
  });
});

describe('the visit’s prompt: GET /user/:id/ratings and POST /order/:id/rating/dismiss', () => {
  it('lists delivered orders neither rated nor dismissed, newest first; dismissing or rating removes one', async () => {
    const customer = await signedInUser(server.db);
    const orderPlaced = (createdAt: string, status: string) =>
      insertOrder(server, { userId: customer.id, status, createdAt });
    const first = await orderPlaced('2026-11-19T04:00:00Z', 'Delivered');
    const second = await orderPlaced('2026-11-19T05:00:00Z', 'Closed');
    const third = await orderPlaced('2026-11-19T06:00:00Z', 'Delivered');
    await orderPlaced('2026-11-19T07:00:00Z', 'OnWay');
    // a delivery more than 30 days old is not offered any more
    await orderPlaced('2026-10-01T04:00:00Z', 'Delivered');
    server.clock.set('2026-11-20T05:00:00.000Z');
    const prompts = async () =>
      (await ratingsOf(customer)).json<{ prompts: { orderId: string; number: number }[] }>().prompts;
    expect((await prompts()).map((p) => p.orderId)).toEqual([third.id, second.id, first.id]);

    const dismissed = await server.app.inject({
      method: 'POST',
      url: `/api/v1/order/${third.id}/rating/dismiss`,
      headers: auth(customer.token),
    });
    expect(dismissed.statusCode).toBe(204);
    expect((await rate(customer, second.id, { score: 5 })).statusCode).toBe(201);
    expect(await prompts()).toEqual([
      { orderId: first.id, number: first.number, createdAt: '2026-11-19T04:00:00.000Z' },
    ]);
    // a dismissed order may still be rated from the history or /complete
    expect((await rate(customer, third.id, { score: 4 })).statusCode).toBe(201);
  });

  it('422 when dismissing the prompt of an order not delivered yet', async () => {
    const { customer, order } = await customerWithOrder('CookingStarted');
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/v1/order/${order.id}/rating/dismiss`,
      headers: auth(customer.token),
    });
    expect(res.statusCode).toBe(422);
    expect(messageOf(res)).toBe(RATING_MESSAGES.notDelivered);
  });
});
