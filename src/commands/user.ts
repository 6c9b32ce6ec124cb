// user commands: zod schemas and types. The decider is in user.decide.ts.
import { z } from 'zod/mini';
import { LastOrder, User } from '../api/entities';
import { Order } from '../api/contract/orders';
import { OrderRating, RatingPrompt } from '../api/contract/ratings';
import { bare, message } from '../events/define';
import { ProfileChanges, RatingForm } from '../events/user';

export const ApplyProfile = message('ApplyProfile', { user: User });
export const ApplyBalance = message('ApplyBalance', { balance: z.number() });
export const ApplyLastOrder = message('ApplyLastOrder', { lastOrder: z.nullable(LastOrder) });
/** The history page is shown: load the signed-in customer's orders (nothing when signed out). */
export const LoadOrderHistory = bare('LoadOrderHistory');
/** `phone`: whose history the answer is (an answer for a customer no longer signed in is dropped). */
export const ApplyOrderHistory = message('ApplyOrderHistory', { phone: z.string(), orders: z.array(Order) });
/** The history page was left: its live re-reading ends. */
export const StopOrderHistoryTracking = bare('StopOrderHistoryTracking');
export const ReportOrderHistoryFailure = message('ReportOrderHistoryFailure', {
  phone: z.string(),
  message: z.string(),
});
export const ChangeAllergens = message('ChangeAllergens', { codes: z.array(z.string()) });
export const EditProfile = message('EditProfile', { changes: ProfileChanges });
export const DeleteAccount = bare('DeleteAccount');
/**
 * `userId`: whose ratings the answer is (an answer for a customer no longer signed in is dropped);
 * `promptHere`: false on the order pages, where the visit's prompt must not cover the order.
 */
export const ApplyRatings = message('ApplyRatings', {
  userId: z.string(),
  ratings: z.array(OrderRating),
  prompts: z.array(RatingPrompt),
  promptHere: z.optional(z.boolean()),
});
export const RateOrder = message('RateOrder', RatingForm);
export const ApplyOrderRating = message('ApplyOrderRating', { rating: OrderRating });
export const ReportOrderRatingRefusal = message('ReportOrderRatingRefusal', {
  orderId: z.string(),
  message: z.string(),
});
/** The visit's rating prompt was closed without a rating (it counts as shown). */
export const DismissRatingPrompt = message('DismissRatingPrompt', { orderId: z.string() });
export const UserCommandSchema = z.discriminatedUnion('type', [
  ApplyProfile,
  ApplyBalance,
  ApplyLastOrder,
  LoadOrderHistory,
  ApplyOrderHistory,
  ReportOrderHistoryFailure,
  StopOrderHistoryTracking,
  ChangeAllergens,
  EditProfile,
  DeleteAccount,
  ApplyRatings,
  RateOrder,
  ApplyOrderRating,
  ReportOrderRatingRefusal,
  DismissRatingPrompt,
]);
export type UserCommand = z.infer<typeof UserCommandSchema>;
