// Rating an order after delivery (docs/CHECKOUT.md «Rating after delivery»). The body is
// parsed loosely (any number, any strings) and checked by ratingInputProblem (src/domain/rating.ts),
// so a bad score, an unknown tag or a long comment gets the same Russian words the form shows.
// Refusals: 400 (input), 403 (another customer's order), 404, 409 (rated already), 422 (not delivered).
import { z } from 'zod/mini';
import { IsoDateTime } from '../entities.js';
import { defineRoute } from '../route.js';
import { defineOwnOrderRoute } from './orders.js';
import { StorableId as Id, StorableIdParams, storable } from './text.js';

export const OrderRating = z.object({
  orderId: Id,
  score: z.int().check(z.minimum(1), z.maximum(5)),
  tags: z.array(z.string()),
  comment: z.string(),
  createdAt: IsoDateTime,
});
export type OrderRating = z.infer<typeof OrderRating>;

export const RateOrderBody = z.object({
  score: z.number(),
  tags: z._default(z.array(storable(z.string().check(z.maxLength(100)))).check(z.maxLength(20)), []),
  // the 500-character rule is ratingInputProblem's; this only bounds the request
  comment: z._default(storable(z.string().check(z.maxLength(5000))), ''),
});
export type RateOrderBody = z.infer<typeof RateOrderBody>;

export const rateOrder = defineOwnOrderRoute('POST /order/:id/rating', {
  summary: 'Rates a delivered order of the signed-in customer once: score 1–5, tags, comment up to 500 characters',
  body: RateOrderBody,
  response: OrderRating,
});

export const dismissOrderRating = defineOwnOrderRoute('POST /order/:id/rating/dismiss', {
  summary: 'The customer closed the rating prompt of a delivered order: it is not offered on a visit again',
  response: null,
});

/** A delivered order the customer has neither rated nor dismissed: the visit's prompt. */
export const RatingPrompt = z.object({ orderId: Id, number: z.int().check(z.positive()), createdAt: IsoDateTime });
export type RatingPrompt = z.infer<typeof RatingPrompt>;

export const UserRatings = z.object({
  /** The customer's latest ratings (at most 100), newest first. */
  ratings: z.array(OrderRating),
  /** Delivered orders of the last 30 days not rated and not dismissed, newest first (at most 5). */
  prompts: z.array(RatingPrompt),
});
export type UserRatings = z.infer<typeof UserRatings>;

export const getUserRatings = defineRoute('user', 'GET /user/:id/ratings', {
  summary: 'The signed-in customer’s ratings and the delivered orders still to offer for rating',
  params: StorableIdParams,
  response: UserRatings,
});
