// Coupons as the promotion engine reads them.
import type { Executor } from '../db/database.js';
import { countCouponUsesOf, findCouponRow, type CouponRow } from '../repositories/promo.js';
import { normalizeCouponCode, type CouponData } from './promoEngine.js';

export function toCouponData(row: CouponRow): CouponData {
  return {
    code: row.code,
    title: row.title,
    kind: row.kind,
    value: row.value,
    minSum: row.minSum,
    validFrom: row.validFrom ? row.validFrom.toISOString() : null,
    validTo: row.validTo ? row.validTo.toISOString() : null,
    cityIds: row.cityIds,
    usageLimit: row.usageLimit,
    usedCount: row.usedCount,
    perUserLimit: row.perUserLimit,
    deliveryMethod: row.deliveryMethod,
    isActive: row.isActive,
  };
}

export async function findCoupon(db: Executor, code: string | null): Promise<CouponData | null> {
  const normalized = normalizeCouponCode(code);
  if (normalized === null) return null;
  const row = await findCouponRow(db, normalized);
  return row ? toCouponData(row) : null;
}

/** Orders of this user that already used the coupon. */
export function countCouponUses(db: Executor, code: string, userId: string): Promise<number> {
  return countCouponUsesOf(db, code, userId);
}
