// The page's <head> on client-side navigation: the same head the server renders into each page
// (src/domain/seo/pageHead.ts), built from the store's state and written into the document's
// title, description, canonical, robots, og: and twitter: tags. Loaded lazily by App.tsx
// (useDocumentHead) on the first navigation, so it stays off the first load. Operators' overrides
// are not in the client's state: a navigated page shows the generated texts (docs/SEO.md).
import { INFORMATIONAL_PAGES, type SiteRouteMatch } from '../../api/siteRoutes';
import type { Catalog } from '../../api/entities';
import {
  NOINDEX,
  NOT_FOUND_TITLE,
  buildHead,
  headMetaTags,
  type Head,
  type HeadInput,
} from '../../domain/seo/pageHead';
import { pageKey } from '../../projections/page';
import type { AppState } from '../../projections/store';

/** Routes whose head reads the catalogue; the others build without one (informational pages carry none). */
const CATALOG_PAGES: readonly SiteRouteMatch['page'][] = ['catalog', 'catalog-section', 'product'];
const NO_CATALOG: Catalog = { groups: [], products: [], stopList: [] };

/**
 * What the head of `match` is built from in the browser, or null while the state still lacks it
 * (settings, the catalogue of a menu page, an informational page being loaded): the head is then
 * left as it is until the state has it.
 */
export function headInputFromState(state: AppState, match: SiteRouteMatch, publicUrl: string): HeadInput | null {
  const settings = state.setting.settings;
  if (settings === null || state.city.list.length === 0) return null;
  const catalog = state.catalog.catalog;
  if (catalog === null && CATALOG_PAGES.includes(match.page)) return null;
  const cityId = state.city.selectedId;
  const entry = cityId === null ? undefined : state.page.entries[pageKey(match.page, cityId)];
  // An informational page not answered yet: its title is not known.
  if (INFORMATIONAL_PAGES.includes(match.page) && (entry === undefined || entry.status === 'loading')) return null;
  return {
    route: match,
    cities: state.city.list,
    catalog: catalog ?? NO_CATALOG,
    settings,
    page: entry?.status === 'loaded' ? entry.page : null,
    overrides: [],
    publicUrl,
  };
}

const origins = new WeakMap<Document, string>();

/**
 * The origin of the site's absolute addresses: the first page's canonical link's (the server's
 * PUBLIC_URL), else the document's. Read once: a not-found page drops the canonical link.
 */
export function headOrigin(doc: Document): string {
  const known = origins.get(doc);
  if (known !== undefined) return known;
  let origin = doc.location.origin;
  const canonical = doc.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  if (canonical !== undefined && canonical !== '') {
    try {
      origin = new URL(canonical).origin;
    } catch {
      // a malformed link: the document's own origin
    }
  }
  origins.set(doc, origin);
  return origin;
}

/** The tags the head owns besides <title> and the canonical link. */
const OWNED_TAGS = 'meta[name="description"], meta[name="robots"], meta[property^="og:"], meta[name^="twitter:"]';

/** Writes the head into the document: updates the tags it has, creates the missing, removes stale ones. */
export function applyHead(doc: Document, head: Head): void {
  doc.title = head.title;
  let canonical = doc.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (canonical === null) {
    canonical = doc.createElement('link');
    canonical.rel = 'canonical';
    doc.head.append(canonical);
  }
  canonical.href = head.canonical;
  const wanted = headMetaTags(head);
  const keyOf = (el: Element) => el.getAttribute('name') ?? el.getAttribute('property') ?? '';
  const existing = new Map<string, Element>();
  for (const el of doc.head.querySelectorAll(OWNED_TAGS)) {
    const key = keyOf(el);
    // A tag the new head lacks (a robots of a 404, an image of a page with a picture) goes.
    if (existing.has(key) || !wanted.some((t) => t.key === key)) el.remove();
    else existing.set(key, el);
  }
  for (const tag of wanted) {
    let el = existing.get(tag.key);
    if (el === undefined) {
      el = doc.createElement('meta');
      el.setAttribute(tag.attribute, tag.key);
      doc.head.append(el);
    }
    el.setAttribute('content', tag.content);
  }
}

/** The head of the page `match` shows, applied to the document once the state has what it needs. */
export function updateDocumentHead(doc: Document, state: AppState, match: SiteRouteMatch | null): void {
  if (match === null) {
    // An unknown address: the title the server gives its not-found page, no canonical, never indexed.
    doc.title = NOT_FOUND_TITLE;
    doc.querySelector('link[rel="canonical"]')?.remove();
    for (const el of doc.head.querySelectorAll(OWNED_TAGS)) el.remove();
    const robots = doc.createElement('meta');
    robots.setAttribute('name', 'robots');
    robots.setAttribute('content', NOINDEX);
    doc.head.append(robots);
    return;
  }
  const input = headInputFromState(state, match, headOrigin(doc));
  if (input !== null) applyHead(doc, buildHead(input));
}
