// POST /promo: the cart's quote of coupons, gifts and bonuses. The engine's pure rules are in
// promoEngine.ts, what it reads in promoSettings.ts and coupons.ts, the demo rows in
// demoPromotions.ts; re-exported here for the order services, the seed and the tests.
import type { Database, Executor } from '../db/database.js';
import type { AppContext } from '../context.js';
import { allCityIds } from '../repositories/catalog.js';
import { unprocessable } from '../http/errors.js';
import type { PromoRequest, PromoResponse } from '../../src/api/entities.js';
import { COUPON_MESSAGES, ORDER_MESSAGES, couponMinSumMessage } from '../../src/domain/messages.js';
import { countCouponUses, findCoupon } from './coupons.js';
import { loadPricingCatalog, priceItems, type ItemRequest } from './pricing.js';
import { evaluatePromo, toPromoResponse, type GiftRules } from './promoEngine.js';
import {
  giftInfoFrom,
  halfPizzaRulesOf,
  loadGiftRules,
  loadOrderSettings,
  type OrderSettings,
} from './promoSettings.js';
import type { AuthUser } from './sessions.js';
import { getBalance } from './users.js';

export * from './promoEngine.js';
export * from './promoSettings.js';
export * from './coupons.js';
export * from './demoPromotions.js';
// The coupon texts are shared with the client (src/domain/messages.ts); re-exported for orders.ts.
export { COUPON_MESSAGES, couponMinSumMessage };
export const CITY_NOT_FOUND_MESSAGE = ORDER_MESSAGES.cityNotFound;

/** Splits the promo payload's items into goods to re-price and gift lines the cart asks for. */
export function splitPromoItems(
  items: PromoRequest['order']['items'],
  giftIds: readonly string[],
): { goods: ItemRequest[]; requestedGifts: { productId: string; amount: number }[] } {
  const goods: ItemRequest[] = [];
  const requestedGifts: { productId: string; amount: number }[] = [];
  for (const item of items) {
    if (giftIds.includes(item.id) && item.sum === 0) {
      requestedGifts.push({ productId: item.id, amount: item.amount });
      continue;
    }
    goods.push({
      productId: item.id,
      amount: item.amount,
      mods: item.modifiers.map((m) => ({ id: m.id, amount: m.amount, groupId: m.groupId })),
      ...(item.halfPizza === undefined ? {} : { halfPizza: item.halfPizza }),
    });
  }
  return { goods, requestedGifts };
}

interface PromoRules {
  settings: OrderSettings;
  rules: GiftRules;
  cityIds: readonly string[];
}
const promoRulesCache = new WeakMap<Database, { value: PromoRules; readAt: number }>();

/**
 * Order settings, gift rules and city ids for POST /promo, read at most once per `maxAgeMs`
 * (CONTENT_VERSION_MAX_AGE_MS, as the catalogue's version) per process: a quote is advice, and
 * the cart re-quotes on every change; an order checks them by content version inside its own
 * transaction (checkoutReference.ts).
 */
async function promoRules(database: Database, db: Executor, maxAgeMs: number): Promise<PromoRules> {
  const cached = promoRulesCache.get(database);
  if (maxAgeMs > 0 && cached && performance.now() - cached.readAt < maxAgeMs) return cached.value;
  const settings = await loadOrderSettings(db);
  const rules = await loadGiftRules(db, settings);
  const cityIds = await allCityIds(db);
  const value: PromoRules = { settings, rules, cityIds };
  promoRulesCache.set(database, { value, readAt: performance.now() });
  return value;
}

export async function quotePromo(ctx: AppContext, body: PromoRequest, user: AuthUser | null): Promise<PromoResponse> {
  const now = ctx.clock.now().toISOString();
  const outcome = await ctx.db.run(async (db) => {
    const { settings: promoSettings, rules, cityIds } = await promoRules(ctx.db, db, ctx.config.contentVersionMaxAgeMs);
    if (!cityIds.includes(body.cityId)) throw unprocessable(CITY_NOT_FOUND_MESSAGE, 'city-not-found');
    const catalog = await loadPricingCatalog(db, ctx.db);
    const { goods, requestedGifts } = splitPromoItems(
      body.order.items,
      [promoSettings.giftIds.SNACK, promoSettings.giftIds.PIZZA].filter(Boolean),
    );
    const priced = priceItems(catalog, goods, halfPizzaRulesOf(promoSettings));
    if (!priced.ok) throw unprocessable(priced.message, 'item-unavailable');
    const coupon = await findCoupon(db, body.coupon);
    const usesByUser = coupon && user ? await countCouponUses(db, coupon.code, user.userId) : 0;
    const balance = user ? await getBalance(db, user.userId) : 0;
    return evaluatePromo({
      lines: priced.lines,
      requestedGifts,
      couponCode: body.coupon,
      coupon,
      couponUsesByUser: usesByUser,
      user: user ? { id: user.userId, balance } : null,
      cityId: body.cityId,
      deliveryMethod: body.deliveryMethod,
      now,
      spendBonus: body.spendBonus,
      bonusSpendCap: promoSettings.bonusSpendCap,
      rules,
      giftInfo: giftInfoFrom(catalog, rules),
      clientGoodsTotal: body.notGiftsAndNotDeliveryTotal > 0 ? body.notGiftsAndNotDeliveryTotal : null,
    });
  });
  return toPromoResponse(outcome);
}
