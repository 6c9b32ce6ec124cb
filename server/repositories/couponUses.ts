// The coupon uses orders hold (coupon_uses) and the count each coupon keeps of them
// (coupons.used_count): taken when an order is placed, freed when it is cancelled.
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { couponUses, coupons } from '../db/schema/orders.js';

/**
 * Counts one more use of the coupon if its usage limit allows it; its per-customer limit, or
 * undefined when the limit is reached (or there is no such coupon). The coupon's row stays locked
 * until the transaction ends, which serialises the per-customer count across processes.
 */
export async function countCouponUse(tx: Executor, code: string): Promise<{ perUserLimit: number | null } | undefined> {
  const counted = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(
      and(eq(coupons.code, code), sql`(${coupons.usageLimit} is null or ${coupons.usedCount} < ${coupons.usageLimit})`),
    )
    .returning({ perUserLimit: coupons.perUserLimit });
  return counted[0];
}

export async function insertCouponUse(
  tx: Executor,
  use: { code: string; userId: string; orderId: string; createdAt: Date },
): Promise<void> {
  await tx.insert(couponUses).values(use);
}

/** The order's coupon uses deleted and each coupon's count lowered again (never below 0). */
export async function freeCouponUsesOfOrder(tx: Executor, orderId: string): Promise<void> {
  const freed = await tx.delete(couponUses).where(eq(couponUses.orderId, orderId)).returning({ code: couponUses.code });
  for (const use of freed) {
    await tx
      .update(coupons)
      .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
      .where(eq(coupons.code, use.code));
  }
}
