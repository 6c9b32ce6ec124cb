// The built client and the page routes of PRODUCT.md §2.
// See docs/SERVER.md «Site, static files and images».
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { imageSrc, imageSrcSet, SLIDE_FALLBACK_WIDTH, SLIDE_SIZES, SLIDE_WIDTHS } from '../../src/api/images.js';
import { matchSiteRoute, type SitePage } from '../../src/api/siteRoutes.js';
import { notFound } from '../http/errors.js';
import { captchaVerifierOf } from '../services/captcha.js';
import { citySlugCache } from '../services/cities.js';
import { analyticsScriptsOf, loadSettings } from '../services/settings.js';
import { chooseEncoding } from './catalog.js';
import { pageAssets, pageAssetTags, readManifest, type Manifest } from './pageAssets.js';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const INFORMATIONAL = 'public, max-age=3600';
export const REVALIDATE = 'no-cache';

interface IndexFile {
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  mtimeMs: number;
}

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
  let variants: { base: IndexFile; manifest: Manifest | null; files: Map<string, IndexFile> } | null = null;
  const MAX_VARIANTS = 64; // pages × first slides: a handful; the cap only guards memory

  async function firstSlideUrl(): Promise<string | null> {
    try {
      const { settings } = await loadSettings(app.ctx.db, {
        captchaProvider: captchaVerifierOf(app.ctx)?.provider ?? null,
        analyticsScripts: analyticsScriptsOf(app.ctx.config),
      });
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
  async function pageFile(page: SitePage): Promise<IndexFile> {
    const base = await indexFile();
    if (!base.body.includes('</head>')) return base;
    if (variants?.base !== base) variants = { base, manifest: readManifest(clientDir), files: new Map() };
    const tags = variants.manifest === null ? [] : pageAssetTags(pageAssets(variants.manifest, page));
    const slide = page === 'index' ? await firstSlideUrl() : null;
    if (slide !== null) tags.unshift(slidePreloadTag(slide));
    if (tags.length === 0) return base;
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
  async function indexFile(): Promise<IndexFile> {
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
      fallbackIndex ??= indexFileOf(FALLBACK_INDEX, '"unbuilt"', 0);
      return fallbackIndex;
    }
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

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // through the app's error handler, like every API error
    if (pathname === '/api' || pathname.startsWith('/api/')) throw notFound('Метод API не найден');
    if (pathname.startsWith('/img/')) {
      return reply.code(404).send({ message: 'Изображение не найдено', code: 'not-found' });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send({ message: 'Страница не найдена', code: 'not-found' });
    }
    if (pathname.startsWith('/assets/')) {
      void reply.header('cache-control', REVALIDATE);
      return reply.code(404).type('text/plain; charset=utf-8').send('Файл не найден');
    }
    let match = matchSiteRoute(pathname, await slugs.get());
    if (!match) {
      const fresh = await slugs.fresher();
      if (fresh) match = matchSiteRoute(pathname, fresh);
    }
    if (match) return sendIndex(reply, 200, match.informational ? INFORMATIONAL : REVALIDATE, match.page);
    const file = pathname === '/index.html' ? null : await topLevelFile(pathname);
    if (file) {
      void reply.header('cache-control', INFORMATIONAL);
      return reply.sendFile(file, { cacheControl: false });
    }
    return sendIndex(reply, 404, REVALIDATE, null);
  });
}
