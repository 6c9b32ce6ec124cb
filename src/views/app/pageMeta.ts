// A rendered page's status and title, read from the state it was rendered from with the selectors
// the pages use (a section or product the catalogue lacks is a 404, as the page shows).
import type { SiteRouteMatch } from '../../api/siteRoutes';
import { pageKey } from '../../projections/page';
import type { AppState } from '../../projections/store';
import { NOT_FOUND_TITLE, buildHead } from '../../domain/seo/pageHead';
import { SITE_NAME } from '../../domain/siteTexts';
import { headInputFromState } from './documentHead';
import { selectProductByRouteId } from './selectors';

/** The title of a page whose state lacks what its head is built from (the shell's own). */
const DEFAULT_TITLE = `${SITE_NAME} — доставка`;

type Section = { slug: string; name: string };

function topSection(state: AppState, slug: string): Section | null {
  const group = state.catalog.catalog?.groups.find((g) => g.slug === slug && g.parentGroup === null);
  return group === undefined ? null : { slug: group.slug, name: group.name };
}

export function pageStatus(
  state: AppState,
  match: SiteRouteMatch | null,
): { code: 200 | 404; missingProductSection: Section | null } {
  if (match === null) return { code: 404, missingProductSection: null };
  if (match.page === 'catalog-section' && topSection(state, match.params.section ?? '') === null)
    return { code: 404, missingProductSection: null };
  if (match.page === 'product' && selectProductByRouteId(state, match.params.productId ?? '') === undefined)
    return { code: 404, missingProductSection: topSection(state, match.params.section ?? '') };
  const cityId = state.city.selectedId;
  const entry = cityId === null ? undefined : state.page.entries[pageKey(match.page, cityId)];
  if (entry?.status === 'failed' && entry.httpStatus === 404) return { code: 404, missingProductSection: null };
  return { code: 200, missingProductSection: null };
}

/**
 * The document title, the same the server writes into the page: the head's (the one title builder,
 * src/domain/seo/pageHead.ts), or the not-found page's for an unknown address.
 */
export function pageTitle(state: AppState, match: SiteRouteMatch | null): string {
  if (match === null) return NOT_FOUND_TITLE;
  const input = headInputFromState(state, match, '');
  return input === null ? DEFAULT_TITLE : buildHead(input).title;
}
