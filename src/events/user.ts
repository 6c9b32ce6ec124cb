// User events: profile, balance, last order, order history, excluded allergens.
import { z } from 'zod/mini';
import { LastOrder, User } from '../api/entities';
import { Order } from '../api/contract/orders';
import { OrderRating, RatingPrompt } from '../api/contract/ratings';
import { messageUnion } from './define';

export const ProfileChanges = z.object({
  name: z.optional(z.string().check(z.maxLength(100))),
  personalData: z.optional(z.boolean()),
  PUSHNotifications: z.optional(z.boolean()),
  receiveAdvertisingInformation: z.optional(z.boolean()),
});
export type ProfileChanges = z.infer<typeof ProfileChanges>;

/** What the rating form sends: the command RateOrder and its event carry it alike. */
export const RatingForm = {
  orderId: z.string(),
  score: z.number(),
  tags: z.array(z.string()),
  comment: z.string(),
};

export const UserEventSchema = messageUnion({
  ProfileLoaded: { user: User },
  /** The effect PATCHes /user/{phone} and answers ApplyProfile. */
  ProfileEditRequested: { phone: z.string(), changes: ProfileChanges },
  BalanceLoaded: { balance: z.number() },
  LastOrderLoaded: { lastOrder: z.nullable(LastOrder) },
  /** The history page asks for the signed-in customer's orders; the effect GETs /user/{phone}/history. */
  OrderHistoryRequested: { phone: z.string() },
  /** PRODUCT.md §3 History: the orders with items and modifiers, newest first (the latest 20). */
  OrderHistoryLoaded: { orders: z.array(Order) },
  OrderHistoryLoadFailed: { message: z.string() },
  /** The customer left the history page: the effect that re-reads it on the order pushes stops. */
  OrderHistoryTrackingStopped: {},
  AllergensChanged: { codes: z.array(z.string()) },
  /** The effect DELETEs /user/{phone} and then sends Logout. */
  AccountDeletionRequested: { phone: z.string() },
  /** docs/CHECKOUT.md «Rating after delivery»: the customer's ratings and the deliveries to offer this visit. */
  RatingsLoaded: {
    ratings: z.array(OrderRating),
    prompts: z.array(RatingPrompt),
  },
  /** The effect POSTs /order/{orderId}/rating. */
  OrderRatingSubmitted: RatingForm,
  OrderRated: { rating: OrderRating },
  /** The form's own check or the server's refusal, in Russian. */
  OrderRatingRejected: { orderId: z.string(), message: z.string() },
  /** The visit's prompt for this order was closed: the effect tells the server, which will not offer it again. */
  RatingPromptDismissed: { orderId: z.string() },
});
export type UserEvent = z.infer<typeof UserEventSchema>;
