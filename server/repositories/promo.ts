// Coupons, their uses and the gift promotions (tables coupons, coupon_uses, promotions).
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { couponUses, coupons, promotions, type PromotionKind } from '../db/schema/orders.js';
import { insertRow, updateRow } from './rows.js';

export type CouponRow = typeof coupons.$inferSelect;
export type NewCoupon = typeof coupons.$inferInsert;
export type PromotionRow = typeof promotions.$inferSelect;
export type NewPromotion = typeof promotions.$inferInsert;

/** The coupon of this code as stored (codes are stored upper-cased). */
export async function findCouponRow(db: Executor, code: string): Promise<CouponRow | undefined> {
  return (await db.select().from(coupons).where(eq(coupons.code, code)).limit(1))[0];
}

/** Orders of this user that used the coupon. */
export async function countCouponUsesOf(db: Executor, code: string, userId: string): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(couponUses)
    .where(and(eq(couponUses.code, code), eq(couponUses.userId, userId)));
  return rows[0]?.n ?? 0;
}

export function listCouponRows(db: Executor): Promise<CouponRow[]> {
  return db.select().from(coupons).orderBy(asc(coupons.code));
}

export async function insertCoupon(tx: Executor, coupon: NewCoupon): Promise<CouponRow> {
  return insertRow(tx, coupons, coupon);
}

/** Changes the given columns; the row after (undefined when there is no such coupon). */
export async function updateCouponRow(
  tx: Executor,
  code: string,
  patch: Partial<Omit<NewCoupon, 'code'>>,
): Promise<CouponRow | undefined> {
  return updateRow(tx, coupons, eq(coupons.code, code), patch, () => findCouponRow(tx, code));
}

export function listPromotionRows(db: Executor): Promise<PromotionRow[]> {
  return db.select().from(promotions);
}

export async function findPromotionRow(db: Executor, kind: PromotionKind): Promise<PromotionRow | undefined> {
  return (await db.select().from(promotions).where(eq(promotions.kind, kind)).limit(1))[0];
}

/** Changes the given columns; the row after (undefined when there is no such promotion). */
export async function updatePromotionRow(
  tx: Executor,
  kind: PromotionKind,
  patch: Partial<Omit<NewPromotion, 'kind'>>,
): Promise<PromotionRow | undefined> {
  return updateRow(tx, promotions, eq(promotions.kind, kind), patch, () => findPromotionRow(tx, kind));
}

/** Writes coupons and promotions; rows already there are left as they are. */
export async function insertPromotionsIfMissing(
  tx: Executor,
  couponRows: readonly NewCoupon[],
  promotionRows: readonly NewPromotion[],
): Promise<void> {
  await tx
    .insert(coupons)
    .values([...couponRows])
    .onConflictDoNothing();
  await tx
    .insert(promotions)
    .values([...promotionRows])
    .onConflictDoNothing();
}
