// Crawler documents at the site root: /robots.txt, /sitemap.xml (and /sitemaps/<city>-<n>.xml
// once there are too many pages for one file), /feeds/yandex.xml, and the old /feeds/yandex
// address redirecting to it. Generated from the database (server/seo/documents.ts, docs/SEO.md).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { seoDocuments, type SeoDocument } from '../seo/documents.js';

function send(request: FastifyRequest, reply: FastifyReply, doc: SeoDocument): FastifyReply {
  void reply.header('content-type', doc.contentType).header('etag', doc.etag).header('cache-control', 'no-cache');
  if (request.headers['if-none-match'] === doc.etag) return reply.code(304).send();
  return reply.send(doc.body);
}

export function createSeoModule(options: { sitemapLimit?: number } = {}) {
  return async function registerSeo(app: FastifyInstance): Promise<void> {
    const docs = seoDocuments(app.ctx, options);

    app.get('/robots.txt', async (request, reply) => send(request, reply, await docs.robots()));
    app.get('/sitemap.xml', async (request, reply) => {
      const doc = await docs.sitemap('/sitemap.xml');
      return doc === null ? reply.callNotFound() : send(request, reply, doc);
    });
    app.get('/sitemaps/:file', async (request, reply) => {
      const { file } = request.params as { file: string };
      const doc = /^[a-z0-9-]+\.xml$/.test(file) ? await docs.sitemap(`/sitemaps/${file}`) : null;
      if (doc === null)
        return reply
          .code(404)
          .type('text/plain; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send('Файл не найден');
      return send(request, reply, doc);
    });
    app.get('/feeds/yandex.xml', async (request, reply) => send(request, reply, await docs.yandexFeed()));
    app.get('/feeds/yandex', (request, reply) => {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply.redirect(`/feeds/yandex.xml${query}`, 301);
    });
  };
}

export const registerSeo = createSeoModule();
