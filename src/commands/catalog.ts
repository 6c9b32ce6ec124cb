// catalog commands: zod schemas and types. The decider is in catalog.decide.ts.
import { z } from 'zod/mini';
import { Catalog, Id } from '../api/entities';
import { messageUnion } from '../events/define';

export const CatalogCommandSchema = messageUnion({
  StartCatalogLoad: {},
  ApplyCatalog: { catalog: Catalog, version: z.nullable(z.string()) },
  ReportCatalogFailure: { message: z.string() },
  SearchCatalog: { text: z.string() },
  FilterCatalog: { codes: z.array(z.string()) },
  ClearCatalogQuery: {},
  LikeProduct: { productId: z.string() },
  UnlikeProduct: { productId: z.string() },
  ApplyLikes: { productIds: z.array(Id) },
  /** The like answered 409. */
  RejectLike: { productId: z.string() },
  ReportLikeFailure: { productId: z.string(), message: z.string() },
  ReportUnlikeFailure: { productId: z.string() },
});
export type CatalogCommand = z.infer<typeof CatalogCommandSchema>;
