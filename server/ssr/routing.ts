// Which pages the server renders, and the canonical form of a page address (docs/SSR.md «Addresses»).
import { matchSiteRoute, type SitePage } from '../../src/api/siteRoutes.js';
import { PERSONAL_PAGES } from '../../src/domain/seo/pageHead.js';

/**
 * Pages about one customer (their cart, order, account) stay rendered in the browser and are kept
 * out of search engines (the head's own list of them); /admin is the staff app.
 */
export const CLIENT_RENDERED_PAGES: ReadonlySet<SitePage> = new Set<SitePage>(PERSONAL_PAGES);

export const NOINDEX_PAGES: ReadonlySet<SitePage> = new Set<SitePage>(
  [...CLIENT_RENDERED_PAGES].filter((page) => page !== 'admin'),
);

/** Lower case outside percent escapes, no trailing slash ('/' itself stays). */
export function canonicalPath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  const path = trimmed === '' ? '/' : trimmed;
  return path.replace(/%[0-9a-fA-F]{2}|[A-Z]+/g, (part) => (part.startsWith('%') ? part : part.toLowerCase()));
}

/**
 * Where a trailing-slash or letter-case duplicate of a page address moves for good (query kept),
 * or null. Only storefront pages move: /admin keeps its own addresses, and '//' never becomes a
 * protocol-relative (off-site) address.
 */
export function canonicalRedirect(url: string, citySlugs: readonly string[]): string | null {
  const cut = url.indexOf('?');
  const pathname = cut < 0 ? url : url.slice(0, cut);
  const query = cut < 0 ? '' : url.slice(cut);
  if (pathname.startsWith('//')) return null;
  const canonical = canonicalPath(pathname);
  if (canonical === pathname || canonical.startsWith('//')) return null;
  const match = matchSiteRoute(canonical, citySlugs);
  if (match === null || match.page === 'admin') return null;
  return `${canonical}${query}`;
}
