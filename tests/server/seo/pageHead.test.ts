// Page heads over the seeded demo chain: titles, descriptions, canonical, robots, Open Graph and
// Twitter tags, overrides, and the JSON-LD of every page type parsed back from the HTML.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchSiteRoute } from '../../../src/api/siteRoutes.js';
import { PRODUCT } from '../../../server/seed/ids.js';
import { buildPageHead, renderPageHead, type PageHead, type PageHeadInput } from '../../../server/seo/pageHead.js';
import { loadPageHeadInput, pageHeadForPath } from '../../../server/seo/pageHeadData.js';
import { createTestServer, type TestServer } from '../helpers.js';

const PUBLIC_URL = 'https://shop.example';
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({ config: { publicUrl: `${PUBLIC_URL}/` } });
});
afterAll(async () => {
  await server.close();
});

async function inputFor(path: string): Promise<PageHeadInput> {
  const route = matchSiteRoute(path, ['angarsk', 'shelekhov', 'irkutsk']);
  if (route === null) throw new Error(`no route ${path}`);
  return loadPageHeadInput(server.ctx, route);
}

async function headFor(path: string): Promise<{ head: PageHead; html: string }> {
  const found = await pageHeadForPath(server.ctx, path);
  if (found === null) throw new Error(`no route ${path}`);
  return found;
}

/** Every JSON-LD block of the rendered head, parsed as a search engine would. */
function jsonLdOf(html: string): Record<string, unknown>[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  return blocks.map((m) => JSON.parse(m[1] ?? '') as Record<string, unknown>);
}

function metaContent(html: string, key: string): string | null {
  const m = new RegExp(`<meta (?:name|property)="${key.replace(/[:]/g, '\\:')}" content="([^"]*)" />`).exec(html);
  return m?.[1] ?? null;
}

