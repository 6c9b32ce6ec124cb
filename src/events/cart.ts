// Cart events (PRODUCT.md §3 cart state, §4 adding / decrease / delivery line / promo / validation).
import { z } from 'zod/mini';
import { CartItem, DeliveryMethod, FreeProduct, Id, IsoDateTime, LostGift } from '../api/entities';
import { bare, message } from './define';

/** Why any line being added is refused, a plain product or a half-and-half pizza. */
const LINE_ADDING_REFUSALS = [
  /** PRODUCT.md §4 adding rule 1: settings IS_SITE_NOT_WORKING. */
  'site-not-working',
  /** PRODUCT.md §4 adding rule 2: now is outside WORK_TIME of the selected city. */
  'outside-working-hours',
  /** Settings, city or catalogue not loaded yet: nothing can be checked. */
  'not-ready',
  'unknown-product',
  'invalid-quantity',
  /** Quantity above the product's maxPerPositionInOrder (> 0). */
  'max-per-position',
] as const;

export const ItemRejectionReason = z.enum([
  ...LINE_ADDING_REFUSALS,
  'unknown-modifier',
  /** Mods were given but a required group has no choice. */
  'missing-required-modifier',
  /** More choices from one modifier group than its maxAmount. */
  'too-many-modifiers',
  /** AddItem{isGift} for a product the last promo answer does not list as a free product. */
  'not-offered-as-gift',
]);
export type ItemRejectionReason = z.infer<typeof ItemRejectionReason>;

/** Why a half-and-half pizza was not added (docs/HALF-PIZZA.md): the reasons any line has and its own. */
export const HalfPizzaRejectionReason = z.enum([
  ...LINE_ADDING_REFUSALS,
  /** HALF_PIZZA is not set: the chain does not sell half-and-half pizzas. */
  'half-pizza-off',
  /** A half is not a pizza of PIZZAS_GROUP_ID with a size. */
  'not-a-pizza',
  /** Both halves of the same pizza: that is the whole pizza. */
  'same-halves',
  /** One of the pizzas is not made in the chosen size. */
  'size-not-offered',
]);
export type HalfPizzaRejectionReason = z.infer<typeof HalfPizzaRejectionReason>;

export const LineChangeRejectionReason = z.enum([
  'hidden-line',
  'fixed-quantity',
  'max-per-position',
  'invalid-quantity',
]);
export type LineChangeRejectionReason = z.infer<typeof LineChangeRejectionReason>;

export const InvalidLineReason = z.enum([
  'product-missing',
  'price-changed',
  'modifier-missing',
  'modifier-price-changed',
]);
export type InvalidLineReason = z.infer<typeof InvalidLineReason>;

export const DeliveryTime = z.union([z.literal('asap'), IsoDateTime]);
export type DeliveryTime = z.infer<typeof DeliveryTime>;

export const CartClearReason = z.enum(['only-gifts-left', 'user', 'order-placed']);

/** An added line merged into an equal one already in the cart: how many were added, how many it holds now. */
const lineMerge = {
  lineId: Id,
  added: z.int().check(z.positive()),
  quantity: z.int().check(z.positive()),
};

