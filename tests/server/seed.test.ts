import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { type Catalog, GroupModifier, type Settings } from '../../src/api/entities.js';
import { PAGE_SLUGS } from '../../src/api/contract/pages.js';
import { CITY, CITY_IIKO, GROUP, PRODUCT, TERMINAL, seedDemoChain } from '../../server/seed/index.js';
import { buildCatalog } from '../../server/services/catalog.js';
import { analyticsScriptsOf, loadSettings } from '../../server/services/settings.js';
import { generatedImages, imagePath } from '../../server/seed/imageFiles.js';
import { createTestServer, openTestDatabase, type TestServer } from './helpers.js';
import { insidePolygon, one, rows, version } from './catalogFixtures.js';

let server: TestServer;
let catalog: Catalog;
let settings: Settings;

beforeAll(async () => {
  server = await createTestServer();
  catalog = await server.db.run(buildCatalog);
  settings = (
    await loadSettings(server.db, { captchaProvider: null, analyticsScripts: analyticsScriptsOf(server.ctx.config) })
  ).settings;
});
afterAll(async () => {
  await server?.close();
});

const TABLES = [
  'cities',
  'settings',
  'groups',
  'products',
  'restaurants',
  'delivery_zones',
  'stop_list',
  'streets',
  'pages',
] as const;

async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    out[table] = (await one<{ n: number }>(server.db, sql`select count(*)::int as n from ${sql.identifier(table)}`)).n;
  }
  return out;
}

