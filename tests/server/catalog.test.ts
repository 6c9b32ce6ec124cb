import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Catalog } from '../../src/api/entities.js';
import { getCatalog, getCatalogVersion } from '../../src/api/contract/catalog.js';
import { PRODUCT, TERMINAL } from '../../server/seed/index.js';
import { createSession } from '../../server/services/sessions.js';
import { catalogVersion, sharedCatalog } from '../../server/services/catalog.js';
import { chooseEncoding, etagMatches } from '../../server/routes/catalog.js';
import { testServerPerFile } from './helpers.js';
import { one } from './catalogFixtures.js';

const server = testServerPerFile();

async function getVersion(): Promise<string> {
  const res = await server.app.inject({ method: 'GET', url: '/api/v1/storage/version' });
  expect(res.statusCode).toBe(200);
  return getCatalogVersion.response?.parse(res.json()).version ?? '';
}

async function fetchCatalog(headers: Record<string, string> = {}) {
  const res = await server.app.inject({ method: 'GET', url: '/api/v1/catalog', headers });
  return res;
}

describe('GET /api/v1/storage/version', () => {
  it('answers { version } as a string', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/storage/version' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ version: expect.stringMatching(/^\d+$/) });
  });
});

describe('GET /api/v1/catalog', () => {
  it('answers groups, products and stopList exactly as the shared Catalog schema', async () => {
    const res = await fetchCatalog();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const body = res.json();
    const parsed = Catalog.parse(body);
    expect(getCatalog.response?.safeParse(body).success).toBe(true);
    // nothing beyond the schema: parsing keeps every key
    expect(JSON.parse(JSON.stringify(parsed))).toEqual(body);
    expect(parsed.products.length).toBeGreaterThanOrEqual(80);
    expect(parsed.products.every((p) => p.isLiked === false && p.likesCount === 0)).toBe(true);
    expect(parsed.stopList[0]?.deliveryTerminalId).toBe(TERMINAL.angarsk1);
    const pizza = parsed.products.find((p) => p.id === PRODUCT.giftPizza);
    expect(pizza?.groupModifiers.length).toBe(3);
  });

  it('sends a strong ETag and answers 304 with no body on If-None-Match', async () => {
    const first = await fetchCatalog();
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await fetchCatalog({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const stale = await fetchCatalog({ 'if-none-match': '"something-else"' });
    expect(stale.statusCode).toBe(200);
  });

  it('compresses with gzip or brotli as Accept-Encoding asks, to the same JSON', async () => {
    const plain = await fetchCatalog();
    const gz = await server.app.inject({
      method: 'GET',
      url: '/api/v1/catalog',
      headers: { 'accept-encoding': 'gzip, deflate' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toContain('Accept-Encoding');
    expect(zlib.gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    const br = await server.app.inject({
      method: 'GET',
      url: '/api/v1/catalog',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    expect(gz.headers.etag).toBe(plain.headers.etag);
  });

  it('keeps one prepared body per catalogue state and rebuilds it only after a change', async () => {
    const first = await sharedCatalog(server.db);
    expect(await sharedCatalog(server.db)).toBe(first);
    await server.db.run((db) =>
      db.execute(sql`update products set description = description || ' ' where id = 'edamame'`),
    );
    const next = await sharedCatalog(server.db);
    expect(next).not.toBe(first);
    expect(next.version).not.toBe(first.version);
    expect(await sharedCatalog(server.db)).toBe(next);
  });

  it('with a max age, reads the version at most once per window; a change shows after it', async () => {
    const first = await sharedCatalog(server.db, 60_000);
    const versionBefore = await catalogVersion(server.db, 60_000);
    await server.db.run((db) =>
      db.execute(sql`update products set description = description || ' ' where id = 'edamame'`),
    );
    // inside the window: the cached key, the same body
    expect(await sharedCatalog(server.db, 60_000)).toBe(first);
    expect(await catalogVersion(server.db, 60_000)).toBe(versionBefore);
    // max age 0 (and any later window) reads the database again
    const fresh = await sharedCatalog(server.db, 0);
    expect(fresh).not.toBe(first);
    expect(await catalogVersion(server.db, 0)).not.toBe(versionBefore);
  });

  it('a like changes the shared body (likesCount) through the likes version, not the catalogue version clients poll', async () => {
    const before = await sharedCatalog(server.db);
    const user = await server.db.run((db) =>
      db.execute(sql`insert into users (phone, name) values ('+79995550101', 'Лайк') returning id`),
    );
    const userId = String((user as unknown as { rows: { id: string }[] }).rows[0]?.id);
    await server.db.run((db) => db.execute(sql`insert into likes (user_id, product_id) values (${userId}, 'edamame')`));
    const after = await sharedCatalog(server.db);
    expect(after).not.toBe(before);
    expect(after.version).toBe(before.version);
    expect(after.catalog.products.find((p) => p.id === 'edamame')?.likesCount).toBe(
      (before.catalog.products.find((p) => p.id === 'edamame')?.likesCount ?? 0) + 1,
    );
  });

  it('negotiates encodings by q-value', () => {
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('gzip;q=1, br;q=0')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(etagMatches('W/"a", "b"', '"b"')).toBe(true);
    expect(etagMatches('"a"', '"b"')).toBe(false);
  });

  it('bumps the catalogue version and the ETag when a product row changes (direct SQL)', async () => {
    const before = await getVersion();
    const etag = String((await fetchCatalog()).headers.etag);
    await server.db.run((db) => db.execute(sql`update products set price = price + 10 where id = ${PRODUCT.fries}`));
    const after = await getVersion();
    expect(after).not.toBe(before);
    const res = await fetchCatalog({ 'if-none-match': etag });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).not.toBe(etag);
    const fries = Catalog.parse(res.json()).products.find((p) => p.id === PRODUCT.fries);
    expect(fries?.price).toBe(159);
  });

  it('bumps the version when the stop list or a group changes, and hides invisible products', async () => {
    const before = await getVersion();
    await server.db.run((db) =>
      db.execute(
        sql`insert into stop_list (delivery_terminal_id, product_id, balance) values (${TERMINAL.irkutsk1}, 'coca-cola', 0)`,
      ),
    );
    const afterStop = await getVersion();
    expect(afterStop).not.toBe(before);
    await server.db.run((db) => db.execute(sql`update products set is_visible = false where id = 'sprite'`));
    await server.db.run((db) => db.execute(sql`update groups set name = 'Напитки и соки' where id = 'drinks'`));
    expect(await getVersion()).not.toBe(afterStop);
    const catalog = Catalog.parse((await fetchCatalog()).json());
    expect(catalog.products.some((p) => p.id === 'sprite')).toBe(false);
    expect(catalog.groups.find((g) => g.id === 'drinks')?.name).toBe('Напитки и соки');
    expect(catalog.stopList.find((s) => s.deliveryTerminalId === TERMINAL.irkutsk1)?.items).toEqual([
      { productId: 'coca-cola', balance: 0 },
    ]);
  });

  it('counts likes for everyone and marks isLiked only for the signed-in customer', async () => {
    const userId = await server.db.run(async (db) => {
      const a = await db.execute(sql`insert into users (phone, name) values ('+79990000001', 'Анна') returning id`);
      await db.execute(sql`insert into users (phone, name) values ('+79990000002', 'Борис')`);
      return (a as unknown as { rows: { id: string }[] }).rows[0]?.id ?? '';
    });
    const other = await one<{ id: string }>(server.db, sql`select id from users where phone = '+79990000002'`);
    await server.db.run((db) =>
      db.execute(
        sql`insert into likes (user_id, product_id) values (${userId}, 'canada'), (${other.id}, 'canada'), (${userId}, 'dragon')`,
      ),
    );
    const token = await server.db.run((db) => createSession(db, userId, server.clock.now()));

    const anonymous = Catalog.parse((await fetchCatalog()).json());
    expect(anonymous.products.find((p) => p.id === 'canada')).toMatchObject({ likesCount: 2, isLiked: false });
    expect(anonymous.products.find((p) => p.id === 'dragon')).toMatchObject({ likesCount: 1, isLiked: false });

    const mineRes = await fetchCatalog({ authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' });
    expect(mineRes.statusCode).toBe(200);
    expect(mineRes.headers['cache-control']).toContain('private');
    const mine = Catalog.parse(JSON.parse(zlib.gunzipSync(mineRes.rawPayload).toString('utf8')));
    expect(
      mine.products
        .filter((p) => p.isLiked)
        .map((p) => p.id)
        .sort(),
    ).toEqual(['canada', 'dragon']);
    expect(mine.products.find((p) => p.id === 'canada')?.likesCount).toBe(2);
    const anonymousEtag = String((await fetchCatalog()).headers.etag);
    expect(mineRes.headers.etag).not.toBe(anonymousEtag);
    const again = await fetchCatalog({
      authorization: `Bearer ${token}`,
      'if-none-match': String(mineRes.headers.etag),
    });
    expect(again.statusCode).toBe(304);

    // An unlike is seen by the next request without a catalogue version change.
    const version = await getVersion();
    await server.db.run((db) => db.execute(sql`delete from likes where user_id = ${other.id}`));
    const afterUnlike = Catalog.parse((await fetchCatalog()).json());
    expect(afterUnlike.products.find((p) => p.id === 'canada')?.likesCount).toBe(1);
    expect(await getVersion()).toBe(version);

    // A bad token is simply anonymous.
    const bad = await fetchCatalog({ authorization: 'Bearer not-a-token' });
    expect(bad.statusCode).toBe(200);
    expect(Catalog.parse(bad.json()).products.every((p) => !p.isLiked)).toBe(true);
  });
});
