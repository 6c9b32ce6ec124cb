// cart commands: zod schemas and types. The decider is in cart.decide.ts.
import { z } from 'zod/mini';
import { DeliveryMethod, Id, LastOrder, PromoResponse } from '../api/entities';
import { messageUnion } from '../events/define';

export const ChosenMod = z.object({ id: Id, amount: z.int().check(z.positive()), groupId: Id });
export type ChosenMod = z.infer<typeof ChosenMod>;

export const CartCommandSchema = messageUnion({
  AddItem: {
    productId: z.string(),
    mods: z.optional(z.array(ChosenMod)),
    /** Default 1 (PRODUCT.md §4 rule 8). */
    quantity: z.optional(z.number()),
    isGift: z.optional(z.boolean()),
    /** For gifts chosen in the modifier modal: the promo answer's fromPromocode. */
    fromPromocode: z.optional(z.boolean()),
  },
  /** A half-and-half pizza of two pizzas at one size (docs/HALF-PIZZA.md); quantity defaults to 1. */
  AddHalfPizza: {
    sizeId: z.string(),
    firstId: z.string(),
    secondId: z.string(),
    quantity: z.optional(z.number()),
  },
  /** Absolute quantity; below 1 removes the line (PRODUCT.md §4 Decrease). */
  ChangeQuantity: { lineId: z.string(), quantity: z.number() },
  RemoveItem: { lineId: z.string() },
  /** Sent by the highlight effect 1 s after LineHighlighted. */
  ClearHighlight: { lineId: z.string() },
  ChangeDeliveryMethod: { method: DeliveryMethod },
  SelectRestaurant: { deliveryTerminalId: z.string() },
  ChangeDeliveryTime: { time: z.string() },
  ApplyCoupon: { coupon: z.string() },
  RemoveCoupon: {},
  ChangeSpendBonus: { amount: z.number() },
  StartPromoCalculation: {},
  ApplyPromoResult: { response: PromoResponse },
  ReportPromoFailure: { message: z.string() },
  InitCart: {},
  /** After the catalogue was refreshed (PRODUCT.md §4 cart init and validation). */
  ValidateCart: {},
  RepeatOrder: { lastOrder: LastOrder },
  ClearCart: { reason: z.enum(['user', 'order-placed']) },
});
export type CartCommand = z.infer<typeof CartCommandSchema>;