describe('seedDemoChain', () => {
  it('is idempotent: a second run writes nothing and returns false', async () => {
    const before = await counts();
    const versions = [await version(server.db, 'catalog'), await version(server.db, 'settings')];
    expect(await seedDemoChain(server.db)).toBe(false);
    expect(await counts()).toEqual(before);
    expect([await version(server.db, 'catalog'), await version(server.db, 'settings')]).toEqual(versions);
  });

  it('seeds once when two processes start at the same time', async () => {
    const fresh = await openTestDatabase();
    try {
      const results = await Promise.all([seedDemoChain(fresh.db), seedDemoChain(fresh.db)]);
      expect([...results].sort()).toEqual([false, true]);
      expect((await one<{ n: number }>(fresh.db, sql`select count(*)::int as n from cities`)).n).toBe(3);
    } finally {
      await fresh.db.close();
      await fresh.drop();
    }
  });

  it('seeds the three cities with cityIn and the Irkutsk time zone, Angarsk first', async () => {
    const cities = await rows<{ id: string; name: string; slug: string; city_in: string; time_zone: string }>(
      server.db,
      sql`select id, name, slug, city_in, time_zone from cities order by position`,
    );
    expect(cities.map((c) => [c.name, c.slug, c.city_in])).toEqual([
      ['Ангарск', 'angarsk', 'в Ангарске'],
      ['Шелехов', 'shelekhov', 'в Шелехове'],
      ['Иркутск', 'irkutsk', 'в Иркутске'],
    ]);
    expect(new Set(cities.map((c) => c.time_zone))).toEqual(new Set(['Asia/Irkutsk']));
    expect(settings.ANGARSK_ID).toBe(CITY.angarsk);
    expect(settings.SHELEKHOV_ID).toBe(CITY.shelekhov);
  });

  it('has at least 80 menu products with Russian names, weights and nutrition per 100 g', () => {
    const menuGroups = new Set(
      catalog.groups.filter((g) => !g.isGroupModifier && !g.additionalInfo.isServiceGroup).map((g) => g.id),
    );
    const menu = catalog.products.filter((p) => menuGroups.has(p.parentGroup));
    expect(menu.length).toBeGreaterThanOrEqual(80);
    for (const p of menu) {
      expect(p.name).toMatch(/[А-Яа-яЁё]/);
      expect(p.price).toBeGreaterThan(0);
      expect(Number.isInteger(p.price)).toBe(true);
      expect(p.imageUrl).toBe(`/img/products/${p.id}.svg`);
    }
    const food = menu.filter((p) => p.parentGroup !== GROUP.additionally && p.id !== 'chopsticks');
    for (const p of food) {
      expect(p.weight, p.name).toBeGreaterThan(0);
      expect(p.nutrition, p.name).not.toBeNull();
      expect(p.description.length, p.name).toBeGreaterThan(10);
    }
    expect(menu.filter((p) => p.oldPrice !== null && p.oldPrice > p.price).length).toBeGreaterThanOrEqual(3);
  });

  it('has every group of the menu, the cart sections, the hidden service group and the modifier groups', () => {
    const byName = new Map(catalog.groups.map((g) => [g.name, g]));
    for (const name of ['Роллы', 'Запечённые роллы', 'Сеты', 'Пицца', 'Закуски', 'Напитки', 'Соусы', 'Десерты']) {
      expect(byName.get(name)?.isIncludedInMenu, name).toBe(true);
    }
    expect(byName.get('Добавить к заказу')?.id).toBe(settings.SECTION_ID_ADD_TO_ORDER);
    expect(byName.get('Дополнительно')?.id).toBe(settings.SECTION_ID_ADDITIONALLY);
    const service = catalog.groups.find((g) => g.id === GROUP.service);
    expect(service).toMatchObject({ isIncludedInMenu: false, additionalInfo: { isServiceGroup: true } });
    const modifierGroups = catalog.groups.filter((g) => g.isGroupModifier).map((g) => g.id);
    expect(modifierGroups).toEqual(
      expect.arrayContaining([GROUP.pizzaSize, GROUP.pizzaDough, GROUP.pizzaToppings, GROUP.setRoll]),
    );
    expect(settings.PIZZAS_GROUP_ID).toBe(GROUP.pizza);
    expect(settings.SNACKS_GROUP_ID).toBe(GROUP.snacks);
    for (const id of settings.CUSTOM_ADD_TO_CART_GROUPS_ID) expect(catalog.groups.some((g) => g.id === id)).toBe(true);
    for (const entry of settings.CATALOG_MENU)
      expect(catalog.groups.some((g) => g.id === entry.groupId && g.isIncludedInMenu)).toBe(true);
  });

  it('points every modifier at an existing product of the modifier group it is listed under', () => {
    const products = new Map(catalog.products.map((p) => [p.id, p]));
    const groups = new Map(catalog.groups.map((g) => [g.id, g]));
    let seen = 0;
    for (const product of catalog.products) {
      for (const gm of product.groupModifiers) {
        expect(groups.get(gm.id)?.isGroupModifier, `${product.id} → ${gm.id}`).toBe(true);
        for (const choice of gm.modifiers) {
          seen += 1;
          expect(products.get(choice.modifierId)?.parentGroup, `${product.id} → ${choice.modifierId}`).toBe(gm.id);
        }
      }
    }
    expect(seen).toBeGreaterThan(0);
  });

  it('gives pizzas a required size 25/30/35 cm (+0/+150/+300), a required dough and up to 3 toppings', () => {
    const pizzas = catalog.products.filter((p) => p.parentGroup === GROUP.pizza);
    expect(pizzas.length).toBeGreaterThanOrEqual(8);
    const names = new Map(catalog.products.map((p) => [p.id, p.name]));
    for (const pizza of pizzas) {
      const [size, dough, toppings] = pizza.groupModifiers.map((gm) => GroupModifier.parse(gm));
      expect(size?.required).toBe(true);
      expect(size?.modifiers.map((m) => [names.get(m.modifierId), m.price])).toEqual([
        ['25 см', 0],
        ['30 см', 150],
        ['35 см', 300],
      ]);
      expect(dough?.required).toBe(true);
      expect(dough?.modifiers.map((m) => names.get(m.modifierId))).toEqual(['Традиционное тесто', 'Тонкое тесто']);
      expect(dough?.modifiers.every((m) => m.price === 0)).toBe(true);
      expect(toppings).toMatchObject({ required: false, maxAmount: 3 });
    }
    const set = catalog.products.find((p) => p.id === PRODUCT.setWithChoice);
    const choice = set?.groupModifiers[0];
    expect(choice).toMatchObject({ id: GROUP.setRoll, required: true });
    expect(catalog.groups.find((g) => g.id === choice?.id)?.name).toBe('Выберите ролл');
  });

  it('flags allergens and filters with codes, one snack with sale false and a drink limited to 2 per line', () => {
    const allergenCodes = new Set(catalog.products.flatMap((p) => p.allergens.map((a) => `${a.code}:${a.name}`)));
    for (const pair of [
      'sesame:кунжут',
      'nuts:орехи',
      'fish:рыба',
      'milk:молоко',
      'gluten:глютен',
      'crustaceans:ракообразные',
      'soy:соя',
      'egg:яйцо',
    ]) {
      expect(allergenCodes.has(pair), pair).toBe(true);
    }
    const filterCodes = new Set(catalog.products.flatMap((p) => p.filters.map((f) => `${f.code}:${f.name}`)));
    for (const pair of ['spicy:острое', 'vegetarian:вегетарианское', 'no-fish:без рыбы', 'hit:хит', 'new:новинка']) {
      expect(filterCodes.has(pair), pair).toBe(true);
    }
    const notForSale = catalog.products.filter((p) => p.additionalInfo.sale === false);
    expect(notForSale.map((p) => [p.id, p.parentGroup])).toEqual([[PRODUCT.snackNotForSale, GROUP.snacks]]);
    const limited = catalog.products.filter((p) => p.maxPerPositionInOrder > 0);
    expect(limited.map((p) => [p.id, p.parentGroup, p.maxPerPositionInOrder])).toEqual([
      [PRODUCT.limitedDrink, GROUP.drinks, 2],
    ]);
  });

  it('names gifts and per-city delivery products that exist in the catalogue', () => {
    const products = new Map(catalog.products.map((p) => [p.id, p]));
    expect(products.get(settings.GIFT_IDS.SNACK)?.name).toBe('Картофель фри');
    expect(products.get(settings.GIFT_IDS.SNACK)?.parentGroup).toBe(GROUP.snacks);
    expect(products.get(settings.GIFT_IDS.PIZZA)?.parentGroup).toBe(GROUP.pizza);
    const data = Object.entries(settings.CITIES_DATA);
    expect(data.map(([iikoId]) => iikoId).sort()).toEqual(Object.values(CITY_IIKO).sort());
    for (const [, city] of data) {
      expect(products.get(city.deliveryId)).toMatchObject({ parentGroup: GROUP.service });
      expect(products.get(city.deliveryId)?.price).toBeGreaterThan(0);
      expect(products.get(city.freeDeliveryId)).toMatchObject({ parentGroup: GROUP.service, price: 0 });
      if (city.serviceFeeId !== null)
        expect(products.get(city.serviceFeeId)).toMatchObject({ parentGroup: GROUP.service });
      expect(city.freeDeliveryFrom).toBeGreaterThanOrEqual(1500);
    }
    expect(data.filter(([, city]) => city.isPromocodeHide).length).toBe(1);
  });

  it('seeds two or more restaurants per city, open late on Friday and Saturday (Sunday first)', () => {
    for (const cityId of Object.values(CITY)) {
      const restaurants = settings.DELIVERY_TERMINALS[cityId] ?? [];
      expect(restaurants.length, cityId).toBeGreaterThanOrEqual(2);
      const week = settings.WORK_TIME[cityId];
      expect(week?.length).toBe(7);
      expect(week?.[0]?.isNextDay).toBe(false); // Sunday
      expect(week?.[5]).toMatchObject({ isNextDay: true }); // Friday
      expect(week?.[6]).toMatchObject({ isNextDay: true }); // Saturday
    }
    expect(settings.WORK_TIME[CITY.angarsk]?.[5]).toEqual({ open: '10:00', close: '02:00', isNextDay: true });
  });

  it('puts a stop list of 2–3 sold-out products on one Angarsk terminal', () => {
    expect(catalog.stopList.length).toBe(1);
    const [entry] = catalog.stopList;
    expect(entry?.deliveryTerminalId).toBe(TERMINAL.angarsk1);
    expect(entry?.items.length).toBeGreaterThanOrEqual(2);
    expect(entry?.items.length).toBeLessThanOrEqual(3);
    expect(entry?.items.every((i) => i.balance === 0)).toBe(true);
  });

  it('places the restaurants and at least 15 streets per city inside a zone, and a few streets outside every zone', async () => {
    for (const [key, cityId] of Object.entries(CITY)) {
      const zones = settings.CITY_ZONES[cityId] ?? [];
      expect(zones.length).toBeGreaterThanOrEqual(2);
      for (const restaurant of settings.DELIVERY_TERMINALS[cityId] ?? []) {
        expect(
          zones.some((z) => insidePolygon(restaurant.location, z.polygon)),
          restaurant.name,
        ).toBe(true);
      }
      const iikoId = CITY_IIKO[key as keyof typeof CITY_IIKO];
      const streets = await rows<{ name: string; lat: number; lon: number }>(
        server.db,
        sql`select name, lat, lon from streets where city_iiko_id = ${iikoId}`,
      );
      const inside = streets.filter((s) => zones.some((z) => insidePolygon(s, z.polygon)));
      const outside = streets.filter((s) => !zones.some((z) => insidePolygon(s, z.polygon)));
      expect(inside.length, cityId).toBeGreaterThanOrEqual(15);
      expect(outside.length, cityId).toBeGreaterThanOrEqual(1);
      expect(outside.length, cityId).toBeLessThanOrEqual(2);
    }
  });

  it('keeps zones of a city from overlapping, so a point has one zone', () => {
    for (const zones of Object.values(settings.CITY_ZONES)) {
      for (const a of zones) {
        for (const b of zones) {
          if (a.id === b.id) continue;
          const corners = a.polygon.slice(0, -1);
          const lon = corners.reduce((sum, [x]) => sum + x, 0) / corners.length;
          const lat = corners.reduce((sum, [, y]) => sum + y, 0) / corners.length;
          expect(insidePolygon({ lat, lon }, b.polygon), `${a.id} centre in ${b.id}`).toBe(false);
        }
      }
    }
  });

  it('writes every informational page for every city in Russian, naming the city', async () => {
    const pages = await rows<{ slug: string; city_id: string; body: string; title: string }>(
      server.db,
      sql`select slug, city_id, title, body from pages`,
    );
    const cities = await rows<{ id: string; city_in: string }>(server.db, sql`select id, city_in from cities`);
    for (const city of cities) {
      for (const slug of PAGE_SLUGS) {
        const page = pages.find((p) => p.slug === slug && p.city_id === city.id);
        expect(page, `${slug} ${city.id}`).toBeDefined();
        expect(page?.body).toContain(city.city_in);
        expect(page?.body.split('\n\n').length).toBeGreaterThanOrEqual(3);
        expect(page?.body.toLowerCase()).not.toContain('lorem');
      }
    }
  });

  it('commits a generated illustration for every product, group, story and slide URL (tools/gen-images.ts)', async () => {
    const root = 'server/seed/images';
    const generated = generatedImages();
    const urls = [
      ...catalog.products.map((p) => p.imageUrl),
      ...catalog.groups.map((g) => g.imageUrl),
      ...settings.STORIES.map((s) => s.imageUrl),
      ...settings.SLIDES.map((s) => s.imageUrl),
    ].filter((u): u is string => u !== null);
    expect(urls.length).toBeGreaterThanOrEqual(90);
    for (const url of urls) {
      expect(url).toMatch(/^\/img\/(products|groups|stories|slides)\/[a-z0-9-]+\.svg$/);
      const file = path.join(root, imagePath(url));
      expect(fs.existsSync(file), `${file} (run npx tsx tools/gen-images.ts)`).toBe(true);
      expect(fs.readFileSync(file, 'utf8'), `${file} is stale (run npx tsx tools/gen-images.ts)`).toBe(
        generated.get(imagePath(url)),
      );
    }
    for (const p of catalog.products) {
      if (p.imageUrl) expect(Buffer.byteLength(generated.get(imagePath(p.imageUrl)) ?? ''), p.id).toBeLessThan(3072);
    }
    const png = await sharp(Buffer.from(generated.get('products/pizza-pepperoni.svg') ?? ''))
      .resize(200)
      .png()
      .toBuffer();
    const { width, height } = await sharp(png).metadata();
    expect([width, height]).toEqual([200, 200]);
  });
});

