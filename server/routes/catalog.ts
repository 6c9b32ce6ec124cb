// GET /storage/version and GET /catalog (PRODUCT.md §7). The catalogue is served from a prepared,
// pre-compressed body cached per catalogue state (see server/services/catalog.ts).
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { getCatalog, getCatalogVersion } from '../../src/api/contract/catalog.js';
import { route } from '../http/route.js';
import { catalogVersion, likedProductIds, personalCatalog, sharedCatalog } from '../services/catalog.js';
import { authenticate } from '../http/requestAuth.js';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export type Encoding = 'br' | 'gzip' | null;

/** The best encoding the client accepts: br, then gzip, else none (q-values respected). */
export function chooseEncoding(header: string | undefined): Encoding {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [token = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(token.trim(), Number.isFinite(value) ? value : 0);
  }
  const accepts = (name: string) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/** If-None-Match matches a strong ETag (a list, weak forms or '*' included). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

interface Body {
  json: string;
  etag: string;
  gzip?: Buffer;
  br?: Buffer;
}

async function sendJson(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Body,
  personal: boolean,
): Promise<FastifyReply> {
  reply
    .header('etag', body.etag)
    .header('cache-control', personal ? 'private, no-cache' : 'no-cache')
    .header('vary', 'Accept-Encoding, Authorization');
  if (etagMatches(request.headers['if-none-match'], body.etag)) return reply.code(304).send();
  reply.header('content-type', 'application/json; charset=utf-8');
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (encoding === 'br') {
    const buffer = body.br ?? (await brotli(body.json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }));
    return reply.header('content-encoding', 'br').send(buffer);
  }
  if (encoding === 'gzip') {
    const buffer = body.gzip ?? (await gzip(body.json, { level: 6 }));
    return reply.header('content-encoding', 'gzip').send(buffer);
  }
  return reply.send(body.json);
}

export async function registerCatalog(app: FastifyInstance): Promise<void> {
  const maxAgeMs = app.ctx.config.contentVersionMaxAgeMs;
  route(app, getCatalogVersion, async () => ({ version: await catalogVersion(app.ctx.db, maxAgeMs) }));

  route(app, getCatalog, async ({ request, reply }) => {
    const shared = await sharedCatalog(app.ctx.db, maxAgeMs);
    // Anonymous requests (the vast majority) never touch the sessions table.
    const user = request.headers.authorization ? await authenticate(app.ctx, request) : null;
    if (user) {
      const liked = await app.ctx.db.run((db) => likedProductIds(db, user.userId));
      if (liked.length > 0) return sendJson(request, reply, personalCatalog(shared, liked), true);
    }
    return sendJson(request, reply, shared, false);
  });
}
