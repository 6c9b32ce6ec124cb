// The second half of a checkout's assessment (assess.ts): the money. The coupon and the gift
// promotions, the minimum sum, the totals and bonuses, the payment method and the gifts, each a
// named check of moneyChecks.ts, in the order POST /order answers them.
import type { PaymentOption } from '../../../src/api/contract/checkout.js';
import type { CityData } from '../../../src/api/entities.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/database.js';
import type { CheckoutReference } from '../checkoutReference.js';
import type { CityRow } from '../geocoding.js';
import { gatewaysOf } from '../paymentGateways.js';
import type { PricedLine } from '../pricing.js';
import { countCouponUses, evaluatePromo, findCoupon, giftInfoFrom, normalizeCouponCode } from '../promo.js';
import type { AuthUser } from '../sessions.js';
import { getBalance } from '../users.js';
import type { Refuse, WhereAssessment } from './assessWhere.js';
import {
  checkBonus,
  checkConsent,
  checkCoupon,
  checkGifts,
  checkMinSum,
  checkPaymentMethod,
  checkPriceChanged,
  onlinePaymentReason,
  orderTotals,
  paymentOptions,
} from './moneyChecks.js';
import type { CheckoutInput } from './prepare.js';

/** What the order costs and how it may be paid. */
export interface MoneyAssessment {
  gifts: PricedLine[];
  goodsTotal: number;
  discountTotal: number;
  deliveryPrice: number;
  serviceFee: number;
  bonusSpent: number;
  bonusCap: number;
  total: number;
  appliedCouponCode: string | null;
  changeFrom: number | null;
  paymentOptions: PaymentOption[];
  /** The payment account a new online payment goes to (CloudPayments publicId). */
  paymentAccount: string | null;
}

export interface MoneyArgs {
  reference: CheckoutReference;
  city: CityRow;
  cityData: CityData | undefined;
  input: CheckoutInput;
  user: AuthUser | null;
  /** ISO. */
  now: string;
  /** The customer's balance when the caller has just read it (POST /order, with the row lock). */
  balance: number | undefined;
  /** An edit of a placed order: the coupon it already holds a use of, not counted twice. */
  ownCouponUse: string | null | undefined;
}

/** The money of the order `where` found, each refusal handed to `refuse` in the order POST /order answers them. */
export async function assessMoney(
  ctx: AppContext,
  tx: Executor,
  args: MoneyArgs,
  where: WhereAssessment,
  refuse: Refuse,
): Promise<MoneyAssessment> {
  const { reference, city, cityData, input, user } = args;
  const { lines, zone, restaurant, terminalId } = where;
  const settings = reference.settings.settings;
  const catalog = reference.catalog.catalog;

  // Promotions: coupon, gifts, the bonus cap.
  const couponCode = normalizeCouponCode(input.coupon);
  const found = await findCoupon(tx, couponCode);
  const own = found !== null && found.code === args.ownCouponUse ? 1 : 0;
  const coupon = found && own ? { ...found, usedCount: Math.max(0, found.usedCount - own) } : found;
  const usesByUser = coupon && user ? (await countCouponUses(tx, coupon.code, user.userId)) - own : 0;
  const balance = user ? (args.balance ?? (await getBalance(tx, user.userId))) : 0;
  const promo = evaluatePromo({
    lines,
    requestedGifts: [],
    couponCode,
    coupon,
    couponUsesByUser: usesByUser,
    user: user ? { id: user.userId, balance } : null,
    cityId: city.id,
    deliveryMethod: input.deliveryMethod,
    now: args.now,
    spendBonus: input.spendBonus,
    bonusSpendCap: settings.bonusSpendCap,
    rules: reference.giftRules,
    giftInfo: giftInfoFrom(catalog, reference.giftRules),
    clientGoodsTotal: null,
  });
  refuse(checkCoupon(promo.couponError));
  const goodsTotal = promo.goodsTotal;
  const discountTotal = promo.couponError === null ? promo.discountTotal : 0;
  refuse(checkMinSum(zone, lines.length, goodsTotal - discountTotal));
  const totals = orderTotals({
    goodsTotal,
    discountTotal,
    zone,
    cityData,
    catalog,
    spendBonus: input.spendBonus,
    bonusCap: promo.bonusCap,
    balance,
  });
  refuse(checkBonus(input.spendBonus, promo.bonusCap, balance), checkPriceChanged(input.expectedTotal, totals.total));

  // Payment.
  const account = terminalId
    ? gatewaysOf(ctx).current.accountFor(terminalId)
    : { available: true as const, account: null };
  const onlineReason = onlinePaymentReason({
    disabledForMethod: settings.isOnlinePaymentDisable[input.deliveryMethod],
    restaurantDisabled: restaurant?.isOnlinePaymentDisabled ?? false,
    accountAvailable: account.available,
  });
  const payment = checkPaymentMethod({
    method: input.paymentMethod,
    deliveryMethod: input.deliveryMethod,
    onlineReason,
    changeFrom: input.changeFrom,
    total: totals.total,
  });
  refuse(...payment.refusals, checkConsent(input.consent));

  // Gifts the order qualifies for; a gift the restaurant cannot cook now is left out.
  const gifts = checkGifts({
    catalog,
    gifts: promo.gifts,
    items: input.items,
    itemProblem: where.itemProblem,
    stopped: where.stoppedHere,
  });
  refuse(gifts.refusal);

  return {
    gifts: gifts.gifts,
    goodsTotal,
    discountTotal,
    ...totals,
    bonusCap: promo.bonusCap,
    appliedCouponCode: promo.appliedCoupon?.code ?? null,
    changeFrom: payment.changeFrom,
    paymentOptions: paymentOptions(input.deliveryMethod, onlineReason),
    paymentAccount: account.available ? account.account : null,
  };
}