describe('page heads', () => {
  it('a product page names the product, its price in roubles (Intl ru-RU, RUB) and the city', async () => {
    const { head, html } = await headFor(`/angarsk/catalog/pizza/${PRODUCT.giftPizza}`);
    // the pizza's required size makes its price 'от' the smallest size's
    expect(head.title).toBe('Маргарита — от 449\u00a0₽ с доставкой в Ангарске — Ролл и Пицца');
    expect(head.description).toContain('в Ангарске');
    expect(head.description).toMatch(/₽/);
    expect(head.canonical).toBe(`${PUBLIC_URL}/angarsk/catalog/pizza/${PRODUCT.giftPizza}`);
    expect(head.robots).toBeNull();
    expect(head.openGraph.type).toBe('product');
    expect(head.openGraph.image).toMatchObject({ width: 1200, height: 630 });
    expect(head.openGraph.image?.url).toMatch(/^https:\/\/shop\.example\/img\/.+\?preset=og$/);
    expect(metaContent(html, 'og:image')).toBe(head.openGraph.image?.url);
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/angarsk/catalog/pizza/${PRODUCT.giftPizza}" />`);
  });

  it('the canonical names the section the product is listed under, whatever section the address gave', async () => {
    const { head } = await headFor(`/angarsk/catalog/rolls/${PRODUCT.giftPizza}`);
    expect(head.canonical).toBe(`${PUBLIC_URL}/angarsk/catalog/pizza/${PRODUCT.giftPizza}`);
  });

  it('personal routes (cart, checkout, personal/*, complete) get robots noindex and no structured data', async () => {
    for (const path of [
      '/cart',
      '/angarsk/cart',
      '/checkout',
      '/complete',
      '/complete-error',
      '/personal',
      '/angarsk/personal/address',
      '/personal/favorite',
      '/personal/history',
    ]) {
      const { head, html } = await headFor(path);
      expect(head.robots, path).toBe('noindex, nofollow');
      expect(metaContent(html, 'robots'), path).toBe('noindex, nofollow');
      expect(jsonLdOf(html), path).toEqual([]);
    }
    const { head } = await headFor('/angarsk/catalog');
    expect(head.robots).toBeNull();
  });

  it('an unknown product or section is noindex', async () => {
    expect((await headFor('/angarsk/catalog/pizza/no-such-dish')).head).toMatchObject({
      robots: 'noindex, nofollow',
      notFound: true,
    });
    expect((await headFor('/angarsk/catalog/no-such-section')).head.notFound).toBe(true);
  });

  it('every page has its own title and description', async () => {
    const paths = [
      '/',
      '/angarsk',
      '/angarsk/catalog',
      '/angarsk/catalog/rolls',
      `/angarsk/catalog/pizza/${PRODUCT.giftPizza}`,
      '/angarsk/about',
      '/angarsk/delivery',
      '/irkutsk/delivery',
    ];
    const heads = await Promise.all(paths.map(headFor));
    const titles = heads.map((h) => h.head.title);
    expect(new Set(titles).size).toBe(paths.length);
    for (const { head } of heads) {
      expect(head.description.length).toBeGreaterThan(20);
      expect(head.description.length).toBeLessThanOrEqual(160);
    }
    expect(heads[6]?.head.title).toContain('Ангарск');
  });

  it('escapes titles and descriptions in the HTML and JSON-LD cannot close its script', () => {
    const head: PageHead = {
      title: 'A & B <script>"x"</script>',
      description: "it's <b>",
      canonical: 'https://shop.example/a?b=1&c=2',
      robots: null,
      openGraph: {
        type: 'website',
        title: 'A & B <script>"x"</script>',
        description: "it's <b>",
        url: 'https://shop.example/a?b=1&c=2',
        siteName: 'Ролл и Пицца',
        locale: 'ru_RU',
        image: null,
      },
      twitter: { card: 'summary', title: 't', description: 'd', image: null },
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'MenuItem',
          name: '</script><script>alert(1)</script>\u2028\u2029',
        },
      ],
      notFound: false,
    };
    const html = renderPageHead(head);
    expect(html).toContain('<title>A &amp; B &lt;script&gt;&quot;x&quot;&lt;/script&gt;</title>');
    expect(html).toContain('content="it&#39;s &lt;b&gt;"');
    expect(html).toContain('href="https://shop.example/a?b=1&amp;c=2"');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('\u2028');
    expect(html).not.toContain('\u2029');
    expect(jsonLdOf(html)[0]?.name).toBe('</script><script>alert(1)</script>\u2028\u2029');
  });

  it('an operator override for every city is used, and one for the city wins over it', async () => {
    const input = await inputFor('/angarsk/catalog/rolls');
    const generated = buildPageHead(input);
    const everyCity = buildPageHead({
      ...input,
      overrides: [{ path: '/catalog/rolls', title: 'Роллы всюду', description: null }],
    });
    expect(everyCity.title).toBe('Роллы всюду');
    expect(everyCity.description).toBe(generated.description);
    const own = buildPageHead({
      ...input,
      overrides: [
        { path: '/catalog/rolls', title: 'Роллы всюду', description: null },
        { path: '/angarsk/catalog/rolls', title: 'Роллы в Ангарске', description: 'Свои слова' },
      ],
    });
    expect(own).toMatchObject({ title: 'Роллы в Ангарске', description: 'Свои слова' });
    expect(own.openGraph).toMatchObject({ title: 'Роллы в Ангарске', description: 'Свои слова' });
    const index = buildPageHead({
      ...(await inputFor('/angarsk')),
      overrides: [{ path: '/angarsk', title: 'Главная Ангарска', description: null }],
    });
    expect(index.title).toBe('Главная Ангарска');
  });
});

