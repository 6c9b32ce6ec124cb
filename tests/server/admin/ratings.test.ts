// Ratings for staff (docs/CHECKOUT.md «Rating after delivery»): the weekly average per restaurant
// (GET /admin/ratings/weekly, managers and admins), the rating in the order detail, and the live
// notice of a rating of 1–3 on the staff WebSocket.
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers.js';
import { auth, signedInUser } from '../ordersFixtures.js';
import { insertOrder, nextStaffIp, signInStaff, useStaffServer, type SignedInStaff } from './staffFixtures.js';

let server: TestServer;
let admin: SignedInStaff;
useStaffServer((s, a) => {
  server = s;
  admin = a;
});

/** A delivered order of a fresh customer at `restaurant`, rated `score` at `at`. */
async function rated(restaurant: string, cityId: string, score: number, at: string) {
  const customer = await signedInUser(server.db);
  const order = await insertOrder(server, {
    userId: customer.id,
    status: 'Delivered',
    deliveryTerminalId: restaurant,
    cityId,
    deliveryMethod: 'delivery',
  });
  server.clock.set(at);
  const res = await server.app.inject({
    method: 'POST',
    url: `/api/v1/order/${order.id}/rating`,
    headers: auth(customer.token),
    payload: { score, tags: score <= 3 ? ['холодное'] : ['очень вкусно'], comment: `оценка ${score}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return order;
}

const weekly = (staff: SignedInStaff, query = '') =>
  server.app.inject({ method: 'GET', url: `/api/v1/admin/ratings/weekly${query}`, headers: staff.auth });

describe('GET /admin/ratings/weekly', () => {
  it('averages per restaurant and week (Monday in the city’s zone), newest week first, filtered by city and dates', async () => {
    // week of Mon 2026-11-16 (Irkutsk, UTC+8)
    await rated('dt-angarsk-1', 'city-angarsk', 5, '2026-11-16T01:00:00.000Z');
    await rated('dt-angarsk-1', 'city-angarsk', 4, '2026-11-18T10:00:00.000Z');
    await rated('dt-angarsk-1', 'city-angarsk', 2, '2026-11-20T10:00:00.000Z');
    await rated('dt-shelekhov-1', 'city-shelekhov', 3, '2026-11-19T10:00:00.000Z');
    // Sunday 22nd 17:00 UTC is Monday 23rd 01:00 in Irkutsk: the next week
    await rated('dt-angarsk-1', 'city-angarsk', 1, '2026-11-22T17:00:00.000Z');
    // the week before, Sunday 15th 15:00 UTC = 23:00 in Irkutsk
    await rated('dt-angarsk-1', 'city-angarsk', 4, '2026-11-15T15:00:00.000Z');

    const res = await weekly(admin, '?from=2026-11-01&to=2026-11-30');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      weeks: [
        {
          restaurantId: 'dt-angarsk-1',
          restaurantName: 'Ролл и Пицца на 84-м квартале',
          cityId: 'city-angarsk',
          weekStart: '2026-11-23',
          average: 1,
          count: 1,
        },
        // within a week by restaurant name
        expect.objectContaining({ restaurantId: 'dt-shelekhov-1', weekStart: '2026-11-16', average: 3, count: 1 }),
        {
          restaurantId: 'dt-angarsk-1',
          restaurantName: 'Ролл и Пицца на 84-м квартале',
          cityId: 'city-angarsk',
          weekStart: '2026-11-16',
          average: 3.67,
          count: 3,
        },
        expect.objectContaining({ restaurantId: 'dt-angarsk-1', weekStart: '2026-11-09', average: 4, count: 1 }),
      ],
    });

    const angarsk = await weekly(admin, '?cityId=city-shelekhov');
    expect(angarsk.json<{ weeks: { restaurantId: string }[] }>().weeks.map((w) => w.restaurantId)).toEqual([
      'dt-shelekhov-1',
    ]);
    // from a day: the 16th starts at its Irkutsk midnight, so the rating at 01:00 UTC that day counts
    const fromMonday = await weekly(admin, '?from=2026-11-16&to=2026-11-22&deliveryTerminalId=dt-angarsk-1');
    expect(fromMonday.json()).toEqual({
      weeks: [expect.objectContaining({ weekStart: '2026-11-16', average: 3.67, count: 3 })],
    });
  });

  it('managers and admins may read it; an operator gets 403 «Раздел доступен только менеджеру и администратору»', async () => {
    const manager = await signInStaff(server, 'manager');
    expect((await weekly(manager)).statusCode).toBe(200);
    const operator = await signInStaff(server, 'operator');
    const refused = await weekly(operator);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe('Раздел доступен только менеджеру и администратору');
    const customer = await signedInUser(server.db);
    expect((await weekly({ ...admin, auth: auth(customer.token) })).statusCode).toBe(403);
  });

  it('an admin creates a manager account in /admin/staff; the manager signs in and reads the averages', async () => {
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/v1/admin/staff',
      headers: admin.auth,
      payload: { login: 'report-manager', name: 'Менеджер', role: 'manager', password: 'manager-password-1' },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ login: 'report-manager', role: 'manager' });
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/login',
      payload: { login: 'report-manager', password: 'manager-password-1' },
      remoteAddress: nextStaffIp(),
    });
    expect(login.statusCode, login.body).toBe(200);
    const token = login.json<{ token: string }>().token;
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/v1/admin/ratings/weekly',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
  });

  it('400 for a malformed date', async () => {
    const res = await weekly(admin, '?from=вчера');
    expect(res.statusCode).toBe(400);
  });
});

describe('the rating in the admin order view', () => {
  it('GET /admin/orders/:id carries the rating (stars, tags, comment), null before one', async () => {
    const customer = await signedInUser(server.db);
    const order = await insertOrder(server, { userId: customer.id, status: 'Delivered' });
    const before = await server.app.inject({
      method: 'GET',
      url: `/api/v1/admin/orders/${order.id}`,
      headers: admin.auth,
    });
    expect(before.json<{ rating: unknown }>().rating).toBeNull();
    server.clock.set('2026-11-20T08:00:00.000Z');
    await server.app.inject({
      method: 'POST',
      url: `/api/v1/order/${order.id}/rating`,
      headers: auth(customer.token),
      payload: { score: 2, tags: ['не всё привезли'], comment: 'Не было соуса' },
    });
    const after = await server.app.inject({
      method: 'GET',
      url: `/api/v1/admin/orders/${order.id}`,
      headers: admin.auth,
    });
    expect(after.json<{ rating: unknown }>().rating).toEqual({
      orderId: order.id,
      score: 2,
      tags: ['не всё привезли'],
      comment: 'Не было соуса',
      createdAt: '2026-11-20T08:00:00.000Z',
    });
  });
});
