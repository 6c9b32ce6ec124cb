// City selection (PRODUCT.md §4, §9): CitySelected → the cityId cookie (1 year = 365 days = 31536000 s,
// path '/') and the already-selected cookie 'true', then a full navigation to the same page under
// /{slug} (the page reloads with the new city; the decider already cleared the coupon).
import { ignoreElements, tap } from 'rxjs';
import { matchSiteRoute } from '../api/siteRoutes';
import { CITY_SELECTED_COOKIE_VALUE } from '../commands/city.decide';
import type { Effect } from './deps';
import { eventsInState } from './operators';

/** Cookie names the storefront reads and writes. */
export const COOKIE_NAMES = {
  /** The chosen city's id. */
  cityId: 'cityId',
  /** 'true' once a city was chosen: the city modal is not shown again. */
  citySelected: 'isCitySelected',
} as const;

/** PRODUCT.md §9: the city cookies last 1 year (31536000 s); js-cookie counts in days. */
export const CITY_COOKIE_DAYS = 365;
export const CITY_COOKIE_OPTIONS = { expires: CITY_COOKIE_DAYS, path: '/' } as const;

/**
 * The same page under /{slug}: '/angarsk/catalog/rolls' → '/shelekhov/catalog/rolls',
 * '/cart' → '/shelekhov/cart'. Unknown and admin paths go to the city's home '/{slug}'.
 */
export function cityPath(pathname: string, slug: string, citySlugs: readonly string[]): string {
  const match = matchSiteRoute(pathname, citySlugs);
  if (match === null || match.page === 'admin') return `/${slug}`;
  const segments = pathname.split('/').filter((s) => s !== '');
  const rest = match.city === null ? segments : segments.slice(1);
  return rest.length === 0 ? `/${slug}` : `/${slug}/${rest.join('/')}`;
}

export function citySelection$(): Effect {
  return (event$, state$, deps) =>
    eventsInState(event$, state$, 'CitySelected').pipe(
      tap(([event, state]) => {
        deps.cookies.set(COOKIE_NAMES.cityId, event.data.cityId, CITY_COOKIE_OPTIONS);
        deps.cookies.set(COOKIE_NAMES.citySelected, CITY_SELECTED_COOKIE_VALUE, CITY_COOKIE_OPTIONS);
        const slugs = state.city.list.map((c) => c.slug);
        deps.location.assign(cityPath(deps.location.pathname(), event.data.slug, slugs));
      }),
      ignoreElements(),
    );
}
