// The browser builds a navigated page's head from its state with the same builder the server
// renders into each page (src/domain/seo/pageHead.ts): for the state the server renders a page
// from, the browser's head must be the server's, JSON-LD aside (server-only) and with no override.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INFORMATIONAL_PAGES, matchSiteRoute } from '../../../src/api/siteRoutes.js';
import { buildHead } from '../../../src/domain/seo/pageHead.js';
import { headInputFromState } from '../../../src/views/app/documentHead.js';
import { pageTitle } from '../../../src/views/app/pageMeta.js';
import { buildServerState } from '../../../src/views/ssr/serverState.js';
import { PRODUCT } from '../../../server/seed/ids.js';
import { buildPageHead } from '../../../server/seo/pageHead.js';
import { loadPageHeadInput } from '../../../server/seo/pageHeadData.js';
import { pageData } from '../../../server/ssr/pageData.js';
import { createTestServer, type TestServer } from '../helpers.js';

const PUBLIC_URL = 'https://shop.example';
const SLUGS = ['angarsk', 'shelekhov', 'irkutsk'];
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({ config: { publicUrl: `${PUBLIC_URL}/` } });
});
afterAll(async () => {
  await server.close();
});

const PATHS = [
  '/',
  '/angarsk',
  '/catalog',
  '/shelekhov/catalog',
  '/angarsk/catalog/pizza',
  '/angarsk/catalog/no-such-section',
  `/angarsk/catalog/pizza/${PRODUCT.giftPizza}`,
  `/catalog/rolls/${PRODUCT.giftPizza}`,
  '/angarsk/catalog/pizza/no-such-dish',
  '/cart',
  '/angarsk/checkout',
  '/personal/history',
  ...INFORMATIONAL_PAGES.flatMap((page) => [`/${page}`, `/angarsk/${page}`, `/irkutsk/${page}`]),
];

describe('the browser builds the head the server renders', () => {
  it.each(PATHS)('%s: title, description, canonical, robots, og: and twitter: are the same', async (path) => {
    const match = matchSiteRoute(path, SLUGS);
    if (match === null) throw new Error(`no route ${path}`);
    const { jsonLd: _jsonLd, ...serverHead } = buildPageHead(await loadPageHeadInput(server.ctx, match));
    const data = await pageData(server.ctx, match);
    const state = buildServerState({
      ...(await data.input()),
      pathname: path,
      search: '',
      match,
      now: '2026-11-20T05:00:00.000Z',
    });
    const input = headInputFromState(state, match, PUBLIC_URL);
    expect(input, 'the state has what the head needs').not.toBeNull();
    if (input === null) return;
    expect(buildHead(input)).toEqual(serverHead);
    // The rendered page's own title (kept for an unknown address) comes from the same builder.
    expect(pageTitle(state, match)).toBe(serverHead.title);
  });

  it('an unknown address is titled «Страница не найдена — Ролл и Пицца»', async () => {
    const data = await pageData(server.ctx, null);
    const state = buildServerState({ ...(await data.input()), pathname: '/nowhere', search: '', match: null, now: '' });
    expect(pageTitle(state, null)).toBe('Страница не найдена — Ролл и Пицца');
  });
});
