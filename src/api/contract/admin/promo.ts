// Promotions: coupons, the snack and pizza gifts. Bonus rules (BONUS_ACCRUAL_PERCENT,
// BONUS_SPEND_CAP) are settings: PUT /admin/settings/:name. Admin only, except the reads.
import { z } from 'zod/mini';
import { DeliveryMethod, Id, IsoDateTime } from '../../entities.js';
import { defineAdminRoute, patchOf, listOf } from './common.js';

export const AdminCoupon = z.object({
  code: z.string(),
  title: z.string(),
  kind: z.enum(['percent', 'fixed']),
  /** percent: 1..100; fixed: roubles off the goods. */
  value: z.int().check(z.positive()),
  minSum: z.int().check(z.nonnegative()),
  validFrom: z.nullable(IsoDateTime),
  validTo: z.nullable(IsoDateTime),
  /** Empty: every city. */
  cityIds: z.array(z.string()),
  /** null: unlimited. */
  usageLimit: z.nullable(z.int().check(z.positive())),
  /** Orders placed with the coupon and not cancelled. */
  usedCount: z.int().check(z.nonnegative()),
  perUserLimit: z.nullable(z.int().check(z.positive())),
  /** null: delivery and pickup. */
  deliveryMethod: z.nullable(DeliveryMethod),
  isActive: z.boolean(),
  createdAt: IsoDateTime,
});
export type AdminCoupon = z.infer<typeof AdminCoupon>;

const CouponFields = z.object({
  title: z._default(z.string().check(z.trim(), z.maxLength(200)), ''),
  kind: z.enum(['percent', 'fixed']),
  value: z.int().check(z.minimum(1), z.maximum(1_000_000)),
  minSum: z._default(z.int().check(z.minimum(0), z.maximum(1_000_000)), 0),
  validFrom: z._default(z.nullable(IsoDateTime), null),
  validTo: z._default(z.nullable(IsoDateTime), null),
  cityIds: z._default(z.array(Id).check(z.maxLength(100)), []),
  usageLimit: z._default(z.nullable(z.int().check(z.minimum(1))), null),
  perUserLimit: z._default(z.nullable(z.int().check(z.minimum(1))), null),
  deliveryMethod: z._default(z.nullable(DeliveryMethod), null),
  isActive: z._default(z.boolean(), true),
});

export const adminListCoupons = defineAdminRoute('operator', 'GET /admin/coupons', {
  summary: 'Every coupon with its usage count',
  response: listOf('coupons', AdminCoupon),
});

export const adminCreateCoupon = defineAdminRoute('admin', 'POST /admin/coupons', {
  summary:
    'Creates a coupon; the code is stored upper-case (409 when taken, 422 for a percent above 100, dates out of order or an unknown city)',
  body: z.extend(CouponFields, {
    code: z.string().check(z.trim(), z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9_-]+$/)),
  }),
  response: AdminCoupon,
});

export const adminUpdateCoupon = defineAdminRoute('admin', 'PATCH /admin/coupons/:code', {
  summary: 'Changes a coupon; isActive: false disables it (coupons are never deleted: orders refer to them)',
  params: z.object({ code: z.string().check(z.minLength(1), z.maxLength(64)) }),
  body: patchOf(CouponFields),
  response: AdminCoupon,
});

export const PromotionKind = z.enum(['snack-gift', 'pizza-gift']);
export const AdminPromotion = z.object({
  kind: PromotionKind,
  title: z.string(),
  /** snack-gift: { per } (one GIFT_IDS.SNACK per `per` snacks, 3 by default); pizza-gift: { minSum } (goods total from which GIFT_IDS.PIZZA is given, 2500 by default). */
  params: z.record(z.string(), z.unknown()),
  isActive: z.boolean(),
  /** The gift product (setting GIFT_IDS). */
  giftProductId: z.string(),
});

export const adminListPromotions = defineAdminRoute('operator', 'GET /admin/promotions', {
  summary: 'The snack and pizza gift promotions',
  response: listOf('promotions', AdminPromotion),
});

export const adminUpdatePromotion = defineAdminRoute('admin', 'PATCH /admin/promotions/:kind', {
  summary: 'Changes a gift promotion: title, active flag, `per` (snack gift, 1..20) or `minSum` (pizza gift, roubles)',
  params: z.object({ kind: PromotionKind }),
  body: z.object({
    title: z.optional(z.string().check(z.trim(), z.maxLength(200))),
    isActive: z.optional(z.boolean()),
    per: z.optional(z.int().check(z.minimum(1), z.maximum(20))),
    minSum: z.optional(z.int().check(z.minimum(0), z.maximum(1_000_000))),
  }),
  response: AdminPromotion,
});
