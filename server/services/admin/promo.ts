// Promotions for staff: coupons (never deleted: orders refer to them; disable
// instead) and the snack and pizza gift promotions read by server/services/promo.ts.
import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod/mini';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/database.js';
import { cities } from '../../db/schema/catalog.js';
import { coupons, promotions, type PromotionKind } from '../../db/schema/orders.js';
import { conflict, notFound, unprocessable } from '../../http/errors.js';
import type { AdminCoupon, adminCreateCoupon, adminUpdateCoupon } from '../../../src/api/contract/admin/promo.js';
import { loadOrderSettings, toCouponData } from '../promo.js';
import { audit } from './audit.js';
import type { StaffPrincipal } from './staffSessions.js';

type BodyOf<T> = T extends { body?: infer B } ? (B extends z.ZodMiniType ? z.output<B> : never) : never;
type CouponRow = typeof coupons.$inferSelect;

export const PROMO_MESSAGES = {
  couponNotFound: 'Промокод не найден',
  couponTaken: 'Такой промокод уже есть',
  percentTooBig: 'Скидка в процентах не может быть больше 100',
  datesOrder: 'Дата окончания должна быть позже даты начала',
  unknownCity: 'Неизвестный город в списке городов промокода',
  promotionNotFound: 'Акция не найдена',
} as const;

export function toAdminCoupon(row: CouponRow): AdminCoupon {
  return { ...toCouponData(row), createdAt: row.createdAt.toISOString() };
}

export async function listCoupons(db: Executor): Promise<AdminCoupon[]> {
  return (await db.select().from(coupons).orderBy(asc(coupons.code))).map(toAdminCoupon);
}

async function checkCoupon(
  db: Executor,
  c: { kind: string; value: number; validFrom: string | null; validTo: string | null; cityIds: string[] },
): Promise<void> {
  if (c.kind === 'percent' && c.value > 100) throw unprocessable(PROMO_MESSAGES.percentTooBig, 'percent-too-big');
  if (c.validFrom !== null && c.validTo !== null && new Date(c.validFrom) >= new Date(c.validTo))
    throw unprocessable(PROMO_MESSAGES.datesOrder, 'dates-order');
  if (c.cityIds.length > 0) {
    const found = await db.select({ id: cities.id }).from(cities).where(inArray(cities.id, c.cityIds));
    if (found.length !== new Set(c.cityIds).size) throw unprocessable(PROMO_MESSAGES.unknownCity, 'unknown-city');
  }
}

interface Actor {
  ctx: AppContext;
  ip: string;
  staff: StaffPrincipal;
}

export async function createCoupon(
  { ctx, ip, staff }: Actor,
  input: BodyOf<typeof adminCreateCoupon>,
): Promise<AdminCoupon> {
  const code = input.code.toUpperCase();
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await checkCoupon(tx, input);
    if ((await tx.select({ code: coupons.code }).from(coupons).where(eq(coupons.code, code)).limit(1)).length > 0)
      throw conflict(PROMO_MESSAGES.couponTaken, 'coupon-taken');
    const rows = await tx
      .insert(coupons)
      .values({
        code,
        title: input.title,
        kind: input.kind,
        value: input.value,
        minSum: input.minSum,
        validFrom: input.validFrom ? new Date(input.validFrom) : null,
        validTo: input.validTo ? new Date(input.validTo) : null,
        cityIds: input.cityIds,
        usageLimit: input.usageLimit,
        perUserLimit: input.perUserLimit,
        deliveryMethod: input.deliveryMethod,
        isActive: input.isActive,
        createdAt: now,
      })
      .returning();
    const row = rows[0];
    if (!row) throw new Error('coupon insert returned nothing');
    const after = toAdminCoupon(row);
    await audit(tx, staff, ip, { action: 'coupon.create', entity: 'coupon', entityId: code, after }, now);
    return after;
  });
}

export async function updateCoupon(
  { ctx, ip, staff }: Actor,
  rawCode: string,
  patch: BodyOf<typeof adminUpdateCoupon>,
): Promise<AdminCoupon> {
  const code = rawCode.toUpperCase();
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const before = (await tx.select().from(coupons).where(eq(coupons.code, code)).limit(1))[0];
    if (!before) throw notFound(PROMO_MESSAGES.couponNotFound, 'coupon-not-found');
    const merged = {
      ...toAdminCoupon(before),
      ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
    } as AdminCoupon;
    await checkCoupon(tx, merged);
    const rows = await tx
      .update(coupons)
      .set({
        title: merged.title,
        kind: merged.kind,
        value: merged.value,
        minSum: merged.minSum,
        validFrom: merged.validFrom ? new Date(merged.validFrom) : null,
        validTo: merged.validTo ? new Date(merged.validTo) : null,
        cityIds: merged.cityIds,
        usageLimit: merged.usageLimit,
        perUserLimit: merged.perUserLimit,
        deliveryMethod: merged.deliveryMethod,
        isActive: merged.isActive,
      })
      .where(eq(coupons.code, code))
      .returning();
    const after = toAdminCoupon(rows[0] ?? before);
    await audit(
      tx,
      staff,
      ip,
      { action: 'coupon.update', entity: 'coupon', entityId: code, before: toAdminCoupon(before), after },
      now,
    );
    return after;
  });
}

const GIFT_KINDS: readonly PromotionKind[] = ['snack-gift', 'pizza-gift'];

export async function listPromotions(db: Executor) {
  const rows = await db.select().from(promotions);
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
  { ctx, ip, staff }: Actor,
  kind: PromotionKind,
  patch: {
    title?: string | undefined;
    isActive?: boolean | undefined;
    per?: number | undefined;
    minSum?: number | undefined;
  },
) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const before = (await tx.select().from(promotions).where(eq(promotions.kind, kind)).limit(1))[0];
    if (!before) throw notFound(PROMO_MESSAGES.promotionNotFound, 'promotion-not-found');
    const params = { ...before.params };
    if (kind === 'snack-gift' && patch.per !== undefined) params.per = patch.per;
    if (kind === 'pizza-gift' && patch.minSum !== undefined) params.minSum = patch.minSum;
    const rows = await tx
      .update(promotions)
      .set({
        params,
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        ...(patch.isActive !== undefined ? { isActive: patch.isActive } : {}),
      })
      .where(eq(promotions.kind, kind))
      .returning();
    await audit(
      tx,
      staff,
      ip,
      { action: 'promotion.update', entity: 'promotion', entityId: kind, before, after: rows[0] ?? null },
      now,
    );
  });
  const all = await ctx.db.run(listPromotions);
  const found = all.find((p) => p.kind === kind);
  if (!found) throw notFound(PROMO_MESSAGES.promotionNotFound, 'promotion-not-found');
  return found;
}
