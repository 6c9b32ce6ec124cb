// Likes (PRODUCT.md §4, §7, §8; rules in services/likes.ts). Owner only.
import type { FastifyInstance } from 'fastify';
import { likeProduct, listUserLikes, unlikeProduct } from '../../src/api/contract/likes.js';
import { requireOwner } from '../http/requestAuth.js';
import { route } from '../http/route.js';
import { like, listLikes, unlike } from '../services/likes.js';

export async function registerLikes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  route(app, listUserLikes, async ({ params, request }) => {
    const user = await requireOwner(ctx, request, params.id);
    return listLikes(ctx, user.userId);
  });

  route(app, likeProduct, async ({ body, request, reply }) => {
    const user = await requireOwner(ctx, request, body.userId);
    const likesCount = await like(ctx, user.userId, body.productId);
    void reply.code(201);
    return { userId: user.userId, productId: body.productId, likesCount };
  });

  route(app, unlikeProduct, async ({ params, request }) => {
    const user = await requireOwner(ctx, request, params.userId);
    await unlike(ctx, user.userId, params.productId);
  });
}
