// GET /api/v1/admin/dashboard: exact figures on seeded orders, days read in the city's time zone,
// and who may see it (managers and admins; operators get 403).
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../../src/api/contract/admin/dashboard.js';
import { testServerPerFile } from '../helpers.js';
import { signedInUser } from '../ordersFixtures.js';
import { insertDashOrder } from './dashboardFixtures.js';
import { staffPerFile, type SignedInStaff } from './staffFixtures.js';

const server = testServerPerFile();
const manager = staffPerFile(server, 'manager');
const admin = staffPerFile(server, 'admin');
const operator = staffPerFile(server, 'operator');

// The clock: 2026-11-20T05:00Z, Friday 13:00 in Asia/Irkutsk (UTC+8), 08:00 in Moscow.
beforeAll(async () => {
  const a = (await signedInUser(server.db)).id;
  const b = (await signedInUser(server.db)).id;
  const c = (await signedInUser(server.db)).id;
  const d = (await signedInUser(server.db)).id;
  const e = (await signedInUser(server.db)).id;
  // a ordered before; b's only earlier order was cancelled, so b is still new
  await insertDashOrder(server, { userId: a, total: 900, createdAt: '2026-11-10T04:00:00Z' });
  await insertDashOrder(server, { userId: b, total: 900, createdAt: '2026-11-05T04:00:00Z', status: 'Cancelled' });
  // today in Angarsk (Irkutsk time)
  await insertDashOrder(server, {
    userId: a,
    total: 1000,
    discount: 100,
    coupon: 'SALE10',
    createdAt: '2026-11-20T01:30:00Z', // 09:30
    deliveryMethod: 'delivery',
    deliveryTerminalId: 'dt-angarsk-1',
    zoneId: 'zone-angarsk-center', // promised in 60 min
    deliveredAt: '2026-11-20T02:20:00Z', // 50 min: on time
    lines: [
      { productId: 'california-crab', name: 'Калифорния с крабом', amount: 2, sum: 800 },
      { productId: 'gift-pizza', name: 'Маргарита', amount: 1, sum: 0, isGift: true },
    ],
  });
  await insertDashOrder(server, {
    userId: b,
    total: 2000,
    paymentMethod: 'card',
    paymentStatus: 'paid',
    createdAt: '2026-11-20T03:10:00Z', // 11:10
    deliveryMethod: 'delivery',
    zoneId: 'zone-angarsk-north', // promised in 70 min
    deliveredAt: '2026-11-20T04:40:00Z', // 90 min: late
    lines: [{ productId: 'set-mini', name: 'Сет Мини', amount: 1, sum: 2000 }],
  });
  await insertDashOrder(server, {
    userId: c,
    total: 600,
    discount: 50,
    coupon: 'SALE10',
    paymentMethod: 'sbp',
    paymentStatus: 'paid',
    createdAt: '2026-11-19T16:30:00Z', // 00:30 on the 20th
    lines: [{ productId: 'california-crab', name: 'Калифорния с крабом', amount: 1, sum: 400 }],
  });
  await insertDashOrder(server, {
    userId: a,
    total: 5000,
    status: 'Cancelled',
    cancelReason: 'Клиент передумал',
    createdAt: '2026-11-20T04:00:00Z',
  });
  await insertDashOrder(server, { userId: d, total: 300, status: 'Cancelled', createdAt: '2026-11-20T04:10:00Z' });
  // 23:30 on the 19th in Irkutsk: yesterday
  await insertDashOrder(server, { userId: d, total: 700, createdAt: '2026-11-19T15:30:00Z' });
  // Shelekhov: 04:30 on the 20th in Irkutsk, 23:30 on the 19th in Moscow
  await insertDashOrder(server, {
    userId: e,
    total: 3000,
    cityId: 'city-shelekhov',
    deliveryTerminalId: 'dt-shelekhov-1',
    createdAt: '2026-11-19T20:30:00Z',
  });
});

