// Rules the server's rendering, its SEO head and the browser share (src/domain/siteDefaults.ts):
// the default city of a plain address, and the footer's year in a cached page.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { renderingServer, storefrontStateOf } from './renderingServer.js';
import { CITY } from '../../server/seed/ids';

const stateOf = (html: string) =>
  storefrontStateOf(html) as { city: { selectedId: string }; page: { entries: object } };

/** The footer's © year as the page shows it (React separates text parts with empty comments). */
const footerYear = (html: string) => /©\s(?:<!-- -->)?(\d{4})/.exec(html)?.[1] ?? null;

describe('one default city and a footer year that follows the calendar', () => {
  const server = renderingServer({ prefix: 'storefront-ssr-defaults-' });
  const get = (url: string) => server.app.inject({ method: 'GET', url });

  it('a page cached in December is rendered again with the new year once the city’s New Year comes', async () => {
    // 23:00 on 31 December in Irkutsk (UTC+8), then 00:30 on 1 January there
    server.clock.set('2026-12-31T15:00:00.000Z');
    expect(footerYear((await get('/catalog/drinks')).body)).toBe('2026');
    server.clock.set('2026-12-31T16:30:00.000Z');
    expect(footerYear((await get('/catalog/drinks')).body)).toBe('2027');
  });

  it('PRODUCT.md §4: a plain address shows the ANGARSK_ID city in the page, its state and its SEO head', async () => {
    await server.db.run((db) =>
      db.execute(sql`update settings set value = ${JSON.stringify(CITY.shelekhov)}::jsonb where name = 'ANGARSK_ID'`),
    );
    await server.db.run((db) =>
      db.execute(
        sql`update pages set title = 'Доставка по Шелехову' where slug = 'delivery' and city_id = ${CITY.shelekhov}`,
      ),
    );
    await server.db.run((db) => db.execute(sql`update content_versions set version = version + 1`));
    const res = await get('/delivery');
    expect(res.statusCode).toBe(200);
    const state = stateOf(res.body);
    expect(state.city.selectedId).toBe(CITY.shelekhov);
    expect(Object.keys(state.page.entries)).toEqual([`delivery/${CITY.shelekhov}`]);
    // the head is built from the same city's page as the markup
    expect(res.body).toMatch(/<title>Доставка по Шелехову — /);
  });
});
