// The checkout's checks of money: coupon, minimum sum, bonuses, the total the client expects,
// the payment method, consent and the granted gifts. Pure functions like checks.ts; assess.ts
// composes them after the promotion engine (promo.ts) has priced the order.
import { PaymentMethodTitle, type CheckoutRefusal, type PaymentOption } from '../../../src/api/contract/checkout.js';
import { PaymentMethod as PaymentMethodSchema, type PaymentMethod } from '../../../src/api/contract/orders.js';
import type { CityData, DeliveryMethod } from '../../../src/api/entities.js';
import { orderAmounts, serviceFeeOf } from '../../../src/domain/amounts.js';
import { bonusDeducted, deliveryCharge } from '../../../src/domain/pricedAmounts.js';
import {
  ORDER_MESSAGES,
  bonusCapMessage,
  missingSumText,
  orderPriceChangedMessage,
  refusal,
  zoneMinSumMessage,
} from '../checkoutRefusals.js';
import type { ZoneRow } from '../geocoding.js';
import { MODIFIER_GONE_MESSAGE, priceItem, type PricedLine, type PricingCatalog } from '../pricing.js';
import type { GrantedGift } from '../promo.js';
import { NOT_ENOUGH_BONUS_MESSAGE } from '../users.js';
import { isOnlineMethod } from './onlinePayment.js';
import type { CheckoutInput } from './prepare.js';

/** The coupon the promotion engine refused (its message says why). */
export function checkCoupon(couponError: string | null): CheckoutRefusal | null {
  return couponError === null ? null : refusal('coupon-refused', couponError);
}

/** The zone's minimum sum, of the goods after the coupon's discount (an empty cart is refused elsewhere). */
export function checkMinSum(
  zone: Pick<ZoneRow, 'name' | 'minSum'> | null,
  lineCount: number,
  goodsAfterDiscount: number,
): CheckoutRefusal | null {
  if (!zone || lineCount === 0 || goodsAfterDiscount >= zone.minSum) return null;
  const missing = zone.minSum - goodsAfterDiscount;
  return refusal('below-min-sum', zoneMinSumMessage(zone.name, zone.minSum), {
    missingSum: missing,
    actionText: missingSumText(missing),
  });
}

/** Bonuses to spend: no more than the promotion's cap, then no more than the balance. */
export function checkBonus(spendBonus: number, bonusCap: number, balance: number): CheckoutRefusal | null {
  if (spendBonus > bonusCap)
    return refusal('bonus-cap', bonusCapMessage(bonusCap), { actionText: `Спишите не более ${bonusCap}` });
  if (spendBonus > balance)
    return refusal('bonus-cap', NOT_ENOUGH_BONUS_MESSAGE, { actionText: `На счёте ${balance}` });
  return null;
}

/**
 * Delivery (free from the city's freeDeliveryFrom), the city's service fee, the bonuses spent and
 * the total. Bonuses over the cap are not deducted (the order is refused for them anyway).
 */
export function orderTotals(args: {
  goodsTotal: number;
  discountTotal: number;
  zone: Pick<ZoneRow, 'deliveryPrice'> | null;
  cityData: Pick<CityData, 'freeDeliveryFrom' | 'serviceFeeId'> | undefined;
  catalog: PricingCatalog;
  spendBonus: number;
  bonusCap: number;
  balance: number;
}): { deliveryPrice: number; serviceFee: number; bonusSpent: number; total: number } {
  const { goodsTotal, discountTotal, zone, cityData, spendBonus, bonusCap } = args;
  // The sum is the storefront's own (src/domain/amounts.ts), so cart, checkout and order agree.
  const amounts = orderAmounts({
    goods: goodsTotal,
    discount: discountTotal,
    gifts: 0,
    delivery: deliveryCharge({
      deliveryMethod: 'delivery',
      goods: goodsTotal,
      zonePrice: zone?.deliveryPrice ?? null,
      freeDeliveryFrom: cityData?.freeDeliveryFrom ?? null,
    }),
    serviceFee: serviceFeeOf(cityData, (id) => args.catalog.products.get(id)?.price),
    bonus: bonusDeducted(spendBonus, bonusCap),
  });
  const bonusSpent = Math.min(spendBonus, bonusCap, args.balance);
  return {
    deliveryPrice: amounts.delivery ?? 0,
    serviceFee: amounts.serviceFee,
    bonusSpent,
    total: amounts.toPay,
  };
}

