// Rating an order after delivery (docs/CHECKOUT.md «Rating after delivery»): once per order,
// only by its customer, only once it is delivered; the prompt a customer closed is not offered
// again. A rating of 1–3 reaches the operators' live screen through the table's trigger.
import type { OrderRating, RateOrderBody, UserRatings } from '../../src/api/contract/ratings.js';
import { RATING_MESSAGES, RATING_TAGS, isRateableStatus, ratingInputProblem } from '../../src/domain/rating.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/database.js';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../http/errors.js';
import { findOrder, type OrderRow } from '../repositories/orders.js';
import {
  insertDismissal,
  insertRating,
  ratingsOfUser,
  unratedDeliveredOrders,
  type RatingRow,
} from '../repositories/ratings.js';
import type { AuthUser } from './sessions.js';

const RATINGS_LISTED = 100;
const PROMPTS_LISTED = 5;
/** A delivery older than this is no longer offered for rating on a visit (it can still be rated from the history). */
const PROMPT_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

export function toOrderRating(row: RatingRow): OrderRating {
  return {
    orderId: row.orderId,
    score: row.score,
    tags: row.tags,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The order the customer may rate or dismiss: 404 unknown, 403 another's, 422 not delivered. */
async function ownDeliveredOrder(db: Executor, user: AuthUser, orderId: string): Promise<OrderRow> {
  const order = await findOrder(db, orderId);
  if (!order) throw notFound(RATING_MESSAGES.orderNotFound, 'order-not-found');
  if (order.userId !== user.userId) throw forbidden(RATING_MESSAGES.notYours, 'rating-not-yours');
  if (order.status === 'Cancelled') throw unprocessable(RATING_MESSAGES.cancelled, 'rating-cancelled');
  if (!isRateableStatus(order.status)) throw unprocessable(RATING_MESSAGES.notDelivered, 'rating-not-delivered');
  return order;
}

/** POST /order/:id/rating. The first rating stays: a second one (even a concurrent one) is 409. */
export async function rateOrder(
  ctx: AppContext,
  user: AuthUser,
  orderId: string,
  body: RateOrderBody,
): Promise<OrderRating> {
  const comment = body.comment.trim();
  const problem = ratingInputProblem({ score: body.score, tags: body.tags, comment });
  if (problem !== null) throw badRequest(problem, 'rating-invalid');
  // the form's order, each tag once
  const tags = RATING_TAGS.filter((tag) => body.tags.includes(tag));
  return ctx.db.run(async (db) => {
    const order = await ownDeliveredOrder(db, user, orderId);
    const stored = await insertRating(db, {
      orderId,
      userId: user.userId,
      restaurantId: order.deliveryTerminalId,
      score: body.score,
      tags,
      comment,
      createdAt: ctx.clock.now(),
    });
    if (!stored) throw conflict(RATING_MESSAGES.alreadyRated, 'rating-exists');
    return toOrderRating(stored);
  });
}

/** POST /order/:id/rating/dismiss: the visit's prompt for this order is not shown again. */
export async function dismissRatingPrompt(ctx: AppContext, user: AuthUser, orderId: string): Promise<void> {
  await ctx.db.run(async (db) => {
    await ownDeliveredOrder(db, user, orderId);
    await insertDismissal(db, orderId, user.userId, ctx.clock.now());
  });
}

/** GET /user/:id/ratings: the customer's latest ratings and the deliveries to offer for rating. */
export async function userRatings(ctx: AppContext, user: AuthUser): Promise<UserRatings> {
  const since = new Date(ctx.clock.now().getTime() - PROMPT_WINDOW_MS);
  return ctx.db.run(async (db) => {
    const ratings = await ratingsOfUser(db, user.userId, RATINGS_LISTED);
    const prompts = await unratedDeliveredOrders(db, user.userId, since, PROMPTS_LISTED);
    return {
      ratings: ratings.map(toOrderRating),
      prompts: prompts.map((p) => ({ orderId: p.orderId, number: p.number, createdAt: p.createdAt.toISOString() })),
    };
  });
}
