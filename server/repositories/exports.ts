// Pages of the CSV exports, read by keyset (never OFFSET, never the whole table): each page starts
// after the last row of the one before, so an export of any size holds one page at a time and
// each page is its own short query (the connection is free between pages).
import { and, asc, desc, eq, gt, like, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { orderCancellations } from '../db/schema/admin.js';
import { cities, restaurants } from '../db/schema/catalog.js';
import { users } from '../db/schema/customers.js';
import { orders, type StoredAddress, type StoredOrderLine } from '../db/schema/orders.js';

/** Where a page of orders ends: the created_at to the microsecond (text) and the number. */
export interface OrderCursor {
  at: string;
  number: number;
}

export interface OrderExportRow {
  number: number;
  createdAt: Date;
  /** created_at as 'YYYY-MM-DDTHH:MM:SS.ffffffZ', exact, for the next page. */
  cursorAt: string;
  cityName: string | null;
  timeZone: string | null;
  restaurantName: string | null;
  status: (typeof orders.$inferSelect)['status'];
  deliveryMethod: (typeof orders.$inferSelect)['deliveryMethod'];
  phone: string | null;
  customerName: string;
  address: StoredAddress | null;
  items: StoredOrderLine[];
  goodsTotal: number;
  discountTotal: number;
  bonusSpent: number;
  deliveryPrice: number;
  serviceFee: number;
  total: number;
  coupon: string | null;
  paymentMethod: (typeof orders.$inferSelect)['paymentMethod'];
  paymentStatus: (typeof orders.$inferSelect)['paymentStatus'];
  deliveryTime: string;
  comment: string;
  cancelReason: string | null;
}

/** One page of an export: at most `limit` rows matching `condition`, after the cursor (null: from the start). */
export type PageReader<Cursor, Row> = (
  db: Executor,
  condition: SQL | undefined,
  after: Cursor | null,
  limit: number,
) => Promise<Row[]>;

export type OrdersPageReader = PageReader<OrderCursor, OrderExportRow>;

/** Newest first, like the orders list; `condition` is the list's filter (orders joined to users). */
export const ordersExportPage: OrdersPageReader = async (db, condition, after, limit) => {
  const keyset =
    after === null
      ? undefined
      : sql`(${orders.createdAt}, ${orders.number}) < (${after.at}::timestamptz, ${after.number})`;
  return db
    .select({
      number: orders.number,
      createdAt: orders.createdAt,
      cursorAt: sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      cityName: cities.name,
      timeZone: cities.timeZone,
      restaurantName: restaurants.name,
      status: orders.status,
      deliveryMethod: orders.deliveryMethod,
      phone: users.phone,
      customerName: users.name,
      address: orders.address,
      items: orders.items,
      goodsTotal: orders.goodsTotal,
      discountTotal: orders.discountTotal,
      bonusSpent: orders.bonusSpent,
      deliveryPrice: orders.deliveryPrice,
      serviceFee: orders.serviceFee,
      total: orders.total,
      coupon: orders.coupon,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      deliveryTime: orders.deliveryTime,
      comment: orders.comment,
      cancelReason: orderCancellations.reason,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(cities, eq(cities.id, orders.cityId))
    .leftJoin(restaurants, eq(restaurants.deliveryTerminalId, orders.deliveryTerminalId))
    .leftJoin(orderCancellations, eq(orderCancellations.orderId, orders.id))
    .where(and(condition, keyset))
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(limit);
};

export interface CustomerExportRow {
  id: string;
  phone: string | null;
  name: string;
  createdAt: Date;
  balance: number;
  personalData: boolean;
  receiveAdvertising: boolean;
  /** Whether a consent to the processing of personal data was ever recorded. */
  everConsented: boolean;
  ordersCount: number;
  ordersTotal: number;
  lastOrderAt: Date | null;
}

/** The customers' phone filter: the whole number exactly, or these digits anywhere in it. */
export function customerPhoneCondition(phone: { exact: string } | { digits: string }): SQL {
  return 'exact' in phone ? eq(users.phone, phone.exact) : like(users.phone, `%${phone.digits}%`);
}

/** The cursor is the last customer's id. */
export type CustomersPageReader = PageReader<string, CustomerExportRow>;

/**
 * Customers not deleted, by id; orders counted and summed without the cancelled ones. (The
 * subqueries name users.id in full: drizzle would print a bare "id", which is the inner table's.)
 */
export const customersExportPage: CustomersPageReader = async (db, condition, afterId, limit) => {
  const rows = await db
    .select({
      id: users.id,
      phone: users.phone,
      name: users.name,
      createdAt: users.createdAt,
      balance: users.balance,
      personalData: users.personalData,
      receiveAdvertising: users.receiveAdvertising,
      everConsented: sql<boolean>`exists (select 1 from personal_data_consents c where c.user_id = users.id)`,
      ordersCount: sql<number>`(select count(*)::int from orders o where o.user_id = users.id and o.status <> 'Cancelled')`,
      ordersTotal: sql<number>`(select coalesce(sum(o.total), 0)::float8 from orders o where o.user_id = users.id and o.status <> 'Cancelled')`,
      lastOrderAt: sql<string | null>`(select max(o.created_at) from orders o where o.user_id = users.id)`,
    })
    .from(users)
    .where(
      and(
        sql`${users.deletedAt} is null and ${users.phone} is not null`,
        condition,
        afterId === null ? undefined : gt(users.id, afterId),
      ),
    )
    .orderBy(asc(users.id))
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    everConsented: Boolean(r.everConsented),
    ordersCount: Number(r.ordersCount),
    ordersTotal: Number(r.ordersTotal),
    lastOrderAt: r.lastOrderAt === null ? null : new Date(r.lastOrderAt),
  }));
};
