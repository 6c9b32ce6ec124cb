// Geocoding: the Yandex adapter against a local fake with recorded answers, the
// embedded street reference, POST /geocode + GET /geocode/reverse with the zone lookup, their
// shared per-IP and per-customer request limit, the cache of the geocoder's answers and the
// checkout's per-IP budget of calls that miss it.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CheckoutQuote } from '../../src/api/contract/checkout.js';
import { GeocodeAnswer, ReverseGeocodeAnswer } from '../../src/api/contract/geocode.js';
import { cities } from '../../server/db/schema/catalog.js';
import {
  GEOCODER_INVALID_ANSWER,
  GeocoderError,
  createYandexGeocoder,
  housePoint,
} from '../../server/integrations/geocoder.js';
import { GEOCODE_LIMIT } from '../../server/routes/geocode.js';
import { GEOCODE_CACHE_TTL, addressCacheKey } from '../../server/services/geocodeCache.js';
import { CHECKOUT_GEOCODE_BUDGET, geocodeStreet } from '../../server/services/geocoding.js';
import { nextIp, signIn } from './customers.js';
import { createTestServer, type TestServer } from './helpers.js';
import { CENTRE_ZONE, OPEN_NOW, deliveryBody, postOrder, signedInUser } from './ordersFixtures.js';
import { fakePerFile } from '../fakes/fakePerFile.js';
import { startFakeYandexGeocoder } from '../fakes/yandex-geocoder.js';

interface Logged {
  level: string;
  obj: object;
  msg: string;
}
function recordingLog() {
  const lines: Logged[] = [];
  return {
    lines,
    info: (obj: object, msg: string) => void lines.push({ level: 'info', obj, msg }),
    warn: (obj: object, msg: string) => void lines.push({ level: 'warn', obj, msg }),
    error: (obj: object, msg: string) => void lines.push({ level: 'error', obj, msg }),
  };
}

// The fake answers on loopback at once, but a loaded machine can hold a request past production's
// 5 s budget, and the quote then falls back to the street reference: tests give it a minute.
const FAKE_TIMEOUT_MS = 60_000;

const fake = fakePerFile(startFakeYandexGeocoder);

