// Customers' likes of products (table likes, migration 0002).
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { likes } from '../db/schema/customers.js';

/** The customer's liked products, oldest like first. */
export function likesOfUser(db: Executor, userId: string): Promise<{ productId: string }[]> {
  return db
    .select({ productId: likes.productId })
    .from(likes)
    .where(eq(likes.userId, userId))
    .orderBy(asc(likes.createdAt), asc(likes.productId));
}

/** false when the customer already liked the product. */
export async function insertLike(db: Executor, userId: string, productId: string, now: Date): Promise<boolean> {
  const inserted = await db
    .insert(likes)
    .values({ userId, productId, createdAt: now })
    .onConflictDoNothing()
    .returning({ productId: likes.productId });
  return inserted.length > 0;
}

export async function countLikes(db: Executor, productId: string): Promise<number | undefined> {
  const [total] = await db.select({ n: count() }).from(likes).where(eq(likes.productId, productId));
  return total?.n;
}

export async function deleteLike(db: Executor, userId: string, productId: string): Promise<void> {
  await db.delete(likes).where(and(eq(likes.userId, userId), eq(likes.productId, productId)));
}

/** How many customers like each product that has a like. */
export async function likeCounts(db: Executor): Promise<Map<string, number>> {
  const result = await db.execute(sql`select product_id, count(*)::int as n from likes group by product_id`);
  const rows = (result as unknown as { rows: { product_id: string; n: number }[] }).rows;
  return new Map(rows.map((r) => [r.product_id, Number(r.n)]));
}

/** Product ids the user liked, by id. */
export async function likedProductIds(db: Executor, userId: string): Promise<string[]> {
  const result = await db.execute(sql`select product_id from likes where user_id = ${userId} order by product_id`);
  return (result as unknown as { rows: { product_id: string }[] }).rows.map((r) => r.product_id);
}
