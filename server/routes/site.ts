// The built client and the page routes of PRODUCT.md §2.
// See docs/SERVER.md «Site, static files and images».
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { imageSrc, imageSrcSet, SLIDE_FALLBACK_WIDTH, SLIDE_SIZES, SLIDE_WIDTHS } from '../../src/api/images.js';
import { matchSiteRoute, type SitePage, type SiteRouteMatch } from '../../src/api/siteRoutes.js';
import { ACCOUNT_MESSAGES, API_MESSAGES } from '../../src/domain/messages.js';
import { notFound } from '../http/errors.js';
import { loadStorefrontSettings } from '../services/storefrontSettings.js';
import { citySlugCache } from '../services/cities.js';
import { trustedRead } from '../services/trustedRead.js';
import { canonicalRedirect, CLIENT_RENDERED_PAGES, NOINDEX_PAGES } from '../ssr/routing.js';
import { NOINDEX_META } from '../ssr/document.js';
import { createPageRendering, type PageTemplate, type RenderedPage } from '../ssr/pages.js';
import { chooseEncoding, etagMatches } from './catalog.js';
import { pageAssets, pageAssetTags, readManifest, type Manifest } from './pageAssets.js';
import { inlineStyle, linkedStyles } from './pageStyles.js';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const INFORMATIONAL = 'public, max-age=3600';
export const REVALIDATE = 'no-cache';
/**
 * Server-rendered pages hold no customer's data (docs/SSR.md «Caching»): a shared cache may keep
 * one a minute and serve it stale for ten more while it fetches the next; browsers revalidate.
 */
export const RENDERED = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';

interface IndexFile {
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  mtimeMs: number;
}

/** How long index.html's last look is trusted (a deploy replaces the build; a stat per page was a third of a cached page's time). */
const INDEX_CHECK_MS = 2_000;

const FALLBACK_INDEX = Buffer.from(
  '<!doctype html><html lang="ru"><head><meta charset="UTF-8"><title>Витрина</title></head>' +
    '<body><p>Клиент не собран: выполните npm run build.</p></body></html>',
);

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The <link> that starts loading a slide picture exactly as the slider's <img> asks for it. */
export function slidePreloadTag(imageUrl: string): string {
  return (
    `<link rel="preload" as="image" href="${escapeAttribute(imageSrc(imageUrl, SLIDE_FALLBACK_WIDTH))}" ` +
    `imagesrcset="${escapeAttribute(imageSrcSet(imageUrl, SLIDE_WIDTHS))}" imagesizes="${SLIDE_SIZES}" fetchpriority="high" />`
  );
}

/** index.html with its brotli and gzip forms, compressed once per build (it is small). */
function indexFileOf(body: Buffer, etag: string, mtimeMs: number): IndexFile {
  return {
    body,
    br: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: zlib.gzipSync(body, { level: 9 }),
    etag,
    mtimeMs,
  };
}

