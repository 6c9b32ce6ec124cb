// Likes (favourites) of PRODUCT.md §4 and §7. Owner only; a repeat like is a 409 with the message
// the client shows (PRODUCT.md §8), never a 500.
import { z } from 'zod/mini';
import { defineRoute } from '../route.js';
import { StorableId as Id, StorableIdParams } from './text.js';

export const REPEAT_LIKE_MESSAGE = 'Нельзя поставить лайк этому товару повторно';

export const LikedProduct = z.object({ productId: Id });

export const listUserLikes = defineRoute('user', 'GET /user/:id/like', {
  summary: 'Products the signed-in customer liked, oldest first',
  params: StorableIdParams,
  response: z.array(LikedProduct),
});

export const LikeBody = z.object({ userId: Id, productId: Id });

export const likeProduct = defineRoute('user', 'POST /like', {
  summary: 'Likes a product (409 on a repeat)',
  body: LikeBody,
  response: z.object({ userId: Id, productId: Id, likesCount: z.int().check(z.nonnegative()) }),
});

export const unlikeProduct = defineRoute('user', 'DELETE /like/:userId/:productId', {
  summary: 'Removes a like (no error when there was none)',
  params: LikeBody,
  response: null,
});
