// Image resizing at /img/<path>?w=&format=&q=.
// See docs/SERVER.md «Site, static files and images».
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';
import sharp from 'sharp';
import { UPLOADS_DIR_NAME } from '../config.js';
import { API_MESSAGES } from '../../src/domain/messages.js';

export const IMAGE_SOURCE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../seed/images');
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/**
 * Every width /img produces, ascending. 160: index stories; 200: cart lines, picture preload,
 * card srcset and admin thumbnails; 400 and 800: card and product srcset; 640, 1280, 1920: the
 * index slider (SLIDE_WIDTHS in src/api/images.ts).
 */
export const SERVED_WIDTHS = [160, 200, 400, 640, 800, 1280, 1920] as const;
export const MAX_WIDTH = Math.max(...SERVED_WIDTHS);
export const SERVED_QUALITIES = [60, 80, 90] as const;
export const DEFAULT_QUALITY = 80;

const OUTPUT_FORMATS = ['webp', 'avif', 'jpeg', 'png'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

const SOURCE_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
};
const OUTPUT_TYPES: Record<OutputFormat, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

export interface ImageParams {
  width: number | null;
  /** Set by a preset only: the picture is cropped to width × height (centred, covering). */
  height?: number;
  format: OutputFormat;
  quality: number;
}

/**
 * Named variants that are not a width of the srcset ladder. 'og': link previews (og:image,
 * twitter:image, server/seo), 1200×630 JPEG, which every social network and messenger reads.
 */
export const IMAGE_PRESETS: Record<string, ImageParams> = {
  og: { width: 1200, height: 630, format: 'jpeg', quality: DEFAULT_QUALITY },
};

class BadImageRequest extends Error {}

function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, n));
}

/** The smallest allowed width not below `requested`, or the largest allowed one. */
export function snapWidth(requested: number): number {
  return SERVED_WIDTHS.find((w) => w >= requested) ?? MAX_WIDTH;
}

/** The nearest allowed quality; between two equally near ones, the higher. */
export function snapQuality(requested: number): number {
  let best: number = SERVED_QUALITIES[0];
  for (const q of SERVED_QUALITIES) if (Math.abs(q - requested) <= Math.abs(best - requested)) best = q;
  return best;
}

function single(value: unknown): string | undefined {
  if (Array.isArray(value)) return single(value[0]);
  return typeof value === 'string' ? value : undefined;
}

/** The conversion asked for, or null for the original file. Throws BadImageRequest. */
export function parseImageParams(query: Record<string, unknown>): ImageParams | null {
  const preset = single(query.preset);
  if (preset !== undefined) {
    const known = Object.hasOwn(IMAGE_PRESETS, preset) ? IMAGE_PRESETS[preset] : undefined;
    if (!known) throw new BadImageRequest('Неизвестный вариант изображения');
    return known; // a preset fixes size, format and quality: w, format and q are ignored
  }
  const w = single(query.w);
  const format = single(query.format);
  const q = single(query.q);
  if (w === undefined && format === undefined && q === undefined) return null;
  if (w !== undefined && !/^\d{1,6}$/.test(w)) throw new BadImageRequest('Некорректная ширина изображения');
  if (q !== undefined && !/^\d{1,3}$/.test(q)) throw new BadImageRequest('Некорректное качество изображения');
  const normalized = format === undefined ? 'webp' : format.toLowerCase() === 'jpg' ? 'jpeg' : format.toLowerCase();
  const known = OUTPUT_FORMATS.find((f) => f === normalized);
  if (!known) throw new BadImageRequest('Неподдерживаемый формат изображения');
  return {
    width: w === undefined ? null : snapWidth(Number(w)),
    format: known,
    quality: q === undefined ? DEFAULT_QUALITY : snapQuality(Number(q)),
  };
}

/** The source file of a decoded /img path inside `root`, or null (missing, outside, not allowed). */
export async function resolveSource(root: string, relative: string): Promise<{ file: string; stat: fs.Stats } | null> {
  if (relative === '' || relative.includes('\0') || relative.includes('\\')) return null;
  const segments = relative.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..' || s.startsWith('.'))) return null;
  if (!Object.hasOwn(SOURCE_TYPES, path.extname(relative).toLowerCase())) return null;
  const candidate = path.resolve(root, ...segments);
  const inside = (p: string, base: string) => {
    const rel = path.relative(base, p);
    return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
  };
  if (!inside(candidate, root)) return null;
  try {
    const [real, realRoot] = await Promise.all([fs.promises.realpath(candidate), fs.promises.realpath(root)]);
    if (!inside(real, realRoot)) return null;
    const stat = await fs.promises.stat(real);
    return stat.isFile() ? { file: real, stat } : null;
  } catch {
    return null;
  }
}

