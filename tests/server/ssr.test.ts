// Server-rendered storefront pages (docs/SSR.md): rendered markup and state, real status codes,
// canonical addresses, caching with a strong ETag, and no customer's data in a page.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../src/api/entities';
import { menuSections, sectionSlugOf } from '../../src/views/app/catalogView';
import { FIRST_CARDS } from '../../src/views/app/reveal';
import { productPath } from '../../src/views/components/ProductCard';
import { renderingServer, storefrontStateOf } from './renderingServer.js';
import { CITY } from '../../server/seed/ids';
import { signIn, callApi } from './customers.js';
import { expectRevalidatesWithETag } from './helpers.js';

const stateOf = storefrontStateOf;

describe('server-rendered pages', () => {
  const server = renderingServer({ prefix: 'storefront-ssr-' });
  const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

  it('renders the menu with its sections, names and prices inside #root, with the state it came from', async () => {
    const res = await get('/catalog');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('app-shell');
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    expect(res.body).toMatch(/<title>[^<]*Меню[^<]*<\/title>/);
    expect(res.body).toContain('Филадельфия');
    expect(res.body).toMatch(/\d[\d\s\u00a0]*₽/);
    const state = stateOf(res.body) as { catalog: { status: string }; city: { selectedId: string; chosen: boolean } };
    expect(state.catalog.status).toBe('loaded');
    // a plain address shows the default city, not yet chosen (its links stay plain)
    expect(state.city).toMatchObject({ selectedId: CITY.angarsk, chosen: false });
  });

  it(`a menu page renders the client's first step (${FIRST_CARDS} cards) and names every other dish as a link with its price`, async () => {
    for (const url of ['/catalog', '/', '/catalog/rolls']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      const catalog = (stateOf(res.body) as { catalog: { catalog: Catalog } }).catalog.catalog;
      const sections = menuSections(catalog, []);
      const shown = url === '/catalog/rolls' ? sections.filter((s) => s.group.slug === 'rolls') : sections;
      const dishes = shown.flatMap((s) => s.products);
      expect(dishes.length, url).toBeGreaterThan(FIRST_CARDS);
      expect(res.body.match(/data-testid="product-card"/g), url).toHaveLength(FIRST_CARDS);
      // every dish is reachable from the page by a real link, in the menu's order
      // (a plain address shows the default city: its links carry that city's prefix)
      const hrefs = [...res.body.matchAll(/href="(?:\/angarsk)?(\/catalog\/[^/"]+\/[^/"]+)"/g)].map((m) => m[1]);
      for (const p of dishes) expect(hrefs, `${url}: ${p.name}`).toContain(productPath(sectionSlugOf(catalog, p), p));
      const listed = res.body.split('data-testid="product-links"').length - 1;
      expect(listed, url).toBeGreaterThan(0);
    }
  });

  it('every public page renders whole: no boundary left to the browser, no inline script to run', async () => {
    const suffixes = [
      '',
      '/catalog',
      '/catalog/rolls',
      '/catalog/pizza/pizza-pepperoni',
      '/about',
      '/delivery',
      '/promo',
      '/legal',
      '/rule',
      '/vacancies',
      '/masterclass',
      '/push-notifications-rules',
      '/receive-advertising-information',
    ];
    for (const url of [...suffixes.map((s) => s || '/'), ...suffixes.map((s) => `/irkutsk${s}`)]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('<!--$!-->');
      expect(res.body, url).not.toContain('<!--$?-->');
      // the CSP refuses style attributes in HTML (styles set by scripts are not attributes)
      expect(res.body, url).not.toMatch(/<[^>]+\sstyle="/);
      // data blocks only: the state and the JSON-LD
      const scripts = (res.body.match(/<script\b[^>]*>/g) ?? []).filter(
        (tag) => tag !== '<script type="application/ld+json">',
      );
      expect(scripts, url).toEqual(['<script type="application/json" id="storefront-state">']);
    }
  });

  it("the index's first slide is a picture at once; the rest wait for hydration, inside <noscript> for no script", async () => {
    const body = (await get('/')).body;
    const slider = /<section[^>]*aria-label="Акции"[^>]*>([\s\S]*?)<\/section>/.exec(body)?.[1] ?? '';
    const slides = slider.split('<a ').slice(1);
    expect(slides.length).toBeGreaterThan(1);
    expect(slides[0]).toMatch(/^[^>]*><img [^>]*fetchPriority="high"/);
    for (const slide of slides.slice(1)) expect(slide).toMatch(/<noscript><img [^>]*loading="lazy"/);
  });

  it('renders a product page with its price and modifiers, and a section page; titles name them', async () => {
    const product = await get('/catalog/rolls/philadelphia-classic');
    expect(product.statusCode).toBe(200);
    expect(product.body).toMatch(/<title>[^<]*Филадельфия[^<]*<\/title>/);
    expect(product.body).toContain('<link rel="canonical"');
    expect(product.body).toContain('<script type="application/ld+json">');
    expect(product.body).toMatch(/<h1[^>]*>Филадельфия/);
    expect(product.body).toContain('₽');
    const section = await get('/angarsk/catalog/pizza');
    expect(section.statusCode).toBe(200);
    expect(section.body).toMatch(/<title>[^<]*Пицца[^<]*<\/title>/);
  });

  it("renders an informational page with the city's text; a city address shows that city", async () => {
    const res = await get('/shelekhov/delivery');
    expect(res.statusCode).toBe(200);
    const state = stateOf(res.body) as { city: { selectedId: string; chosen: boolean }; page: { entries: object } };
    expect(state.city).toMatchObject({ selectedId: CITY.shelekhov, chosen: true });
    expect(Object.keys(state.page.entries)).toEqual([`delivery/${CITY.shelekhov}`]);
    expect(res.body).toContain('Зоны доставки и рестораны');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('an unknown route, section or product answers 404 with the not-found page rendered', async () => {
    for (const url of ['/no-such-page', '/catalog/no-such-section', '/catalog/rolls/no-such-roll', '/angarsk/nope/x']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('This page could not be found');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('a hidden product answers 404 and links its section', async () => {
    await server.db.run((db) =>
      db.execute(sql`update products set is_visible = false where id = 'philadelphia-cucumber'`),
    );
    await server.db.run((db) =>
      db.execute(sql`update content_versions set version = version + 1 where name = 'catalog'`),
    );
    const res = await get('/catalog/rolls/philadelphia-cucumber');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('This page could not be found');
    expect(res.body).toMatch(/<a[^>]*href="(\/angarsk)?\/catalog\/rolls"[^>]*>Все блюда раздела «Роллы»<\/a>/);
  });

  it('trailing-slash and letter-case duplicates move for good to the canonical address, query kept', async () => {
    const cases: [string, string][] = [
      ['/catalog/', '/catalog'],
      ['/Catalog/Rolls?utm_source=x', '/catalog/rolls?utm_source=x'],
      ['/ANGARSK/about/', '/angarsk/about'],
      ['/cart/', '/cart'],
    ];
    for (const [from, to] of cases) {
      const res = await get(from);
      expect(res.statusCode, from).toBe(301);
      expect(res.headers.location, from).toBe(to);
    }
    // never off-site, and the staff app keeps its addresses
    expect((await get('//evil.example/')).headers.location).toBeUndefined();
    expect((await get('/admin/Orders')).statusCode).toBe(200);
  });

  it('pages carry a strong ETag (304 when it matches) and a CDN-friendly Cache-Control', async () => {
    const first = await expectRevalidatesWithETag(server, '/catalog', /^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600');
    expect(first.headers.vary).toBe('Accept-Encoding');
  });

  it('a catalogue or settings change renders the page again', async () => {
    const before = await get('/catalog/rolls');
    await server.db.run((db) =>
      db.execute(sql`update products set name = 'Ролл Обновлённый' where id = 'philadelphia-classic'`),
    );
    await server.db.run((db) =>
      db.execute(sql`update content_versions set version = version + 1 where name = 'catalog'`),
    );
    const after = await get('/catalog/rolls');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body).toContain('Ролл Обновлённый');
  });

  it('personal pages stay client-rendered and are kept out of search engines', async () => {
    for (const url of ['/cart', '/checkout', '/personal', '/personal/history', '/angarsk/complete']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-robots-tag'], url).toBe('noindex');
      expect(res.body, url).toContain('<meta name="robots" content="noindex" />');
      expect(res.body, url).not.toContain('storefront-state');
    }
    expect((await get('/catalog')).headers['x-robots-tag']).toBeUndefined();
  });

  it("a signed-in customer's page and the next anonymous one carry no trace of the customer", async () => {
    const customer = await signIn(server, '+79990001122', 'Клавдия');
    const liked = await callApi(server, 'POST', '/like', customer.auth, {
      userId: customer.user.id,
      productId: 'philadelphia-classic',
    });
    expect(liked.statusCode).toBe(201);
    const cookie = `cityId=${CITY.irkutsk}; isCitySelected=true`;
    const signedIn = await get('/catalog', { ...customer.auth, cookie });
    const anonymous = await get('/catalog');
    for (const body of [signedIn.body, anonymous.body]) {
      expect(body).not.toContain('Клавдия');
      expect(body).not.toContain('9990001122');
      expect(body).not.toContain(customer.token);
      expect(body).not.toContain(customer.user.id);
      expect(body).not.toContain('"isLiked":true');
    }
    expect(anonymous.body).toBe(signedIn.body);
    expect(signedIn.headers['cache-control']).toContain('public');
  });

  it('the state block cannot close its element or open a comment (</script>, <!--, U+2028, U+2029)', async () => {
    const hostile = 'Ролл </script><script>alert(1)</script> <!-- \u2028\u2029';
    await server.db.run((db) =>
      db.execute(sql`update products set description = ${hostile} where id = 'philadelphia-classic'`),
    );
    await server.db.run((db) =>
      db.execute(sql`update content_versions set version = version + 1 where name = 'catalog'`),
    );
    const res = await get('/catalog/rolls/philadelphia-classic');
    const block =
      /<script type="application\/json" id="storefront-state">([\s\S]*?)<\/script>/.exec(res.body)?.[1] ?? '';
    expect(block).not.toMatch(/<\/script|<!--|\u2028|\u2029/i);
    expect(JSON.stringify(JSON.parse(block))).toContain(hostile);
    expect(res.body).not.toContain('<script>alert(1)</script>');
  });

  it('a failed render falls back to the page shell the browser renders, never a 500', async () => {
    const render = server.ctx.renderPage;
    server.ctx.renderPage = () => Promise.reject(new Error('boom'));
    try {
      const res = await get('/catalog/drinks');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('app-shell');
    } finally {
      server.ctx.renderPage = render;
    }
  });
});
