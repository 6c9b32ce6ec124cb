// The promotion engine: coupons, snack and pizza gifts, bonus spending.
// See docs/CHECKOUT.md «Promotions».
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/database.js';
import { cities, settings as settingsTable } from '../db/schema/catalog.js';
import { couponUses, coupons, promotions, type PromotionKind } from '../db/schema/orders.js';
import type { AppContext } from '../context.js';
import { unprocessable } from '../http/errors.js';
import { Settings as SettingsSchema } from '../../src/api/entities.js';
import type {
  DeliveryMethod,
  FreeProduct,
  LostGift,
  PromoRequest,
  PromoResponse,
  Settings,
} from '../../src/api/entities.js';
import { snackGiftCount, countGiftSnacks } from '../../src/domain/gifts.js';
import {
  COUPON_MESSAGES,
  ORDER_MESSAGES,
  couponMinSumMessage,
  goodsPriceChangedMessage,
} from '../../src/domain/messages.js';
import { formatPrice } from '../../src/domain/price.js';
import { formatCount } from '../../src/domain/plural.js';
import { loadPricingCatalog, priceItems, type ItemRequest, type PricedLine, type PricingCatalog } from './pricing.js';
import type { AuthUser } from './sessions.js';
import { getBalance } from './users.js';

// The coupon texts are shared with the client (src/domain/messages.ts); re-exported for orders.ts.
export { COUPON_MESSAGES, couponMinSumMessage };
export const CITY_NOT_FOUND_MESSAGE = ORDER_MESSAGES.cityNotFound;

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

function lostGiftMessage(kind: PromotionKind, name: string, rules: GiftRules): string {
  if (kind === 'snack-gift' && rules.snack) {
    return `Подарок «${name}» больше не положен: он полагается за каждые ${formatCount(rules.snack.per, SNACK_FORMS)} в заказе`;
  }
  if (kind === 'pizza-gift' && rules.pizza) {
    return `Подарок «${name}» больше не положен: он полагается при заказе от ${formatPrice(rules.pizza.minSum)}`;
  }
  return `Подарок «${name}» больше не положен`;
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
        message: lostGiftMessage(kind, input.giftInfo[productId]?.name ?? productId, input.rules),
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

// ---------------------------------------------------------------------------------------------
// Loaders

/** The settings rows the promotion engine and orders read, each checked against its schema. */
export interface OrderSettings {
  isSiteNotWorking: boolean;
  textSiteNotWorking: string;
  citiesData: Settings['CITIES_DATA'];
  isOnlinePaymentDisable: Settings['IS_ONLINE_PAYMENT_DISABLE'];
  snacksGroupId: string;
  giftIds: Settings['GIFT_IDS'];
  bonusSpendCap: number;
  bonusAccrualPercent: number;
}
export type PromoSettings = Pick<OrderSettings, 'snacksGroupId' | 'giftIds' | 'bonusSpendCap' | 'bonusAccrualPercent'>;

const ORDER_SETTING_NAMES = [
  'IS_SITE_NOT_WORKING',
  'TEXT_SITE_NOT_WORKING',
  'CITIES_DATA',
  'IS_ONLINE_PAYMENT_DISABLE',
  'SNACKS_GROUP_ID',
  'GIFT_IDS',
  'BONUS_SPEND_CAP',
  'BONUS_ACCRUAL_PERCENT',
] as const;

function settingOr<K extends keyof Settings>(
  values: Record<string, unknown>,
  name: K,
  fallback: Settings[K],
): Settings[K] {
  const parsed = SettingsSchema.shape[name].safeParse(values[name]);
  return parsed.success ? (parsed.data as Settings[K]) : fallback;
}

/** Reads the settings rows orders need (with the executor given, so inside a transaction too). */
export async function loadOrderSettings(db: Executor): Promise<OrderSettings> {
  const rows = await db
    .select({ name: settingsTable.name, value: settingsTable.value })
    .from(settingsTable)
    .where(inArray(settingsTable.name, [...ORDER_SETTING_NAMES]));
  const values: Record<string, unknown> = Object.fromEntries(rows.map((r) => [r.name, r.value]));
  return {
    isSiteNotWorking: settingOr(values, 'IS_SITE_NOT_WORKING', false),
    textSiteNotWorking: settingOr(values, 'TEXT_SITE_NOT_WORKING', ''),
    citiesData: settingOr(values, 'CITIES_DATA', {}),
    isOnlinePaymentDisable: settingOr(values, 'IS_ONLINE_PAYMENT_DISABLE', { delivery: false, self: false }),
    snacksGroupId: settingOr(values, 'SNACKS_GROUP_ID', ''),
    giftIds: settingOr(values, 'GIFT_IDS', { SNACK: '', PIZZA: '' }),
    bonusSpendCap: settingOr(values, 'BONUS_SPEND_CAP', 0),
    bonusAccrualPercent: settingOr(values, 'BONUS_ACCRUAL_PERCENT', 0),
  };
}

const num = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

/** Gift promotions from the promotions table; an absent or inactive row switches the gift off. */
export async function loadGiftRules(db: Executor, promoSettings: PromoSettings): Promise<GiftRules> {
  return giftRulesFrom(await db.select().from(promotions), promoSettings);
}

export type PromotionRow = typeof promotions.$inferSelect;

/** The gift rules the promotions rows and the settings make. */
export function giftRulesFrom(rows: readonly PromotionRow[], promoSettings: PromoSettings): GiftRules {
  const active = (kind: PromotionKind) => rows.find((r) => r.kind === kind && r.isActive);
  const snackRow = active('snack-gift');
  const pizzaRow = active('pizza-gift');
  return {
    snack:
      snackRow && promoSettings.giftIds.SNACK && promoSettings.snacksGroupId
        ? {
            productId: promoSettings.giftIds.SNACK,
            groupId: promoSettings.snacksGroupId,
            per: Math.max(1, Math.floor(num(snackRow.params.per, 3))),
          }
        : null,
    pizza:
      pizzaRow && promoSettings.giftIds.PIZZA
        ? { productId: promoSettings.giftIds.PIZZA, minSum: Math.max(0, num(pizzaRow.params.minSum, 2500)) }
        : null,
  };
}

export function giftInfoFrom(catalog: PricingCatalog, rules: GiftRules): Record<string, GiftInfo> {
  const info: Record<string, GiftInfo> = {};
  for (const id of [rules.snack?.productId, rules.pizza?.productId]) {
    if (!id) continue;
    const product = catalog.products.get(id);
    info[id] = { name: product?.name ?? id, hasModifiers: (product?.groupModifiers.length ?? 0) > 0 };
  }
  return info;
}

type CouponRow = typeof coupons.$inferSelect;

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
  const rows = await db.select().from(coupons).where(eq(coupons.code, normalized)).limit(1);
  return rows[0] ? toCouponData(rows[0]) : null;
}

