// user commands: zod schemas and types. The decider is in user.decide.ts.
import { z } from 'zod/mini';
import { LastOrder, User } from '../api/entities';
import { Order } from '../api/contract/orders';
import { OrderRating, RatingPrompt } from '../api/contract/ratings';
import { messageUnion } from '../events/define';
import { ProfileChanges, RatingForm } from '../events/user';

export const UserCommandSchema = messageUnion({
  ApplyProfile: { user: User },
  ApplyBalance: { balance: z.number() },
  ApplyLastOrder: { lastOrder: z.nullable(LastOrder) },
  /** The history page is shown: load the signed-in customer's orders (nothing when signed out). */
  LoadOrderHistory: {},
  /** `phone`: whose history the answer is (an answer for a customer no longer signed in is dropped). */
  ApplyOrderHistory: { phone: z.string(), orders: z.array(Order) },
  ReportOrderHistoryFailure: {
    phone: z.string(),
    message: z.string(),
  },
  /** The history page was left: its live re-reading ends. */
  StopOrderHistoryTracking: {},
  ChangeAllergens: { codes: z.array(z.string()) },
  EditProfile: { changes: ProfileChanges },
  DeleteAccount: {},
  /**
   * `userId`: whose ratings the answer is (an answer for a customer no longer signed in is dropped);
   * `promptHere`: false on the order pages, where the visit's prompt must not cover the order.
   */
  ApplyRatings: {
    userId: z.string(),
    ratings: z.array(OrderRating),
    prompts: z.array(RatingPrompt),
    promptHere: z.optional(z.boolean()),
  },
  RateOrder: RatingForm,
  ApplyOrderRating: { rating: OrderRating },
  ReportOrderRatingRefusal: {
    orderId: z.string(),
    message: z.string(),
  },
  /** The visit's rating prompt was closed without a rating (it counts as shown). */
  DismissRatingPrompt: { orderId: z.string() },
});
export type UserCommand = z.infer<typeof UserCommandSchema>;
