// The dashboard's rollups (migration 0119) against the direct aggregates over the orders: a random
// history of orders placed, cancelled (reason before or after), un-cancelled, edited, delivered
// and deleted, then every figure of many scopes read both ways must be equal, and the tables the
// triggers kept must equal a fresh backfill. PGlite here; PostgreSQL under `npm run test:pg`.
// The seed is random each run (DASHBOARD_SEED=<n> replays one) and is in every failure message.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Executor } from '../../../server/db/database.js';
import type { DashboardScope } from '../../../server/repositories/dashboard.js';
import { hourAligned } from '../../../server/repositories/dashboardRollups.js';
import { seedDemoChain } from '../../../server/seed/index.js';
import { dashboardFigures, localDay } from '../../../server/services/admin/dashboard.js';
import { startOfDay } from '../../../server/services/admin/dates.js';
import { openTestDatabase } from '../helpers.js';
import { prng } from '../../../tools/gen-catalog.js';

const SEED = Number(process.env.DASHBOARD_SEED ?? Math.floor(Math.random() * 2 ** 31));
const NOW = Date.parse('2026-11-20T05:00:00Z');
const MINUTE = 60_000;
const DAY = 86_400_000;

const PLACES = [
  {
    cityId: 'city-angarsk',
    terminals: ['dt-angarsk-1', 'dt-angarsk-2'],
    zones: ['zone-angarsk-center', 'zone-angarsk-north'],
  },
  { cityId: 'city-shelekhov', terminals: ['dt-shelekhov-1'], zones: ['zone-shelekhov-center'] },
  { cityId: 'city-irkutsk', terminals: ['dt-irkutsk-1', 'dt-irkutsk-3'], zones: ['zone-irkutsk-left'] },
] as const;
const PRODUCTS = [
  ['set-mini', 'Сет Мини'],
  ['california-crab', 'Калифорния с крабом'],
  ['philadelphia', 'Филадельфия'],
  ['philadelphia', 'Филадельфия классик'],
  ['margarita', 'Маргарита'],
] as const;
const STANDING = ['Unconfirmed', 'WaitCooking', 'OnWay', 'Delivered', 'Closed'] as const;
const REASONS = ['Клиент передумал', 'Нет продуктов', '=ошибка'] as const;

let db: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
  await seedDemoChain(db);
});
afterAll(async () => {
  await db?.close();
  await drop?.();
});

