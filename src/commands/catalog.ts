// catalog commands: zod schemas and types. The decider is in catalog.decide.ts.
import { z } from 'zod/mini';
import { Catalog, Id } from '../api/entities';
import { bare, message } from '../events/define';

export const StartCatalogLoad = bare('StartCatalogLoad');
export const ApplyCatalog = message('ApplyCatalog', { catalog: Catalog, version: z.nullable(z.string()) });
export const ReportCatalogFailure = message('ReportCatalogFailure', { message: z.string() });
export const SearchCatalog = message('SearchCatalog', { text: z.string() });
export const FilterCatalog = message('FilterCatalog', { codes: z.array(z.string()) });
export const ClearCatalogQuery = bare('ClearCatalogQuery');
export const LikeProduct = message('LikeProduct', { productId: z.string() });
export const UnlikeProduct = message('UnlikeProduct', { productId: z.string() });
export const ApplyLikes = message('ApplyLikes', { productIds: z.array(Id) });
/** The like answered 409. */
export const RejectLike = message('RejectLike', { productId: z.string() });
export const ReportLikeFailure = message('ReportLikeFailure', { productId: z.string(), message: z.string() });
export const ReportUnlikeFailure = message('ReportUnlikeFailure', { productId: z.string() });
export const CatalogCommandSchema = z.discriminatedUnion('type', [
  StartCatalogLoad,
  ApplyCatalog,
  ReportCatalogFailure,
  SearchCatalog,
  FilterCatalog,
  ClearCatalogQuery,
  LikeProduct,
  UnlikeProduct,
  ApplyLikes,
  RejectLike,
  ReportLikeFailure,
  ReportUnlikeFailure,
]);
export type CatalogCommand = z.infer<typeof CatalogCommandSchema>;
