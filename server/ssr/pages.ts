// Server-rendered storefront pages, rendered once per (build, data version, path) and then served
// from memory with their compressed forms and a strong ETag. See docs/SSR.md «Caching».
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { RenderPage } from '../../src/api/pageRender.js';
import type { SiteRouteMatch } from '../../src/api/siteRoutes.js';
import { copyrightYear } from '../../src/domain/siteDefaults.js';
import type { AppContext } from '../context.js';
import { buildPageHead, renderPageHead } from '../seo/pageHead.js';
import { loadPageHeadInput } from '../seo/pageHeadData.js';
import { pageDocument } from './document.js';
import { pageData } from './pageData.js';
import { loadRenderer } from './renderer.js';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export interface RenderedPage {
  status: 200 | 404;
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

/** The built index.html a page starts from, with the page's head hints (site.ts). */
export interface PageTemplate {
  html: string;
  etag: string;
  /** Tags for this page's <head>: preloads of its chunk, the first slide. */
  headTags: readonly string[];
  /**
   * The entry's and the page chunk's styles, inline (or linked), so the markup is styled before
   * any script runs; `html` then links none of them.
   */
  styleTags: readonly string[];
}

/** Enough for every route of every city and a few hundred products; a full cache starts over. */
const MAX_PAGES = 2_000;

export interface PageRendering {
  /** The rendered page, or null when there is no SSR build (the SPA shell is served instead). */
  render(match: SiteRouteMatch | null, pathname: string, template: PageTemplate): Promise<RenderedPage | null>;
}

async function compressed(status: 200 | 404, html: string): Promise<RenderedPage> {
  const body = Buffer.from(html);
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzip(body, { level: 9 }),
  ]);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  return { status, body, br, gzip: gz, etag };
}

export function createPageRendering(ctx: AppContext, warn: (message: string, error?: unknown) => void): PageRendering {
  let renderer: Promise<RenderPage | null> | null = null;
  const cache = new Map<string, Promise<RenderedPage>>();
  let cachedVersion = '';

  return {
    async render(match, pathname, template) {
      // A renderer put in the context (tests) wins; else the build's, loaded once.
      const renderPage = ctx.renderPage ?? (await (renderer ??= loadRenderer(ctx.config.clientDir, warn)));
      if (renderPage === null) return null;
      const data = await pageData(ctx, match);
      const now = ctx.clock.now().toISOString();
      // The footer's © year is part of the page: a new year in the page's city renders it again.
      const version = `${data.version}|${copyrightYear(now, data.timeZone)}`;
      if (version !== cachedVersion) {
        cache.clear();
        cachedVersion = version;
      }
      // Unknown paths all show the same not-found page: one entry, however many are asked for.
      const key = `${template.etag}|${match === null ? '404' : pathname}`;
      const known = cache.get(key);
      if (known !== undefined) return known;
      const rendering = (async () => {
        const result = await renderPage({
          ...(await data.input()),
          pathname,
          search: '',
          match,
          now,
        });
        for (const error of result.errors)
          warn(`rendering ${pathname} failed in a boundary the browser will render`, error);
        // Title, description, canonical, Open Graph and JSON-LD (server/seo); an unknown path
        // keeps the rendered page's title.
        const head = match === null ? null : renderPageHead(buildPageHead(await loadPageHeadInput(ctx, match)));
        const html = pageDocument(template.html, {
          ...(head === null ? { title: result.title } : { head }),
          headTags: [...template.headTags, ...template.styleTags],
          rendered: { html: result.html, state: result.state },
        });
        return compressed(result.status, html);
      })();
      if (cache.size >= MAX_PAGES) cache.clear();
      cache.set(key, rendering);
      // A failed render is not kept: the next request tries again.
      rendering.catch(() => cache.delete(key)).catch(() => undefined);
      return rendering;
    },
  };
}
