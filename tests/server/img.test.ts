// /img: resizing with sharp (width clamped 16–2000, webp/avif/jpeg/png, quality), the disk
// cache, immutable Cache-Control, originals without parameters, and no way out of the source
// directory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { createImageModule, parseImageParams } from '../../server/routes/img.js';
import { createTestServer, type TestServer } from './helpers.js';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300"><rect width="400" height="300" fill="#e63"/><circle cx="200" cy="150" r="100" fill="#fff"/></svg>';

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
  await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3a6' } }).png().toFile(path.join(sourceDir, 'products', 'photo.png'));
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

  it('clamps the width to 16–2000 and the quality to 1–100', () => {
    expect(parseImageParams({ w: '1' })?.width).toBe(16);
    expect(parseImageParams({ w: '99999' })?.width).toBe(2000);
    expect(parseImageParams({ w: '300', q: '0' })?.quality).toBe(1);
    expect(parseImageParams({ w: '300', q: '555' })?.quality).toBe(100);
  });

  it('refuses what is not a number or a known format', () => {
    expect(() => parseImageParams({ w: 'abc' })).toThrow('Некорректная ширина изображения');
    expect(() => parseImageParams({ w: '-5' })).toThrow('Некорректная ширина изображения');
    expect(() => parseImageParams({ q: '8.5' })).toThrow('Некорректное качество изображения');
    expect(() => parseImageParams({ format: 'bmp' })).toThrow('Неподдерживаемый формат изображения');
    expect(parseImageParams({ format: 'JPG' })?.format).toBe('jpeg');
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
    const res = await get(`/img/products/photo.png?w=120&format=${format}&q=70`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(type);
    expect(await size(res.rawPayload)).toEqual({ width: 120, height: 80, format: detected });
  });

  it('never enlarges a raster image', async () => {
    const res = await get('/img/products/photo.png?w=1200');
    expect((await size(res.rawPayload)).width).toBe(300);
  });

  it('the width is clamped to 16–2000', async () => {
    expect((await size((await get('/img/products/roll.svg?w=3')).rawPayload)).width).toBe(16);
    expect((await size((await get('/img/products/roll.svg?w=5000')).rawPayload)).width).toBe(2000);
  });

  it('quality changes the output', async () => {
    const low = await get('/img/products/photo.png?w=300&format=jpeg&q=5');
    const high = await get('/img/products/photo.png?w=300&format=jpeg&q=100');
    expect(low.rawPayload.length).toBeLessThan(high.rawPayload.length);
  });

  it('caches results on disk: the second request is a hit with the same bytes', async () => {
    const first = await get('/img/products/roll.svg?w=321&format=webp&q=61');
    const second = await get('/img/products/roll.svg?w=321&format=webp&q=61');
    expect(first.headers['x-image-cache']).toBe('miss');
    expect(second.headers['x-image-cache']).toBe('hit');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const cached = fs.readdirSync(cacheDir, { recursive: true }).map(String).filter((f) => f.endsWith('.webp'));
    expect(cached.length).toBeGreaterThan(0);
    expect((await get('/img/products/roll.svg?w=321&format=webp&q=62')).headers['x-image-cache']).toBe('miss');
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
    const before = await get('/img/products/changing.svg?w=100&format=png');
    fs.writeFileSync(file, SVG.replace('#e63', '#00f').replace('width="400" height="300"', 'width="400" height="200"'));
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    const after = await get('/img/products/changing.svg?w=100&format=png');
    expect(after.headers['x-image-cache']).toBe('miss');
    expect((await size(before.rawPayload)).height).toBe(75);
    expect((await size(after.rawPayload)).height).toBe(50);
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
      db.execute<{ url: string }>(sql`select image_url as url from products where image_url is not null union select image_url from groups where image_url is not null`),
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
    for (const url of ['/img/%2e%2e/%2e%2e/package.json', '/img/../../package.json', '/img/products/..%2f..%2f..%2fpackage.json']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('"dependencies"');
    }
  });
});
