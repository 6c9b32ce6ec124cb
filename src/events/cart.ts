// Cart events (PRODUCT.md §3 cart state, §4 adding / decrease / delivery line / promo / validation).
import { z } from 'zod/mini';
import { CartItem, DeliveryMethod, FreeProduct, Id, IsoDateTime, LostGift } from '../api/entities';
import { messageUnion } from './define';

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

const LineChangeRejectionReason = z.enum(['hidden-line', 'fixed-quantity', 'max-per-position', 'invalid-quantity']);

const InvalidLineReason = z.enum(['product-missing', 'price-changed', 'modifier-missing', 'modifier-price-changed']);

export const DeliveryTime = z.union([z.literal('asap'), IsoDateTime]);
export type DeliveryTime = z.infer<typeof DeliveryTime>;

export const CartClearReason = z.enum(['only-gifts-left', 'user', 'order-placed']);

/** An added line merged into an equal one already in the cart: how many were added, how many it holds now. */
const lineMerge = {
  lineId: Id,
  added: z.int().check(z.positive()),
  quantity: z.int().check(z.positive()),
};

export const CartEventSchema = messageUnion({
  ItemAdded: { line: CartItem },
  /** PRODUCT.md §4 rule 5: an identical product with an identical modifier set merged into `lineId`. */
  ItemMerged: lineMerge,
  /** A half-and-half pizza line (CartItem.halfPizza set) was added. */
  HalfPizzaAdded: { line: CartItem },
  /** The same halves (in either order) at the same size merged into `lineId`. */
  HalfPizzaMerged: lineMerge,
  HalfPizzaRejected: {
    sizeId: z.string(),
    productIds: z.tuple([z.string(), z.string()]),
    reason: HalfPizzaRejectionReason,
  },
  ItemQuantityChanged: {
    lineId: Id,
    quantity: z.int().check(z.positive()),
  },
  ItemRemoved: { lineId: Id },
  ItemRejected: { productId: z.string(), reason: ItemRejectionReason },
  LineChangeRejected: { lineId: Id, reason: LineChangeRejectionReason },
  /** PRODUCT.md §4 rule 4 and promo free products with modifiers: the modifier modal ('Выберите ролл') opens. */
  ModifierChoiceRequested: {
    productId: Id,
    isGift: z.boolean(),
    fromPromocode: z.boolean(),
  },
  /** PRODUCT.md §4 rule 7: the snack gift modal opens. */
  SnackGiftOffered: { productId: Id },
  /** PRODUCT.md §4 rule 6: view.lastAddedLineId; an effect sends ClearHighlight after 1 s. */
  LineHighlighted: { lineId: Id },
  HighlightCleared: { lineId: Id },
  /** Hidden delivery / free-delivery line (isHidden, !isGift). */
  DeliveryLineAdded: { line: CartItem },
  DeliveryLineRemoved: { lineId: Id },
  /** Hidden promo gift (isGift, isHidden, quantity 1). */
  GiftAdded: { line: CartItem },
  GiftRemoved: { lineId: Id },
  /** Items emptied; discountTotal set to 0. */
  CartCleared: { reason: CartClearReason },
  DeliveryMethodChanged: {
    method: DeliveryMethod,
    previous: DeliveryMethod,
  },
  RestaurantSelected: { deliveryTerminalId: Id },
  RestaurantRejected: {
    deliveryTerminalId: z.string(),
    reason: z.enum(['unknown-restaurant']),
  },
  DeliveryTimeChanged: { time: DeliveryTime },
  DeliveryTimeRejected: {
    time: z.string(),
    reason: z.enum(['invalid', 'in-the-past']),
  },
  CouponApplied: { coupon: z.string() },
  CouponRejected: {
    coupon: z.string(),
    reason: z.enum(['empty', 'too-long', 'promocode-hidden']),
  },
  CouponRemoved: {},
  SpendBonusChanged: { amount: z.number().check(z.nonnegative()) },
  SpendBonusRejected: {
    amount: z.number(),
    reason: z.enum(['invalid', 'over-balance', 'not-signed-in']),
  },
  /** The promo effect started a POST /api/v1/promo. */
  PromoRequested: {},
  /** PRODUCT.md §4 cart recalculation: the promo answer replaced discount, lost gifts, free products, errors. */
  PromoResultApplied: {
    discountTotal: z.number().check(z.nonnegative()),
    lostGift: z.array(LostGift),
    freeProducts: z.array(FreeProduct),
    loyaltyProgramErrors: z.array(z.string()),
    allowedBonus: z.number().check(z.nonnegative()),
    /** The answer granted the city's free-delivery product (CITIES_DATA freeDeliveryId). */
    freeDelivery: z.boolean(),
    /** Why the promotion engine refused the applied coupon (absent in logs recorded before it was kept). */
    couponError: z.optional(z.nullable(z.string())),
  },
  PromoFailed: { message: z.string() },
  /** The cart page was opened: the effect refreshes the catalogue, then sends ValidateCart. */
  CartInitStarted: {},
  /** PRODUCT.md §4 cart init: lines dropped with one message each (shown in a confirm modal with 'Ок'). */
  ItemsInvalidated: {
    lines: z.array(z.object({ lineId: Id, productId: Id, reason: InvalidLineReason, message: z.string() })),
  },
  /** The selected restaurant is no longer in DELIVERY_TERMINALS of the city. */
  RestaurantUnmatched: { deliveryTerminalId: Id },
});
export type CartEvent = z.infer<typeof CartEventSchema>;
