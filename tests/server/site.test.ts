// The page route table of PRODUCT.md §2 (pure matcher and as served), PRODUCT.md §6 Cache-Control for
// informational pages, immutable hashed assets and real 404s.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { INFORMATIONAL_PAGES, SITE_ROUTE_PATHS, matchSiteRoute, type SitePage } from '../../src/api/siteRoutes.js';
import { slidePreloadTag } from '../../server/routes/site.js';
import { expectRevalidatesWithETag, createTestServer, type TestServer } from './helpers.js';
import { renderingServer } from './renderingServer.js';

const SLUGS = ['angarsk', 'shelekhov', 'irkutsk'];

/** PRODUCT.md §2 "Plain routes", concrete paths and the page each shows. */
const PLAIN: [string, SitePage][] = [
  ['/', 'index'],
  ['/about', 'about'],
  ['/cart', 'cart'],
  ['/catalog', 'catalog'],
  ['/checkout', 'checkout'],
  ['/complete', 'complete'],
  ['/complete-error', 'complete-error'],
  ['/delivery', 'delivery'],
  ['/legal', 'legal'],
  ['/masterclass', 'masterclass'],
  ['/personal', 'personal'],
  ['/promo', 'promo'],
  ['/push-notifications-rules', 'push-notifications-rules'],
  ['/receive-advertising-information', 'receive-advertising-information'],
  ['/rule', 'rule'],
  ['/vacancies', 'vacancies'],
  ['/personal/address', 'personal-address'],
  ['/personal/favorite', 'personal-favorite'],
  ['/personal/history', 'personal-history'],
  ['/catalog/rolls', 'catalog-section'],
  ['/catalog/rolls/philadelphia', 'product'],
];

/** PRODUCT.md §2 "City-prefixed routes" (the part after /{city}). */
const PREFIXED: [string, SitePage][] = [
  ['', 'index'],
  ['/catalog', 'catalog'],
  ['/catalog/pizza', 'catalog-section'],
  ['/catalog/pizza/pepperoni', 'product'],
  ['/about', 'about'],
  ['/legal', 'legal'],
  ['/cart', 'cart'],
  ['/checkout', 'checkout'],
  ['/complete', 'complete'],
  ['/complete-error', 'complete-error'],
  ['/delivery', 'delivery'],
  ['/vacancies', 'vacancies'],
  ['/promo', 'promo'],
  ['/rule', 'rule'],
  ['/personal', 'personal'],
  ['/personal/address', 'personal-address'],
  ['/personal/favorite', 'personal-favorite'],
  ['/personal/history', 'personal-history'],
  ['/push-notifications-rules', 'push-notifications-rules'],
  ['/receive-advertising-information', 'receive-advertising-information'],
  ['/masterclass', 'masterclass'],
];

const UNKNOWN = [
  '/nonexistent',
  '/About',
  '/catalog/a/b/c',
  '/personal/settings',
  '/personal/address/1',
  '/moscow',
  '/moscow/catalog',
  '/angarsk/nonexistent',
  '/angarsk/angarsk',
  '/angarsk/admin',
  '//about',
  '/about//',
  '/catalog//x',
  '/constructor',
  '/toString',
  '/personal/constructor',
  '/angarsk/catalog/a/b/c',
  '/catalog/%E0%A4%A',
];

const INFO_SUFFIXES = [
  '/about',
  '/delivery',
  '/legal',
  '/rule',
  '/promo',
  '/vacancies',
  '/masterclass',
  '/push-notifications-rules',
  '/receive-advertising-information',
];

