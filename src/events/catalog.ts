// Catalogue events: loading, search / filter (mutually exclusive), likes.
import { z } from 'zod/mini';
import { Catalog, Id } from '../api/entities';
import { bare, message } from './define';

export const CatalogRequested = bare('CatalogRequested');
export const CatalogLoaded = message('CatalogLoaded', { catalog: Catalog, version: z.nullable(z.string()) });
export const CatalogLoadFailed = message('CatalogLoadFailed', { message: z.string() });
/** Search mode; clears the filter (PRODUCT.md §4 filters and search are mutually exclusive). */
export const CatalogSearched = message('CatalogSearched', { text: z.string().check(z.minLength(1)) });
/** Filter mode by filter codes; clears the search. */
export const CatalogFiltered = message('CatalogFiltered', { codes: z.array(z.string()).check(z.minLength(1)) });
export const CatalogQueryCleared = bare('CatalogQueryCleared');
/** Optimistic: isLiked = true, likesCount + 1; the effect POSTs /api/v1/like. */
export const ProductLiked = message('ProductLiked', { productId: Id, userId: Id });
/** Optimistic: isLiked = false, likesCount − 1; the effect DELETEs the like. */
export const ProductUnliked = message('ProductUnliked', { productId: Id, userId: Id });
/** 409: the server already had this like; the optimistic +1 is undone, isLiked stays true. */
export const LikeRejected = message('LikeRejected', { productId: Id, reason: z.enum(['already-liked']) });
/** Any other like failure: the optimistic like is rolled back. */
export const LikeFailed = message('LikeFailed', { productId: Id, message: z.string() });
/** The unlike failed: the optimistic unlike is rolled back. */
export const UnlikeFailed = message('UnlikeFailed', { productId: Id });
export const LikesLoaded = message('LikesLoaded', { productIds: z.array(Id) });

export const CatalogEventSchema = z.discriminatedUnion('type', [
  CatalogRequested,
  CatalogLoaded,
  CatalogLoadFailed,
  CatalogSearched,
  CatalogFiltered,
  CatalogQueryCleared,
  ProductLiked,
  ProductUnliked,
  LikeRejected,
  LikeFailed,
  UnlikeFailed,
  LikesLoaded,
]);
export type CatalogEvent = z.infer<typeof CatalogEventSchema>;