describe('Yandex geocoder adapter (local fake, recorded answers)', () => {
  const city = { name: 'Ангарск', iikoId: 'x' };

  it('forward: the point of an address text, read from Point.pos as longitude and latitude', async () => {
    fake.mode = 'ok';
    const log = recordingLog();
    const geocoder = createYandexGeocoder({ url: fake.url, apiKey: () => fake.key, log });
    const found = await geocoder.forward({
      cityName: 'Ангарск',
      cityIikoId: 'x',
      street: 'улица Карла Маркса',
      home: '10',
    });
    expect(found).toEqual({
      location: { lat: 52.537861, lon: 103.881742 },
      precision: 'house',
      street: 'улица Карла Маркса',
    });
    const sent = fake.requests[fake.requests.length - 1];
    expect(sent?.get('geocode')).toBe('Ангарск, улица Карла Маркса, 10');
    expect(sent?.get('format')).toBe('json');
    expect(sent?.get('apikey')).toBe(fake.key);
    expect(log.lines).toEqual([]);
  });

  it('reverse: address components of kinds locality, street, house by coordinates', async () => {
    fake.mode = 'ok';
    const geocoder = createYandexGeocoder({ url: fake.url, apiKey: () => fake.key, log: recordingLog() });
    expect(await geocoder.reverse({ lat: 52.537861, lon: 103.881742 }, city)).toEqual({
      locality: 'Ангарск',
      street: 'улица Карла Маркса',
      house: '10',
    });
    expect(fake.requests[fake.requests.length - 1]?.get('geocode')).toBe('103.881742,52.537861');
  });

  it(`PRODUCT.md §8: an invalid answer gives '${GEOCODER_INVALID_ANSWER}'`, async () => {
    const geocoder = createYandexGeocoder({ url: fake.url, apiKey: () => fake.key, log: recordingLog() });
    for (const mode of ['garbage', 'invalid-shape'] as const) {
      fake.mode = mode;
      await expect(geocoder.reverse({ lat: 52.5, lon: 103.9 }, city)).rejects.toThrow(new GeocoderError());
      await expect(geocoder.reverse({ lat: 52.5, lon: 103.9 }, city)).rejects.toThrow(
        'Не удалось обработать ответ API. Проверьте, валиден ли ответ сервера.',
      );
    }
    fake.mode = 'ok';
  });

  it('PRODUCT.md §8: address-from-text failures are logged and return nothing (not found, HTTP 500, garbage, wrong key)', async () => {
    const log = recordingLog();
    const geocoder = createYandexGeocoder({ url: fake.url, apiKey: () => fake.key, log });
    const query = { cityName: 'Ангарск', cityIikoId: 'x', street: 'улица Несуществующая', home: '' };
    fake.mode = 'ok';
    expect(await geocoder.forward(query)).toBeNull();
    for (const mode of ['http-500', 'garbage', 'invalid-shape'] as const) {
      fake.mode = mode;
      expect(await geocoder.forward({ ...query, street: 'улица Карла Маркса', home: '10' })).toBeNull();
    }
    fake.mode = 'ok';
    const wrongKey = createYandexGeocoder({ url: fake.url, apiKey: () => 'wrong', log });
    expect(await wrongKey.forward({ ...query, street: 'улица Карла Маркса', home: '10' })).toBeNull();
    expect(log.lines).toHaveLength(5);
    expect(log.lines.every((l) => l.level === 'warn' && l.msg.startsWith('geocoding:'))).toBe(true);
    expect(JSON.stringify(log.lines)).not.toContain(fake.key);
  });

  it('a connection cut before any answer (a kept-alive one the service just closed) is asked once more', async () => {
    fake.mode = 'ok';
    const log = recordingLog();
    const geocoder = createYandexGeocoder({ url: fake.url, apiKey: () => fake.key, log });
    const query = { cityName: 'Ангарск', cityIikoId: 'x', street: 'улица Карла Маркса', home: '10' };
    const before = fake.requests.length;
    fake.drops = 1;
    expect(await geocoder.forward(query)).toMatchObject({ location: { lat: 52.537861, lon: 103.881742 } });
    expect(fake.requests.length).toBe(before + 2);
    expect(log.lines).toEqual([]);

    // Only once: a service that keeps cutting the connection is a failed lookup, logged.
    fake.drops = 2;
    expect(await geocoder.forward(query)).toBeNull();
    expect(fake.requests.length).toBe(before + 4);
    expect(log.lines.map((l) => l.msg)).toEqual(['geocoding: address lookup failed']);
  });
});