/** A random history of orders, written through plain SQL the way the app's writers change them. */
async function randomHistory(random: () => number): Promise<void> {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const users = Array.from({ length: 12 }, (_, i) => `rollup-${SEED}-${i}`);
  await db.run((tx) =>
    tx.execute(sql`insert into users (id, phone, name)
                   select u, '+7955' || lpad((${SEED % 100_000} * 100 + i)::text, 7, '0'), 'Тест'
                   from unnest(${`{${users.join(',')}}`}::text[]) with ordinality as t(u, i)`),
  );
  const orders: string[] = [];
  for (let step = 0; step < 160; step += 1) {
    const roll = random();
    const id = orders.length > 0 ? pick(orders) : undefined;
    if (roll < 0.5 || id === undefined) {
      const place = pick(PLACES);
      const delivery = random() < 0.5;
      // whole minutes and odd seconds, from 35 days before the clock to a day after it
      const createdAt = new Date(NOW - 35 * DAY + Math.floor(random() * 36 * DAY) + Math.floor(random() * 59) * 1000);
      const lines = Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
        const [productId, name] = pick(PRODUCTS);
        const amount = 1 + Math.floor(random() * 3);
        const gift = random() < 0.15;
        return { productId, name, amount, price: gift ? 0 : 300, sum: gift ? 0 : 300 * amount, mods: [], isGift: gift };
      });
      const goods = lines.reduce((n, l) => n + l.sum, 0);
      const coupon = random() < 0.4 ? pick(['SALE10', 'PIZZA', 'WEEK']) : null;
      const discount = coupon === null ? 0 : Math.min(goods, 50 * (1 + Math.floor(random() * 4)));
      const slot = random() < 0.3 ? new Date(createdAt.getTime() + (30 + Math.floor(random() * 120)) * MINUTE) : null;
      const status = random() < 0.2 ? 'Cancelled' : pick(STANDING);
      const address = delivery ? JSON.stringify({ city: 'Ангарск', street: 'Ленина', home: '1' }) : null;
      const inserted = await db.transaction(async (tx) => {
        const result = await tx.execute<{ id: string }>(sql`
          insert into orders (user_id, city_id, status, delivery_method, address, delivery_terminal_id, zone_id, items,
                              goods_total, discount_total, total, coupon, payment_method, delivery_time, created_at)
          values (${pick(users)}, ${place.cityId}, ${status}, ${delivery ? 'delivery' : 'self'}, ${address}::jsonb,
                  ${pick(place.terminals)}, ${delivery && random() < 0.8 ? pick(place.zones) : null},
                  ${JSON.stringify(lines)}::jsonb, ${goods}, ${discount}, ${goods - discount}, ${coupon},
                  ${pick(['cash', 'courier-card', 'card', 'sbp'])}, ${slot?.toISOString() ?? 'asap'},
                  ${createdAt.toISOString()}::timestamptz)
          returning id`);
        const row = result.rows[0];
        if (!row) throw new Error('order not inserted');
        if (status === 'Cancelled' && random() < 0.6) {
          await tx.execute(sql`insert into order_cancellations (order_id, reason, refund)
                               values (${row.id}, ${pick(REASONS)}, 'not-needed')`);
        }
        return row.id;
      });
      orders.push(inserted);
    } else if (roll < 0.65) {
      // delivered (once or again): a few minutes to three hours after placing
      await db.run((tx) =>
        tx.execute(sql`insert into order_status_log (order_id, status, at, actor)
                       select o.id, 'Delivered', o.created_at + make_interval(mins => ${1 + Math.floor(random() * 180)}), 'staff:x'
                       from orders o where o.id = ${id}`),
      );
    } else if (roll < 0.75) {
      // staff cancel, the reason written before or after the status, or none
      const reasonFirst = random() < 0.5;
      const reason = random() < 0.7 ? pick(REASONS) : null;
      await db.transaction(async (tx) => {
        const write = () =>
          tx.execute(sql`insert into order_cancellations (order_id, reason, refund) values (${id}, ${reason}, 'not-needed')
                         on conflict (order_id) do update set reason = excluded.reason`);
        if (reason !== null && reasonFirst) await write();
        await tx.execute(sql`update orders set status = 'Cancelled', updated_at = now() where id = ${id}`);
        if (reason !== null && !reasonFirst) await write();
      });
    } else if (roll < 0.8) {
      // the POS brings a cancelled order back, or a reason is withdrawn
      await db.run((tx) =>
        random() < 0.5
          ? tx.execute(sql`update orders set status = 'Closed' where id = ${id} and status = 'Cancelled'`)
          : tx.execute(sql`delete from order_cancellations where order_id = ${id}`),
      );
    } else if (roll < 0.9) {
      // an edit: lines, total, coupon, payment method, place or time
      const [productId, name] = pick(PRODUCTS);
      const place = pick(PLACES);
      await db.run((tx) =>
        random() < 0.6
          ? tx.execute(sql`
              update orders set items = items || ${JSON.stringify([{ productId, name, amount: 2, price: 250, sum: 500, mods: [], isGift: false }])}::jsonb,
                                goods_total = goods_total + 500, total = total + 500,
                                coupon = case when coupon is null then 'EDIT' else null end,
                                discount_total = 0, payment_method = ${pick(['cash', 'card', 'sbp'])}
              where id = ${id}`)
          : tx.execute(sql`
              update orders set city_id = ${place.cityId}, delivery_terminal_id = ${place.terminals[0]},
                                zone_id = case when delivery_method = 'delivery' then ${place.zones[0]} end,
                                created_at = created_at - make_interval(mins => ${Math.floor(random() * 300)})
              where id = ${id}`),
      );
    } else if (roll < 0.95) {
      // progress through standing statuses, and payment: no figure moves
      await db.run((tx) =>
        tx.execute(
          sql`update orders set status = ${pick(STANDING)}, payment_status = 'paid' where id = ${id} and status <> 'Cancelled'`,
        ),
      );
    } else {
      await db.run((tx) => tx.execute(sql`delete from orders where id = ${id}`));
      orders.splice(orders.indexOf(id), 1);
    }
  }
}

function scopesOf(random: () => number): DashboardScope[] {
  const scopes: DashboardScope[] = [];
  // whole-hour zones (one with summer time) regroup the hour buckets; Kolkata (UTC+5:30) cannot
  for (const timeZone of ['Asia/Irkutsk', 'Europe/Moscow', 'Europe/Berlin', 'Asia/Kolkata']) {
    const today = localDay(new Date(NOW), timeZone);
    const dayOf = (offset: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) + offset * DAY).toISOString().slice(0, 10);
    const first = -Math.floor(random() * 34);
    const periods = [
      [0, 0],
      [-29, 0],
      [first, first + Math.floor(random() * 10)],
    ] as const;
    for (const place of [
      {},
      { cityId: 'city-angarsk' },
      { cityId: 'city-irkutsk' },
      { cityId: 'city-angarsk', deliveryTerminalId: 'dt-angarsk-2' },
    ]) {
      for (const [from, to] of periods) {
        scopes.push({
          from: startOfDay(dayOf(from), timeZone),
          to: startOfDay(dayOf(to + 1), timeZone),
          timeZone,
          ...place,
        });
      }
    }
  }
  return scopes;
}

