// Coupons, their uses and the gift promotions (tables coupons, coupon_uses, promotions).
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { couponUses, coupons, promotions } from '../db/schema/orders.js';
import { countRows, keyedRows } from './rows.js';

export type CouponRow = typeof coupons.$inferSelect;
export type NewCoupon = typeof coupons.$inferInsert;
export type PromotionRow = typeof promotions.$inferSelect;
export type NewPromotion = typeof promotions.$inferInsert;

/** Orders of this user that used the coupon. */
export async function countCouponUsesOf(db: Executor, code: string, userId: string): Promise<number> {
  return countRows(db, couponUses, and(eq(couponUses.code, code), eq(couponUses.userId, userId)));
}

export function listCouponRows(db: Executor): Promise<CouponRow[]> {
  return db.select().from(coupons).orderBy(asc(coupons.code));
}

export function listPromotionRows(db: Executor): Promise<PromotionRow[]> {
  return db.select().from(promotions);
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

/** Coupons by code (stored upper-cased). */
export const { find: findCouponRow, insert: insertCoupon, update: updateCouponRow } = keyedRows(coupons, coupons.code);
export const { find: findPromotionRow, update: updatePromotionRow } = keyedRows(promotions, promotions.kind);
