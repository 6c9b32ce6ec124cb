// Promotions (issue 6 §4): coupons, the snack and pizza gifts. Bonus rules (BONUS_ACCRUAL_PERCENT,
// BONUS_SPEND_CAP) are settings: PUT /admin/settings/:name. Admin only, except the reads.
import { z } from 'zod';
import { DeliveryMethod, IsoDateTime } from '../../entities.js';
import { defineAdminRoute } from './common.js';

export const AdminCoupon = z.object({
  code: z.string(),
  title: z.string(),
  kind: z.enum(['percent', 'fixed']),
  /** percent: 1..100; fixed: roubles off the goods. */
  value: z.number().int().positive(),
  minSum: z.number().int().nonnegative(),
  validFrom: IsoDateTime.nullable(),
  validTo: IsoDateTime.nullable(),
  /** Empty: every city. */
  cityIds: z.array(z.string()),
  /** null: unlimited. */
  usageLimit: z.number().int().positive().nullable(),
  /** Orders placed with the coupon and not cancelled. */
  usedCount: z.number().int().nonnegative(),
  perUserLimit: z.number().int().positive().nullable(),
  /** null: delivery and pickup. */
  deliveryMethod: DeliveryMethod.nullable(),
  isActive: z.boolean(),
  createdAt: IsoDateTime,
});
export type AdminCoupon = z.infer<typeof AdminCoupon>;

const CouponFields = z.object({
  title: z.string().trim().max(200).default(''),
  kind: z.enum(['percent', 'fixed']),
  value: z.number().int().min(1).max(1_000_000),
  minSum: z.number().int().min(0).max(1_000_000).default(0),
  validFrom: IsoDateTime.nullable().default(null),
  validTo: IsoDateTime.nullable().default(null),
  cityIds: z.array(z.string().min(1).max(64)).max(100).default([]),
  usageLimit: z.number().int().min(1).nullable().default(null),
  perUserLimit: z.number().int().min(1).nullable().default(null),
  deliveryMethod: DeliveryMethod.nullable().default(null),
  isActive: z.boolean().default(true),
});

export const adminListCoupons = defineAdminRoute('operator', {
  method: 'GET',
  path: '/admin/coupons',
  summary: 'Every coupon with its usage count',
  auth: 'staff',
  response: z.object({ coupons: z.array(AdminCoupon) }),
});

export const adminCreateCoupon = defineAdminRoute('admin', {
  method: 'POST',
  path: '/admin/coupons',
  summary: 'Creates a coupon; the code is stored upper-case (409 when taken, 422 for a percent above 100, dates out of order or an unknown city)',
  auth: 'staff',
  body: CouponFields.extend({ code: z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/) }),
  response: AdminCoupon,
});

export const adminUpdateCoupon = defineAdminRoute('admin', {
  method: 'PATCH',
  path: '/admin/coupons/:code',
  summary: 'Changes a coupon; isActive: false disables it (coupons are never deleted: orders refer to them)',
  auth: 'staff',
  params: z.object({ code: z.string().min(1).max(64) }),
  body: CouponFields.partial(),
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

export const adminListPromotions = defineAdminRoute('operator', {
  method: 'GET',
  path: '/admin/promotions',
  summary: 'The snack and pizza gift promotions',
  auth: 'staff',
  response: z.object({ promotions: z.array(AdminPromotion) }),
});

export const adminUpdatePromotion = defineAdminRoute('admin', {
  method: 'PATCH',
  path: '/admin/promotions/:kind',
  summary: 'Changes a gift promotion: title, active flag, `per` (snack gift, 1..20) or `minSum` (pizza gift, roubles)',
  auth: 'staff',
  params: z.object({ kind: PromotionKind }),
  body: z.object({
    title: z.string().trim().max(200).optional(),
    isActive: z.boolean().optional(),
    per: z.number().int().min(1).max(20).optional(),
    minSum: z.number().int().min(0).max(1_000_000).optional(),
  }),
  response: AdminPromotion,
});
