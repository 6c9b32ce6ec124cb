// Likes (SPEC §4, §7, §8). Owner only. A repeat like is 409 'Нельзя поставить лайк этому товару
// повторно' (the earlier storefront answered 500); an unknown product is 404; unlike is idempotent.
import type { FastifyInstance } from 'fastify';
import { and, asc, count, eq } from 'drizzle-orm';
import { REPEAT_LIKE_MESSAGE, likeProduct, listUserLikes, unlikeProduct } from '../../src/api/contract/likes.js';
import { products } from '../db/schema/catalog.js';
import { likes } from '../db/schema/customers.js';
import { conflict, notFound } from '../http/errors.js';
import { route } from '../http/route.js';
import { ensureOwnerById, requireUser } from '../services/sessions.js';

export const PRODUCT_NOT_FOUND_MESSAGE = 'Товар не найден';

export async function registerLikes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  route(app, listUserLikes, async ({ params, request }) => {
    const user = await requireUser(ctx, request);
    ensureOwnerById(user, params.id);
    const rows = await ctx.db.run((db) =>
      db
        .select({ productId: likes.productId })
        .from(likes)
        .where(eq(likes.userId, user.userId))
        .orderBy(asc(likes.createdAt), asc(likes.productId)),
    );
    return rows;
  });

  route(app, likeProduct, async ({ body, request, reply }) => {
    const user = await requireUser(ctx, request);
    ensureOwnerById(user, body.userId);
    const now = ctx.clock.now();
    const result = await ctx.db.transaction(async (tx) => {
      const product = await tx
        .select({ id: products.id })
        .from(products)
        .where(eq(products.id, body.productId))
        .limit(1);
      if (product.length === 0) return 'unknown-product' as const;
      const inserted = await tx
        .insert(likes)
        .values({ userId: user.userId, productId: body.productId, createdAt: now })
        .onConflictDoNothing()
        .returning({ productId: likes.productId });
      if (inserted.length === 0) return 'repeat' as const;
      const [total] = await tx.select({ n: count() }).from(likes).where(eq(likes.productId, body.productId));
      return total?.n ?? 1;
    });
    if (result === 'unknown-product') throw notFound(PRODUCT_NOT_FOUND_MESSAGE, 'product-not-found');
    if (result === 'repeat') throw conflict(REPEAT_LIKE_MESSAGE, 'repeat-like');
    void reply.code(201);
    return { userId: user.userId, productId: body.productId, likesCount: result };
  });

  route(app, unlikeProduct, async ({ params, request }) => {
    const user = await requireUser(ctx, request);
    ensureOwnerById(user, params.userId);
    await ctx.db.run((db) =>
      db.delete(likes).where(and(eq(likes.userId, user.userId), eq(likes.productId, params.productId))),
    );
  });
}
