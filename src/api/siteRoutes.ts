// The storefront's page routes (PRODUCT.md §2), shared by the server (which answers 200 or a real 404
// with index.html) and the client router. Pure: no window, no fetch.
//
// Every page exists plain and under /{city slug}; the city delivery and vacancies pages are
// aliases of /delivery and /vacancies (same page, the city only picks the content). The admin
// area lives under /admin (never city-prefixed). A trailing slash is accepted ('/about/').

export type SitePage =
  | 'index'
  | 'cart'
  | 'catalog'
  | 'catalog-section'
  | 'product'
  | 'checkout'
  | 'complete'
  | 'complete-error'
  | 'personal'
  | 'personal-address'
  | 'personal-favorite'
  | 'personal-history'
  | InformationalPage
  | 'admin';

export interface SiteRouteMatch {
  page: SitePage;
  /** The city slug of a prefixed route, null for a plain or admin route. */
  city: string | null;
  /** Decoded path parameters: `section`, `productId` (catalogue), `rest` (admin). */
  params: Record<string, string>;
  /** Informational pages may be cached by browsers and proxies for an hour (PRODUCT.md §6). */
  informational: boolean;
}

/**
 * The informational pages, one text per city each (GET /page/:slug/:cityId, edited in the admin),
 * served with `Cache-Control: public, max-age=3600` (PRODUCT.md §6 "Some pages").
 */
export const PAGE_SLUGS = [
  'about',
  'delivery',
  'legal',
  'rule',
  'promo',
  'vacancies',
  'masterclass',
  'push-notifications-rules',
  'receive-advertising-information',
] as const;
export type InformationalPage = (typeof PAGE_SLUGS)[number];

/** PAGE_SLUGS as site pages, for asking about any page. */
export const INFORMATIONAL_PAGES: readonly SitePage[] = PAGE_SLUGS;

export const isInformationalPage = (page: SitePage): page is InformationalPage => INFORMATIONAL_PAGES.includes(page);

/** Single-segment pages, the same list plain and under /{city} (PRODUCT.md §2). */
const STATIC_PAGES: Record<string, SitePage> = {
  about: 'about',
  cart: 'cart',
  catalog: 'catalog',
  checkout: 'checkout',
  complete: 'complete',
  'complete-error': 'complete-error',
  delivery: 'delivery',
  legal: 'legal',
  masterclass: 'masterclass',
  personal: 'personal',
  promo: 'promo',
  'push-notifications-rules': 'push-notifications-rules',
  'receive-advertising-information': 'receive-advertising-information',
  rule: 'rule',
  vacancies: 'vacancies',
};

const PERSONAL_PAGES: Record<string, SitePage> = {
  address: 'personal-address',
  favorite: 'personal-favorite',
  history: 'personal-history',
};

/** Every route path of PRODUCT.md §2 without the city prefix, with ':param' placeholders. */
export const SITE_ROUTE_PATHS: readonly string[] = [
  '/',
  ...Object.keys(STATIC_PAGES).map((p) => `/${p}`),
  '/personal/address',
  '/personal/favorite',
  '/personal/history',
  '/catalog/:section',
  '/catalog/:section/:productId',
];

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** Own keys only: 'constructor' or 'toString' are not pages. */
function lookup(record: Record<string, SitePage>, key: string): SitePage | null {
  return Object.hasOwn(record, key) ? (record[key] ?? null) : null;
}

/** Matches the segments after the optional city prefix. */
function matchPage(segments: string[]): { page: SitePage; params: Record<string, string> } | null {
  const [first, second, third, ...extra] = segments;
  if (first === undefined) return { page: 'index', params: {} };
  if (extra.length > 0) return null;
  if (second === undefined) {
    const page = lookup(STATIC_PAGES, first);
    return page ? { page, params: {} } : null;
  }
  if (first === 'personal') {
    const page = third === undefined ? lookup(PERSONAL_PAGES, second) : null;
    return page ? { page, params: {} } : null;
  }
  if (first === 'catalog') {
    const section = decode(second);
    if (section === null) return null;
    if (third === undefined) return { page: 'catalog-section', params: { section } };
    const productId = decode(third);
    if (productId === null) return null;
    return { page: 'product', params: { section, productId } };
  }
  return null;
}

/**
 * The page a URL path shows, or null for an unknown path (the client renders its 404 page, the
 * server answers 404). `pathname` is the raw path without query or hash; `citySlugs` are the
 * chain's city slugs. A plain route wins over a city slug of the same name.
 */
export function matchSiteRoute(pathname: string, citySlugs: readonly string[]): SiteRouteMatch | null {
  if (!pathname.startsWith('/')) return null;
  let body = pathname.slice(1);
  if (body.endsWith('/')) body = body.slice(0, -1);
  const segments = body === '' ? [] : body.split('/');
  if (segments.some((s) => s === '')) return null; // '//', '/about//'

  if (segments[0] === 'admin') {
    const rest = segments.slice(1).map(decode);
    if (rest.some((s) => s === null)) return null;
    return { page: 'admin', city: null, params: { rest: rest.join('/') }, informational: false };
  }

  const plain = matchPage(segments);
  if (plain) return { ...plain, city: null, informational: INFORMATIONAL_PAGES.includes(plain.page) };

  const [city, ...rest] = segments;
  if (city === undefined || !citySlugs.includes(city)) return null;
  const prefixed = matchPage(rest);
  if (!prefixed) return null;
  return { ...prefixed, city, informational: INFORMATIONAL_PAGES.includes(prefixed.page) };
}