describe('structured data (JSON-LD)', () => {
  it("index: the city's Restaurant with address, telephone, hours, cuisine, menu and its restaurants", async () => {
    const [restaurant] = jsonLdOf((await headFor('/angarsk')).html);
    expect(restaurant).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Restaurant',
      name: 'Ролл и Пицца в Ангарске',
      hasMenu: `${PUBLIC_URL}/angarsk/catalog`,
      address: { '@type': 'PostalAddress', addressLocality: 'Ангарск', addressCountry: 'RU' },
    });
    expect(restaurant?.telephone).toEqual(expect.any(String));
    expect(restaurant?.servesCuisine).toEqual(expect.arrayContaining(['Пицца']));
    expect(restaurant?.openingHoursSpecification).toEqual(expect.any(Array));
    const departments = restaurant?.department as Record<string, unknown>[];
    expect(departments.length).toBeGreaterThan(0);
    for (const d of departments) {
      expect(d).toMatchObject({ '@type': 'Restaurant', address: { streetAddress: expect.any(String) } });
      expect(d.telephone).toEqual(expect.any(String));
      expect((d.openingHoursSpecification as unknown[]).length).toBeGreaterThan(0);
    }
    const plain = jsonLdOf((await headFor('/')).html);
    expect(plain.map((r) => r.name)).toEqual([
      'Ролл и Пицца в Ангарске',
      'Ролл и Пицца в Шелехове',
      'Ролл и Пицца в Иркутске',
    ]);
  });

  it('catalogue: Menu → MenuSection → MenuItem with an Offer in RUB', async () => {
    const [menu] = jsonLdOf((await headFor('/angarsk/catalog')).html);
    expect(menu).toMatchObject({ '@type': 'Menu', url: `${PUBLIC_URL}/angarsk/catalog` });
    const sections = menu?.hasMenuSection as Record<string, unknown>[];
    expect(sections.length).toBeGreaterThan(3);
    for (const section of sections) {
      expect(section).toMatchObject({ '@type': 'MenuSection', name: expect.any(String), url: expect.any(String) });
      const items = section.hasMenuItem as Record<string, unknown>[];
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) {
        expect(item).toMatchObject({
          '@type': 'MenuItem',
          name: expect.any(String),
          offers: {
            '@type': 'Offer',
            price: expect.any(Number),
            priceCurrency: 'RUB',
            availability: expect.stringMatching(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/),
          },
        });
      }
    }
    const names = sections.map((s) => s.name);
    expect(names).not.toContain('Добавить к заказу'); // a cart-only group, not in the menu
  });

  it('section: MenuSection and BreadcrumbList Главная → Меню → section', async () => {
    const [section, crumbs] = jsonLdOf((await headFor('/angarsk/catalog/pizza')).html);
    expect(section).toMatchObject({ '@context': 'https://schema.org', '@type': 'MenuSection' });
    expect(crumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Главная', item: `${PUBLIC_URL}/angarsk` },
        { position: 2, name: 'Меню', item: `${PUBLIC_URL}/angarsk/catalog` },
        { position: 3, item: `${PUBLIC_URL}/angarsk/catalog/pizza` },
      ],
    });
  });

  it('product: MenuItem with Offer, image, nutrition when the product has it, and breadcrumbs', async () => {
    const input = await inputFor(`/angarsk/catalog/pizza/${PRODUCT.giftPizza}`);
    const product = input.catalog.products.find((p) => p.id === PRODUCT.giftPizza);
    const [item, crumbs] = jsonLdOf((await headFor(`/angarsk/catalog/pizza/${PRODUCT.giftPizza}`)).html);
    expect(item).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'MenuItem',
      name: product?.name,
      image: expect.stringMatching(/\?preset=og$/),
      offers: { '@type': 'Offer', priceCurrency: 'RUB', availability: 'https://schema.org/InStock' },
    });
    if (product?.nutrition) {
      expect(item?.nutrition).toMatchObject({
        '@type': 'NutritionInformation',
        calories: `${product.nutrition.energy} kcal`,
      });
    } else {
      expect(item?.nutrition).toBeUndefined();
    }
    expect((crumbs?.itemListElement as unknown[]).length).toBe(4);
  });

  it('Offer availability follows the stop list: OutOfStock when every restaurant of the city stopped it', async () => {
    const input = await inputFor(`/angarsk/catalog/pizza/${PRODUCT.giftPizza}`);
    const terminals = input.settings.DELIVERY_TERMINALS['city-angarsk']?.map((r) => r.deliveryTerminalId) ?? [];
    expect(terminals.length).toBeGreaterThan(1);
    const stopAt = (ids: string[]) =>
      buildPageHead({
        ...input,
        catalog: {
          ...input.catalog,
          stopList: ids.map((t) => ({ deliveryTerminalId: t, items: [{ productId: PRODUCT.giftPizza, balance: 0 }] })),
        },
      });
    const offerOf = (head: PageHead) => (head.jsonLd[0] as unknown as { offers: { availability: string } }).offers;
    expect(offerOf(stopAt(terminals.slice(0, 1))).availability).toBe('https://schema.org/InStock');
    expect(offerOf(stopAt(terminals)).availability).toBe('https://schema.org/OutOfStock');
  });

  it('informational pages carry breadcrumbs', async () => {
    const [crumbs] = jsonLdOf((await headFor('/angarsk/delivery')).html);
    expect(crumbs).toMatchObject({ '@type': 'BreadcrumbList' });
  });
});
