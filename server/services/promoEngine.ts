// The promotion engine as pure rules: coupon refusals and discounts, the snack and pizza gifts,
// bonus spending. See docs/CHECKOUT.md «Promotions». What it reads is loaded by
// promoSettings.ts (settings and gift rules) and coupons.ts.
import type { PromotionKind } from '../db/schema/orders.js';
import type { DeliveryMethod, FreeProduct, LostGift, PromoResponse } from '../../src/api/entities.js';
import { snackGiftCount, countGiftSnacks } from '../../src/domain/gifts.js';
import {
  COUPON_MESSAGES,
  couponMinSumMessage,
  goodsPriceChangedMessage,
  lostGiftMessage,
} from '../../src/domain/messages.js';
import { formatCount } from '../../src/domain/plural.js';
import type { PricedLine } from './pricing.js';

export interface CouponData {
  code: string;
  title: string;
  kind: 'percent' | 'fixed';
  value: number;
  minSum: number;
  /** ISO instants or null (open-ended). */
  validFrom: string | null;
  validTo: string | null;
  cityIds: string[];
  usageLimit: number | null;
  usedCount: number;
  perUserLimit: number | null;
  deliveryMethod: DeliveryMethod | null;
  isActive: boolean;
}

export interface GiftRules {
  snack: { productId: string; groupId: string; per: number } | null;
  pizza: { productId: string; minSum: number } | null;
}

export interface GiftInfo {
  name: string;
  hasModifiers: boolean;
}

export interface PromoInput {
  /** Re-priced paid goods lines (no gifts, no service lines). */
  lines: readonly PricedLine[];
  /** Gift lines the cart holds (GIFT_IDS products with sum 0), by product. */
  requestedGifts: readonly { productId: string; amount: number }[];
  /** What the customer typed, or null. */
  couponCode: string | null;
  /** The coupon row of couponCode upper-cased, or null when there is none. */
  coupon: CouponData | null;
  /** Orders of this user that already used the coupon. */
  couponUsesByUser: number;
  user: { id: string; balance: number } | null;
  cityId: string;
  deliveryMethod: DeliveryMethod;
  /** ISO instant. */
  now: string;
  /** Bonuses the customer asks to spend. */
  spendBonus: number;
  /** BONUS_SPEND_CAP, 0..1. */
  bonusSpendCap: number;
  rules: GiftRules;
  /** Names and modifier need of the gift products, by id. */
  giftInfo: Readonly<Record<string, GiftInfo>>;
  /** The client's notGiftsAndNotDeliveryTotal, for the price-changed check only. */
  clientGoodsTotal: number | null;
}

export interface GrantedGift {
  kind: PromotionKind;
  productId: string;
  amount: number;
  hasModifiers: boolean;
}

export interface PromoOutcome {
  goodsTotal: number;
  discountTotal: number;
  /** The coupon that applies, or null. */
  appliedCoupon: CouponData | null;
  /** Why the typed coupon does not apply, or null. */
  couponError: string | null;
  gifts: GrantedGift[];
  lostGift: LostGift[];
  loyaltyProgramErrors: string[];
  /** ⌊cap × (goods − discount)⌋: most bonuses the order may take, whatever the balance. */
  bonusCap: number;
  allowedBonus: number;
  /** The client's goods total differed from the server's. */
  priceChanged: boolean;
}

export function normalizeCouponCode(code: string | null | undefined): string | null {
  const trimmed = (code ?? '').trim().toUpperCase();
  return trimmed.length > 0 ? trimmed : null;
}

/** Why the coupon cannot be used for this order, or null when it can. */
export function couponRefusal(
  coupon: CouponData | null,
  order: {
    goodsTotal: number;
    cityId: string;
    deliveryMethod: DeliveryMethod;
    now: string;
    usesByUser: number;
    signedIn: boolean;
  },
): string | null {
  if (!coupon || !coupon.isActive) return COUPON_MESSAGES.notFound;
  const now = Date.parse(order.now);
  if (coupon.validTo !== null && now >= Date.parse(coupon.validTo)) return COUPON_MESSAGES.expired;
  if (coupon.validFrom !== null && now < Date.parse(coupon.validFrom)) return COUPON_MESSAGES.notYet;
  if (coupon.cityIds.length > 0 && !coupon.cityIds.includes(order.cityId)) return COUPON_MESSAGES.city;
  if (coupon.deliveryMethod === 'self' && order.deliveryMethod !== 'self') return COUPON_MESSAGES.selfOnly;
  if (coupon.deliveryMethod === 'delivery' && order.deliveryMethod !== 'delivery') return COUPON_MESSAGES.deliveryOnly;
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit) return COUPON_MESSAGES.limit;
  if (order.signedIn && coupon.perUserLimit !== null && order.usesByUser >= coupon.perUserLimit)
    return COUPON_MESSAGES.limit;
  if (order.goodsTotal < coupon.minSum) return couponMinSumMessage(coupon.code, coupon.minSum);
  return null;
}

