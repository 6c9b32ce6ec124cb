// /img: resizing with sharp (widths and qualities snapped to fixed sets, webp/avif/jpeg/png), the
// disk cache, immutable Cache-Control, originals without parameters, and no way out of the source
// directory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import {
  MAX_WIDTH,
  SERVED_QUALITIES,
  SERVED_WIDTHS,
  createImageModule,
  parseImageParams,
} from '../../server/routes/img.js';
import { SLIDE_FALLBACK_WIDTH, SLIDE_WIDTHS } from '../../src/api/images.js';
import { PRELOAD_WIDTH } from '../../src/views/app/preload.js';
import { IMAGE_WIDTHS as CARD_WIDTHS } from '../../src/views/components/ProductImage.js';
import { createTestServer, type TestServer } from './helpers.js';

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300"><rect width="400" height="300" fill="#e63"/><circle cx="200" cy="150" r="100" fill="#fff"/></svg>';

let root: string;
let sourceDir: string;
let cacheDir: string;
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-img-'));
  sourceDir = path.join(root, 'images');
  cacheDir = path.join(root, 'cache');
  fs.mkdirSync(path.join(sourceDir, 'products'), { recursive: true });
  fs.writeFileSync(path.join(sourceDir, 'products', 'roll.svg'), SVG);
  await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3a6' } })
    .png()
    .toFile(path.join(sourceDir, 'products', 'photo.png'));
  fs.writeFileSync(path.join(root, 'secret.svg'), SVG.replace('#e63', '#000'));
  fs.writeFileSync(path.join(root, 'secret.txt'), 'secret');
  fs.symlinkSync(path.join(root, 'secret.svg'), path.join(sourceDir, 'products', 'link.svg'));
  app = Fastify();
  await createImageModule({ sourceDir, cacheDir })(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  port = address.port;
});