/** The total the client showed the customer, when it sent one, must be the server's. */
export function checkPriceChanged(expectedTotal: number | null, total: number): CheckoutRefusal | null {
  if (expectedTotal === null || Math.abs(expectedTotal - total) < 0.01) return null;
  return refusal('price-changed', orderPriceChangedMessage(total, expectedTotal));
}

/** Why online payment is off here (the settings for the method, the restaurant, the gateway), or null. */
export function onlinePaymentReason(args: {
  disabledForMethod: boolean;
  restaurantDisabled: boolean;
  accountAvailable: boolean;
}): string | null {
  return args.disabledForMethod || args.restaurantDisabled || !args.accountAvailable
    ? ORDER_MESSAGES.onlinePaymentOff
    : null;
}

/** Every payment method with whether it can be chosen here. */
export function paymentOptions(deliveryMethod: DeliveryMethod, onlineReason: string | null): PaymentOption[] {
  return PaymentMethodSchema.options.map((method): PaymentOption => {
    const online = isOnlineMethod(method);
    const reason = online
      ? onlineReason
      : method === 'courier-card' && deliveryMethod !== 'delivery'
        ? ORDER_MESSAGES.courierCardSelf
        : null;
    return { method, title: PaymentMethodTitle[method], online, available: reason === null, reason };
  });
}

/**
 * The chosen payment method: online only when allowed, the courier's card only for delivery,
 * change (cash only) from no less than the total. No method chosen yet: nothing to refuse.
 */
export function checkPaymentMethod(args: {
  method: PaymentMethod | null;
  deliveryMethod: DeliveryMethod;
  onlineReason: string | null;
  changeFrom: number | null;
  total: number;
}): { changeFrom: number | null; refusals: CheckoutRefusal[] } {
  const { method } = args;
  if (method === null) return { changeFrom: null, refusals: [] };
  const refusals: CheckoutRefusal[] = [];
  if (isOnlineMethod(method) && args.onlineReason !== null)
    refusals.push(refusal('online-payment-disabled', args.onlineReason));
  if (method === 'courier-card' && args.deliveryMethod !== 'delivery')
    refusals.push(refusal('courier-card-self', ORDER_MESSAGES.courierCardSelf));
  const changeFrom = method === 'cash' ? args.changeFrom : null;
  if (changeFrom !== null && changeFrom < args.total)
    refusals.push(refusal('change-too-small', ORDER_MESSAGES.changeTooSmall));
  return { changeFrom, refusals };
}

/** Consent to the terms: only an explicit false is refused (the quote may not send it). */
export function checkConsent(consent: boolean | null | undefined): CheckoutRefusal | null {
  return consent === false ? refusal('consent-required', ORDER_MESSAGES.consentRequired) : null;
}

/** The first choice of every required modifier group: the gift pizza when the customer chose nothing. */
function defaultMods(catalog: PricingCatalog, productId: string): { id: string; amount: number; groupId: string }[] {
  const product = catalog.products.get(productId);
  if (!product) return [];
  return product.groupModifiers.flatMap((g) => {
    const first = g.modifiers.find((m) => catalog.products.has(m.modifierId));
    return g.required && first ? [{ id: first.modifierId, amount: 1, groupId: g.id }] : [];
  });
}

/**
 * The gifts the order qualifies for, priced free with the customer's modifiers (or the defaults).
 * A gift gone from the catalogue is left out; modifiers the customer chose that are gone are
 * refused, unless a cart line was refused already. Stop-listed gifts are left out.
 */
export function checkGifts(args: {
  catalog: PricingCatalog;
  gifts: readonly GrantedGift[];
  items: CheckoutInput['items'];
  itemProblem: string | null;
  stopped: ReadonlySet<string>;
}): { gifts: PricedLine[]; refusal: CheckoutRefusal | null } {
  const { catalog, items } = args;
  const lines: PricedLine[] = [];
  let badGiftMods = false;
  for (const gift of args.gifts) {
    const asked = items.find((i) => i.isGift && i.productId === gift.productId && i.mods.length > 0);
    const mods = gift.hasModifiers ? (asked?.mods ?? defaultMods(catalog, gift.productId)) : [];
    const line = priceItem(catalog, { productId: gift.productId, amount: gift.amount, mods }, { free: true });
    if (typeof line === 'string') {
      if (asked) badGiftMods = true;
      continue;
    }
    lines.push(line);
  }
  return {
    gifts: lines.filter((g) => !args.stopped.has(g.productId)),
    refusal: badGiftMods && args.itemProblem === null ? refusal('item-unavailable', MODIFIER_GONE_MESSAGE) : null,
  };
}
