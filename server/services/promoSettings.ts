// What the promotion engine reads besides the cart: the settings rows of orders (each checked
// against its schema) and the gift rules the promotions rows and those settings make.
import type { Executor } from '../db/database.js';
import type { PromotionKind } from '../db/schema/orders.js';
import { listPromotionRows, type PromotionRow } from '../repositories/promo.js';
import { settingColumnValues } from '../repositories/settings.js';
import { Settings as SettingsSchema, type Settings } from '../../src/api/entities.js';
import type { HalfPizzaRules, PricingCatalog } from './pricing.js';
import type { GiftInfo, GiftRules } from './promoEngine.js';

export type { PromotionRow };

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
  /** PIZZAS_GROUP_ID: the group whose pizzas can be halves. */
  pizzasGroupId: string;
  /** HALF_PIZZA: the half-and-half price rule, null when the chain does not sell them. */
  halfPizza: Settings['HALF_PIZZA'];
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
  'PIZZAS_GROUP_ID',
  'HALF_PIZZA',
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
  const values = await settingColumnValues(db, ORDER_SETTING_NAMES);
  return {
    isSiteNotWorking: settingOr(values, 'IS_SITE_NOT_WORKING', false),
    textSiteNotWorking: settingOr(values, 'TEXT_SITE_NOT_WORKING', ''),
    citiesData: settingOr(values, 'CITIES_DATA', {}),
    isOnlinePaymentDisable: settingOr(values, 'IS_ONLINE_PAYMENT_DISABLE', { delivery: false, self: false }),
    snacksGroupId: settingOr(values, 'SNACKS_GROUP_ID', ''),
    giftIds: settingOr(values, 'GIFT_IDS', { SNACK: '', PIZZA: '' }),
    bonusSpendCap: settingOr(values, 'BONUS_SPEND_CAP', 0),
    bonusAccrualPercent: settingOr(values, 'BONUS_ACCRUAL_PERCENT', 0),
    pizzasGroupId: settingOr(values, 'PIZZAS_GROUP_ID', ''),
    halfPizza: settingOr(values, 'HALF_PIZZA', null),
  };
}

const num = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

/** Gift promotions from the promotions table; an absent or inactive row switches the gift off. */
export async function loadGiftRules(db: Executor, promoSettings: PromoSettings): Promise<GiftRules> {
  return giftRulesFrom(await listPromotionRows(db), promoSettings);
}

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

/** What pricing a half-and-half pizza reads of the order settings. */
export const halfPizzaRulesOf = (settings: Pick<OrderSettings, 'halfPizza' | 'pizzasGroupId'>): HalfPizzaRules => ({
  rule: settings.halfPizza,
  pizzasGroupId: settings.pizzasGroupId,
});

export function giftInfoFrom(catalog: PricingCatalog, rules: GiftRules): Record<string, GiftInfo> {
  const info: Record<string, GiftInfo> = {};
  for (const id of [rules.snack?.productId, rules.pizza?.productId]) {
    if (!id) continue;
    const product = catalog.products.get(id);
    info[id] = { name: product?.name ?? id, hasModifiers: (product?.groupModifiers.length ?? 0) > 0 };
  }
  return info;
}
