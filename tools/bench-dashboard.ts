// `npm run bench:dashboard`: the managers' dashboard over 100,000 orders of the last 30 days on
// an in-memory PGlite (the figure recorded in BENCHMARKS.md), and the orders CSV export of all of
// them streamed to nowhere. BENCH_SMOKE=1: 2,000 orders, a few runs (CI: the bench still runs).
// Prints, asserts nothing but that the figures count every seeded order.
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { openPglite } from '../server/db/database.js';
import { seedDemoChain } from '../server/seed/index.js';
import { dashboard } from '../server/services/admin/dashboard.js';
import * as direct from '../server/repositories/dashboard.js';
import * as rolled from '../server/repositories/dashboardRollups.js';
import { startOfDay } from '../server/services/admin/dates.js';
import { ordersCsv } from '../server/services/admin/exports.js';

const SMOKE = process.env.BENCH_SMOKE === '1';
const ORDERS = SMOKE ? 2_000 : 100_000;
const USERS = Math.max(100, Math.round(ORDERS / 5));
const RUNS = SMOKE ? 3 : 7;
const NOW = new Date('2026-11-20T05:00:00Z');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function main(): Promise<void> {
  const db = await openPglite(null);
  await seedDemoChain(db);
  const seedStart = performance.now();
  await db.run(async (tx) => {
    await tx.execute(sql`
      insert into users (id, phone, name)
      select 'bench-user-' || g, '+7900' || lpad(g::text, 7, '0'), 'Покупатель ' || g
      from generate_series(1, ${USERS}) g`);
    // spread over the 29 days before NOW (all inside the 30-day period); a third delivered by courier, a tenth cancelled
    await tx.execute(sql`
      insert into orders (user_id, city_id, status, delivery_method, address, delivery_terminal_id, zone_id, items,
                          goods_total, discount_total, total, coupon, payment_method, payment_status, created_at, updated_at)
      select 'bench-user-' || (1 + g % ${USERS}),
             case when g % 3 = 0 then 'city-shelekhov' else 'city-angarsk' end,
             case when g % 10 = 0 then 'Cancelled' when g % 3 = 1 then 'Delivered' else 'Closed' end,
             case when g % 3 = 1 then 'delivery' else 'self' end,
             case when g % 3 = 1 then '{"city":"Ангарск","street":"Ленина","home":"1","apartment":null,"entrance":null,"floor":null,"intercom":null,"comment":null,"location":null}'::jsonb end,
             case when g % 3 = 0 then 'dt-shelekhov-1' when g % 2 = 0 then 'dt-angarsk-1' else 'dt-angarsk-2' end,
             case when g % 3 = 1 then 'zone-angarsk-center' end,
             jsonb_build_array(
               jsonb_build_object('productId', 'p' || (g % 40), 'name', 'Товар ' || (g % 40), 'amount', 1 + g % 3,
                                  'price', 400, 'sum', 400 * (1 + g % 3), 'mods', '[]'::jsonb, 'isGift', false),
               jsonb_build_object('productId', 'p' || (g % 17), 'name', 'Товар ' || (g % 17), 'amount', 1,
                                  'price', 300, 'sum', 300, 'mods', '[]'::jsonb, 'isGift', false)),
             400 * (1 + g % 3) + 300, case when g % 7 = 0 then 50 else 0 end,
             400 * (1 + g % 3) + 300 - case when g % 7 = 0 then 50 else 0 end,
             case when g % 7 = 0 then 'SALE' || (g % 5) end,
             (array['cash', 'courier-card', 'card', 'sbp'])[1 + g % 4],
             case when g % 4 >= 2 then 'paid' else 'none' end,
             ${NOW.toISOString()}::timestamptz - make_interval(secs => (g::float8 / ${ORDERS}) * 29 * 86400 - 60),
             ${NOW.toISOString()}::timestamptz
      from generate_series(1, ${ORDERS}) g`);
    await tx.execute(sql`
      insert into order_status_log (order_id, status, at, actor)
      select o.id, 'Delivered', o.created_at + make_interval(mins => 40 + (o.number % 50)::int), 'bench'
      from orders o where o.status = 'Delivered'`);
    await tx.execute(sql`analyze`);
  });
  const seedMs = performance.now() - seedStart;

  // PGlite runs in this process: its CPU time is the query's cost, steadier than wall time on a
  // shared machine
  const cpuMs = (since: NodeJS.CpuUsage) => {
    const used = process.cpuUsage(since);
    return (used.user + used.system) / 1000;
  };
  const times: number[] = [];
  const cpu: number[] = [];
  let counted = 0;
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    const startCpu = process.cpuUsage();
    const figures = await db.run((tx) => dashboard(tx, { period: '30d' }, NOW));
    times.push(performance.now() - start);
    cpu.push(cpuMs(startCpu));
    counted = figures.orders + figures.cancellations.count;
  }
  const cityTimes: number[] = [];
  const cityCpu: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    const startCpu = process.cpuUsage();
    await db.run((tx) => dashboard(tx, { period: '30d', cityId: 'city-angarsk' }, NOW));
    cityTimes.push(performance.now() - start);
    cityCpu.push(cpuMs(startCpu));
  }

  // each figure of the chain's 30 days once, from the rollups and from the orders (CPU ms): where
  // the time goes
  const scope = {
    from: startOfDay('2026-10-22', 'Asia/Irkutsk'),
    to: startOfDay('2026-11-21', 'Asia/Irkutsk'),
    timeZone: 'Asia/Irkutsk',
  };
  const parts: Record<string, number> = {};
  const part = async (name: string, fn: (tx: Parameters<Parameters<typeof db.run>[0]>[0]) => Promise<unknown>) => {
    const startCpu = process.cpuUsage();
    await db.run(fn);
    parts[name] = Math.round(cpuMs(startCpu));
  };
  await part('hours (rollup)', (tx) => rolled.ordersByHourRolled(tx, scope));
  await part('hours (orders)', (tx) => direct.ordersByHour(tx, scope));
  await part('cancellations (rollup)', (tx) => rolled.cancellationReasonsRolled(tx, scope));
  await part('cancellations (orders)', (tx) => direct.cancellationReasons(tx, scope));
  await part('customers (orders)', (tx) => direct.customerCounts(tx, scope));
  await part('delivery (rollup)', (tx) => rolled.deliveryTimesRolled(tx, scope));
  await part('delivery (orders)', (tx) => direct.deliveryTimes(tx, scope));
  await part('products (rollup)', (tx) => rolled.topProductsRolled(tx, scope, 10));
  await part('products (orders)', (tx) => direct.topProducts(tx, scope, 10));
  await part('coupons (rollup)', (tx) => rolled.topCouponsRolled(tx, scope, 10));
  await part('coupons (orders)', (tx) => direct.topCoupons(tx, scope, 10));
  await part('rating (orders)', (tx) => direct.ratingOfScope(tx, scope));

  let bytes = 0;
  let rows = 0;
  const exportStart = performance.now();
  const exportCpu = process.cpuUsage();
  await pipeline(
    await ordersCsv(db, {}, { pageSize: 1000 }),
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        for (const byte of chunk) if (byte === 10) rows += 1;
        done();
      },
    }),
  );
  const exportMs = performance.now() - exportStart;
  const exportCpuMs = cpuMs(exportCpu);
  // the write path: CPU per single-order insert (its own transaction, three lines, a coupon) and
  // per cancellation, with the dashboard's triggers on and off, in alternating batches
  const WRITES = SMOKE ? 40 : 400;
  const writeCpu = {
    insertOn: [] as number[],
    insertOff: [] as number[],
    cancelOn: [] as number[],
    cancelOff: [] as number[],
  };
  const toggle = (on: boolean) =>
    db.run(async (tx) => {
      for (const trigger of ['dashboard_orders_inserted', 'dashboard_orders_updated'])
        await tx.execute(sql.raw(`alter table orders ${on ? 'enable' : 'disable'} trigger ${trigger}`));
    });
  for (let batch = 0; batch < 8; batch += 1) {
    const on = batch % 2 === 0;
    await toggle(on);
    for (let i = 0; i < WRITES / 8; i += 1) {
      let startCpu = process.cpuUsage();
      const id = await db.transaction(async (tx) => {
        const result = await tx.execute<{ id: string }>(sql`
          insert into orders (user_id, city_id, status, delivery_method, delivery_terminal_id, items, goods_total,
                              discount_total, total, coupon, payment_method)
          values ('bench-user-1', 'city-angarsk', 'Unconfirmed', 'self', 'dt-angarsk-1',
                  ${JSON.stringify(
                    [1, 2, 3].map((n) => ({
                      productId: `p${n}`,
                      name: `Товар ${n}`,
                      amount: n,
                      price: 300,
                      sum: 300 * n,
                      mods: [],
                      isGift: false,
                    })),
                  )}::jsonb, 1800, 100, 1700, 'SALE1', 'card')
          returning id`);
        await tx.execute(
          sql`insert into order_status_log (order_id, status, actor) values (${result.rows[0]?.id}, 'Unconfirmed', 'customer')`,
        );
        return result.rows[0]?.id;
      });
      (on ? writeCpu.insertOn : writeCpu.insertOff).push(cpuMs(startCpu));
      startCpu = process.cpuUsage();
      await db.transaction(async (tx) => {
        await tx.execute(sql`update orders set status = 'Cancelled', updated_at = now() where id = ${id}`);
        await tx.execute(
          sql`insert into order_cancellations (order_id, reason, refund) values (${id}, 'Клиент передумал', 'not-needed')`,
        );
      });
      (on ? writeCpu.cancelOn : writeCpu.cancelOff).push(cpuMs(startCpu));
    }
  }
  await toggle(true);
  const mean = (values: number[]) => +(values.reduce((n, v) => n + v, 0) / Math.max(1, values.length)).toFixed(2);

  await db.close();

  console.log(
    JSON.stringify(
      {
        machine: `${os.cpus()[0]?.model ?? '?'}, ${os.cpus().length} CPU, Node ${process.version}, load ${os
          .loadavg()
          .map((n) => n.toFixed(1))
          .join(' ')}`,
        orders: ORDERS,
        seedMs: Math.round(seedMs),
        dashboard30dChainMs: {
          median: Math.round(median(times)),
          cpuMedian: Math.round(median(cpu)),
          all: times.map(Math.round),
        },
        dashboard30dCityMs: {
          median: Math.round(median(cityTimes)),
          cpuMedian: Math.round(median(cityCpu)),
          all: cityTimes.map(Math.round),
        },
        chain30dPartsCpuMs: parts,
        writeCpuMsPerOrder: {
          inserts: WRITES,
          insertWithTriggers: mean(writeCpu.insertOn),
          insertWithoutTriggers: mean(writeCpu.insertOff),
          cancelWithTriggers: mean(writeCpu.cancelOn),
          cancelWithoutTriggers: mean(writeCpu.cancelOff),
        },
        exportOrdersCsv: {
          ms: Math.round(exportMs),
          cpuMs: Math.round(exportCpuMs),
          rows: rows - 1,
          megabytes: +(bytes / 1e6).toFixed(1),
        },
      },
      null,
      2,
    ),
  );
  if (counted !== ORDERS) throw new Error(`the dashboard counted ${counted} orders of ${ORDERS}`);
  if (rows - 1 !== ORDERS) throw new Error(`the export wrote ${rows - 1} rows of ${ORDERS}`);
}

await main();