describe('embedded reference and the /geocode routes', () => {
  let server: TestServer;
  const log = recordingLog();
  beforeAll(async () => {
    server = await createTestServer();
    server.ctx.log = log;
  });
  afterAll(async () => {
    await server.close();
  });

  const geocode = async (payload: Record<string, unknown>) => {
    const res = await server.app.inject({ method: 'POST', url: '/api/v1/geocode', payload });
    expect(res.statusCode).toBe(200);
    return GeocodeAnswer.parse(res.json());
  };

  it('street + house → a point in the zone, with the zone’s minimum sum, delivery price and time', async () => {
    const answer = await geocode({ cityId: 'city-angarsk', street: 'ул. Карла Маркса', home: '10' });
    expect(answer).toMatchObject({
      found: true,
      precision: 'house',
      street: 'улица Карла Маркса',
      zone: CENTRE_ZONE,
      refusal: null,
    });
    // Deterministic per house, different between houses, both in the street's zone.
    const again = await geocode({ cityId: 'city-angarsk', street: 'улица Карла Маркса', home: '10' });
    expect(again.location).toEqual(answer.location);
    const other = await geocode({ cityId: 'city-angarsk', street: 'улица Карла Маркса', home: '12' });
    expect(other.location).not.toEqual(answer.location);
    expect(other.zone?.id).toBe('zone-angarsk-center');
    const streetOnly = await geocode({ cityId: 'city-angarsk', street: 'улица Карла Маркса' });
    expect(streetOnly.precision).toBe('street');
  });

  it('a street of another zone gets that zone', async () => {
    const answer = await geocode({ cityId: 'city-angarsk', street: '7-й микрорайон', home: '3' });
    expect(answer.zone).toMatchObject({ id: 'zone-angarsk-north', minSum: 800 });
    const east = await geocode({ cityId: 'city-angarsk', street: 'улица Глинки', home: '1' });
    expect(east.zone).toMatchObject({ id: 'zone-angarsk-east', minSum: 1000, deliveryPrice: 200 });
  });

  it("out of zone: 'Адрес вне зоны доставки' with what to do", async () => {
    const answer = await geocode({ cityId: 'city-angarsk', street: 'посёлок Мегет, улица Садовая', home: '5' });
    expect(answer.found).toBe(true);
    expect(answer.zone).toBeNull();
    expect(answer.refusal).toMatchObject({
      code: 'outside-zone',
      message: 'Адрес вне зоны доставки',
      action: 'change-method',
    });
  });

  it('an unknown street is refused with the street named', async () => {
    const answer = await geocode({ cityId: 'city-angarsk', street: 'улица Марсианская', home: '1' });
    expect(answer).toMatchObject({ found: false, location: null, zone: null });
    expect(answer.refusal).toMatchObject({
      code: 'street-not-found',
      message: 'Не удалось найти улицу «улица Марсианская» в городе Ангарск. Адрес вне зоны доставки',
    });
  });

  it('an unknown city is 422 in Russian', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/geocode',
      payload: { cityId: 'city-nowhere', street: 'улица Ленина', home: '1' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Город не найден');
  });

  it('reverse: the nearest reference street and the zone of the point', async () => {
    const street = await server.db.run(
      async (db) =>
        (
          await db.execute<{ id: string; lat: number; lon: number }>(
            sql`select id, lat, lon from streets where city_iiko_id = (select iiko_id from cities where id = 'city-angarsk') and name = 'улица Карла Маркса'`,
          )
        ).rows[0],
    );
    if (!street) throw new Error('seed has no улица Карла Маркса in Angarsk');
    const point = housePoint(street.id, { lat: street.lat, lon: street.lon }, '10');
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/v1/geocode/reverse?cityId=city-angarsk&lat=${point.lat}&lon=${point.lon}`,
    });
    expect(res.statusCode).toBe(200);
    const answer = ReverseGeocodeAnswer.parse(res.json());
    expect(answer).toMatchObject({
      locality: 'Ангарск',
      street: 'улица Карла Маркса',
      house: null,
      zone: { id: 'zone-angarsk-center' },
      refusal: null,
    });
    const far = ReverseGeocodeAnswer.parse(
      (
        await server.app.inject({
          method: 'GET',
          url: '/api/v1/geocode/reverse?cityId=city-angarsk&lat=51.0&lon=105.0',
        })
      ).json(),
    );
    expect(far).toMatchObject({ locality: null, street: null, zone: null, refusal: { code: 'outside-zone' } });
  });

  it('with a maps key (MAPS_KEY setting) the Yandex geocoder answers, and its invalid answer is 422 with the PRODUCT.md §8 text', async () => {
    server.ctx.config.geocoder = { yandexKey: '', yandexUrl: fake.url, timeoutMs: FAKE_TIMEOUT_MS };
    await server.db.run((db) =>
      db.execute(sql`update settings set value = ${JSON.stringify(fake.key)}::jsonb where name = 'MAPS_KEY'`),
    );
    try {
      fake.mode = 'ok';
      const before = fake.requests.length;
      const answer = await geocode({ cityId: 'city-angarsk', street: 'улица Карла Маркса', home: '10' });
      expect(fake.requests.length).toBe(before + 1);
      expect(answer).toMatchObject({
        found: true,
        location: { lat: 52.537861, lon: 103.881742 },
        zone: { id: 'zone-angarsk-center' },
      });
      // What Yandex does not find, the reference still does.
      const fallback = await geocode({ cityId: 'city-angarsk', street: 'улица Глинки', home: '1' });
      expect(fallback.zone?.id).toBe('zone-angarsk-east');
      fake.mode = 'garbage';
      const res = await server.app.inject({
        method: 'GET',
        url: '/api/v1/geocode/reverse?cityId=city-angarsk&lat=52.53&lon=103.88',
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('Не удалось обработать ответ API. Проверьте, валиден ли ответ сервера.');
      expect(log.lines.map((l) => l.msg)).toContain('geocoding: reverse lookup failed');
      expect(JSON.stringify(log.lines)).not.toContain(fake.key);
    } finally {
      fake.mode = 'ok';
      await server.db.run((db) => db.execute(sql`update settings set value = '""'::jsonb where name = 'MAPS_KEY'`));
    }
  });

  describe('request limit (per IP and per customer, both routes together)', () => {
    const address = { cityId: 'city-angarsk', street: 'улица Карла Маркса', home: '10' };
    const forward = (ip: string, headers: Record<string, string> = {}) =>
      server.app.inject({ method: 'POST', url: '/api/v1/geocode', payload: address, remoteAddress: ip, headers });
    const reverse = (ip: string) =>
      server.app.inject({
        method: 'GET',
        url: '/api/v1/geocode/reverse?cityId=city-angarsk&lat=52.53&lon=103.88',
        remoteAddress: ip,
      });

    it('allows 30 a minute from one IP, then 429 with Retry-After and a Russian message until the window frees a place', async () => {
      expect(GEOCODE_LIMIT).toMatchObject({ limit: 30, windowMs: 60_000 });
      const ip = nextIp();
      expect((await forward(ip)).statusCode).toBe(200);
      server.clock.advance(10_000);
      for (let i = 1; i < 30; i++)
        expect((await (i % 2 === 0 ? forward(ip) : reverse(ip))).statusCode, `request ${i + 1}`).toBe(200);
      for (const refused of [await forward(ip), await reverse(ip)]) {
        expect(refused.statusCode).toBe(429);
        expect(refused.headers['retry-after']).toBe('50');
        expect(refused.json()).toEqual({
          message: 'Слишком много запросов адреса. Повторите через 50 с',
          code: 'rate-limited',
        });
      }
      // Another address is not affected.
      expect((await forward(nextIp())).statusCode).toBe(200);
      // Refusals were not counted: once the first request leaves the window, one more goes through.
      server.clock.advance(50_000);
      expect((await forward(ip)).statusCode).toBe(200);
      const again = await forward(ip);
      expect(again.statusCode).toBe(429);
      expect(again.headers['retry-after']).toBe('10');
    });

    it('a signed-in customer is limited across IP addresses', async () => {
      const customer = await signIn(server);
      for (let i = 0; i < 30; i++)
        expect((await forward(nextIp(), customer.auth)).statusCode, `request ${i + 1}`).toBe(200);
      const ip = nextIp();
      const refused = await forward(ip, customer.auth);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Слишком много запросов адреса/);
      // Without the token the same address still has its own budget.
      expect((await forward(ip)).statusCode).toBe(200);
    });

    it('rows that left the window are deleted as new requests arrive', async () => {
      await forward(nextIp());
      server.clock.advance(GEOCODE_LIMIT.windowMs + 1_000);
      await forward(nextIp());
      const stale = await server.db.run((db) =>
        db.execute<{ n: number }>(
          sql`select count(*)::int as n from rate_limit_hits where bucket = 'geocode' and at < ${new Date(server.clock.now().getTime() - GEOCODE_LIMIT.windowMs).toISOString()}::timestamptz`,
        ),
      );
      expect(stale.rows[0]?.n).toBe(0);
      const live = await server.db.run((db) =>
        db.execute<{ n: number }>(sql`select count(*)::int as n from rate_limit_hits where bucket = 'geocode'`),
      );
      expect(live.rows[0]?.n).toBe(1);
    });
  });
});

describe('the cache of geocoder answers and the checkout budget (Yandex configured)', () => {
  let server: TestServer;
  const log = recordingLog();
  const KARLA_MARKSA_10 = { lat: 52.537861, lon: 103.881742 };

  beforeAll(async () => {
    server = await createTestServer();
    server.clock.set(OPEN_NOW);
    server.ctx.log = log;
    server.ctx.config.geocoder = { yandexKey: fake.key, yandexUrl: fake.url, timeoutMs: FAKE_TIMEOUT_MS };
  });
  afterAll(async () => {
    await server.close();
  });

  /** Forward requests the fake Yandex got for exactly this text. */
  const asked = (text: string) => fake.requests.filter((r) => r.get('geocode') === text && !r.get('sco')).length;
  const askedAtAll = () => fake.requests.filter((r) => !r.get('sco')).length;

  const quote = async (address: { street: string; home: string }, ip = '10.200.0.1') => {
    const {
      persons: _p,
      comment: _c,
      ...body
    } = deliveryBody({
      address: {
        city: 'Ангарск',
        apartment: null,
        entrance: null,
        floor: null,
        intercom: null,
        comment: null,
        ...address,
      },
    });
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/checkout/quote',
      payload: body,
      remoteAddress: ip,
    });
    expect(res.statusCode, res.body).toBe(200);
    return CheckoutQuote.parse(res.json());
  };
  const addressRefusals = (q: CheckoutQuote) =>
    q.refusals.filter((r) => ['street-not-found', 'address-not-found', 'no-address', 'outside-zone'].includes(r.code));

  it('the key folds case, ё, punctuation and spacing, but not street-kind words', () => {
    expect(addressCacheKey({ cityName: 'Ангарск', street: ' Улица  Карла   Маркса. ', home: '10А' })).toBe(
      'ангарск, улица карла маркса, 10а',
    );
    expect(addressCacheKey({ cityName: 'АНГАРСК', street: 'улица «Карла Маркса»', home: ' 10а' })).toBe(
      'ангарск, улица карла маркса, 10а',
    );
    expect(addressCacheKey({ cityName: 'Ангарск', street: 'Тёплая', home: '' })).toBe(
      addressCacheKey({ cityName: 'ангарск', street: 'теплая', home: '' }),
    );
    expect(addressCacheKey({ cityName: 'Ангарск', street: 'проспект Ленина', home: '1' })).not.toBe(
      addressCacheKey({ cityName: 'Ангарск', street: 'улица Ленина', home: '1' }),
    );
  });

  it('a second quote for the same address, and any spelling of it, does not ask the geocoder again', async () => {
    const before = asked('Ангарск, улица Карла Маркса, 10');
    const first = await quote({ street: 'улица Карла Маркса', home: '10' });
    expect(first.location).toEqual(KARLA_MARKSA_10);
    expect(addressRefusals(first)).toEqual([]);
    expect(asked('Ангарск, улица Карла Маркса, 10')).toBe(before + 1);

    const total = askedAtAll();
    const again = await quote({ street: 'улица Карла Маркса', home: '10' });
    // The fake knows only the exact text: Yandex's point here can only have come from the cache.
    const respelled = await quote({ street: '  УЛИЦА карла  маркса.', home: ' 10 ' });
    expect(again.location).toEqual(KARLA_MARKSA_10);
    expect(respelled.location).toEqual(KARLA_MARKSA_10);
    expect(addressRefusals(respelled)).toEqual([]);
    // POST /geocode shares the cache.
    const checked = GeocodeAnswer.parse(
      (
        await server.app.inject({
          method: 'POST',
          url: '/api/v1/geocode',
          payload: { cityId: 'city-angarsk', street: 'Улица Карла Маркса', home: '10' },
          remoteAddress: nextIp(),
        })
      ).json(),
    );
    expect(checked).toMatchObject({ found: true, location: KARLA_MARKSA_10 });
    expect(askedAtAll()).toBe(total);

    // The table holds the normalised text, the point and the time, nothing about the customer.
    const columns = await server.db.run((db) =>
      db.execute<{ name: string }>(
        sql`select column_name as name from information_schema.columns where table_name = 'geocode_cache' order by name`,
      ),
    );
    expect(columns.rows.map((c) => c.name)).toEqual(['address', 'lat', 'lon', 'looked_up_at', 'precision', 'street']);
    const rows = await server.db.run((db) =>
      db.execute(
        sql`select address, lat, lon, precision, street, looked_up_at = ${OPEN_NOW}::timestamptz as asked_now from geocode_cache where address = 'ангарск, улица карла маркса, 10'`,
      ),
    );
    expect(rows.rows).toEqual([
      {
        address: 'ангарск, улица карла маркса, 10',
        lat: 52.537861,
        lon: 103.881742,
        precision: 'house',
        street: 'улица Карла Маркса',
        asked_now: true,
      },
    ]);
  });

  it('another process (same database, its own memory) reads the answer from the table', async () => {
    await quote({ street: 'улица Карла Маркса', home: '10' });
    const total = askedAtAll();
    const otherProcess = { ...server.ctx };
    const found = await geocodeStreet(otherProcess, await cityRow('city-angarsk'), 'улица карла маркса', '10');
    expect(found?.location).toEqual(KARLA_MARKSA_10);
    expect(askedAtAll()).toBe(total);
  });

  it('a found point is kept 7 days, then asked again', async () => {
    const text = 'Ангарск, улица Карла Маркса, 10';
    await quote({ street: 'улица Карла Маркса', home: '10' });
    const before = asked(text);
    server.clock.advance(GEOCODE_CACHE_TTL.foundMs - 60_000);
    await quote({ street: 'улица Карла Маркса', home: '10' });
    expect(asked(text)).toBe(before);
    server.clock.advance(60_000);
    const renewed = await quote({ street: 'улица Карла Маркса', home: '10' });
    expect(renewed.location).toEqual(KARLA_MARKSA_10);
    expect(asked(text)).toBe(before + 1);
    // …and the renewed answer is kept again, in this process and in the table.
    await quote({ street: 'улица Карла Маркса', home: '10' });
    expect(
      (await geocodeStreet({ ...server.ctx }, await cityRow('city-angarsk'), 'улица Карла Маркса', '10'))?.location,
    ).toEqual(KARLA_MARKSA_10);
    expect(asked(text)).toBe(before + 1);
    server.clock.set(OPEN_NOW);
  });

  it("'nothing found' is kept 1 day; a failed call is not kept at all", async () => {
    const text = 'Ангарск, улица Несуществующая, 1';
    const first = await quote({ street: 'улица Несуществующая', home: '1' });
    expect(first.refusals.map((r) => r.code)).toContain('street-not-found');
    const before = asked(text);
    server.clock.advance(GEOCODE_CACHE_TTL.notFoundMs - 60_000);
    await quote({ street: 'Улица  несуществующая', home: '1' });
    expect(asked(text)).toBe(before);
    server.clock.advance(60_000);
    await quote({ street: 'улица Несуществующая', home: '1' });
    expect(asked(text)).toBe(before + 1);
    server.clock.set(OPEN_NOW);

    const failing = 'Ангарск, улица Карла Маркса, 12';
    fake.mode = 'http-500';
    try {
      // Yandex down: the embedded reference still places the house, as before the cache.
      expect(addressRefusals(await quote({ street: 'улица Карла Маркса', home: '12' }))).toEqual([]);
    } finally {
      fake.mode = 'ok';
    }
    expect(asked(failing)).toBe(1);
    await quote({ street: 'улица Карла Маркса', home: '12' });
    expect(asked(failing)).toBe(2);
    await quote({ street: 'улица Карла Маркса', home: '12' });
    expect(asked(failing)).toBe(2);
  });

  it('a Yandex that does not answer within the configured time leaves the quote to the street reference, and nothing is cached', async () => {
    server.ctx.config.geocoder = { ...server.ctx.config.geocoder, timeoutMs: 200 };
    fake.mode = 'silent';
    try {
      const before = asked('Ангарск, улица Карла Маркса, 14');
      const answered = await quote({ street: 'улица Карла Маркса', home: '14' }, '10.200.0.9');
      expect(asked('Ангарск, улица Карла Маркса, 14')).toBe(before + 1);
      expect(answered.location).not.toBeNull();
      expect(answered.location).not.toEqual(KARLA_MARKSA_10);
      expect(
        log.lines.some(
          (l) => l.msg === 'geocoding: address lookup failed' && JSON.stringify(l.obj).includes('timeout'),
        ),
      ).toBe(true);
      const cached = await server.db.run((db) =>
        db.execute(sql`select 1 from geocode_cache where address = 'ангарск, улица карла маркса, 14'`),
      );
      expect(cached.rows).toEqual([]);
    } finally {
      fake.mode = 'ok';
      server.ctx.config.geocoder = { ...server.ctx.config.geocoder, timeoutMs: FAKE_TIMEOUT_MS };
    }
  });

  it('checkout calls that miss the cache spend a per-IP budget; when it is spent the quote answers as with Yandex down', async () => {
    expect(CHECKOUT_GEOCODE_BUDGET).toMatchObject({ bucket: 'checkout-geocode', limit: 60, windowMs: 60_000 });
    const ip = nextIp();
    // Houses Yandex does not know (the embedded reference places them): every one is a miss.
    for (let house = 200; house < 260; house++) await quote({ street: 'улица Карла Маркса', home: String(house) }, ip);
    expect(asked('Ангарск, улица Карла Маркса, 259')).toBe(1);

    const total = askedAtAll();
    // Spent: a new address is not sent to Yandex, and a street the reference knows is still delivered to.
    const known = await quote({ street: 'улица Карла Маркса', home: '300' }, ip);
    expect(addressRefusals(known)).toEqual([]);
    expect(known.zone?.id).toBe('zone-angarsk-center');
    // A street only Yandex could find is refused as when Yandex fails.
    const unknown = await quote({ street: 'улица Марсианская', home: '1' }, ip);
    expect(unknown.refusals.find((r) => r.code === 'street-not-found')?.message).toBe(
      'Не удалось найти улицу «улица Марсианская» в городе Ангарск. Адрес вне зоны доставки',
    );
    // Cache hits cost nothing and still carry Yandex's point.
    expect((await quote({ street: 'улица Карла Маркса', home: '10' }, ip)).location).toEqual(KARLA_MARKSA_10);
    expect(askedAtAll()).toBe(total);
    // Refused misses were not counted; hits never are.
    const keyHash = createHash('sha256').update(`checkout-geocode:ip:${ip}`, 'utf8').digest('hex');
    const counted = await server.db.run((db) =>
      db.execute<{ n: number }>(
        sql`select count(*)::int as n from rate_limit_hits where bucket = 'checkout-geocode' and key_hash = ${keyHash}`,
      ),
    );
    expect(counted.rows[0]?.n).toBe(60);

    // Another IP has its own budget, and POST /geocode from this IP its own limit.
    await quote({ street: 'улица Карла Маркса', home: '301' }, nextIp());
    expect(asked('Ангарск, улица Карла Маркса, 301')).toBe(1);
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/geocode',
      payload: { cityId: 'city-angarsk', street: 'улица Карла Маркса', home: '302' },
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(200);
    expect(asked('Ангарск, улица Карла Маркса, 302')).toBe(1);

    // A minute later the IP may ask again.
    server.clock.advance(CHECKOUT_GEOCODE_BUDGET.windowMs);
    await quote({ street: 'улица Карла Маркса', home: '300' }, ip);
    expect(asked('Ангарск, улица Карла Маркса, 300')).toBe(1);
    server.clock.set(OPEN_NOW);
  });

  it('POST /order geocodes through the same cache', async () => {
    const user = await signedInUser(server.db);
    await quote({ street: 'улица Карла Маркса', home: '10' });
    const total = askedAtAll();
    const res = await postOrder(
      server,
      user.token,
      deliveryBody({
        address: {
          city: 'Ангарск',
          street: 'Улица Карла Маркса',
          home: '10',
          apartment: '5',
          entrance: null,
          floor: null,
          intercom: null,
          comment: null,
        },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().address.location).toEqual(KARLA_MARKSA_10);
    expect(askedAtAll()).toBe(total);
  });

  async function cityRow(id: string) {
    const row = await server.db.run(
      async (db) => (await db.select().from(cities).where(eq(cities.id, id)).limit(1))[0],
    );
    if (!row) throw new Error(`seed has no ${id}`);
    return row;
  }
});