describe('matchSiteRoute (PRODUCT.md §2: every route plain and with a /{city} prefix)', () => {
  it('lists every plain route of PRODUCT.md §2', () => {
    expect(SITE_ROUTE_PATHS).toHaveLength(21);
    expect(PLAIN).toHaveLength(21);
    expect(PREFIXED).toHaveLength(21);
  });

  it.each(PLAIN)('plain %s → %s', (pathname, page) => {
    const match = matchSiteRoute(pathname, SLUGS);
    expect(match).toMatchObject({ page, city: null });
    expect(match?.informational).toBe(INFORMATIONAL_PAGES.includes(page));
  });

  it.each(PLAIN.filter(([p]) => p !== '/'))('plain %s with a trailing slash', (pathname, page) => {
    expect(matchSiteRoute(`${pathname}/`, SLUGS)?.page).toBe(page);
  });

  for (const city of SLUGS) {
    it.each(PREFIXED)(`/${city}%s → %s`, (suffix, page) => {
      const match = matchSiteRoute(`/${city}${suffix}`, SLUGS);
      expect(match).toMatchObject({ page, city });
      expect(match?.informational).toBe(INFORMATIONAL_PAGES.includes(page));
      expect(matchSiteRoute(`/${city}${suffix}/`, SLUGS)).toMatchObject({ page, city });
    });
  }

  it('city delivery and vacancies are aliases of /delivery and /vacancies', () => {
    expect(matchSiteRoute('/angarsk/delivery', SLUGS)?.page).toBe(matchSiteRoute('/delivery', SLUGS)?.page);
    expect(matchSiteRoute('/irkutsk/vacancies', SLUGS)?.page).toBe(matchSiteRoute('/vacancies', SLUGS)?.page);
  });

  it('catalogue parameters are decoded', () => {
    expect(matchSiteRoute('/catalog/rolls', SLUGS)?.params).toEqual({ section: 'rolls' });
    expect(matchSiteRoute('/shelekhov/catalog/%D1%80%D0%BE%D0%BB%D0%BB%D1%8B/42', SLUGS)?.params).toEqual({
      section: 'роллы',
      productId: '42',
    });
  });

  it('the admin area: /admin and everything under it, never city-prefixed', () => {
    expect(matchSiteRoute('/admin', SLUGS)).toMatchObject({ page: 'admin', city: null, params: { rest: '' } });
    expect(matchSiteRoute('/admin/', SLUGS)).toMatchObject({ page: 'admin', params: { rest: '' } });
    expect(matchSiteRoute('/admin/orders/17', SLUGS)).toMatchObject({ page: 'admin', params: { rest: 'orders/17' } });
    expect(matchSiteRoute('/angarsk/admin', SLUGS)).toBeNull();
  });

  it.each(UNKNOWN)('unknown %s → null', (pathname) => {
    expect(matchSiteRoute(pathname, SLUGS)).toBeNull();
  });

  it('a city slug only counts when the chain has that city', () => {
    expect(matchSiteRoute('/angarsk/catalog', [])).toBeNull();
    expect(matchSiteRoute('/bratsk/catalog', [...SLUGS, 'bratsk'])).toMatchObject({ page: 'catalog', city: 'bratsk' });
  });

  it('a plain route wins over a city of the same slug', () => {
    expect(matchSiteRoute('/catalog', ['catalog'])).toMatchObject({ page: 'catalog', city: null });
  });

  it('only the PRODUCT.md §6 informational pages are marked cacheable', () => {
    expect([...INFORMATIONAL_PAGES].sort()).toEqual([
      'about',
      'delivery',
      'legal',
      'masterclass',
      'promo',
      'push-notifications-rules',
      'receive-advertising-information',
      'rule',
      'vacancies',
    ]);
  });
});