describe('demo promotions', () => {
  it('the seeded chain alone grants the snack gift (PRODUCT.md §9: 3 snacks → картофель фри в подарок) and knows the demo coupons', async () => {
    const promos = await rows<{ kind: string; is_active: boolean }>(
      server.db,
      sql`select kind, is_active from promotions order by kind`,
    );
    expect(promos).toEqual([
      { kind: 'pizza-gift', is_active: true },
      { kind: 'snack-gift', is_active: true },
    ]);
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/promo',
      payload: {
        coupon: null,
        fullPrice: 537,
        notGiftsAndNotDeliveryTotal: 537,
        cityId: CITY.angarsk,
        deliveryMethod: 'delivery',
        spendBonus: 0,
        customer: { phone: '+79990000000', name: 'Тест' },
        order: {
          phone: '+79990000000',
          date: null,
          items: [{ id: 'onion-rings', name: 'onion-rings', amount: 3, sum: 537, code: '', modifiers: [] }],
          address: null,
        },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().freeProducts).toEqual([{ productId: PRODUCT.fries, hasModifiers: false, fromPromocode: false }]);
    const coupons = await rows<{ code: string }>(server.db, sql`select code from coupons where code = 'WELCOME10'`);
    expect(coupons).toHaveLength(1);
  });
});
