// cart commands: zod schemas and types. The decider is in cart.decide.ts.
import { z } from 'zod/mini';
import { DeliveryMethod, Id, LastOrder, PromoResponse } from '../api/entities';
import { bare, message } from '../events/define';

export const ChosenMod = z.object({ id: Id, amount: z.int().check(z.positive()), groupId: Id });
export type ChosenMod = z.infer<typeof ChosenMod>;
export const AddItem = message('AddItem', {
  productId: z.string(),
  mods: z.optional(z.array(ChosenMod)),
  /** Default 1 (PRODUCT.md §4 rule 8). */
  quantity: z.optional(z.number()),
  isGift: z.optional(z.boolean()),
  /** For gifts chosen in the modifier modal: the promo answer's fromPromocode. */
  fromPromocode: z.optional(z.boolean()),
});
/** A half-and-half pizza of two pizzas at one size (docs/HALF-PIZZA.md); quantity defaults to 1. */
export const AddHalfPizza = message('AddHalfPizza', {
  sizeId: z.string(),
  firstId: z.string(),
  secondId: z.string(),
  quantity: z.optional(z.number()),
});
/** Absolute quantity; below 1 removes the line (PRODUCT.md §4 Decrease). */
export const ChangeQuantity = message('ChangeQuantity', { lineId: z.string(), quantity: z.number() });
export const RemoveItem = message('RemoveItem', { lineId: z.string() });
/** Sent by the highlight effect 1 s after LineHighlighted. */
export const ClearHighlight = message('ClearHighlight', { lineId: z.string() });
export const ChangeDeliveryMethod = message('ChangeDeliveryMethod', { method: DeliveryMethod });
export const SelectRestaurant = message('SelectRestaurant', { deliveryTerminalId: z.string() });
export const ChangeDeliveryTime = message('ChangeDeliveryTime', { time: z.string() });
export const ApplyCoupon = message('ApplyCoupon', { coupon: z.string() });
export const RemoveCoupon = bare('RemoveCoupon');
export const ChangeSpendBonus = message('ChangeSpendBonus', { amount: z.number() });
export const StartPromoCalculation = bare('StartPromoCalculation');
export const ApplyPromoResult = message('ApplyPromoResult', { response: PromoResponse });
export const ReportPromoFailure = message('ReportPromoFailure', { message: z.string() });
export const InitCart = bare('InitCart');
/** After the catalogue was refreshed (PRODUCT.md §4 cart init and validation). */
export const ValidateCart = bare('ValidateCart');
export const RepeatOrder = message('RepeatOrder', { lastOrder: LastOrder });
export const ClearCart = message('ClearCart', { reason: z.enum(['user', 'order-placed']) });

export const CartCommandSchema = z.discriminatedUnion('type', [
  AddItem,
  AddHalfPizza,
  ChangeQuantity,
  RemoveItem,
  ClearHighlight,
  ChangeDeliveryMethod,
  SelectRestaurant,
  ChangeDeliveryTime,
  ApplyCoupon,
  RemoveCoupon,
  ChangeSpendBonus,
  StartPromoCalculation,
  ApplyPromoResult,
  ReportPromoFailure,
  InitCart,
  ValidateCart,
  RepeatOrder,
  ClearCart,
]);
export type CartCommand = z.infer<typeof CartCommandSchema>;
