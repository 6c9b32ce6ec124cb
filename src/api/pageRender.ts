// The contract between the server's page route (server/ssr/) and the storefront's server
// rendering entry (src/views/ssr/renderPage.tsx, built by `vite build --ssr`). Types only.
import type { Page } from './contract/pages';
import type { Catalog, City, Settings } from './entities';
import type { SiteRouteMatch } from './siteRoutes';

/** The public data of one page request: what an anonymous first visit would load. */
export interface PageRenderInput {
  /** The raw path and query ('?a=1' or ''), as the router sees them. */
  pathname: string;
  search: string;
  /** The route of the path, or null for an unknown path (the not-found page). */
  match: SiteRouteMatch | null;
  settings: Settings;
  cities: City[];
  catalog: Catalog;
  /** The catalogue version the client would record with the catalogue. */
  catalogVersion: string | null;
  /** The city the page shows: the route's city, else the default (ANGARSK_ID). */
  cityId: string | null;
  /** The informational page of that city, when the route is one and the city has it. */
  page: Page | null;
  /** Why the route's informational page could not be read (404: the city lacks it), else null. */
  pageFailure: { status: number; message: string } | null;
  /** When the page was rendered (ISO): the session's opening time in the snapshot. */
  now: string;
}

export interface PageRenderResult {
  /** The markup of #root. */
  html: string;
  /**
   * The state the markup was rendered from, for the client's hydration (plain JSON), its catalogue
   * in columns (src/views/app/stateBlock.ts).
   */
  state: unknown;
  /** 200, or 404 for an unknown route, section or product. */
  status: 200 | 404;
  /** The page's title (document.title). */
  title: string;
  /** Errors thrown while rendering (the boundary they hit is then left to the browser). */
  errors: string[];
  /** The section a missing product was addressed under, when that section exists. */
  missingProductSection: { slug: string; name: string } | null;
}

export type RenderPage = (input: PageRenderInput) => Promise<PageRenderResult>;
