// robots.txt, sitemap.xml (and its index past the per-file limit) and the Yandex YML feed through
// the server: generated from the database, cached by content version (an admin menu edit shows
// at once), with their Content-Type and ETag, and XML escaped.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT } from '../../../server/seed/ids.js';
import { callApi } from '../customers.js';
import { createSeoModule } from '../../../server/routes/seo.js';
import { expectRevalidatesWithETag, createTestServer, type TestServer } from '../helpers.js';
import { signInStaff, type SignedInStaff } from '../admin/staffFixtures.js';
import { parseXml } from './xml.js';

const PUBLIC_URL = 'https://shop.example';
const CITIES = ['angarsk', 'shelekhov', 'irkutsk'];
let server: TestServer;
let admin: SignedInStaff;

beforeAll(async () => {
  server = await createTestServer({ config: { publicUrl: PUBLIC_URL } });
  admin = await signInStaff(server, 'admin');
});
afterAll(async () => {
  await server?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

const texts = (doc: ReturnType<typeof parseXml>, tag: string) =>
  doc.getElementsByTagName(tag).map((e) => e.textContent);

describe('robots.txt', () => {
  it('closes /admin, /api, /cart, /checkout, /personal, /complete (plain and per city) and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    for (const p of ['/admin', '/api', '/cart', '/checkout', '/personal', '/complete'])
      expect(lines).toContain(`Disallow: ${p}`);
    for (const city of CITIES)
      for (const p of ['cart', 'checkout', 'personal', 'complete']) expect(lines).toContain(`Disallow: /${city}/${p}`);
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(lines).not.toContain('Disallow: /');
  });
});

describe('sitemap.xml', () => {
  it('lists every public page of every city with lastmod, and no personal page', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const doc = parseXml(res.body);
    expect(doc.documentElement.tagName).toBe('urlset');
    const locs = texts(doc, 'loc');
    expect(locs).toContain(`${PUBLIC_URL}/`);
    for (const city of CITIES) {
      expect(locs).toContain(`${PUBLIC_URL}/${city}`);
      expect(locs).toContain(`${PUBLIC_URL}/${city}/catalog`);
      expect(locs).toContain(`${PUBLIC_URL}/${city}/catalog/pizza`);
      expect(locs).toContain(`${PUBLIC_URL}/${city}/catalog/pizza/${PRODUCT.giftPizza}`);
      expect(locs).toContain(`${PUBLIC_URL}/${city}/delivery`);
      expect(locs).toContain(`${PUBLIC_URL}/${city}/about`);
    }
    expect(locs.filter((l) => /\/(cart|checkout|personal|complete|admin)(\/|$)/.test(l))).toEqual([]);
    // modifiers and service lines are no pages
    expect(locs.some((l) => l.endsWith(`/${PRODUCT.pizzaSize25}`) || l.endsWith(`/${PRODUCT.serviceFee}`))).toBe(false);
    expect(new Set(locs).size).toBe(locs.length);
    const lastmods = texts(doc, 'lastmod');
    expect(lastmods).toHaveLength(locs.length);
    for (const t of lastmods) expect(t).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('answers 304 to its own ETag', async () => {
    await expectRevalidatesWithETag(server, '/sitemap.xml', /^"[\w-]+"$/);
  });

  it('past the per-file limit it is a sitemap index of per-city files, none over the limit', async () => {
    const app = Fastify();
    app.decorate('ctx', server.ctx);
    const limit = 15;
    await createSeoModule({ sitemapLimit: limit })(app);
    await app.ready();
    try {
      const whole = parseXml((await get('/sitemap.xml')).body);
      const expected = texts(whole, 'loc');
      expect(expected.length).toBeGreaterThan(limit * CITIES.length);

      const index = await app.inject({ method: 'GET', url: '/sitemap.xml' });
      const doc = parseXml(index.body);
      expect(doc.documentElement.tagName).toBe('sitemapindex');
      const files = texts(doc, 'loc');
      expect(files).toContain(`${PUBLIC_URL}/sitemaps/angarsk-1.xml`);
      expect(files).toContain(`${PUBLIC_URL}/sitemaps/angarsk-2.xml`);
      const listed: string[] = [];
      for (const file of files) {
        const res = await app.inject({ method: 'GET', url: new URL(file).pathname });
        expect(res.statusCode, file).toBe(200);
        expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
        const part = parseXml(res.body);
        const locs = texts(part, 'loc');
        expect(locs.length).toBeLessThanOrEqual(limit);
        listed.push(...locs);
      }
      expect(listed).toEqual(expected);
      expect((await app.inject({ method: 'GET', url: '/sitemaps/angarsk-99.xml' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/sitemaps/..%2Fsecret.xml' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe('Yandex YML feed', () => {
  it('yml_catalog with date, shop, RUB, categories and offers', async () => {
    const res = await get('/feeds/yandex.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers.etag).toBeDefined();
    const doc = parseXml(res.body);
    const root = doc.documentElement;
    expect(root.tagName).toBe('yml_catalog');
    expect(root.getAttribute('date')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    expect(texts(doc, 'name')[0]).toBe('Ролл и Пицца');
    expect(texts(doc, 'company')).toEqual(['Ролл и Пицца']);
    expect(texts(doc, 'url')[0]).toBe(`${PUBLIC_URL}/`);
    const currency = doc.getElementsByTagName('currency')[0];
    expect([currency?.getAttribute('id'), currency?.getAttribute('rate')]).toEqual(['RUB', '1']);
    const categoryIds = [...doc.getElementsByTagName('category')].map((c) => c.getAttribute('id'));
    expect(categoryIds).toContain('pizza');
    const offers = [...doc.getElementsByTagName('offer')];
    expect(offers.length).toBeGreaterThan(10);
    for (const offer of offers) {
      const field = (name: string) => offer.getElementsByTagName(name)[0]?.textContent ?? null;
      expect(offer.getAttribute('id')).toBeTruthy();
      expect(['true', 'false']).toContain(offer.getAttribute('available'));
      expect(Number(field('price'))).toBeGreaterThan(0);
      expect(field('currencyId')).toBe('RUB');
      expect(categoryIds).toContain(field('categoryId'));
      expect(field('url')).toMatch(new RegExp(`^${PUBLIC_URL}/catalog/[^/]+/[^/]+$`));
      expect(field('name')).toBeTruthy();
    }
    const pizza = offers.find((o) => o.getAttribute('id') === PRODUCT.giftPizza);
    expect(pizza?.getElementsByTagName('picture')[0]?.textContent).toMatch(
      /^https:\/\/shop\.example\/img\/.+\?preset=og$/,
    );
    expect(pizza?.getElementsByTagName('description')[0]?.textContent).toBeTruthy();
    expect(offers.some((o) => o.getAttribute('id') === PRODUCT.serviceFee)).toBe(false);
  });

  it('the old /feeds/yandex redirects to it with 301', async () => {
    const res = await get('/feeds/yandex');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/feeds/yandex.xml');
  });
});

describe('generated from the database, cached by content version', () => {
  it('stop lists: an offer is unavailable only when every restaurant of the chain stopped it', async () => {
    const available = async () =>
      parseXml((await get('/feeds/yandex.xml')).body)
        .getElementsByTagName('offer')
        .find((o) => o.getAttribute('id') === PRODUCT.fries)
        ?.getAttribute('available');
    const terminals = (await server.app.inject({ method: 'GET', url: '/api/v1/setting' })).json<{
      DELIVERY_TERMINALS: Record<string, { deliveryTerminalId: string }[]>;
    }>().DELIVERY_TERMINALS;
    const ids = Object.values(terminals).flatMap((list) => list.map((r) => r.deliveryTerminalId));
    const stop = (terminal: string, stopped: boolean) =>
      callApi(server, 'PUT', `/admin/stop-list/${terminal}/${PRODUCT.fries}`, admin.auth, { stopped });
    expect(await available()).toBe('true');
    const [last, ...others] = ids;
    for (const id of others) expect((await stop(id, true)).statusCode).toBe(200);
    expect(await available()).toBe('true');
    if (last !== undefined) expect((await stop(last, true)).statusCode).toBe(200);
    expect(await available()).toBe('false');
    for (const id of ids) await stop(id, false);
    expect(await available()).toBe('true');
  });

  it('a menu edit in /admin changes the feed and the sitemap (new ETag); names with & < > " \' stay well-formed', async () => {
    const feed0 = await get('/feeds/yandex.xml');
    const sitemap0 = await get('/sitemap.xml');
    const robots0 = await get('/robots.txt');
    expect((await get('/feeds/yandex.xml')).headers.etag).toBe(feed0.headers.etag); // same version, same body

    const name = `Ролл "Том & Джерри" <острый> 'новый'`;
    const created = await callApi(server, 'POST', '/admin/menu/products', admin.auth, {
      id: 'roll-tom-jerry',
      name,
      description: 'Лосось & угорь <без> "соуса"',
      price: 390,
      weight: 250,
      parentGroup: 'rolls',
      slug: 'roll-tom-jerry',
    });
    expect(created.statusCode, created.body).toBe(200);

    expect(() => parseXml(`<a>${name}</a>`)).toThrow(/malformed/); // the reader would catch an unescaped name
    const feed1 = await get('/feeds/yandex.xml');
    expect(feed1.headers.etag).not.toBe(feed0.headers.etag);
    expect(feed1.body).toContain('&quot;Том &amp; Джерри&quot; &lt;острый&gt; &apos;новый&apos;');
    const offer = [...parseXml(feed1.body).getElementsByTagName('offer')].find(
      (o) => o.getAttribute('id') === 'roll-tom-jerry',
    );
    expect(offer?.getElementsByTagName('name')[0]?.textContent).toBe(name);
    expect(offer?.getElementsByTagName('description')[0]?.textContent).toBe('Лосось & угорь <без> "соуса"');
    expect(offer?.getElementsByTagName('price')[0]?.textContent).toBe('390');

    const sitemap1 = await get('/sitemap.xml');
    expect(sitemap1.headers.etag).not.toBe(sitemap0.headers.etag);
    expect(texts(parseXml(sitemap1.body), 'loc')).toContain(`${PUBLIC_URL}/angarsk/catalog/rolls/roll-tom-jerry`);
    expect((await get('/sitemap.xml', { 'if-none-match': String(sitemap0.headers.etag) })).statusCode).toBe(200);
    // robots.txt reads the cities only: its body is the same
    expect((await get('/robots.txt')).headers.etag).toBe(robots0.headers.etag);

    const hidden = await callApi(server, 'PATCH', '/admin/menu/products/roll-tom-jerry', admin.auth, {
      isVisible: false,
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await get('/feeds/yandex.xml')).body).not.toContain('roll-tom-jerry');
    expect((await get('/sitemap.xml')).body).not.toContain('roll-tom-jerry');
  });
});