export const ItemAdded = message('ItemAdded', { line: CartItem });
/** PRODUCT.md §4 rule 5: an identical product with an identical modifier set merged into `lineId`. */
export const ItemMerged = message('ItemMerged', lineMerge);
/** A half-and-half pizza line (CartItem.halfPizza set) was added. */
export const HalfPizzaAdded = message('HalfPizzaAdded', { line: CartItem });
/** The same halves (in either order) at the same size merged into `lineId`. */
export const HalfPizzaMerged = message('HalfPizzaMerged', lineMerge);
export const HalfPizzaRejected = message('HalfPizzaRejected', {
  sizeId: z.string(),
  productIds: z.tuple([z.string(), z.string()]),
  reason: HalfPizzaRejectionReason,
});
export const ItemQuantityChanged = message('ItemQuantityChanged', {
  lineId: Id,
  quantity: z.int().check(z.positive()),
});
export const ItemRemoved = message('ItemRemoved', { lineId: Id });
export const ItemRejected = message('ItemRejected', { productId: z.string(), reason: ItemRejectionReason });
export const LineChangeRejected = message('LineChangeRejected', { lineId: Id, reason: LineChangeRejectionReason });
/** PRODUCT.md §4 rule 4 and promo free products with modifiers: the modifier modal ('Выберите ролл') opens. */
export const ModifierChoiceRequested = message('ModifierChoiceRequested', {
  productId: Id,
  isGift: z.boolean(),
  fromPromocode: z.boolean(),
});
/** PRODUCT.md §4 rule 7: the snack gift modal opens. */
export const SnackGiftOffered = message('SnackGiftOffered', { productId: Id });
/** PRODUCT.md §4 rule 6: view.lastAddedLineId; an effect sends ClearHighlight after 1 s. */
export const LineHighlighted = message('LineHighlighted', { lineId: Id });
export const HighlightCleared = message('HighlightCleared', { lineId: Id });
/** Hidden delivery / free-delivery line (isHidden, !isGift). */
export const DeliveryLineAdded = message('DeliveryLineAdded', { line: CartItem });
export const DeliveryLineRemoved = message('DeliveryLineRemoved', { lineId: Id });
/** Hidden promo gift (isGift, isHidden, quantity 1). */
export const GiftAdded = message('GiftAdded', { line: CartItem });
export const GiftRemoved = message('GiftRemoved', { lineId: Id });
/** Items emptied; discountTotal set to 0. */
export const CartCleared = message('CartCleared', { reason: CartClearReason });
export const DeliveryMethodChanged = message('DeliveryMethodChanged', {
  method: DeliveryMethod,
  previous: DeliveryMethod,
});
export const RestaurantSelected = message('RestaurantSelected', { deliveryTerminalId: Id });
export const RestaurantRejected = message('RestaurantRejected', {
  deliveryTerminalId: z.string(),
  reason: z.enum(['unknown-restaurant']),
});
export const DeliveryTimeChanged = message('DeliveryTimeChanged', { time: DeliveryTime });
export const DeliveryTimeRejected = message('DeliveryTimeRejected', {
  time: z.string(),
  reason: z.enum(['invalid', 'in-the-past']),
});
export const CouponApplied = message('CouponApplied', { coupon: z.string() });
export const CouponRejected = message('CouponRejected', {
  coupon: z.string(),
  reason: z.enum(['empty', 'too-long', 'promocode-hidden']),
});
export const CouponRemoved = bare('CouponRemoved');
export const SpendBonusChanged = message('SpendBonusChanged', { amount: z.number().check(z.nonnegative()) });
export const SpendBonusRejected = message('SpendBonusRejected', {
  amount: z.number(),
  reason: z.enum(['invalid', 'over-balance', 'not-signed-in']),
});
/** The promo effect started a POST /api/v1/promo. */
export const PromoRequested = bare('PromoRequested');
/** PRODUCT.md §4 cart recalculation: the promo answer replaced discount, lost gifts, free products, errors. */
export const PromoResultApplied = message('PromoResultApplied', {
  discountTotal: z.number().check(z.nonnegative()),
  lostGift: z.array(LostGift),
  freeProducts: z.array(FreeProduct),
  loyaltyProgramErrors: z.array(z.string()),
  allowedBonus: z.number().check(z.nonnegative()),
  /** The answer granted the city's free-delivery product (CITIES_DATA freeDeliveryId). */
  freeDelivery: z.boolean(),
  /** Why the promotion engine refused the applied coupon (absent in logs recorded before it was kept). */
  couponError: z.optional(z.nullable(z.string())),
});
export const PromoFailed = message('PromoFailed', { message: z.string() });
/** The cart page was opened: the effect refreshes the catalogue, then sends ValidateCart. */
export const CartInitStarted = bare('CartInitStarted');
/** PRODUCT.md §4 cart init: lines dropped with one message each (shown in a confirm modal with 'Ок'). */
export const ItemsInvalidated = message('ItemsInvalidated', {
  lines: z.array(z.object({ lineId: Id, productId: Id, reason: InvalidLineReason, message: z.string() })),
});
/** The selected restaurant is no longer in DELIVERY_TERMINALS of the city. */
export const RestaurantUnmatched = message('RestaurantUnmatched', { deliveryTerminalId: Id });

export const CartEventSchema = z.discriminatedUnion('type', [
  ItemAdded,
  ItemMerged,
  HalfPizzaAdded,
  HalfPizzaMerged,
  HalfPizzaRejected,
  ItemQuantityChanged,
  ItemRemoved,
  ItemRejected,
  LineChangeRejected,
  ModifierChoiceRequested,
  SnackGiftOffered,
  LineHighlighted,
  HighlightCleared,
  DeliveryLineAdded,
  DeliveryLineRemoved,
  GiftAdded,
  GiftRemoved,
  CartCleared,
  DeliveryMethodChanged,
  RestaurantSelected,
  RestaurantRejected,
  DeliveryTimeChanged,
  DeliveryTimeRejected,
  CouponApplied,
  CouponRejected,
  CouponRemoved,
  SpendBonusChanged,
  SpendBonusRejected,
  PromoRequested,
  PromoResultApplied,
  PromoFailed,
  CartInitStarted,
  ItemsInvalidated,
  RestaurantUnmatched,
]);
export type CartEvent = z.infer<typeof CartEventSchema>;
