// Ratings after delivery and the closed prompts (tables order_ratings, order_rating_dismissals,
// migration 0114), with the weekly averages per restaurant for the operators' dashboard.
import { and, desc, eq, gte, inArray, lt, notExists, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { cities, restaurants } from '../db/schema/catalog.js';
import { orders } from '../db/schema/orders.js';
import { orderRatingDismissals, orderRatings } from '../db/schema/ratings.js';
import { RATEABLE_STATUSES } from '../../src/domain/rating.js';
import { keyedRows } from './rows.js';

export type RatingRow = typeof orderRatings.$inferSelect;
type NewRating = typeof orderRatings.$inferInsert;

/** The stored rating, or undefined when the order was rated already (the first one stays). */
export async function insertRating(db: Executor, rating: NewRating): Promise<RatingRow | undefined> {
  return (await db.insert(orderRatings).values(rating).onConflictDoNothing().returning())[0];
}

/** The order's rating, undefined while it has none. */
export const { find: findRating } = keyedRows(orderRatings, orderRatings.orderId);

export function ratingsOfUser(db: Executor, userId: string, limit: number): Promise<RatingRow[]> {
  return db
    .select()
    .from(orderRatings)
    .where(eq(orderRatings.userId, userId))
    .orderBy(desc(orderRatings.createdAt))
    .limit(limit);
}

export async function insertDismissal(db: Executor, orderId: string, userId: string, now: Date): Promise<void> {
  await db.insert(orderRatingDismissals).values({ orderId, userId, dismissedAt: now }).onConflictDoNothing();
}

/** Delivered orders placed since `since`, neither rated nor dismissed, newest first. */
export function unratedDeliveredOrders(
  db: Executor,
  userId: string,
  since: Date,
  limit: number,
): Promise<{ orderId: string; number: number; createdAt: Date }[]> {
  return db
    .select({ orderId: orders.id, number: orders.number, createdAt: orders.createdAt })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        inArray(orders.status, [...RATEABLE_STATUSES]),
        gte(orders.createdAt, since),
        notExists(
          db
            .select({ one: sql`1` })
            .from(orderRatings)
            .where(eq(orderRatings.orderId, orders.id)),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(orderRatingDismissals)
            .where(eq(orderRatingDismissals.orderId, orders.id)),
        ),
      ),
    )
    .orderBy(desc(orders.number))
    .limit(limit);
}

export interface RatingWeekFilter {
  from?: Date | undefined;
  to?: Date | undefined;
  cityId?: string | undefined;
  restaurantId?: string | undefined;
}

export interface RatingWeekRow {
  restaurantId: string;
  restaurantName: string;
  cityId: string;
  weekStart: string;
  average: number;
  count: number;
}

/**
 * Mean score per restaurant and week, one SQL aggregate: the week is date_trunc('week') (Monday)
 * of the rating's time in its restaurant's city time zone.
 */
export async function ratingWeeks(db: Executor, filter: RatingWeekFilter): Promise<RatingWeekRow[]> {
  const zone = sql`coalesce(${cities.timeZone}, 'Asia/Irkutsk')`;
  const weekStart = sql<string>`to_char(date_trunc('week', ${orderRatings.createdAt} at time zone ${zone}), 'YYYY-MM-DD')`;
  const where: SQL[] = [];
  if (filter.from) where.push(gte(orderRatings.createdAt, filter.from));
  if (filter.to) where.push(lt(orderRatings.createdAt, filter.to));
  if (filter.cityId) where.push(eq(restaurants.cityId, filter.cityId));
  if (filter.restaurantId) where.push(eq(orderRatings.restaurantId, filter.restaurantId));
  const rows = await db
    .select({
      restaurantId: orderRatings.restaurantId,
      restaurantName: sql<string>`coalesce(${restaurants.name}, ${orderRatings.restaurantId})`,
      cityId: sql<string>`coalesce(${restaurants.cityId}, '')`,
      weekStart,
      average: sql<string>`round(avg(${orderRatings.score}), 2)::text`,
      count: sql<number>`count(*)::int`,
    })
    .from(orderRatings)
    .leftJoin(restaurants, eq(restaurants.deliveryTerminalId, orderRatings.restaurantId))
    .leftJoin(cities, eq(cities.id, restaurants.cityId))
    .where(where.length > 0 ? and(...where) : undefined)
    .groupBy(orderRatings.restaurantId, restaurants.name, restaurants.cityId, weekStart)
    .orderBy(desc(weekStart), sql`2`);
  // numeric travels as text (exact); two decimals fit a double
  return rows.map((r) => ({ ...r, average: Number(r.average), count: Number(r.count) }));
}
