// Routing over the shared site route table (src/api/siteRoutes.ts): every PRODUCT.md §2 route plain and
// under /{city}; the same table the server answers 200/404 with, so client and server agree.
// Links are written without the city ('/catalog') and get the base path /{slug} once a city is
// chosen (PRODUCT.md §2 "The URL base path is /{city slug}/ once a city is chosen").
import {
  forwardRef,
  useCallback,
  useEffect,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
} from 'react';
import { useLocation } from 'wouter';
import { matchSiteRoute, type SiteRouteMatch } from '../../api/siteRoutes';
import { selectCity } from '../../projections/store';
import { jsonEqual, useSelector } from './store';

/** The selected city's base path ('/angarsk') or '' when no city is chosen. */
export function useCityBase(): string {
  return useSelector((s) => {
    const city = selectCity(s);
    return city === undefined ? '' : `/${city.slug}`;
  });
}

/** Joins the base path and an app path: ('/angarsk', '/') → '/angarsk', ('', '/') → '/'. */
export function withBase(base: string, to: string): string {
  if (/^[a-z]+:/i.test(to) || to.startsWith('//')) return to;
  if (base === '') return to;
  if (to === '/' || to === '') return base;
  if (to.startsWith('#') || to.startsWith('?')) return `${base}${to}`;
  return `${base}${to}`;
}

export function useHref(to: string): string {
  return withBase(useCityBase(), to);
}

/** Navigates to an app path under the city base. */
export function useNavigateTo(): (to: string, options?: { replace?: boolean }) => void {
  const base = useCityBase();
  const [, navigate] = useLocation();
  return useCallback((to, options) => navigate(withBase(base, to), options), [base, navigate]);
}

export type RouteState = { status: 'matched'; match: SiteRouteMatch } | { status: 'pending' } | { status: 'not-found' };

/**
 * The page of the current path (or of `path`, the list shown under an open product). A path that
 * may carry a city prefix while the city list is not loaded yet is 'pending' rather than a 404.
 */
export function useRouteState(path?: string): RouteState {
  const [location] = useLocation();
  const pathname = path ?? location;
  const city = useSelector(
    (s) => ({ loaded: s.city.status === 'loaded', slugs: s.city.list.map((c) => c.slug) }),
    jsonEqual,
  );
  const match = matchSiteRoute(pathname, city.slugs);
  if (match !== null) return { status: 'matched', match };
  return city.loaded ? { status: 'not-found' } : { status: 'pending' };
}

/**
 * PRODUCT.md §2: once a city is chosen, a plain address (a bookmark, a shared link) is replaced by the
 * same page under /{slug}, query and hash kept, without a new history entry. A first visit still
 * choosing keeps the plain address (choosing navigates under the city anyway); /admin never
 * carries a city.
 */
export function useCityBaseInUrl(route: RouteState): void {
  const cityBase = useCityBase();
  const chosen = useSelector((s) => s.city.chosen);
  const [pathname, navigate] = useLocation();
  const plain = route.status === 'matched' && route.match.city === null && route.match.page !== 'admin';
  const base = chosen ? cityBase : '';
  useEffect(() => {
    if (!plain || base === '') return;
    navigate(`${withBase(base, pathname)}${window.location.search}${window.location.hash}`, { replace: true });
  }, [plain, base, pathname, navigate]);
}

const HASH_EVENTS = ['popstate', 'pushState', 'replaceState', 'hashchange'] as const;

function subscribeHash(listener: () => void): () => void {
  for (const e of HASH_EVENTS) window.addEventListener(e, listener);
  return () => {
    for (const e of HASH_EVENTS) window.removeEventListener(e, listener);
  };
}

/** The URL hash ('#top-of-catalog' or ''), updated on wouter's pushState/replaceState too. */
export function useHash(): string {
  return useSyncExternalStore(
    subscribeHash,
    () => window.location.hash,
    () => '',
  );
}

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/** An anchor to an app path under the city base; plain clicks navigate without a reload. */
export const AppLink = forwardRef<HTMLAnchorElement, AppLinkProps>(function AppLink({ to, onClick, ...rest }, ref) {
  const href = useHref(to);
  const [, navigate] = useLocation();
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    if (rest.target !== undefined && rest.target !== '_self') return;
    e.preventDefault();
    navigate(href);
  };
  return <a ref={ref} href={href} onClick={handle} {...rest} />;
});
