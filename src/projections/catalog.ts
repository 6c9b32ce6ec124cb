// Catalogue projection: the loaded catalogue, its search / filter mode, likes; catalogue selectors.
import { produce, type Draft } from 'immer';
import type { Catalog, Product } from '../api/entities';
import { applyCatalogQuery } from '../domain/catalog';
import type { AppEvent } from '../events';
import { applyCase, type CaseReducers } from './define';

/** PRODUCT.md §4: filters and search are mutually exclusive. */
export type CatalogQuery = { mode: 'all' } | { mode: 'search'; text: string } | { mode: 'filter'; codes: string[] };

export type CatalogState = {
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  catalog: Catalog | null;
  version: string | null;
  error: string | null;
  query: CatalogQuery;
  /** Ids the signed-in user liked (LikesLoaded), null when unknown. */
  likedProductIds: string[] | null;
};

export const initialCatalog: CatalogState = {
  status: 'idle',
  catalog: null,
  version: null,
  error: null,
  query: { mode: 'all' },
  likedProductIds: null,
};

const productOf = (d: Draft<CatalogState>, productId: string) => d.catalog?.products.find((p) => p.id === productId);
const addLikedId = (d: Draft<CatalogState>, id: string) => {
  if (d.likedProductIds !== null && !d.likedProductIds.includes(id)) d.likedProductIds.push(id);
};
const dropLikedId = (d: Draft<CatalogState>, id: string) => {
  if (d.likedProductIds !== null) d.likedProductIds = d.likedProductIds.filter((x) => x !== id);
};
const like = (d: Draft<CatalogState>, productId: string, delta: number, isLiked: boolean) => {
  const p = productOf(d, productId);
  if (p !== undefined) {
    p.likesCount = Math.max(0, p.likesCount + delta);
    p.isLiked = isLiked;
  }
  if (isLiked) addLikedId(d, productId);
  else dropLikedId(d, productId);
};

export const catalogReducers: CaseReducers<CatalogState> = {
  CatalogRequested: (d) => {
    d.status = 'loading';
    d.error = null;
  },
  CatalogLoaded: (d, e) => {
    // A copy: later like events mutate products, never the recorded event.
    const catalog = structuredClone(e.data.catalog);
    const liked = d.likedProductIds === null ? null : new Set(d.likedProductIds);
    if (liked !== null) for (const p of catalog.products) p.isLiked = liked.has(p.id);
    d.catalog = catalog;
    d.version = e.data.version;
    d.status = 'loaded';
    d.error = null;
  },
  CatalogLoadFailed: (d, e) => {
    d.status = 'failed';
    d.error = e.data.message;
  },
  CatalogSearched: (d, e) => void (d.query = { mode: 'search', text: e.data.text }),
  CatalogFiltered: (d, e) => void (d.query = { mode: 'filter', codes: [...e.data.codes] }),
  CatalogQueryCleared: (d) => void (d.query = { mode: 'all' }),
  ProductLiked: (d, e) => like(d, e.data.productId, +1, true),
  ProductUnliked: (d, e) => like(d, e.data.productId, -1, false),
  // 409: the server had counted this like already; undo our +1 but keep it liked.
  LikeRejected: (d, e) => like(d, e.data.productId, -1, true),
  LikeFailed: (d, e) => like(d, e.data.productId, -1, false),
  UnlikeFailed: (d, e) => like(d, e.data.productId, +1, true),
  LikesLoaded: (d, e) => {
    d.likedProductIds = [...e.data.productIds];
    const liked = new Set(e.data.productIds);
    for (const p of d.catalog?.products ?? []) if (p.isLiked !== liked.has(p.id)) p.isLiked = liked.has(p.id);
  },
  LoggedOut: (d) => {
    d.likedProductIds = null;
    for (const p of d.catalog?.products ?? []) if (p.isLiked) p.isLiked = false;
  },
};

export function applyCatalog(draft: Draft<CatalogState>, event: AppEvent): void {
  applyCase(catalogReducers, draft, event);
}
export function evolveCatalog(state: CatalogState, event: AppEvent): CatalogState {
  return produce(state, (d) => applyCatalog(d, event));
}

// ---- selectors ----

/** Products of modifier groups (isGroupModifier) are modifiers, not menu items. */
export function isModifierProduct(catalog: Catalog, product: Product): boolean {
  return catalog.groups.some((g) => g.id === product.parentGroup && g.isGroupModifier);
}

/**
 * PRODUCT.md §5: the menu products matching the query (search or filter), without products that
 * contain an allergen the user excluded. Modifier and service groups are never listed.
 */
export function selectVisibleProducts(catalog: CatalogState, excludedAllergens: readonly string[] = []): Product[] {
  return catalog.catalog === null ? [] : visibleProducts(catalog.catalog, catalog.query, excludedAllergens);
}

export function visibleProducts(
  catalog: Pick<Catalog, 'groups' | 'products'>,
  query: CatalogQuery,
  excludedAllergens: readonly string[],
): Product[] {
  switch (query.mode) {
    case 'all':
      return applyCatalogQuery(catalog, { kind: 'none' }, excludedAllergens);
    case 'search':
      return applyCatalogQuery(catalog, { kind: 'search', text: query.text }, excludedAllergens);
    case 'filter': {
      // several filter chips may be on: a product carrying any of them is listed
      const codes = new Set(query.codes);
      return applyCatalogQuery(catalog, { kind: 'none' }, excludedAllergens).filter((p) =>
        p.filters.some((f) => codes.has(f.code)),
      );
    }
    default: {
      const unreachable: never = query;
      return unreachable;
    }
  }
}