describe('site serving', () => {
  let server: TestServer;
  let clientDir: string;
  const INDEX = `<!doctype html><html lang="ru"><body><div id="root"></div>fake-index${' '.repeat(2000)}</body></html>`;
  const BIG_JS = `console.log(${JSON.stringify('app '.repeat(1000))})`;

  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-client-'));
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), INDEX);
    fs.writeFileSync(path.join(clientDir, 'assets', 'index-Bx12abCd.js'), 'console.log("app")');
    fs.writeFileSync(path.join(clientDir, 'assets', 'big-Ab12Cd34.js'), BIG_JS);
    fs.writeFileSync(path.join(clientDir, 'assets', 'big-Ab12Cd34.js.br'), zlib.brotliCompressSync(BIG_JS));
    fs.writeFileSync(path.join(clientDir, 'assets', 'big-Ab12Cd34.js.gz'), zlib.gzipSync(BIG_JS));
    fs.writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.writeFileSync(path.join(os.tmpdir(), 'storefront-secret.txt'), 'secret');
    server = await createTestServer({ config: { clientDir } });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

  it('reads the seeded city slugs from the database', async () => {
    const rows = await server.db.run((db) => db.execute<{ slug: string }>(sql`select slug from cities`));
    expect(rows.rows.map((r) => r.slug).sort()).toEqual([...SLUGS].sort());
  });

  it('serves index.html with 200 for every PRODUCT.md §2 route, plain and under each city', async () => {
    const paths = [
      ...PLAIN.map(([p]) => p),
      ...SLUGS.flatMap((city) => PREFIXED.map(([suffix]) => `/${city}${suffix}`)),
      '/admin',
      '/admin/orders',
    ];
    for (const url of paths) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      const informational = INFO_SUFFIXES.some((s) => url.endsWith(s));
      expect(res.headers['cache-control'], url).toBe(informational ? 'public, max-age=3600' : 'no-cache');
    }
  });

  it('informational pages carry Cache-Control public, max-age=3600 (PRODUCT.md §6)', async () => {
    for (const url of [...INFO_SUFFIXES, ...INFO_SUFFIXES.map((s) => `/angarsk${s}`)]) {
      expect((await get(url)).headers['cache-control'], url).toBe('public, max-age=3600');
    }
    expect((await get('/cart')).headers['cache-control']).toBe('no-cache');
    expect((await get('/angarsk/checkout')).headers['cache-control']).toBe('no-cache');
  });

  it('unknown paths get status 404 with index.html (the client shows "This page could not be found")', async () => {
    for (const url of [
      // '/About' and '/about//' are case and slash duplicates of /about: moved for good (tests/server/ssr.test.ts)
      ...UNKNOWN.filter((u) => !u.startsWith('//') && !u.includes('%') && u !== '/About' && u !== '/about//'),
      '/nonexistent?x=1',
      '/index.html',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toBe(INDEX);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
    }
  });

  it('a malformed percent-encoding is a bad request', async () => {
    expect((await get('/catalog/%E0%A4%A')).statusCode).toBe(400);
  });

  it('a query string does not change the route', async () => {
    expect((await get('/angarsk/catalog?utm_source=x')).statusCode).toBe(200);
  });

  it('hashed assets are immutable for a year', async () => {
    const res = await get('/assets/index-Bx12abCd.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log("app")');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
  });

  it('assets go out pre-compressed (brotli, else gzip) when the build wrote .br/.gz beside them', async () => {
    const br = await get('/assets/big-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS);
    const gz = await get('/assets/big-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(BIG_JS);
    const plain = await get('/assets/big-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_JS);
  });

  it('index.html and API answers are compressed for clients that accept it', async () => {
    const page = await get('/catalog', { 'accept-encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toBe(INDEX);
    expect(page.headers.vary).toMatch(/accept-encoding/i);
    const settings = await get('/api/v1/setting', { 'accept-encoding': 'gzip' });
    expect(settings.statusCode).toBe(200);
    expect(settings.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(settings.rawPayload).toString())).toEqual(
      JSON.parse((await get('/api/v1/setting')).body),
    );
  });

  it('a missing asset is a plain 404, never index.html', async () => {
    const res = await get('/assets/missing-123.js');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('fake-index');
    expect(res.headers['cache-control']).not.toContain('immutable');
  });

  it('asset paths cannot leave the client directory', async () => {
    for (const url of [
      '/assets/../../storefront-secret.txt',
      '/assets/%2e%2e/%2e%2e/storefront-secret.txt',
      '/assets/..%2f..%2fstorefront-secret.txt',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('secret');
    }
  });

  it('top-level files of the build are served', async () => {
    const res = await get('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/svg/);
    expect((await get('/%2e%2e%2fstorefront-secret.txt')).statusCode).toBe(404);
  });

  it('index.html revalidates with its ETag', async () => {
    await expectRevalidatesWithETag(server, '/catalog', /^".+"$/);
  });

  it('HEAD of a page answers 200 without a body', async () => {
    const res = await server.app.inject({ method: 'HEAD', url: '/angarsk/about' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });

  it('API paths never get the page: JSON 404 in Russian', async () => {
    for (const url of ['/api/v1/nonexistent', '/api/nonexistent', '/api']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ message: 'Метод API не найден' });
    }
    const post = await server.app.inject({ method: 'POST', url: '/catalog' });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ message: 'Страница не найдена' });
  });

  it('a city added later is routed without a restart', async () => {
    expect((await get('/bratsk/catalog')).statusCode).toBe(404);
    await server.db.run((db) =>
      db.execute(
        sql`insert into cities (id, name, slug, iiko_id, city_in) values ('city-bratsk', 'Братск', 'bratsk', 'iiko-bratsk', 'в Братске')`,
      ),
    );
    const realNow = Date.now();
    const spy = vi.spyOn(Date, 'now').mockReturnValue(realNow + 60_000);
    try {
      expect((await get('/bratsk/catalog')).statusCode).toBe(200);
    } finally {
      spy.mockRestore();
    }
  });
});

const PLAIN_INDEX =
  '<!doctype html><html lang="ru"><head><title>t</title></head><body><div id="root"></div></body></html>';

describe('the index page names its first slide in the HTML (LCP preload)', () => {
  const server = renderingServer({ prefix: 'storefront-client-', index: PLAIN_INDEX, render: false });

  const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });
  const firstSlide = async () => {
    const settings = JSON.parse((await get('/api/v1/setting')).body) as { SLIDES: { imageUrl: string }[] };
    const url = settings.SLIDES[0]?.imageUrl;
    if (url === undefined) throw new Error('the demo chain has no slide');
    return url;
  };

  it('/ and /{city} carry a high-priority preload of the first slide, exactly as the slider asks for it', async () => {
    const url = await firstSlide();
    expect(slidePreloadTag(url)).toBe(
      `<link rel="preload" as="image" href="${url}?w=1280&amp;format=webp&amp;q=80" ` +
        `imagesrcset="${url}?w=640&amp;format=webp&amp;q=80 640w, ${url}?w=800&amp;format=webp&amp;q=80 800w, ` +
        `${url}?w=1280&amp;format=webp&amp;q=80 1280w, ${url}?w=1920&amp;format=webp&amp;q=80 1920w" ` +
        'imagesizes="100vw" fetchpriority="high" />',
    );
    for (const page of ['/', '/angarsk', '/shelekhov']) {
      const res = await get(page);
      expect(res.statusCode, page).toBe(200);
      expect(res.body, page).toContain(slidePreloadTag(url));
      expect(res.body.indexOf(slidePreloadTag(url)), page).toBeLessThan(res.body.indexOf('</head>'));
      const br = await get(page, { 'accept-encoding': 'br' });
      expect(zlib.brotliDecompressSync(br.rawPayload).toString(), page).toBe(res.body);
      expect((await get(page, { 'if-none-match': String(res.headers.etag) })).statusCode, page).toBe(304);
    }
  });

  it('other pages go without it (they have no slider above the fold)', async () => {
    for (const page of ['/catalog', '/admin']) expect((await get(page)).body, page).toBe(PLAIN_INDEX);
    // a personal page only gains its noindex mark
    expect((await get('/angarsk/cart')).body).toBe(
      PLAIN_INDEX.replace('</head>', '  <meta name="robots" content="noindex" />\n  </head>'),
    );
    expect((await get('/')).headers.etag).not.toBe((await get('/catalog')).headers.etag);
  });

  it('a new first slide is named as soon as the settings change', async () => {
    const before = await firstSlide();
    await server.db.run((db) =>
      db.execute(
        sql`update settings set value = jsonb_set(value, '{0,imageUrl}', '"/img/slides/new-first.svg"') where name = 'SLIDES'`,
      ),
    );
    const res = await get('/');
    expect(res.body).toContain(slidePreloadTag('/img/slides/new-first.svg'));
    expect(res.body).not.toContain(slidePreloadTag(before));
  });
});

describe('a page names its own chunk and styles in the HTML (from the build manifest)', () => {
  const server = renderingServer({
    prefix: 'storefront-client-',
    index: PLAIN_INDEX,
    render: false,
    files: {
      '.vite/manifest.json': JSON.stringify({
        'index.html': { file: 'assets/index-A1.js', isEntry: true },
        'src/views/pages/CatalogPage.tsx': { file: 'assets/CatalogPage-B2.js', css: ['assets/CatalogPage-C3.css'] },
      }),
    },
  });

  it('/catalog and /{city}/catalog/{section} preload the catalogue chunk; a page the manifest lacks gets none', async () => {
    for (const url of ['/catalog', '/angarsk/catalog/rolls']) {
      const body = (await server.app.inject({ method: 'GET', url })).body;
      expect(body, url).toContain('<link rel="modulepreload" crossorigin href="/assets/CatalogPage-B2.js" />');
      expect(body, url).toContain('<link rel="preload" as="style" crossorigin href="/assets/CatalogPage-C3.css" />');
    }
    expect((await server.app.inject({ method: 'GET', url: '/about' })).body).toBe(PLAIN_INDEX);
  });

  it('the manifest itself is not served', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/.vite/manifest.json' })).statusCode).toBe(404);
  });
});

