// What the service worker may keep (docs/PUSH.md «Offline menu»): the app shell, hashed assets,
// public pages, pictures and the public catalogue answers, so a returning customer on a bad
// network still sees the menu. Nothing personal is ever stored: no request carrying a token, no
// /api/v1/user*, orders, history, cart or checkout call, no personal page, no staff area.

export type CacheName = 'assets' | 'pages' | 'api' | 'images';

export type CachePolicy =
  /** Straight to the network; nothing stored or read. */
  | { kind: 'network-only' }
  /** The network's fresh answer, stored; the stored one only when the network fails. */
  | { kind: 'network-first'; cache: CacheName }
  /** Hashed, immutable files: the stored copy when there is one. */
  | { kind: 'cache-first'; cache: CacheName };

export interface RequestFacts {
  method: string;
  url: string;
  /** The service worker's own origin. */
  origin: string;
  /** Request.mode: 'navigate' for a page load. */
  mode: string;
  /** Whether the request carries an Authorization header (a signed-in customer's call). */
  hasAuthorization: boolean;
}

const NETWORK_ONLY: CachePolicy = { kind: 'network-only' };

/**
 * The public answers of the menu's first visit (src/api/menuCalls.ts): catalogue, its version,
 * settings, cities. A signed-in catalogue carries the customer's likes and a token, so it is
 * never stored (hasAuthorization).
 */
const PUBLIC_API = [
  /^\/api\/v1\/catalog$/,
  /^\/api\/v1\/storage\/version$/,
  /^\/api\/v1\/setting$/,
  /^\/api\/v1\/setting\/[A-Za-z0-9_]+$/,
  /^\/api\/v1\/city\/?$/,
];

/** Pages about one customer: never stored, even as the shell they are (their addresses name orders). */
const PERSONAL_PAGES = /^\/(?:[a-z0-9-]+\/)?(?:personal|complete|complete-error|checkout|cart)(?:\/|$)/;

export function cachePolicy(request: RequestFacts): CachePolicy {
  if (request.method !== 'GET' || request.hasAuthorization) return NETWORK_ONLY;
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return NETWORK_ONLY;
  }
  if (url.origin !== request.origin) return NETWORK_ONLY;
  const path = url.pathname;
  if (path === '/sw.js' || path === '/admin' || path.startsWith('/admin/')) return NETWORK_ONLY;
  if (path === '/api' || path.startsWith('/api/')) {
    if (url.search !== '' && !path.startsWith('/api/v1/setting/')) return NETWORK_ONLY;
    return PUBLIC_API.some((pattern) => pattern.test(path)) ? { kind: 'network-first', cache: 'api' } : NETWORK_ONLY;
  }
  if (path.startsWith('/assets/')) return { kind: 'cache-first', cache: 'assets' };
  if (path.startsWith('/img/')) return { kind: 'network-first', cache: 'images' };
  if (request.mode === 'navigate') {
    return PERSONAL_PAGES.test(path) ? NETWORK_ONLY : { kind: 'network-first', cache: 'pages' };
  }
  return NETWORK_ONLY;
}

export interface ResponseFacts {
  status: number;
  /** Response.type: 'basic' for our origin; 'opaque' and 'error' are never stored. */
  type: string;
  cacheControl: string | null;
  vary: string | null;
}

/** Whether an answer may be stored: a whole, shareable 200 that does not vary by who asks. */
export function mayStore(response: ResponseFacts): boolean {
  if (response.status !== 200 || response.type !== 'basic') return false;
  const cacheControl = (response.cacheControl ?? '').toLowerCase();
  if (/(^|[\s,])(no-store|private)([\s,=]|$)/.test(cacheControl)) return false;
  const vary = (response.vary ?? '').toLowerCase();
  return !/(^|[\s,])(\*|authorization|cookie)([\s,]|$)/.test(vary);
}

/** How many answers each cache keeps (oldest dropped first), so storage stays small. */
export const CACHE_LIMITS: Readonly<Record<CacheName, number>> = { assets: 120, pages: 40, api: 20, images: 300 };