async function convert(file: string, params: ImageParams): Promise<Buffer> {
  const isSvg = path.extname(file).toLowerCase() === '.svg';
  // From a buffer, not the file name: libvips caches opened files by name, so an edited source
  // would otherwise keep its old pixels.
  const input = await fs.promises.readFile(file);
  let density: number | undefined;
  if (isSvg && params.width !== null) {
    const meta = await sharp(input).metadata();
    if (meta.width) density = clamp((72 * params.width) / meta.width, 1, 10_000);
  }
  let pipeline = sharp(input, { density, limitInputPixels: 50_000_000 }).rotate();
  if (params.width !== null && params.height !== undefined)
    pipeline = pipeline.resize({ width: params.width, height: params.height, fit: 'cover', position: 'centre' });
  else if (params.width !== null) pipeline = pipeline.resize({ width: params.width, withoutEnlargement: !isSvg });
  switch (params.format) {
    case 'webp':
      return pipeline.webp({ quality: params.quality }).toBuffer();
    case 'avif':
      return pipeline.avif({ quality: params.quality }).toBuffer();
    case 'jpeg':
      return pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: params.quality, mozjpeg: true }).toBuffer();
    case 'png':
      return pipeline.png({ quality: params.quality, compressionLevel: 9 }).toBuffer();
    default: {
      const never: never = params.format;
      return never;
    }
  }
}

export function createImageModule(options: { sourceDir?: string; cacheDir?: string; uploadsDir?: string | null } = {}) {
  return async function registerImages(app: FastifyInstance): Promise<void> {
    const sourceDir = path.resolve(options.sourceDir ?? IMAGE_SOURCE_DIR);
    const cacheDir = path.resolve(options.cacheDir ?? app.ctx.config.imageCacheDir);
    // pictures uploaded in the admin area: DATA_DIR/uploads, served as /img/uploads/…
    const uploadsDir =
      options.uploadsDir ?? (app.hasDecorator('ctx') ? path.resolve(app.ctx.config.dataDir, UPLOADS_DIR_NAME) : null);
    const inFlight = new Map<string, Promise<Buffer>>();

    const notFound = (reply: FastifyReply) =>
      reply
        .code(404)
        .header('cache-control', 'no-cache')
        .send({ message: API_MESSAGES.imageNotFound, code: 'not-found' });

    async function produce(key: string, target: string, file: string, params: ImageParams): Promise<Buffer> {
      const running = inFlight.get(key);
      if (running) return running;
      const job = (async () => {
        const body = await convert(file, params);
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
        await fs.promises.writeFile(temp, body);
        await fs.promises.rename(temp, target);
        return body;
      })().finally(() => inFlight.delete(key));
      inFlight.set(key, job);
      return job;
    }

    app.get('/img/*', async (request, reply) => {
      const relative = (request.params as { '*'?: string })['*'] ?? '';
      let params: ImageParams | null;
      try {
        params = parseImageParams(request.query as Record<string, unknown>);
      } catch (error) {
        if (error instanceof BadImageRequest)
          return reply.code(400).send({ message: error.message, code: 'invalid-request' });
        throw error;
      }
      const source = relative.startsWith(`${UPLOADS_DIR_NAME}/`)
        ? uploadsDir === null
          ? null
          : await resolveSource(uploadsDir, relative.slice(UPLOADS_DIR_NAME.length + 1))
        : await resolveSource(sourceDir, relative);
      if (!source) return notFound(reply);
      void reply.header('cache-control', IMAGE_CACHE_CONTROL).header('x-content-type-options', 'nosniff');

      if (params === null) {
        const type = SOURCE_TYPES[path.extname(source.file).toLowerCase()] ?? 'application/octet-stream';
        if (type === 'image/svg+xml')
          void reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
        return reply.type(type).header('content-length', source.stat.size).send(fs.createReadStream(source.file));
      }

      const key = createHash('sha256')
        .update(
          [
            relative,
            source.stat.mtimeMs,
            source.stat.size,
            params.width ?? 'orig',
            ...(params.height === undefined ? [] : [`h${params.height}`]),
            params.format,
            params.quality,
          ].join('\0'),
        )
        .digest('hex');
      const target = path.join(cacheDir, key.slice(0, 2), `${key}.${params.format}`);
      void reply.type(OUTPUT_TYPES[params.format]);
      try {
        const body = await fs.promises.readFile(target);
        return reply.header('x-image-cache', 'hit').send(body);
      } catch {
        // not cached yet
      }
      try {
        const body = await produce(key, target, source.file, params);
        return reply.header('x-image-cache', 'miss').send(body);
      } catch (error) {
        request.log.warn({ err: error, image: relative }, 'image conversion failed');
        return reply
          .code(422)
          .header('cache-control', 'no-cache')
          .send({ message: 'Не удалось обработать изображение', code: 'image-failed' });
      }
    });
  };
}

export const registerImages = createImageModule();
