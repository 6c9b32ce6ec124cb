// A rendered page's status and title, read from the state it was rendered from with the selectors
// the pages use (a section or product the catalogue lacks is a 404, as the page shows).
import type { SiteRouteMatch } from '../../api/siteRoutes';
import { pageKey } from '../../projections/page';
import type { AppState } from '../../projections/store';
import { SITE_NAME } from '../../domain/siteTexts';
import { selectProductByRouteId } from './selectors';

const DEFAULT_TITLE = `${SITE_NAME} — доставка`;
const NOT_FOUND_TITLE = 'Страница не найдена';

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

/** 'Пицца — Ролл и Пицца', the product's or section's or page's name first. */
export function pageTitle(state: AppState, match: SiteRouteMatch | null): string {
  if (match === null || pageStatus(state, match).code === 404) return `${NOT_FOUND_TITLE} — ${SITE_NAME}`;
  const named = (name: string) => `${name} — ${SITE_NAME}`;
  switch (match.page) {
    case 'product': {
      const product = selectProductByRouteId(state, match.params.productId ?? '');
      return product === undefined ? DEFAULT_TITLE : named(product.name);
    }
    case 'catalog-section': {
      const section = topSection(state, match.params.section ?? '');
      return section === null ? DEFAULT_TITLE : named(section.name);
    }
    case 'catalog':
      return named('Меню');
    case 'index':
      return DEFAULT_TITLE;
    default: {
      const cityId = state.city.selectedId;
      const entry = cityId === null ? undefined : state.page.entries[pageKey(match.page, cityId)];
      return entry?.status === 'loaded' ? named(entry.page.title) : DEFAULT_TITLE;
    }
  }
}
