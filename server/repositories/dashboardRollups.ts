// The dashboard's figures read from the rollups of migration 0119 (docs/DASHBOARD.md «Speed»):
// the same answers as the direct aggregates of ./dashboard.ts, from thousands of bucket rows
// instead of the period's orders. UTC-hour buckets regroup exactly into the days and hours of a
// zone whose offset is whole hours (`hourAligned`); the product days are UTC days, and the parts
// of the period outside whole UTC days are read from the orders.
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import {
  DELIVERY_PERCENTILES,
  deliveryFigures,
  placeConditions,
  promisedMinutes,
  toHourRow,
  toReasonRow,
  toTopCoupon,
  toTopProduct,
  type DashboardScope,
  type DeliveryFigures,
  type DeliveryPercentilesRow,
  type ReasonRow,
  type HourRow,
  type TopCouponRow,
  type TopProductRow,
} from './dashboard.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The scope's place filter on a rollup table (alias `r`). */
function inPlace(scope: DashboardScope): SQL {
  return sql.join([sql`true`, ...placeConditions(scope, 'r')], sql` and `);
}

/** The scope's hour buckets (alias `r`, column `hour`). */
function inHours(scope: DashboardScope): SQL {
  return sql`r.hour >= ${scope.from.toISOString()}::timestamptz and r.hour < ${scope.to.toISOString()}::timestamptz and ${inPlace(scope)}`;
}

/**
 * Whether the scope's period starts and ends on whole UTC hours and its zone's offset is whole
 * hours throughout, so that every UTC hour bucket falls inside one local hour.
 */
export function hourAligned(scope: DashboardScope): boolean {
  if (scope.from.getTime() % HOUR_MS !== 0 || scope.to.getTime() % HOUR_MS !== 0) return false;
  const minutes = new Intl.DateTimeFormat('en-US', { timeZone: scope.timeZone, minute: 'numeric' });
  // offsets change at most a few times a year and never for less than a day
  for (let at = scope.from.getTime(); at < scope.to.getTime() + DAY_MS; at += DAY_MS / 2) {
    if (Number(minutes.format(new Date(Math.min(at, scope.to.getTime())))) !== 0) return false;
  }
  return true;
}

export async function ordersByHourRolled(db: Executor, scope: DashboardScope): Promise<HourRow[]> {
  const result = await db.execute<HourRow>(sql`
    select to_char(r.hour at time zone ${scope.timeZone}, 'YYYY-MM-DD HH24') as hour,
           r.payment_method as method, sum(r.orders)::int as orders, sum(r.revenue)::float8 as revenue
    from dashboard_order_hours r
    where ${inHours(scope)}
    group by 1, 2
    having sum(r.orders) > 0`);
  return result.rows.map(toHourRow);
}

export async function cancellationReasonsRolled(db: Executor, scope: DashboardScope): Promise<ReasonRow[]> {
  const result = await db.execute<ReasonRow>(sql`
    select r.reason, sum(r.orders)::int as count
    from dashboard_cancel_hours r
    where ${inHours(scope)}
    group by 1
    having sum(r.orders) > 0
    order by 2 desc, 1`);
  return result.rows.map(toReasonRow);
}

export async function topCouponsRolled(db: Executor, scope: DashboardScope, limit: number): Promise<TopCouponRow[]> {
  const result = await db.execute<TopCouponRow>(sql`
    select r.coupon as code, sum(r.orders)::int as orders, sum(r.discount)::float8 as discount
    from dashboard_coupon_hours r
    where ${inHours(scope)}
    group by 1
    having sum(r.orders) > 0
    order by 2 desc, 1
    limit ${limit}`);
  return result.rows.map(toTopCoupon);
}

/** The whole UTC days inside [from, to), or null when there are none. */
function wholeUtcDays(scope: DashboardScope): { first: Date; end: Date } | null {
  const first = new Date(Math.ceil(scope.from.getTime() / DAY_MS) * DAY_MS);
  const end = new Date(Math.floor(scope.to.getTime() / DAY_MS) * DAY_MS);
  return first < end ? { first, end } : null;
}

/** Any zone: whole UTC days from dashboard_product_days, the rest of the period from the orders. */
export async function topProductsRolled(db: Executor, scope: DashboardScope, limit: number): Promise<TopProductRow[]> {
  const days = wholeUtcDays(scope);
  const from = scope.from.toISOString();
  const to = scope.to.toISOString();
  const place = placeConditions(scope, 'o').map((c) => sql`and ${c}`);
  const edges =
    days === null
      ? sql`o.created_at >= ${from}::timestamptz and o.created_at < ${to}::timestamptz`
      : sql`((o.created_at >= ${from}::timestamptz and o.created_at < ${days.first.toISOString()}::timestamptz)
             or (o.created_at >= ${days.end.toISOString()}::timestamptz and o.created_at < ${to}::timestamptz))`;
  const rolled =
    days === null
      ? sql``
      : sql`select r.product_id, r.name, r.lines, r.amount, r.revenue from dashboard_product_days r
            where r.day >= ${days.first.toISOString().slice(0, 10)}::date
              and r.day < ${days.end.toISOString().slice(0, 10)}::date and ${inPlace(scope)}
            union all`;
  const result = await db.execute<{ product_id: string; name: string; amount: number; revenue: number }>(sql`
    with l(product_id, name, lines, amount, revenue) as (
      ${rolled}
      select i.line ->> 'productId', i.line ->> 'name', 1, (i.line ->> 'amount')::int, (i.line ->> 'sum')::int
      from orders o
      cross join lateral jsonb_array_elements(o.items) as i(line)
      where ${edges} ${sql.join(place, sql` `)} and o.status <> 'Cancelled'
        and coalesce((i.line ->> 'isGift')::boolean, false) = false
    )
    select l.product_id, max(l.name) filter (where l.lines > 0) as name,
           sum(l.amount)::int as amount, sum(l.revenue)::float8 as revenue
    from l
    group by 1
    having sum(l.lines) > 0
    order by 3 desc, 1
    limit ${limit}`);
  return result.rows.map(toTopProduct);
}

/** Exact median and p90 over dashboard_deliveries, one narrow row per delivered order. */
export async function deliveryTimesRolled(db: Executor, scope: DashboardScope): Promise<DeliveryFigures> {
  const place = placeConditions(scope, 'x').map((c) => sql`and ${c}`);
  const result = await db.execute<DeliveryPercentilesRow>(sql`
    with d as (
      select ${promisedMinutes('x')} as promised,
             extract(epoch from (x.delivered_at - x.created_at)) / 60 as actual
      from dashboard_deliveries x
      left join delivery_zones z on z.id = x.zone_id
      left join restaurants r on r.delivery_terminal_id = x.delivery_terminal_id
      where x.created_at >= ${scope.from.toISOString()}::timestamptz
        and x.created_at < ${scope.to.toISOString()}::timestamptz
        and x.delivered_at >= ${scope.from.toISOString()}::timestamptz
        ${sql.join(place, sql` `)}
    )
    ${DELIVERY_PERCENTILES}`);
  return deliveryFigures(result.rows[0]);
}