export async function countCouponUses(db: Executor, code: string, userId: string): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(couponUses)
    .where(and(eq(couponUses.code, code), eq(couponUses.userId, userId)));
  return rows[0]?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Demo data

export const DEMO_COUPONS: (typeof coupons.$inferInsert)[] = [
  { code: 'WELCOME10', title: 'Скидка 10 % на первый заказ', kind: 'percent', value: 10, minSum: 800, perUserLimit: 1 },
  { code: 'MINUS200', title: '200 ₽ на заказ от 1 200 ₽', kind: 'fixed', value: 200, minSum: 1200 },
  { code: 'PICKUP15', title: '15 % при самовывозе', kind: 'percent', value: 15, minSum: 0, deliveryMethod: 'self' },
  {
    code: 'AUTUMN2025',
    title: 'Осенняя скидка 2025',
    kind: 'percent',
    value: 20,
    minSum: 0,
    validFrom: new Date('2025-09-01T00:00:00+08:00'),
    validTo: new Date('2025-12-01T00:00:00+08:00'),
  },
  {
    code: 'IRKUTSK300',
    title: '300 ₽ в Иркутске от 2 000 ₽',
    kind: 'fixed',
    value: 300,
    minSum: 2000,
    cityIds: ['city-irkutsk'],
  },
];

export const DEMO_PROMOTIONS: (typeof promotions.$inferInsert)[] = [
  {
    kind: 'snack-gift',
    title: 'При заказе 3х любых закусок - картофель фри в подарок',
    params: { per: 3 },
    isActive: true,
  },
  { kind: 'pizza-gift', title: 'Пицца в подарок при заказе от 2 500 ₽', params: { minSum: 2500 }, isActive: true },
];

/** Writes the demo coupons and gift promotions; rows already there are left as they are. */
export async function insertDemoPromotions(tx: Executor): Promise<void> {
  await tx.insert(coupons).values(DEMO_COUPONS).onConflictDoNothing();
  await tx.insert(promotions).values(DEMO_PROMOTIONS).onConflictDoNothing();
}

/** insertDemoPromotions in its own transaction (the demo seed runs it inside its own). */
export async function seedPromotions(db: Database): Promise<void> {
  await db.transaction((tx) => insertDemoPromotions(tx));
}

// ---------------------------------------------------------------------------------------------
// POST /promo

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
  const cityIds = (await db.select({ id: cities.id }).from(cities)).map((c) => c.id);
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
    const priced = priceItems(catalog, goods);
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
