// SQL aggregates of the managers' dashboard over the orders tables (docs/DASHBOARD.md). Each
// query reads only the period's orders through the indexes of migration 0118; nothing here
// loads order rows into memory. Raw SQL names its columns (no `select *`: prepared statements
// on PostgreSQL).
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database.js';

export interface DashboardScope {
  /** [from, to) */
  from: Date;
  to: Date;
  cityId?: string | undefined;
  deliveryTerminalId?: string | undefined;
  /** IANA zone the weekdays, hours and days are read in. */
  timeZone: string;
}

/** The scope's city and restaurant conditions on a table with those columns (shared with the rollups). */
export function placeConditions(scope: DashboardScope, alias: 'o' | 'r' | 'x'): SQL[] {
  const table = sql.raw(alias);
  const parts: SQL[] = [];
  if (scope.cityId !== undefined) parts.push(sql`${table}.city_id = ${scope.cityId}`);
  if (scope.deliveryTerminalId !== undefined)
    parts.push(sql`${table}.delivery_terminal_id = ${scope.deliveryTerminalId}`);
  return parts;
}

/**
 * Minutes from placing an order (table alias `o` or `x`) to the time promised: the chosen slot, or
 * for ASAP the zone's delivery minutes, else the restaurant's cooking minutes (aliases `z`, `r`).
 */
export function promisedMinutes(alias: 'o' | 'x'): SQL {
  const order = sql.raw(alias);
  return sql`extract(epoch from (
               case when ${order}.delivery_time <> 'asap' then ${order}.delivery_time::timestamptz
                    else ${order}.created_at + make_interval(mins => coalesce(z.delivery_minutes, r.cooking_minutes, 0))
               end - ${order}.created_at)) / 60`;
}

/** The period's orders, by the scope (table alias `o`). */
function inScope(scope: DashboardScope): SQL {
  const parts: SQL[] = [sql`o.created_at >= ${scope.from.toISOString()}::timestamptz`];
  parts.push(sql`o.created_at < ${scope.to.toISOString()}::timestamptz`);
  parts.push(...placeConditions(scope, 'o'));
  return sql.join(parts, sql` and `);
}

const NOT_CANCELLED = sql`o.status <> 'Cancelled'`;

/** Orders and revenue of one payment method in one local hour ('YYYY-MM-DD HH', the scope's zone). */
export type HourRow = {
  hour: string;
  method: string;
  orders: number;
  revenue: number;
};

/**
 * The period's orders by local hour and payment method: one pass and one time-zone conversion per
 * order, from which the totals, the payments, the days and the heatmap are all summed.
 */
/** Counts and sums as numbers (PostgreSQL may answer them as text). */
export const toHourRow = (r: HourRow): HourRow => ({
  hour: r.hour,
  method: r.method,
  orders: Number(r.orders),
  revenue: Number(r.revenue),
});

export async function ordersByHour(db: Executor, scope: DashboardScope): Promise<HourRow[]> {
  const result = await db.execute<HourRow>(sql`
    select to_char(date_trunc('hour', o.created_at at time zone ${scope.timeZone}), 'YYYY-MM-DD HH24') as hour,
           o.payment_method as method, count(*)::int as orders, coalesce(sum(o.total), 0)::float8 as revenue
    from orders o
    where ${inScope(scope)} and ${NOT_CANCELLED}
    group by 1, 2`);
  return result.rows.map(toHourRow);
}

/** Cancelled orders of one reason ('' for none given). */
export type ReasonRow = { reason: string; count: number };
export const toReasonRow = (r: ReasonRow): ReasonRow => ({ reason: r.reason, count: Number(r.count) });

export async function cancellationReasons(db: Executor, scope: DashboardScope): Promise<ReasonRow[]> {
  const result = await db.execute<ReasonRow>(sql`
    select coalesce(c.reason, '') as reason, count(*)::int as count
    from orders o
    left join order_cancellations c on c.order_id = o.id
    where ${inScope(scope)} and o.status = 'Cancelled'
    group by 1
    order by 2 desc, 1`);
  return result.rows.map(toReasonRow);
}

/** Customers of the period's orders: new when none of their earlier orders (chain-wide) stood. */
export async function customerCounts(db: Executor, scope: DashboardScope): Promise<{ new: number; returning: number }> {
  const result = await db.execute<{ fresh: number; returning: number }>(sql`
    select count(*) filter (where not u.ordered_before)::int as fresh,
           count(*) filter (where u.ordered_before)::int as returning
    from (
      select o.user_id,
             exists (
               select 1 from orders p
               where p.user_id = o.user_id and p.created_at < ${scope.from.toISOString()}::timestamptz
                 and p.status <> 'Cancelled'
             ) as ordered_before
      from orders o
      where ${inScope(scope)} and ${NOT_CANCELLED}
      group by o.user_id
    ) u`);
  const row = result.rows[0];
  return { new: Number(row?.fresh ?? 0), returning: Number(row?.returning ?? 0) };
}

export interface DeliveryFigures {
  delivered: number;
  promisedMedian: number | null;
  promisedP90: number | null;
  actualMedian: number | null;
  actualP90: number | null;
  late: number;
}

/**
 * Delivery orders with a Delivered status: minutes from placing to the promised time (the chosen
 * slot, or for ASAP the zone's delivery minutes, else the restaurant's cooking minutes, as at
 * checkout) and to the first Delivered entry of the status log.
 */
