// Catalogue calls of PRODUCT.md §7: the version clients poll every 60 s, and the catalogue itself
// (groups, products, stopList). GET /catalog answers with a strong ETag (304 on If-None-Match)
// and gzip or brotli by Accept-Encoding; isLiked is true only for a signed-in customer's likes.
import { z } from 'zod/mini';
import { defineRoute } from '../route.js';
import { Catalog } from '../entities.js';

/** A content version: opaque, compare for equality only. */
export const VersionAnswer = z.object({ version: z.string().check(z.minLength(1)) });

export const getCatalogVersion = defineRoute('none', 'GET /storage/version', {
  summary: 'Catalogue version; changes whenever groups, products or stop lists change',
  response: VersionAnswer,
});

export const getCatalog = defineRoute('optional', 'GET /catalog', {
  summary: 'Groups, products and stop lists (ETag, gzip/br); isLiked for the signed-in customer',
  response: Catalog,
});