/** The figures from both sources; the hour rows sorted (SQL returns groups in no set order). */
async function figuresBothWays(tx: Executor, scope: DashboardScope) {
  const read = async (source: 'rollups' | 'orders') => {
    const figures = await dashboardFigures(tx, scope, source);
    const key = (h: { hour: string; method: string }) => `${h.hour} ${h.method}`;
    return { ...figures, hours: [...figures.hours].sort((a, b) => key(a).localeCompare(key(b))) };
  };
  return { rollups: await read('rollups'), orders: await read('orders') };
}

const ROLLUPS = [
  ['dashboard_order_hours', 'hour, city_id, delivery_terminal_id, payment_method, orders, revenue', 'orders <> 0'],
  ['dashboard_coupon_hours', 'hour, city_id, delivery_terminal_id, coupon, orders, discount', 'orders <> 0'],
  ['dashboard_cancel_hours', 'hour, city_id, delivery_terminal_id, reason, orders', 'orders <> 0'],
  [
    'dashboard_product_days',
    'day, city_id, delivery_terminal_id, product_id, name, lines, amount, revenue',
    'lines <> 0',
  ],
  [
    'dashboard_deliveries',
    'order_id, created_at, city_id, delivery_terminal_id, zone_id, delivery_time, delivered_at',
    'true',
  ],
] as const;

async function rollupRows(tx: Executor): Promise<Record<string, unknown[]>> {
  const tables: Record<string, unknown[]> = {};
  for (const [table, columns, kept] of ROLLUPS) {
    const result = await tx.execute(sql.raw(`select ${columns} from ${table} where ${kept} order by ${columns}`));
    tables[table] = result.rows;
  }
  return tables;
}

describe(`the dashboard’s rollups equal the direct aggregates (seed ${SEED})`, () => {
  it('every figure of every scope, after a random history of orders', { timeout: 600_000 }, async () => {
    // seeded (tools/gen-catalog's mulberry32), so that a failing history can be replayed
    const random = prng(SEED);
    await randomHistory(random);
    const scopes = scopesOf(random);
    expect(scopes.filter(hourAligned).length, 'whole-hour zones read the hour buckets').toBeGreaterThan(30);
    expect(
      scopes.some((s) => !hourAligned(s)),
      'Kolkata falls back to the orders',
    ).toBe(true);
    let nonEmpty = 0;
    for (const scope of scopes) {
      const { rollups, orders } = await db.run((tx) => figuresBothWays(tx, scope));
      const what = `seed ${SEED}, ${scope.timeZone} ${scope.from.toISOString()}…${scope.to.toISOString()} ${scope.cityId ?? 'chain'} ${scope.deliveryTerminalId ?? ''}`;
      expect(rollups, what).toEqual(orders);
      if (orders.hours.length > 0 && orders.products.length > 0 && orders.reasons.length > 0) nonEmpty += 1;
    }
    // the history is rich enough that the comparisons compare something
    expect(nonEmpty, `seed ${SEED}`).toBeGreaterThan(10);
  });

  it('the tables the triggers kept equal the migration’s backfill of the same orders', async () => {
    const migration = readFileSync(
      path.join(
        path.dirname(fileURLToPath(import.meta.url)),
        '../../../server/db/migrations/0119_dashboard_rollups.sql',
      ),
      'utf8',
    );
    const backfill = migration.split('-- The orders already there.')[1];
    expect(backfill, 'the migration marks its backfill').toBeDefined();
    const kept = await db.run(rollupRows);
    const again = await db.transaction(async (tx) => {
      for (const [table] of ROLLUPS) await tx.execute(sql.raw(`delete from ${table}`));
      // one statement per call: prepared statements take one each
      for (const statement of (backfill ?? '').split(/;\s*\n/).filter((s) => s.trim() !== '')) {
        await tx.execute(sql.raw(statement));
      }
      return rollupRows(tx);
    });
    expect(kept, `seed ${SEED}`).toEqual(again);
    expect(again.dashboard_order_hours?.length, `seed ${SEED}`).toBeGreaterThan(0);
  });
});