export async function deliveryTimes(db: Executor, scope: DashboardScope): Promise<DeliveryFigures> {
  const result = await db.execute<DeliveryPercentilesRow>(sql`
    with d as (
      select ${promisedMinutes('o')} as promised,
             extract(epoch from (l.at - o.created_at)) / 60 as actual
      from orders o
      join (
        select s.order_id, min(s.at) as at from order_status_log s
        where s.status = 'Delivered' and s.at >= ${scope.from.toISOString()}::timestamptz
        group by s.order_id
      ) l on l.order_id = o.id
      left join delivery_zones z on z.id = o.zone_id
      left join restaurants r on r.delivery_terminal_id = o.delivery_terminal_id
      where ${inScope(scope)} and ${NOT_CANCELLED} and o.delivery_method = 'delivery'
    )
    ${DELIVERY_PERCENTILES}`);
  return deliveryFigures(result.rows[0]);
}

/** The delivery figures over `d` (columns promised and actual, in minutes), one row. */
export const DELIVERY_PERCENTILES = sql`select count(*)::int as delivered,
           percentile_cont(0.5) within group (order by promised)::float8 as promised_median,
           percentile_cont(0.9) within group (order by promised)::float8 as promised_p90,
           percentile_cont(0.5) within group (order by actual)::float8 as actual_median,
           percentile_cont(0.9) within group (order by actual)::float8 as actual_p90,
           count(*) filter (where actual > promised)::int as late
    from d`;

export type DeliveryPercentilesRow = {
  delivered: number;
  promised_median: number | null;
  promised_p90: number | null;
  actual_median: number | null;
  actual_p90: number | null;
  late: number;
};

/** The delivery figures of a row of percentiles, rounded to whole minutes. */
export function deliveryFigures(row: DeliveryPercentilesRow | undefined): DeliveryFigures {
  const minutes = (v: number | null | undefined) => (v === null || v === undefined ? null : Math.round(Number(v)));
  return {
    delivered: Number(row?.delivered ?? 0),
    promisedMedian: minutes(row?.promised_median),
    promisedP90: minutes(row?.promised_p90),
    actualMedian: minutes(row?.actual_median),
    actualP90: minutes(row?.actual_p90),
    late: Number(row?.late ?? 0),
  };
}

export type TopProductRow = {
  productId: string;
  name: string;
  amount: number;
  revenue: number;
};

export const toTopProduct = (r: {
  product_id: string;
  name: string;
  amount: number;
  revenue: number;
}): TopProductRow => ({
  productId: r.product_id,
  name: r.name,
  amount: Number(r.amount),
  revenue: Number(r.revenue),
});

export async function topProducts(db: Executor, scope: DashboardScope, limit: number): Promise<TopProductRow[]> {
  const result = await db.execute<{ product_id: string; name: string; amount: number; revenue: number }>(sql`
    select i.line ->> 'productId' as product_id, max(i.line ->> 'name') as name,
           sum((i.line ->> 'amount')::int)::int as amount, sum((i.line ->> 'sum')::int)::float8 as revenue
    from orders o
    cross join lateral jsonb_array_elements(o.items) as i(line)
    where ${inScope(scope)} and ${NOT_CANCELLED} and coalesce((i.line ->> 'isGift')::boolean, false) = false
    group by 1
    order by 3 desc, 1
    limit ${limit}`);
  return result.rows.map(toTopProduct);
}

export type TopCouponRow = {
  code: string;
  orders: number;
  discount: number;
};

export const toTopCoupon = (r: TopCouponRow): TopCouponRow => ({
  code: r.code,
  orders: Number(r.orders),
  discount: Number(r.discount),
});

export async function topCoupons(db: Executor, scope: DashboardScope, limit: number): Promise<TopCouponRow[]> {
  const result = await db.execute<TopCouponRow>(sql`
    select o.coupon as code, count(*)::int as orders, coalesce(sum(o.discount_total), 0)::float8 as discount
    from orders o
    where ${inScope(scope)} and ${NOT_CANCELLED} and o.coupon is not null
    group by 1
    order by 2 desc, 1
    limit ${limit}`);
  return result.rows.map(toTopCoupon);
}

/** Average score and number of the ratings customers gave the scope's orders. */
export async function ratingOfScope(db: Executor, scope: DashboardScope): Promise<{ average: number; count: number }> {
  const result = await db.execute<{ average: number | null; count: number }>(sql`
    select avg(r.score)::float8 as average, count(*)::int as count
    from order_ratings r join orders o on o.id = r.order_id
    where ${inScope(scope)}`);
  const row = result.rows[0];
  return { average: Number(row?.average ?? 0), count: Number(row?.count ?? 0) };
}

/** The time zone of a restaurant's city, or of a city; null when not found. */
export async function scopeTimeZone(
  db: Executor,
  scope: { cityId?: string | undefined; deliveryTerminalId?: string | undefined },
): Promise<{ found: boolean; timeZone: string | null }> {
  if (scope.deliveryTerminalId !== undefined) {
    const result = await db.execute<{ time_zone: string }>(sql`
      select c.time_zone from restaurants r join cities c on c.id = r.city_id
      where r.delivery_terminal_id = ${scope.deliveryTerminalId}
        and (${scope.cityId ?? null}::text is null or r.city_id = ${scope.cityId ?? null}::text)`);
    const row = result.rows[0];
    return { found: row !== undefined, timeZone: row?.time_zone ?? null };
  }
  if (scope.cityId !== undefined) {
    const result = await db.execute<{ time_zone: string }>(
      sql`select c.time_zone from cities c where c.id = ${scope.cityId}`,
    );
    const row = result.rows[0];
    return { found: row !== undefined, timeZone: row?.time_zone ?? null };
  }
  return { found: true, timeZone: null };
}