afterAll(async () => {
  await app?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const get = (url: string) => app.inject({ method: 'GET', url });

async function size(body: Buffer): Promise<{ width?: number; height?: number; format?: string }> {
  const meta = await sharp(body).metadata();
  return { width: meta.width, height: meta.height, format: meta.format };
}

/** A request with the path exactly as written (no client-side normalisation of '..'). */
function rawGet(pathAndQuery: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`GET ${pathAndQuery} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    });
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString('latin1')));
    socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0)));
    socket.on('error', reject);
  });
}

describe('image parameters', () => {
  it('defaults: webp, quality 80; no parameters → the original', () => {
    expect(parseImageParams({})).toBeNull();
    expect(parseImageParams({ w: '200' })).toEqual({ width: 200, format: 'webp', quality: 80 });
    expect(parseImageParams({ format: 'png' })).toEqual({ width: null, format: 'png', quality: 80 });
  });

  it('snaps the width up to the next served width, capped at the largest', () => {
    expect(SERVED_WIDTHS).toEqual([...SERVED_WIDTHS].sort((a, b) => a - b));
    expect(parseImageParams({ w: '0' })?.width).toBe(SERVED_WIDTHS[0]);
    expect(parseImageParams({ w: '1' })?.width).toBe(160);
    expect(parseImageParams({ w: '201' })?.width).toBe(400);
    expect(parseImageParams({ w: '400' })?.width).toBe(400);
    expect(parseImageParams({ w: '1281' })?.width).toBe(1920);
    expect(parseImageParams({ w: '1921' })?.width).toBe(MAX_WIDTH);
    expect(parseImageParams({ w: '999999' })?.width).toBe(1920);
    for (const w of SERVED_WIDTHS) expect(parseImageParams({ w: String(w) })?.width).toBe(w);
  });

  it('snaps the quality to the nearest of 60, 80, 90 (a tie goes up)', () => {
    expect(SERVED_QUALITIES).toEqual([60, 80, 90]);
    expect(parseImageParams({ w: '300', q: '0' })?.quality).toBe(60);
    expect(parseImageParams({ w: '300', q: '69' })?.quality).toBe(60);
    expect(parseImageParams({ w: '300', q: '70' })?.quality).toBe(80);
    expect(parseImageParams({ w: '300', q: '85' })?.quality).toBe(90);
    expect(parseImageParams({ w: '300', q: '555' })?.quality).toBe(90);
    for (const q of SERVED_QUALITIES) expect(parseImageParams({ w: '300', q: String(q) })?.quality).toBe(q);
  });

  it('refuses what is not a number or a known format', () => {
    expect(() => parseImageParams({ w: 'abc' })).toThrow('Некорректная ширина изображения');
    expect(() => parseImageParams({ w: '-5' })).toThrow('Некорректная ширина изображения');
    expect(() => parseImageParams({ q: '8.5' })).toThrow('Некорректное качество изображения');
    expect(() => parseImageParams({ format: 'bmp' })).toThrow('Неподдерживаемый формат изображения');
    expect(parseImageParams({ format: 'JPG' })?.format).toBe('jpeg');
  });
});

/** Source files of the client and the server that build /img URLs. */
function imageUrlSources(): { file: string; text: string }[] {
  const files = [
    ...fs.readdirSync('src', { recursive: true }).map((f) => path.join('src', String(f))),
    ...fs.readdirSync('server', { recursive: true }).map((f) => path.join('server', String(f))),
  ];
  return files
    .filter((f) => /\.tsx?$/.test(f) && f !== path.join('server', 'routes', 'img.ts'))
    .map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }));
}

describe("the storefront's own widths", () => {
  // Widths the client asks for through named constants: imported, so a width added there
  // without the server fails here.
  const NAMED: Record<string, readonly number[]> = {
    SLIDE_FALLBACK_WIDTH: [SLIDE_FALLBACK_WIDTH],
    SLIDE_WIDTHS,
    PRELOAD_WIDTH: [PRELOAD_WIDTH],
    IMAGE_WIDTHS: CARD_WIDTHS,
  };

  it('every width in the client constants is served as it is', () => {
    for (const [name, widths] of Object.entries(NAMED)) {
      for (const w of widths) expect(SERVED_WIDTHS, `${name}: ${w}`).toContain(w);
    }
  });

  it('every literal width in an imageSrc call, a ?w= URL or a <ProductImage width> is served as it is', () => {
    const literals: string[] = [];
    for (const { file, text } of imageUrlSources()) {
      for (const m of text.matchAll(/(?<!function )\bimageSrc\(((?:[^()]|\([^()]*\))*)\)/g)) {
        const arg = (m[1] ?? '').split(',').at(-1)?.trim() ?? '';
        if (/^\d+$/.test(arg)) literals.push(`${file}: ${arg}`);
        // A width passed through a name must be one checked above, or a parameter whose callers
        // are scanned here: ProductImage's `width` prop and imageSrcSet's list element.
        else expect([...Object.keys(NAMED), 'width', 'w'], `${file}: imageSrc(…, ${arg})`).toContain(arg);
      }
      for (const m of text.matchAll(/[?&]w=(\d+)/g)) literals.push(`${file}: ${m[1]}`);
      for (const m of text.matchAll(/<ProductImage\b[^>]*\bwidth=\{(\d+)\}/g)) literals.push(`${file}: ${m[1]}`);
      if (file.endsWith('ProductImage.tsx'))
        for (const m of text.matchAll(/\bwidth = (\d+)/g)) literals.push(`${file}: ${m[1]}`);
    }
    // The scan finds the story (160), cart (200), admin thumbnail (?w=200) and card widths.
    expect(literals.length).toBeGreaterThanOrEqual(4);
    for (const entry of literals) expect(SERVED_WIDTHS.map(String), entry).toContain(entry.split(': ')[1]);
  });
});

describe('GET /img', () => {
  it('resizes an SVG to the requested width as webp by default', async () => {
    const res = await get('/img/products/roll.svg?w=200');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await size(res.rawPayload)).toEqual({ width: 200, height: 150, format: 'webp' });
  });

  it('renders an SVG sharply above its own size', async () => {
    const res = await get('/img/products/roll.svg?w=800&format=png');
    expect(await size(res.rawPayload)).toEqual({ width: 800, height: 600, format: 'png' });
  });

  it.each([
    ['avif', 'image/avif', 'heif'],
    ['jpeg', 'image/jpeg', 'jpeg'],
    ['png', 'image/png', 'png'],
    ['webp', 'image/webp', 'webp'],
  ])('format=%s', async (format, type, detected) => {
    const res = await get(`/img/products/photo.png?w=160&format=${format}&q=60`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(type);
    expect(await size(res.rawPayload)).toEqual({ width: 160, height: 107, format: detected });
  });

  it('never enlarges a raster image', async () => {
    const res = await get('/img/products/photo.png?w=1200');
    expect((await size(res.rawPayload)).width).toBe(300);
  });

  it('a small width is snapped up, a width over the largest is capped to it', async () => {
    expect((await size((await get('/img/products/roll.svg?w=3')).rawPayload)).width).toBe(160);
    const over = await get('/img/products/roll.svg?w=5000&format=png');
    const largest = await get(`/img/products/roll.svg?w=${MAX_WIDTH}&format=png`);
    expect(await size(over.rawPayload)).toEqual({ width: 1920, height: 1440, format: 'png' });
    expect(largest.headers['x-image-cache']).toBe('hit');
    expect(largest.rawPayload.equals(over.rawPayload)).toBe(true);
  });

  it('quality changes the output', async () => {
    const low = await get('/img/products/roll.svg?w=400&format=jpeg&q=60');
    const high = await get('/img/products/roll.svg?w=400&format=jpeg&q=90');
    expect(low.rawPayload.length).toBeLessThan(high.rawPayload.length);
  });

  const cacheFiles = () =>
    fs
      .readdirSync(cacheDir, { recursive: true })
      .map(String)
      .filter((f) => /\.(webp|avif|jpeg|png)$/.test(f));

  it('caches results on disk: the second request is a hit with the same bytes', async () => {
    const first = await get('/img/products/roll.svg?w=640&format=webp&q=60');
    const second = await get('/img/products/roll.svg?w=640&format=webp&q=60');
    expect(first.headers['x-image-cache']).toBe('miss');
    expect(second.headers['x-image-cache']).toBe('hit');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(cacheFiles().length).toBeGreaterThan(0);
    expect((await get('/img/products/roll.svg?w=640&format=webp&q=90')).headers['x-image-cache']).toBe('miss');
  });

  it('widths and qualities that snap alike share one result and one cache file', async () => {
    const file = path.join(sourceDir, 'products', 'snapped.svg');
    fs.writeFileSync(file, SVG);
    const before = cacheFiles().length;
    const first = await get('/img/products/snapped.svg?w=201&format=webp&q=61');
    const second = await get('/img/products/snapped.svg?w=399&format=webp&q=59');
    const exact = await get('/img/products/snapped.svg?w=400&format=webp&q=60');
    expect(first.headers['x-image-cache']).toBe('miss');
    expect(second.headers['x-image-cache']).toBe('hit');
    expect(exact.headers['x-image-cache']).toBe('hit');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(exact.rawPayload.equals(first.rawPayload)).toBe(true);
    expect((await size(first.rawPayload)).width).toBe(400);
    expect(cacheFiles().length).toBe(before + 1);
  });

  it('concurrent requests for one result agree', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => get('/img/products/roll.svg?w=555')));
    expect(new Set(results.map((r) => r.statusCode))).toEqual(new Set([200]));
    const first = results[0]?.rawPayload ?? Buffer.alloc(0);
    expect(results.every((r) => r.rawPayload.equals(first))).toBe(true);
  });

  it('a changed source is converted again', async () => {
    const file = path.join(sourceDir, 'products', 'changing.svg');
    fs.writeFileSync(file, SVG);
    const before = await get('/img/products/changing.svg?w=160&format=png');
    fs.writeFileSync(file, SVG.replace('#e63', '#00f').replace('width="400" height="300"', 'width="400" height="200"'));
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    const after = await get('/img/products/changing.svg?w=160&format=png');
    expect(after.headers['x-image-cache']).toBe('miss');
    expect((await size(before.rawPayload)).height).toBe(120);
    expect((await size(after.rawPayload)).height).toBe(80);
  });

  it('without parameters serves the original', async () => {
    const svg = await get('/img/products/roll.svg');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.body).toBe(SVG);
    expect(svg.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const png = await get('/img/products/photo.png');
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.equals(fs.readFileSync(path.join(sourceDir, 'products', 'photo.png')))).toBe(true);
  });

  it('bad parameters are a 400 with a Russian message', async () => {
    const res = await get('/img/products/roll.svg?w=wide');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Некорректная ширина изображения', code: 'invalid-request' });
    expect((await get('/img/products/roll.svg?format=gif')).json().message).toBe('Неподдерживаемый формат изображения');
  });

  it('a missing image is a 404', async () => {
    const res = await get('/img/products/nothing.svg?w=100');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Изображение не найдено' });
  });

  const TRAVERSALS = [
    '/img/../secret.svg',
    '/img/products/../../secret.svg',
    '/img/%2e%2e/secret.svg',
    '/img/products/%2e%2e/%2e%2e/secret.svg',
    '/img/products/..%2f..%2fsecret.svg',
    '/img/products/%2E%2E%2F%2E%2E%2Fsecret.svg',
    '/img/products/..%5c..%5csecret.svg',
    '/img/%252e%252e/secret.svg',
    '/img/products/link.svg',
    '/img/..%2fsecret.txt',
    '/img/%2fetc%2fpasswd',
    '/img//etc/passwd',
    '/img/products/roll.svg%00.png',
    '/img/.hidden.svg',
  ];

  it.each(TRAVERSALS)('no way out of the source directory: %s → 404', async (url) => {
    for (const suffix of ['', '?w=100']) {
      const res = await get(url + suffix);
      expect(res.statusCode, url + suffix).toBe(404);
      expect(await rawGet(url + suffix), `raw ${url}${suffix}`).toBe(404);
    }
  });
});

describe('/img in the application', () => {
  let server: TestServer;
  const imageCacheDir = path.join(os.tmpdir(), `storefront-img-cache-${process.pid}`);
  beforeAll(async () => {
    server = await createTestServer({ config: { imageCacheDir } });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(imageCacheDir, { recursive: true, force: true });
  });

  it('serves every seeded product and group image, and resizes them', async () => {
    const rows = await server.db.run((db) =>
      db.execute<{ url: string }>(
        sql`select image_url as url from products where image_url is not null union select image_url from groups where image_url is not null`,
      ),
    );
    expect(rows.rows.length).toBeGreaterThan(10);
    for (const { url } of rows.rows) {
      expect(url, url).toMatch(/^\/img\//);
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^image\//);
    }
    const first = rows.rows[0]?.url ?? '';
    const resized = await server.app.inject({ method: 'GET', url: `${first}?w=200&format=webp` });
    expect(resized.statusCode).toBe(200);
    expect((await size(resized.rawPayload)).width).toBe(200);
  });

  it('is registered at the root and answers a JSON 404 for a missing image', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/img/products/does-not-exist.svg?w=100' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Изображение не найдено' });
  });

  it('escaping paths get a 404, never a file of the repository', async () => {
    // (inject normalises '..' the way browsers do; the raw forms are covered above)
    for (const url of [
      '/img/%2e%2e/%2e%2e/package.json',
      '/img/../../package.json',
      '/img/products/..%2f..%2f..%2fpackage.json',
    ]) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('"dependencies"');
    }
  });
});