async function figures(query: string, who: SignedInStaff = manager): Promise<Dashboard> {
  const res = await server.app.inject({ url: `/api/v1/admin/dashboard?${query}`, headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Dashboard>();
}

describe('the dashboard figures', () => {
  it('today in a city: revenue, orders, average check, customers, payments, cancellations', async () => {
    const today = await figures('period=today&cityId=city-angarsk');
    expect(today.from).toBe('2026-11-19T16:00:00.000Z');
    expect(today.to).toBe('2026-11-20T16:00:00.000Z');
    expect(today.timeZone).toBe('Asia/Irkutsk');
    expect(today.orders).toBe(3);
    expect(today.revenue).toBe(3600);
    expect(today.averageCheck).toBe(1200);
    expect(today.customers).toEqual({ new: 2, returning: 1 });
    expect(today.payments).toEqual([
      { method: 'cash', orders: 1, revenue: 1000 },
      { method: 'courier-card', orders: 0, revenue: 0 },
      { method: 'card', orders: 1, revenue: 2000 },
      { method: 'sbp', orders: 1, revenue: 600 },
    ]);
    expect(today.cancellations).toEqual({
      count: 2,
      reasons: [
        { reason: '', count: 1 },
        { reason: 'Клиент передумал', count: 1 },
      ],
    });
    expect(today.rating).toBeNull();
  });

  it('delivery minutes promised and actual: median and p90 (percentile between the two orders), late ones', async () => {
    const today = await figures('period=today&cityId=city-angarsk');
    // promised 60 and 70, actual 50 and 90
    expect(today.delivery).toEqual({
      delivered: 2,
      promisedMedian: 65,
      promisedP90: 69,
      actualMedian: 70,
      actualP90: 86,
      late: 1,
    });
  });

  it('heatmap by local weekday and hour; days; top products without gifts; top coupons', async () => {
    const today = await figures('period=today&cityId=city-angarsk');
    expect(today.heatmap).toHaveLength(7);
    const friday = today.heatmap[4] ?? [];
    expect(friday[0]).toBe(1);
    expect(friday[9]).toBe(1);
    expect(friday[11]).toBe(1);
    expect(today.heatmap.flat().reduce((n, v) => n + v, 0)).toBe(3);
    expect(today.days).toEqual([{ day: '2026-11-20', orders: 3, revenue: 3600 }]);
    expect(today.topProducts).toEqual([
      { productId: 'california-crab', name: 'Калифорния с крабом', amount: 3, revenue: 1200 },
      { productId: 'set-mini', name: 'Сет Мини', amount: 1, revenue: 2000 },
    ]);
    expect(today.topCoupons).toEqual([{ code: 'SALE10', orders: 2, discount: 150 }]);
  });

  it('a restaurant; yesterday; the whole chain', async () => {
    const restaurant = await figures('period=today&deliveryTerminalId=dt-angarsk-1');
    expect([restaurant.orders, restaurant.revenue]).toEqual([1, 1000]);
    const yesterday = await figures('period=yesterday&cityId=city-angarsk');
    expect([yesterday.orders, yesterday.revenue]).toEqual([1, 700]);
    expect(yesterday.days).toEqual([{ day: '2026-11-19', orders: 1, revenue: 700 }]);
    const chain = await figures('period=today');
    expect([chain.orders, chain.revenue]).toEqual([4, 6600]);
  });

  it('7 and 30 days list every day, empty ones with zeros', async () => {
    const week = await figures('period=7d&cityId=city-angarsk');
    expect(week.days.map((d) => d.day)).toEqual([
      '2026-11-14',
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
    ]);
    expect(week.days.map((d) => d.orders)).toEqual([0, 0, 0, 0, 0, 1, 3]);
    const month = await figures('period=30d&cityId=city-angarsk');
    expect(month.days).toHaveLength(30);
    expect([month.orders, month.revenue]).toEqual([5, 5200]);
    // a's order of the 10th is inside the 30 days now: a is new there, b too (cancelled earlier)
    expect(month.customers).toEqual({ new: 4, returning: 0 });
  });

  it('a custom period of days', async () => {
    const custom = await figures('period=custom&from=2026-11-10&to=2026-11-19&cityId=city-angarsk');
    expect(custom.from).toBe('2026-11-09T16:00:00.000Z');
    expect(custom.to).toBe('2026-11-19T16:00:00.000Z');
    expect([custom.orders, custom.revenue]).toEqual([2, 1600]);
  });

  it('the days and hours are the city’s own: Shelekhov on Moscow time', async () => {
    await server.db.run((db) =>
      db.execute(sql`update cities set time_zone = 'Europe/Moscow' where id = 'city-shelekhov'`),
    );
    try {
      const today = await figures('period=today&cityId=city-shelekhov');
      expect(today.timeZone).toBe('Europe/Moscow');
      expect(today.from).toBe('2026-11-19T21:00:00.000Z');
      expect(today.orders).toBe(0);
      const yesterday = await figures('period=yesterday&cityId=city-shelekhov');
      expect(yesterday.orders).toBe(1);
      expect(yesterday.heatmap[3]?.[23]).toBe(1); // Thursday 23:30
      const restaurant = await figures('period=yesterday&deliveryTerminalId=dt-shelekhov-1');
      expect(restaurant.timeZone).toBe('Europe/Moscow');
      expect(restaurant.orders).toBe(1);
    } finally {
      await server.db.run((db) =>
        db.execute(sql`update cities set time_zone = 'Asia/Irkutsk' where id = 'city-shelekhov'`),
      );
    }
  });
});

describe('the dashboard’s answers to bad input and roles', () => {
  it('422 for a custom period without days, days in the wrong order, or longer than 366 days', async () => {
    for (const [query, message] of [
      ['period=custom&from=2026-11-10', 'Укажите первый и последний день периода'],
      ['period=custom&from=2026-11-10&to=2026-11-01', 'Первый день периода позже последнего'],
      ['period=custom&from=2024-01-01&to=2026-01-01', 'Период не может быть длиннее 366 дней'],
    ] as const) {
      const res = await server.app.inject({ url: `/api/v1/admin/dashboard?${query}`, headers: manager.auth });
      expect(res.statusCode, query).toBe(422);
      expect(res.json<{ message: string }>().message).toBe(message);
    }
  });

  it('400 for an unknown period; 404 for an unknown city or restaurant', async () => {
    const bad = await server.app.inject({ url: '/api/v1/admin/dashboard?period=year', headers: manager.auth });
    expect(bad.statusCode).toBe(400);
    const city = await server.app.inject({ url: '/api/v1/admin/dashboard?cityId=nowhere', headers: manager.auth });
    expect([city.statusCode, city.json<{ message: string }>().message]).toEqual([404, 'Город не найден']);
    const restaurant = await server.app.inject({
      url: '/api/v1/admin/dashboard?cityId=city-shelekhov&deliveryTerminalId=dt-angarsk-1',
      headers: manager.auth,
    });
    expect([restaurant.statusCode, restaurant.json<{ message: string }>().message]).toEqual([
      404,
      'Ресторан не найден',
    ]);
  });

  it('managers and admins see it; an operator gets 403 «Раздел доступен только менеджеру и администратору»', async () => {
    expect((await figures('period=today', admin)).orders).toBe(4);
    const res = await server.app.inject({ url: '/api/v1/admin/dashboard', headers: operator.auth });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).toBe('Раздел доступен только менеджеру и администратору');
  });

  it('a manager may not open staff accounts or change settings', async () => {
    const staffList = await server.app.inject({ url: '/api/v1/admin/staff', headers: manager.auth });
    expect([staffList.statusCode, staffList.json<{ message: string }>().message]).toEqual([
      403,
      'Действие доступно только администратору',
    ]);
    const orders = await server.app.inject({ url: '/api/v1/admin/orders', headers: manager.auth });
    expect(orders.statusCode, orders.body).toBe(200);
  });
});

describe('the dashboard’s rating', () => {
  it('averages the ratings of the period’s orders in scope; none in scope is null', async () => {
    const rate = async (order: { id: string }, userId: string, score: number) =>
      server.db.run((db) =>
        db.execute(sql`insert into order_ratings (order_id, user_id, restaurant_id, score)
                       values (${order.id}, ${userId}, 'dt-irkutsk-1', ${score})`),
      );
    const u = (await signedInUser(server.db)).id;
    const inIrkutsk = { userId: u, total: 1000, cityId: 'city-irkutsk', deliveryTerminalId: 'dt-irkutsk-1' };
    await rate(await insertDashOrder(server, { ...inIrkutsk, createdAt: '2026-11-20T02:00:00Z' }), u, 2);
    await rate(await insertDashOrder(server, { ...inIrkutsk, createdAt: '2026-11-20T03:00:00Z' }), u, 5);
    await rate(await insertDashOrder(server, { ...inIrkutsk, createdAt: '2026-11-10T03:00:00Z' }), u, 1);
    expect((await figures('period=today&cityId=city-irkutsk')).rating).toEqual({ average: 3.5, count: 2 });
    expect((await figures('period=30d&cityId=city-irkutsk')).rating).toEqual({ average: 2.67, count: 3 });
    expect((await figures('period=today&cityId=city-shelekhov')).rating).toBeNull();
  });
});
