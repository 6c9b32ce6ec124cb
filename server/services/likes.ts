// Likes (PRODUCT.md §4, §7, §8). A repeat like is 409 'Нельзя поставить лайк этому товару повторно'
// (the earlier storefront answered 500); an unknown product is 404; unlike is idempotent.
import { REPEAT_LIKE_MESSAGE } from '../../src/api/contract/likes.js';
import type { AppContext } from '../context.js';
import { conflict, notFound } from '../http/errors.js';
import { productExists } from '../repositories/catalog.js';
import { countLikes, deleteLike, insertLike, likesOfUser } from '../repositories/likes.js';
import { ACCOUNT_MESSAGES } from '../../src/domain/messages.js';

export const PRODUCT_NOT_FOUND_MESSAGE = ACCOUNT_MESSAGES.productNotFound;

export function listLikes(ctx: AppContext, userId: string): Promise<{ productId: string }[]> {
  return ctx.db.run((db) => likesOfUser(db, userId));
}

/** Likes the product; how many likes it has now. */
export async function like(ctx: AppContext, userId: string, productId: string): Promise<number> {
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    if (!(await productExists(tx, productId))) return 'unknown-product' as const;
    if (!(await insertLike(tx, userId, productId, now))) return 'repeat' as const;
    return (await countLikes(tx, productId)) ?? 1;
  });
  if (result === 'unknown-product') throw notFound(PRODUCT_NOT_FOUND_MESSAGE, 'product-not-found');
  if (result === 'repeat') throw conflict(REPEAT_LIKE_MESSAGE, 'repeat-like');
  return result;
}

export async function unlike(ctx: AppContext, userId: string, productId: string): Promise<void> {
  await ctx.db.run((db) => deleteLike(db, userId, productId));
}
