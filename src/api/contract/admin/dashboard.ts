// The managers' dashboard: a period's figures for the chain, a city or a restaurant, from SQL
// aggregates over the orders tables (docs/DASHBOARD.md says what each figure counts).
// Live: the screen re-reads it (debounced) on each staff WebSocket order event.
import { z } from 'zod/mini';
import { Id, IsoDateTime } from '../../entities.js';
import { PaymentMethod } from '../orders.js';
import { CalendarDay, defineAdminRoute } from './common.js';

export const DashboardPeriod = z.enum(['today', 'yesterday', '7d', '30d', 'custom']);
export type DashboardPeriod = z.infer<typeof DashboardPeriod>;

export const DashboardQuery = z.object({
  period: z._default(DashboardPeriod, 'today'),
  /** First day of a custom period ('YYYY-MM-DD' in the time zone of the city). */
  from: z.optional(CalendarDay),
  /** Last day of a custom period, included. */
  to: z.optional(CalendarDay),
  cityId: z.optional(Id),
  deliveryTerminalId: z.optional(Id),
});
export type DashboardQuery = z.infer<typeof DashboardQuery>;

const Count = z.int().check(z.nonnegative());
/** Minutes, null without any delivered order in the period. */
const Minutes = z.nullable(z.number());

export const Dashboard = z.object({
  /** The period as instants: [from, to), and the time zone its days and hours are read in. */
  from: IsoDateTime,
  to: IsoDateTime,
  timeZone: z.string(),
  /** Orders placed in the period and not cancelled. */
  orders: Count,
  /** Their totals, whole roubles. */
  revenue: Count,
  /** revenue / orders rounded to the rouble; 0 without orders. */
  averageCheck: Count,
  /** Customers whose first order that was not cancelled is in the period, and the others. */
  customers: z.object({ new: Count, returning: Count }),
  /** Orders and revenue by payment method (online: card, sbp; on delivery: cash, courier-card). */
  payments: z.array(z.object({ method: PaymentMethod, orders: Count, revenue: Count })),
  cancellations: z.object({
    count: Count,
    /** By the reason staff gave; '' for an order cancelled without one (by the POS or the system). */
    reasons: z.array(z.object({ reason: z.string(), count: Count })),
  }),
  /** Delivery orders of the period with a Delivered status: promised and actual minutes from placing. */
  delivery: z.object({
    delivered: Count,
    promisedMedian: Minutes,
    promisedP90: Minutes,
    actualMedian: Minutes,
    actualP90: Minutes,
    /** Delivered after the promised time. */
    late: Count,
  }),
  /** Orders by local weekday (0 = Monday … 6 = Sunday) and hour (0–23): 7 rows of 24. */
  heatmap: z.array(z.array(Count)),
  /** Orders and revenue per local day of the period, oldest first. */
  days: z.array(z.object({ day: z.string(), orders: Count, revenue: Count })),
  /** The 10 products sold most (gifts left out), by units. */
  topProducts: z.array(z.object({ productId: z.string(), name: z.string(), amount: Count, revenue: Count })),
  /** The 10 coupons used most, with the discount they gave. */
  topCoupons: z.array(z.object({ code: z.string(), orders: Count, discount: Count })),
  /** Average of the customers' ratings of the period's orders and their number; null when none is rated. */
  rating: z.nullable(z.object({ average: z.number(), count: Count })),
});
export type Dashboard = z.infer<typeof Dashboard>;

export const adminDashboard = defineAdminRoute('manager', 'GET /admin/dashboard', {
  summary:
    'Figures of a period (today, yesterday, 7 or 30 days, custom days) for the chain, a city or a restaurant: revenue, orders, average check, customers, payments, cancellations, delivery times, heatmap, top products and coupons',
  query: DashboardQuery,
  response: Dashboard,
});
