// POST /api/v1/order/:id/rating, POST /api/v1/order/:id/rating/dismiss, GET /api/v1/user/:id/ratings.
import type { FastifyInstance } from 'fastify';
import { dismissOrderRating, getUserRatings, rateOrder } from '../../src/api/contract/ratings.js';
import { requireOwner, requireUser } from '../http/requestAuth.js';
import { route } from '../http/route.js';
import { dismissRatingPrompt, rateOrder as rate, userRatings } from '../services/ratings.js';

export async function registerRatings(app: FastifyInstance): Promise<void> {
  route(app, rateOrder, async ({ params, body, request, reply }) => {
    const rating = await rate(app.ctx, await requireUser(app.ctx, request), params.id, body);
    reply.code(201);
    return rating;
  });

  route(app, dismissOrderRating, async ({ params, request }) => {
    await dismissRatingPrompt(app.ctx, await requireUser(app.ctx, request), params.id);
  });

  route(app, getUserRatings, async ({ params, request }) => {
    const user = await requireOwner(app.ctx, request, params.id);
    return userRatings(app.ctx, user);
  });
}
