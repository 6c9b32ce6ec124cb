// The og:image variant of the image pipeline: /img/<picture>?preset=og is a 1200×630 JPEG.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImageModule, parseImageParams } from '../../../server/routes/img.js';
import { ogImageUrl } from '../../../server/seo/site.js';

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300"><rect width="400" height="300" fill="#e63"/></svg>';

let root: string;
let app: FastifyInstance;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-og-'));
  fs.mkdirSync(path.join(root, 'images', 'products'), { recursive: true });
  fs.writeFileSync(path.join(root, 'images', 'products', 'roll.svg'), SVG);
  // a small, tall photo: the preset must still fill 1200×630
  await sharp({ create: { width: 300, height: 500, channels: 3, background: '#3a6' } })
    .png()
    .toFile(path.join(root, 'images', 'products', 'photo.png'));
  app = Fastify();
  await createImageModule({ sourceDir: path.join(root, 'images'), cacheDir: path.join(root, 'cache') })(app);
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('og image preset', () => {
  it('the preset is 1200×630 JPEG whatever else the query says', () => {
    expect(parseImageParams({ preset: 'og' })).toEqual({ width: 1200, height: 630, format: 'jpeg', quality: 80 });
    expect(parseImageParams({ preset: 'og', w: '200', format: 'webp' })).toMatchObject({ width: 1200, height: 630 });
  });

  it('an unknown preset is a 400 with a Russian message', async () => {
    const res = await app.inject({ method: 'GET', url: '/img/products/roll.svg?preset=huge' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Неизвестный вариант изображения' });
  });

  for (const file of ['roll.svg', 'photo.png']) {
    it(`${file} comes out 1200×630 JPEG, cached on the second request`, async () => {
      const url = new URL(ogImageUrl('https://shop.example', `/img/products/${file}`) ?? '').pathname;
      const first = await app.inject({ method: 'GET', url: `${url}?preset=og` });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(first.rawPayload).metadata();
      expect({ width: meta.width, height: meta.height, format: meta.format }).toEqual({
        width: 1200,
        height: 630,
        format: 'jpeg',
      });
      const second = await app.inject({ method: 'GET', url: `${url}?preset=og` });
      expect(second.headers['x-image-cache']).toBe('hit');
      // a plain width request of the same picture is another cache entry, not the crop
      const plain = await app.inject({ method: 'GET', url: `${url}?w=1280&format=jpeg` });
      expect((await sharp(plain.rawPayload).metadata()).height).not.toBe(630);
    });
  }

  it('ogImageUrl: /img pictures get the preset, outside addresses stay as they are', () => {
    expect(ogImageUrl('https://shop.example/', '/img/products/a.svg')).toBe(
      'https://shop.example/img/products/a.svg?preset=og',
    );
    expect(ogImageUrl('https://shop.example', 'https://cdn.example/a.jpg')).toBe('https://cdn.example/a.jpg');
    expect(ogImageUrl('https://shop.example', null)).toBeNull();
  });
});
