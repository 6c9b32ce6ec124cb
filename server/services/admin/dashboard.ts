// The managers' dashboard: resolves the period in the scope's time zone and assembles the
// figures from the SQL aggregates of server/repositories/dashboard.ts (docs/DASHBOARD.md).
import type { Executor } from '../../db/database.js';
import { notFound, unprocessable } from '../../http/errors.js';
import {
  cancellationReasons,
  customerCounts,
  deliveryTimes,
  ordersByHour,
  scopeTimeZone,
  topCoupons,
  topProducts,
  ratingOfScope,
  type DashboardScope,
} from '../../repositories/dashboard.js';
import {
  cancellationReasonsRolled,
  deliveryTimesRolled,
  hourAligned,
  ordersByHourRolled,
  topCouponsRolled,
  topProductsRolled,
} from '../../repositories/dashboardRollups.js';
import type { Dashboard, DashboardQuery } from '../../../src/api/contract/admin/dashboard.js';
import { DASHBOARD_MESSAGES } from '../../../src/api/contract/admin/messages.js';
import { PaymentMethod } from '../../../src/api/contract/orders.js';
import { addDaysToYmd, localDateInZone } from '../../../src/domain/workingHours.js';
import { DEFAULT_TIME_ZONE, startOfDay } from './dates.js';

const TOP = 10;
const MAX_DAYS = 366;

/** 'YYYY-MM-DD' of an instant in a time zone. */
export function localDay(at: Date, timeZone: string): string {
  return localDateInZone(at.getTime(), timeZone);
}

const addDays = addDaysToYmd;

function daysBetween(first: string, last: string): number {
  return Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The period's local days, first and last included. */
export function periodDays(
  query: Pick<DashboardQuery, 'period' | 'from' | 'to'>,
  now: Date,
  timeZone: string,
): { first: string; last: string } {
  const today = localDay(now, timeZone);
  switch (query.period) {
    case 'today':
      return { first: today, last: today };
    case 'yesterday':
      return { first: addDays(today, -1), last: addDays(today, -1) };
    case '7d':
      return { first: addDays(today, -6), last: today };
    case '30d':
      return { first: addDays(today, -29), last: today };
    case 'custom': {
      if (query.from === undefined || query.to === undefined)
        throw unprocessable(DASHBOARD_MESSAGES.customNeedsDays, 'period-days');
      if (query.from > query.to) throw unprocessable(DASHBOARD_MESSAGES.daysOrder, 'period-order');
      if (daysBetween(query.from, query.to) > MAX_DAYS) throw unprocessable(DASHBOARD_MESSAGES.tooLong, 'period-long');
      return { first: query.from, last: query.to };
    }
    default: {
      const never: never = query.period;
      throw new Error(`unknown period ${String(never)}`);
    }
  }
}

/** The customers' ratings of the period's orders (docs/CHECKOUT.md «Rating after delivery»); null with none. */
async function ratingSummary(db: Executor, scope: DashboardScope): Promise<Dashboard['rating']> {
  const { average, count } = await ratingOfScope(db, scope);
  return count === 0 ? null : { average: Math.round(average * 100) / 100, count };
}

export async function dashboard(db: Executor, query: DashboardQuery, now: Date): Promise<Dashboard> {
  const zone = await scopeTimeZone(db, query);
  if (!zone.found) {
    throw query.deliveryTerminalId !== undefined
      ? notFound(DASHBOARD_MESSAGES.restaurantNotFound, 'restaurant-not-found')
      : notFound(DASHBOARD_MESSAGES.cityNotFound, 'city-not-found');
  }
  const timeZone = zone.timeZone ?? DEFAULT_TIME_ZONE;
  const { first, last } = periodDays(query, now, timeZone);
  const scope: DashboardScope = {
    from: startOfDay(first, timeZone),
    to: startOfDay(addDays(last, 1), timeZone),
    cityId: query.cityId,
    deliveryTerminalId: query.deliveryTerminalId,
    timeZone,
  };
  const figures = await dashboardFigures(db, scope);
  return assemble(scope, first, last, figures);
}

/** Where the figures are read from: the rollups (migration 0119) or the orders themselves. */
export type FiguresSource = 'rollups' | 'orders';

/**
 * The period's figures before assembly. From the rollups unless told otherwise; UTC-hour buckets
 * only when the zone regroups them exactly (`hourAligned`), else those figures from the orders.
 */
export async function dashboardFigures(db: Executor, scope: DashboardScope, source: FiguresSource = 'rollups') {
  const hourly = source === 'rollups' && hourAligned(scope);
  const hours = hourly ? await ordersByHourRolled(db, scope) : await ordersByHour(db, scope);
  const reasons = hourly ? await cancellationReasonsRolled(db, scope) : await cancellationReasons(db, scope);
  const customers = await customerCounts(db, scope);
  const delivery = source === 'rollups' ? await deliveryTimesRolled(db, scope) : await deliveryTimes(db, scope);
  const products = source === 'rollups' ? await topProductsRolled(db, scope, TOP) : await topProducts(db, scope, TOP);
  const coupons = hourly ? await topCouponsRolled(db, scope, TOP) : await topCoupons(db, scope, TOP);
  const rating = await ratingSummary(db, scope);
  return { hours, reasons, customers, delivery, products, coupons, rating };
}

function assemble(
  scope: DashboardScope,
  first: string,
  last: string,
  { hours, reasons, customers, delivery, products, coupons, rating }: Awaited<ReturnType<typeof dashboardFigures>>,
): Dashboard {
  const heatmap = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  const byDay = new Map<string, { orders: number; revenue: number }>();
  const byMethod = new Map<string, { orders: number; revenue: number }>();
  for (const h of hours) {
    const day = h.hour.slice(0, 10);
    const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
    // the local calendar day's weekday, Monday first
    const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
    const row = heatmap[weekday];
    const hour = Number(h.hour.slice(11, 13));
    if (row && hour >= 0 && hour < 24) row[hour] = (row[hour] ?? 0) + h.orders;
    for (const [map, key] of [
      [byDay, day],
      [byMethod, h.method],
    ] as const) {
      const sum = map.get(key) ?? { orders: 0, revenue: 0 };
      map.set(key, { orders: sum.orders + h.orders, revenue: sum.revenue + h.revenue });
    }
  }
  const orders = hours.reduce((n, h) => n + h.orders, 0);
  const revenue = hours.reduce((n, h) => n + h.revenue, 0);
  const days: Dashboard['days'] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) {
    const found = byDay.get(day);
    days.push({ day, orders: found?.orders ?? 0, revenue: found?.revenue ?? 0 });
  }
  return {
    from: scope.from.toISOString(),
    to: scope.to.toISOString(),
    timeZone: scope.timeZone,
    orders,
    revenue,
    averageCheck: orders === 0 ? 0 : Math.round(revenue / orders),
    customers,
    payments: PaymentMethod.options.map((method) => ({
      method,
      orders: byMethod.get(method)?.orders ?? 0,
      revenue: byMethod.get(method)?.revenue ?? 0,
    })),
    cancellations: { count: reasons.reduce((n, r) => n + r.count, 0), reasons },
    delivery,
    heatmap,
    days,
    topProducts: products,
    topCoupons: coupons,
    rating,
  };
}