describe('a rendered page preloads no script (docs/SSR.md «Hydration»)', () => {
  const server = renderingServer({
    prefix: 'storefront-rendered-',
    index: PLAIN_INDEX.replace(
      '</body>',
      '<script type="module" crossorigin src="/assets/index-A1.js"></script></body>',
    ),
    files: {
      '.vite/manifest.json': JSON.stringify({
        'index.html': { file: 'assets/index-A1.js', isEntry: true },
        'src/views/pages/CatalogPage.tsx': { file: 'assets/CatalogPage-B2.js', css: ['assets/CatalogPage-C3.css'] },
        'src/views/app/storefrontCore.ts': { file: 'assets/storefrontCore-D4.js' },
        'src/views/pages/CartPage.tsx': { file: 'assets/CartPage-E5.js' },
      }),
      'assets/CatalogPage-C3.css': '.menu{color:red}',
    },
  });

  it('its scripts wait for the first input or idle: no modulepreload, the entry at low priority, styles inline', async () => {
    const body = (await server.app.inject({ method: 'GET', url: '/catalog' })).body;
    expect(body).toContain('storefront-state');
    expect(body).not.toContain('modulepreload');
    expect(body).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-A1.js">');
    expect(body).toContain('.menu{color:red}');
  });

  it('a client-rendered page preloads its chunk and the client core the entry loads at once', async () => {
    const body = (await server.app.inject({ method: 'GET', url: '/cart' })).body;
    expect(body).not.toContain('storefront-state');
    expect(body).toContain('<link rel="modulepreload" crossorigin href="/assets/CartPage-E5.js" />');
    expect(body).toContain('<link rel="modulepreload" crossorigin href="/assets/storefrontCore-D4.js" />');
  });
});
