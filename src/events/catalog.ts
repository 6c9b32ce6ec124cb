// Catalogue events: loading, search / filter (mutually exclusive), likes.
import { z } from 'zod/mini';
import { Catalog, Id } from '../api/entities';
import { messageUnion } from './define';

export const CatalogEventSchema = messageUnion({
  CatalogRequested: {},
  CatalogLoaded: { catalog: Catalog, version: z.nullable(z.string()) },
  CatalogLoadFailed: { message: z.string() },
  /** Search mode; clears the filter (PRODUCT.md §4 filters and search are mutually exclusive). */
  CatalogSearched: { text: z.string().check(z.minLength(1)) },
  /** Filter mode by filter codes; clears the search. */
  CatalogFiltered: { codes: z.array(z.string()).check(z.minLength(1)) },
  CatalogQueryCleared: {},
  /** Optimistic: isLiked = true, likesCount + 1; the effect POSTs /api/v1/like. */
  ProductLiked: { productId: Id, userId: Id },
  /** Optimistic: isLiked = false, likesCount − 1; the effect DELETEs the like. */
  ProductUnliked: { productId: Id, userId: Id },
  /** 409: the server already had this like; the optimistic +1 is undone, isLiked stays true. */
  LikeRejected: { productId: Id, reason: z.enum(['already-liked']) },
  /** Any other like failure: the optimistic like is rolled back. */
  LikeFailed: { productId: Id, message: z.string() },
  /** The unlike failed: the optimistic unlike is rolled back. */
  UnlikeFailed: { productId: Id },
  LikesLoaded: { productIds: z.array(Id) },
});
export type CatalogEvent = z.infer<typeof CatalogEventSchema>;