export async function registerSite(app: FastifyInstance): Promise<void> {
  const clientDir = path.resolve(app.ctx.config.clientDir);
  const indexPath = path.join(clientDir, 'index.html');
  const slugs = citySlugCache(app.ctx);

  await app.register(fastifyStatic, { root: clientDir, serve: false, decorateReply: true, preCompressed: true });

  let cachedIndex: IndexFile | null = null;
  let fallbackIndex: IndexFile | null = null;
  /** index.html with a page's head hints, per build (dropped when the build changes). */
  let variants: {
    base: IndexFile;
    manifest: Manifest | null;
    files: Map<string, IndexFile>;
    assets: Map<SitePage, ReturnType<typeof pageAssets>>;
  } | null = null;
  const MAX_VARIANTS = 64; // pages × first slides: a handful; the cap only guards memory

  // Trusted for the content-version window, like the page's data (server/ssr/pageData.ts).
  const readSettings = trustedRead(app.ctx.config.contentVersionMaxAgeMs, () => loadStorefrontSettings(app.ctx));
  async function firstSlideUrl(): Promise<string | null> {
    try {
      const { settings } = await readSettings();
      return settings.SLIDES[0]?.imageUrl ?? null;
    } catch (error) {
      app.log.warn({ err: error }, 'index.html: settings unavailable, page sent without the slide preload');
      return null;
    }
  }

  /**
   * index.html for a page: with the page chunk's scripts and styles (pageAssets.ts) and, on the
   * index page, the first slide's picture, all as preloads in the head.
   */
  async function pageHints(page: SitePage): Promise<{ base: IndexFile; tags: string[]; styles: string[] }> {
    const base = await indexFile();
    if (variants?.base !== base)
      variants = { base, manifest: readManifest(clientDir), files: new Map(), assets: new Map() };
    let assets = variants.assets.get(page);
    if (assets === undefined) {
      assets = variants.manifest === null ? { scripts: [], styles: [] } : pageAssets(variants.manifest, page);
      variants.assets.set(page, assets);
    }
    const tags = pageAssetTags(assets);
    const slide = page === 'index' ? await firstSlideUrl() : null;
    if (slide !== null) tags.unshift(slidePreloadTag(slide));
    return { base, tags, styles: assets.styles };
  }

  async function pageFile(page: SitePage): Promise<IndexFile> {
    const { base, tags: hints } = await pageHints(page);
    if (!base.body.includes('</head>')) return base;
    const tags = NOINDEX_PAGES.has(page) ? [...hints, NOINDEX_META] : hints;
    if (tags.length === 0 || variants === null) return base;
    const key = tags.join('\n');
    const known = variants.files.get(key);
    if (known) return known;
    const body = Buffer.from(
      base.body.toString('utf8').replace('</head>', `${tags.map((t) => `  ${t}\n`).join('')}  </head>`),
    );
    const file = indexFileOf(
      body,
      `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      base.mtimeMs,
    );
    if (variants.files.size >= MAX_VARIANTS) variants.files.clear();
    variants.files.set(key, file);
    return file;
  }
  /** When index.html was last looked at: a new build is noticed within INDEX_CHECK_MS. */
  let indexCheckedAt = -Infinity;
  async function indexFile(): Promise<IndexFile> {
    const known = cachedIndex ?? fallbackIndex;
    if (known !== null && performance.now() - indexCheckedAt < INDEX_CHECK_MS) return known;
    indexCheckedAt = performance.now();
    try {
      const stat = await fs.promises.stat(indexPath);
      if (cachedIndex && cachedIndex.mtimeMs === stat.mtimeMs) return cachedIndex;
      const body = await fs.promises.readFile(indexPath);
      cachedIndex = indexFileOf(
        body,
        `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
        stat.mtimeMs,
      );
      return cachedIndex;
    } catch {
      cachedIndex = null;
      fallbackIndex ??= indexFileOf(FALLBACK_INDEX, '"unbuilt"', 0);
      return fallbackIndex;
    }
  }

  const rendering = createPageRendering(app.ctx, (message, error) => app.log.warn({ err: error }, message));

  /**
   * The template a page is rendered into: index.html and the page's head hints, its styles inline
   * (pageStyles.ts). The rendered page carries its data, so index.html's preloads of the first
   * API answers would only compete with the page's pictures; its scripts load them later.
   */
  async function template(page: SitePage | null): Promise<PageTemplate> {
    const { base, tags, styles } =
      page === null ? { base: await indexFile(), tags: [], styles: [] } : await pageHints(page);
    // Built once per build and head hints: a cached page's answer does no string work.
    if (templates?.base !== base) templates = { base, byHints: new Map() };
    const key = `${page ?? ''}\n${tags.join('\n')}`;
    const known = templates.byHints.get(key);
    if (known !== undefined) return known;
    const built = buildTemplate(base, tags, styles);
    if (templates.byHints.size >= MAX_VARIANTS) templates.byHints.clear();
    templates.byHints.set(key, built);
    return built;
  }
  let templates: { base: IndexFile; byHints: Map<string, PageTemplate> } | null = null;

  function buildTemplate(base: IndexFile, tags: readonly string[], styles: readonly string[]): PageTemplate {
    const html = base.body.toString('utf8');
    const entryStyles = linkedStyles(html);
    return {
      html: html.replace(/<link\b[^>]*>\s*/g, (tag) =>
        /\bas="fetch"/.test(tag) || entryStyles.some((href) => tag.includes(`href="${href}"`)) ? '' : tag,
      ),
      etag: base.etag,
      // Its styles are inline, and its scripts wait for the first input or an idle moment (docs/SSR.md
      // «Hydration»): preloaded, they would compete with the page's pictures for the network.
      headTags: tags.filter(
        (tag) => !tag.startsWith('<link rel="preload" as="style"') && !tag.startsWith('<link rel="modulepreload"'),
      ),
      styleTags: [...entryStyles, ...styles].map(
        (href) => inlineStyle(clientDir, href) ?? `<link rel="stylesheet" crossorigin href="${href}" />`,
      ),
    };
  }

  /** The rendered page; a failed render (database away, a bug) falls back to the SPA shell. */
  async function renderedOrNull(match: SiteRouteMatch | null, pathname: string): Promise<RenderedPage | null> {
    try {
      return await rendering.render(match, pathname, await template(match?.page ?? null));
    } catch (error) {
      app.log.error({ err: error }, `rendering ${pathname} failed: the page goes out unrendered`);
      return null;
    }
  }

  function sendRendered(reply: FastifyReply, rendered: RenderedPage, cacheControl: string): FastifyReply {
    void reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', rendered.status === 200 ? cacheControl : REVALIDATE)
      .header('vary', 'Accept-Encoding')
      .header('etag', rendered.etag);
    if (etagMatches(reply.request.headers['if-none-match'], rendered.etag)) return reply.code(304).send();
    const encoding = chooseEncoding(reply.request.headers['accept-encoding']);
    if (encoding !== null) void reply.header('content-encoding', encoding);
    return reply
      .code(rendered.status)
      .send(encoding === 'br' ? rendered.br : encoding === 'gzip' ? rendered.gzip : rendered.body);
  }

  /** `page`: the matched page (its hints go into the head); null for a 404. */
  async function sendIndex(
    reply: FastifyReply,
    status: 200 | 404,
    cacheControl: string,
    page: SitePage | null,
  ): Promise<FastifyReply> {
    const index = page === null ? await indexFile() : await pageFile(page);
    void reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', cacheControl);
    if (status === 200) {
      void reply.header('etag', index.etag);
      if (reply.request.headers['if-none-match'] === index.etag) return reply.code(304).send();
    }
    void reply.header('vary', 'Accept-Encoding');
    const encoding = chooseEncoding(reply.request.headers['accept-encoding']);
    if (encoding !== null) void reply.header('content-encoding', encoding);
    return reply.code(status).send(encoding === 'br' ? index.br : encoding === 'gzip' ? index.gzip : index.body);
  }

  /** A regular file directly inside clientDir (not a directory, never outside it). */
  async function topLevelFile(pathname: string): Promise<string | null> {
    let name: string;
    try {
      name = decodeURIComponent(pathname.slice(1));
    } catch {
      return null;
    }
    if (name === '' || name.includes('/') || name.includes('\\') || name.includes('\0') || name.startsWith('.'))
      return null;
    const file = path.join(clientDir, name);
    if (path.dirname(file) !== clientDir) return null;
    try {
      return (await fs.promises.stat(file)).isFile() ? name : null;
    } catch {
      return null;
    }
  }

  app.get('/assets/*', (request, reply) => {
    const rest = (request.params as { '*'?: string })['*'] ?? '';
    if (rest.split(/[\\/]/).some((segment) => segment === '..' || segment.startsWith('.')) || rest.includes('\0')) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Файл не найден');
    }
    void reply.header('cache-control', IMMUTABLE);
    return reply.sendFile(`assets/${rest}`, { cacheControl: false, dotfiles: 'ignore' });
  });

  // The service worker (docs/PUSH.md) from the root, so its scope is the whole site; revalidated
  // on every update check, so a new build reaches browsers at once.
  app.get('/sw.js', (_request, reply) => {
    void reply.header('cache-control', REVALIDATE);
    return reply.sendFile('sw.js', { cacheControl: false });
  });

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // through the app's error handler, like every API error
    if (pathname === '/api' || pathname.startsWith('/api/')) throw notFound(API_MESSAGES.methodNotFound);
    if (pathname.startsWith('/img/')) {
      return reply.code(404).send({ message: API_MESSAGES.imageNotFound, code: 'not-found' });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send({ message: ACCOUNT_MESSAGES.pageNotFound, code: 'not-found' });
    }
    if (pathname.startsWith('/assets/')) {
      void reply.header('cache-control', REVALIDATE);
      return reply.code(404).type('text/plain; charset=utf-8').send('Файл не найден');
    }
    let citySlugs = await slugs.get();
    let match = matchSiteRoute(pathname, citySlugs);
    if (!match) {
      const fresh = await slugs.fresher();
      if (fresh) {
        citySlugs = fresh;
        match = matchSiteRoute(pathname, fresh);
      }
    }
    const canonical = canonicalRedirect(request.url, citySlugs);
    if (canonical !== null) return reply.code(301).header('cache-control', INFORMATIONAL).redirect(canonical, 301);
    if (match && CLIENT_RENDERED_PAGES.has(match.page)) {
      if (NOINDEX_PAGES.has(match.page)) void reply.header('x-robots-tag', 'noindex');
      return sendIndex(reply, 200, REVALIDATE, match.page);
    }
    if (match) {
      const cacheControl = match.informational ? INFORMATIONAL : RENDERED;
      const rendered = await renderedOrNull(match, pathname);
      if (rendered !== null) return sendRendered(reply, rendered, cacheControl);
      return sendIndex(reply, 200, match.informational ? INFORMATIONAL : REVALIDATE, match.page);
    }
    const file = pathname === '/index.html' ? null : await topLevelFile(pathname);
    if (file) {
      void reply.header('cache-control', INFORMATIONAL);
      return reply.sendFile(file, { cacheControl: false });
    }
    const notFoundPage = await renderedOrNull(null, pathname);
    if (notFoundPage !== null) return sendRendered(reply, notFoundPage, REVALIDATE);
    return sendIndex(reply, 404, REVALIDATE, null);
  });
}
