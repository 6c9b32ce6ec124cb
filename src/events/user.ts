// User events: profile, balance, last order, order history, excluded allergens.
import { z } from 'zod/mini';
import { LastOrder, User } from '../api/entities';
import { Order } from '../api/contract/orders';
import { OrderRating, RatingPrompt } from '../api/contract/ratings';
import { bare, message } from './define';

export const ProfileChanges = z.object({
  name: z.optional(z.string().check(z.maxLength(100))),
  personalData: z.optional(z.boolean()),
  PUSHNotifications: z.optional(z.boolean()),
  receiveAdvertisingInformation: z.optional(z.boolean()),
});
export type ProfileChanges = z.infer<typeof ProfileChanges>;

export const ProfileLoaded = message('ProfileLoaded', { user: User });
/** The effect PATCHes /user/{phone} and answers ApplyProfile. */
export const ProfileEditRequested = message('ProfileEditRequested', { phone: z.string(), changes: ProfileChanges });
export const BalanceLoaded = message('BalanceLoaded', { balance: z.number() });
export const LastOrderLoaded = message('LastOrderLoaded', { lastOrder: z.nullable(LastOrder) });
/** The history page asks for the signed-in customer's orders; the effect GETs /user/{phone}/history. */
export const OrderHistoryRequested = message('OrderHistoryRequested', { phone: z.string() });
/** PRODUCT.md §3 History: the orders with items and modifiers, newest first (the latest 20). */
export const OrderHistoryLoaded = message('OrderHistoryLoaded', { orders: z.array(Order) });
export const OrderHistoryLoadFailed = message('OrderHistoryLoadFailed', { message: z.string() });
/** The customer left the history page: the effect that re-reads it on the order pushes stops. */
export const OrderHistoryTrackingStopped = bare('OrderHistoryTrackingStopped');
export const AllergensChanged = message('AllergensChanged', { codes: z.array(z.string()) });
/** The effect DELETEs /user/{phone} and then sends Logout. */
export const AccountDeletionRequested = message('AccountDeletionRequested', { phone: z.string() });
/** docs/CHECKOUT.md «Rating after delivery»: the customer's ratings and the deliveries to offer this visit. */
export const RatingsLoaded = message('RatingsLoaded', {
  ratings: z.array(OrderRating),
  prompts: z.array(RatingPrompt),
});
/** What the rating form sends: the command RateOrder and its event carry it alike. */
export const RatingForm = {
  orderId: z.string(),
  score: z.number(),
  tags: z.array(z.string()),
  comment: z.string(),
};
/** The effect POSTs /order/{orderId}/rating. */
export const OrderRatingSubmitted = message('OrderRatingSubmitted', RatingForm);
export const OrderRated = message('OrderRated', { rating: OrderRating });
/** The form's own check or the server's refusal, in Russian. */
export const OrderRatingRejected = message('OrderRatingRejected', { orderId: z.string(), message: z.string() });
/** The visit's prompt for this order was closed: the effect tells the server, which will not offer it again. */
export const RatingPromptDismissed = message('RatingPromptDismissed', { orderId: z.string() });

export const UserEventSchema = z.discriminatedUnion('type', [
  ProfileLoaded,
  ProfileEditRequested,
  BalanceLoaded,
  LastOrderLoaded,
  OrderHistoryRequested,
  OrderHistoryLoaded,
  OrderHistoryLoadFailed,
  OrderHistoryTrackingStopped,
  AllergensChanged,
  AccountDeletionRequested,
  RatingsLoaded,
  OrderRatingSubmitted,
  OrderRated,
  OrderRatingRejected,
  RatingPromptDismissed,
]);
export type UserEvent = z.infer<typeof UserEventSchema>;
