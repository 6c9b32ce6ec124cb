// Promotions for staff: coupons (never deleted: orders refer to them; disable
// instead) and the snack and pizza gift promotions read by server/services/promo.ts.
import type { Executor } from '../../db/database.js';
import type { PromotionKind } from '../../db/schema/orders.js';
import { existingCityIds } from '../../repositories/catalog.js';
import {
  findCouponRow,
  findPromotionRow,
  insertCoupon,
  listCouponRows,
  listPromotionRows,
  updateCouponRow,
  updatePromotionRow,
  type CouponRow,
} from '../../repositories/promo.js';
import { conflict, notFound, unprocessable } from '../../http/errors.js';
import type { AdminCoupon, adminCreateCoupon, adminUpdateCoupon } from '../../../src/api/contract/admin/promo.js';
import { PROMO_MESSAGES } from '../../../src/api/contract/admin/messages.js';
import { toCouponData } from '../coupons.js';
import { loadOrderSettings } from '../promoSettings.js';
import type { Actor, BodyOf } from './actor.js';
import { staffEdit } from './staffEdit.js';

export function toAdminCoupon(row: CouponRow): AdminCoupon {
  return { ...toCouponData(row), createdAt: row.createdAt.toISOString() };
}

export async function listCoupons(db: Executor): Promise<AdminCoupon[]> {
  return (await listCouponRows(db)).map(toAdminCoupon);
}

async function checkCoupon(
  db: Executor,
  c: { kind: string; value: number; validFrom: string | null; validTo: string | null; cityIds: string[] },
): Promise<void> {
  if (c.kind === 'percent' && c.value > 100) throw unprocessable(PROMO_MESSAGES.percentTooBig, 'percent-too-big');
  if (c.validFrom !== null && c.validTo !== null && new Date(c.validFrom) >= new Date(c.validTo))
    throw unprocessable(PROMO_MESSAGES.datesOrder, 'dates-order');
  if ((await existingCityIds(db, c.cityIds)).length !== new Set(c.cityIds).size)
    throw unprocessable(PROMO_MESSAGES.unknownCity, 'unknown-city');
}

type CouponFields = Pick<
  AdminCoupon,
  'title' | 'kind' | 'value' | 'minSum' | 'cityIds' | 'usageLimit' | 'perUserLimit' | 'deliveryMethod' | 'isActive'
> & { validFrom?: string | null | undefined; validTo?: string | null | undefined };

/** A coupon's editable fields as stored (the dates as instants). */
function couponColumns(c: CouponFields) {
  return {
    title: c.title,
    kind: c.kind,
    value: c.value,
    minSum: c.minSum,
    validFrom: c.validFrom ? new Date(c.validFrom) : null,
    validTo: c.validTo ? new Date(c.validTo) : null,
    cityIds: c.cityIds,
    usageLimit: c.usageLimit,
    perUserLimit: c.perUserLimit,
    deliveryMethod: c.deliveryMethod,
    isActive: c.isActive,
  };
}

export async function createCoupon(actor: Actor, input: BodyOf<typeof adminCreateCoupon>): Promise<AdminCoupon> {
  const code = input.code.toUpperCase();
  return staffEdit(actor, async (tx, record, now) => {
    await checkCoupon(tx, input);
    if (await findCouponRow(tx, code)) throw conflict(PROMO_MESSAGES.couponTaken, 'coupon-taken');
    const row = await insertCoupon(tx, { code, ...couponColumns(input), createdAt: now });
    const after = toAdminCoupon(row);
    await record({ action: 'coupon.create', entity: 'coupon', entityId: code, after });
    return after;
  });
}

export async function updateCoupon(
  actor: Actor,
  rawCode: string,
  patch: BodyOf<typeof adminUpdateCoupon>,
): Promise<AdminCoupon> {
  const code = rawCode.toUpperCase();
  return staffEdit(actor, async (tx, record) => {
    const before = await findCouponRow(tx, code);
    if (!before) throw notFound(PROMO_MESSAGES.couponNotFound, 'coupon-not-found');
    const merged = {
      ...toAdminCoupon(before),
      ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
    } as AdminCoupon;
    await checkCoupon(tx, merged);
    const row = await updateCouponRow(tx, code, couponColumns(merged));
    const after = toAdminCoupon(row ?? before);
    await record({ action: 'coupon.update', entity: 'coupon', entityId: code, before: toAdminCoupon(before), after });
    return after;
  });
}

const GIFT_KINDS: readonly PromotionKind[] = ['snack-gift', 'pizza-gift'];

export async function listPromotions(db: Executor) {
  const rows = await listPromotionRows(db);
  const settings = await loadOrderSettings(db);
  return GIFT_KINDS.flatMap((kind) => {
    const row = rows.find((r) => r.kind === kind);
    if (!row) return [];
    return [
      {
        kind,
        title: row.title,
        params: row.params,
        isActive: row.isActive,
        giftProductId: kind === 'snack-gift' ? settings.giftIds.SNACK : settings.giftIds.PIZZA,
      },
    ];
  });
}

export async function updatePromotion(
  actor: Actor,
  kind: PromotionKind,
  patch: {
    title?: string | undefined;
    isActive?: boolean | undefined;
    per?: number | undefined;
    minSum?: number | undefined;
  },
) {
  await staffEdit(actor, async (tx, record) => {
    const before = await findPromotionRow(tx, kind);
    if (!before) throw notFound(PROMO_MESSAGES.promotionNotFound, 'promotion-not-found');
    const params = { ...before.params };
    if (kind === 'snack-gift' && patch.per !== undefined) params.per = patch.per;
    if (kind === 'pizza-gift' && patch.minSum !== undefined) params.minSum = patch.minSum;
    const after = await updatePromotionRow(tx, kind, { params, title: patch.title, isActive: patch.isActive });
    await record({ action: 'promotion.update', entity: 'promotion', entityId: kind, before, after: after ?? null });
  });
  const all = await actor.ctx.db.run(listPromotions);
  const found = all.find((p) => p.kind === kind);
  if (!found) throw notFound(PROMO_MESSAGES.promotionNotFound, 'promotion-not-found');
  return found;
}
