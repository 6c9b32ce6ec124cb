// catalog: the decider and its texts. Only types from the schemas (catalog.ts): the first load
// runs it without them.
import type { AppEvent } from '../events';
import { findProduct } from '../domain/catalog';
import { API_MESSAGES } from '../domain/apiMessages';
import { selectIsSignedIn, type AppState } from '../projections/store';
import type { CatalogCommand } from './catalog';
import type { Meta } from './types';
import { toastShown } from './view.decide';

/** PRODUCT.md §8 like toasts. */
export const TEXT_LIKE_TWICE = 'Нельзя поставить лайк этому товару повторно';
export const TEXT_SERVER_ERROR = API_MESSAGES.internal;

export function decideCatalog(command: CatalogCommand, state: AppState, meta: Meta): AppEvent[] {
  const c = state.catalog;
  switch (command.type) {
    case 'StartCatalogLoad':
      return c.status === 'loading' ? [] : [{ type: 'CatalogRequested', data: {} }];
    case 'ApplyCatalog': {
      const { catalog, version } = command.data;
      if (c.status === 'loaded' && version !== null && version === c.version) return [];
      return [{ type: 'CatalogLoaded', data: { catalog, version } }];
    }
    case 'ReportCatalogFailure':
      return [{ type: 'CatalogLoadFailed', data: { message: command.data.message } }];
    case 'SearchCatalog': {
      const text = command.data.text.trim();
      if (text === '') return c.query.mode === 'all' ? [] : [{ type: 'CatalogQueryCleared', data: {} }];
      if (c.query.mode === 'search' && c.query.text === text) return [];
      return [{ type: 'CatalogSearched', data: { text } }];
    }
    case 'FilterCatalog': {
      const codes = [...new Set(command.data.codes)];
      if (codes.length === 0) return c.query.mode === 'all' ? [] : [{ type: 'CatalogQueryCleared', data: {} }];
      if (c.query.mode === 'filter' && JSON.stringify(c.query.codes) === JSON.stringify(codes)) return [];
      return [{ type: 'CatalogFiltered', data: { codes } }];
    }
    case 'ClearCatalogQuery':
      return c.query.mode === 'all' ? [] : [{ type: 'CatalogQueryCleared', data: {} }];
    case 'LikeProduct':
    case 'UnlikeProduct': {
      const profile = state.user.profile;
      if (!selectIsSignedIn(state) || profile === null) return [{ type: 'AuthRequired', data: { reason: 'like' } }];
      const product = findProduct(c.catalog, command.data.productId);
      if (product === undefined) return [];
      const data = { productId: product.id, userId: profile.id };
      if (command.type === 'LikeProduct') return product.isLiked ? [] : [{ type: 'ProductLiked', data }];
      return product.isLiked ? [{ type: 'ProductUnliked', data }] : [];
    }
    case 'ApplyLikes':
      return JSON.stringify(c.likedProductIds) === JSON.stringify(command.data.productIds)
        ? []
        : [{ type: 'LikesLoaded', data: { productIds: command.data.productIds } }];
    case 'RejectLike':
      return [
        { type: 'LikeRejected', data: { productId: command.data.productId, reason: 'already-liked' } },
        toastShown(meta.id, TEXT_LIKE_TWICE),
      ];
    case 'ReportLikeFailure':
      return [
        { type: 'LikeFailed', data: { productId: command.data.productId, message: command.data.message } },
        toastShown(meta.id, command.data.message.trim() || TEXT_SERVER_ERROR),
      ];
    case 'ReportUnlikeFailure':
      return [
        { type: 'UnlikeFailed', data: { productId: command.data.productId } },
        toastShown(meta.id, TEXT_SERVER_ERROR),
      ];
    default: {
      const unreachable: never = command;
      throw new Error(`unknown catalog command ${JSON.stringify(unreachable)}`);
    }
  }
}