/** Roubles off the goods: percent rounded down, fixed at most the goods total. */
export function couponDiscount(coupon: Pick<CouponData, 'kind' | 'value'>, goodsTotal: number): number {
  const raw = coupon.kind === 'percent' ? Math.floor((goodsTotal * coupon.value) / 100) : coupon.value;
  return Math.max(0, Math.min(goodsTotal, raw));
}

export function allowedBonusFor(requested: number, balance: number, cap: number): number {
  return Math.max(0, Math.min(Math.floor(requested), Math.floor(balance), cap));
}

const SNACK_FORMS = ['закуску', 'закуски', 'закусок'] as const;

function lostGiftText(kind: PromotionKind, name: string, rules: GiftRules): string {
  if (kind === 'snack-gift' && rules.snack)
    return lostGiftMessage(name, { perSnacks: formatCount(rules.snack.per, SNACK_FORMS) });
  if (kind === 'pizza-gift' && rules.pizza) return lostGiftMessage(name, { minSum: rules.pizza.minSum });
  return lostGiftMessage(name, null);
}

export function evaluatePromo(input: PromoInput): PromoOutcome {
  const goodsTotal = input.lines.reduce((sum, line) => sum + line.sum, 0);
  const loyaltyProgramErrors: string[] = [];
  const priceChanged = input.clientGoodsTotal !== null && Math.abs(input.clientGoodsTotal - goodsTotal) >= 0.01;
  if (priceChanged && input.clientGoodsTotal !== null)
    loyaltyProgramErrors.push(goodsPriceChangedMessage(goodsTotal, input.clientGoodsTotal));

  let appliedCoupon: CouponData | null = null;
  let couponError: string | null = null;
  let discountTotal = 0;
  const code = normalizeCouponCode(input.couponCode);
  if (code !== null) {
    couponError = couponRefusal(input.coupon && input.coupon.code === code ? input.coupon : null, {
      goodsTotal,
      cityId: input.cityId,
      deliveryMethod: input.deliveryMethod,
      now: input.now,
      usesByUser: input.couponUsesByUser,
      signedIn: input.user !== null,
    });
    if (couponError === null && input.coupon) {
      appliedCoupon = input.coupon;
      discountTotal = couponDiscount(input.coupon, goodsTotal);
    } else if (couponError !== null) {
      loyaltyProgramErrors.push(couponError);
    }
  }

  const gifts: GrantedGift[] = [];
  const { snack, pizza } = input.rules;
  if (snack && snack.per > 0) {
    const snacks = countGiftSnacks(
      input.lines.map((l) => ({ product: { parentGroup: l.parentGroup, sale: l.sale }, quantity: l.amount })),
      snack.groupId,
    );
    const amount = snackGiftCount(snacks, snack.per);
    if (amount > 0) {
      gifts.push({
        kind: 'snack-gift',
        productId: snack.productId,
        amount,
        hasModifiers: input.giftInfo[snack.productId]?.hasModifiers ?? false,
      });
    }
  }
  if (pizza && goodsTotal >= pizza.minSum) {
    gifts.push({
      kind: 'pizza-gift',
      productId: pizza.productId,
      amount: 1,
      hasModifiers: input.giftInfo[pizza.productId]?.hasModifiers ?? false,
    });
  }

  const lostGift: LostGift[] = [];
  const requested = new Map<string, number>();
  for (const gift of input.requestedGifts)
    requested.set(gift.productId, (requested.get(gift.productId) ?? 0) + gift.amount);
  for (const [productId, amount] of requested) {
    const granted = gifts.filter((g) => g.productId === productId).reduce((n, g) => n + g.amount, 0);
    if (amount > granted) {
      const kind: PromotionKind = pizza?.productId === productId ? 'pizza-gift' : 'snack-gift';
      lostGift.push({
        productId,
        message: lostGiftText(kind, input.giftInfo[productId]?.name ?? productId, input.rules),
      });
    }
  }

  const cap = Math.max(0, Math.floor(input.bonusSpendCap * (goodsTotal - discountTotal)));
  const allowedBonus = input.user ? allowedBonusFor(input.spendBonus, input.user.balance, cap) : 0;

  return {
    goodsTotal,
    discountTotal,
    appliedCoupon,
    couponError,
    gifts,
    lostGift,
    loyaltyProgramErrors,
    bonusCap: cap,
    allowedBonus,
    priceChanged,
  };
}

/** The wire answer: one FreeProduct per gift unit (the client adds each with quantity 1). */
export function toPromoResponse(outcome: PromoOutcome): PromoResponse {
  const freeProducts: FreeProduct[] = [];
  for (const gift of outcome.gifts) {
    for (let i = 0; i < gift.amount; i++)
      freeProducts.push({ productId: gift.productId, hasModifiers: gift.hasModifiers, fromPromocode: false });
  }
  return {
    freeProducts,
    discountTotal: outcome.discountTotal,
    lostGift: outcome.lostGift,
    loyaltyProgramErrors: outcome.loyaltyProgramErrors,
    allowedBonus: outcome.allowedBonus,
    couponError: outcome.couponError,
  };
}
