// The server's state folds settings, cities and catalogue once per data and reuses it for every
// page (src/views/ssr/serverState.ts): the state must be the one a fresh fold gives, and any change
// of the data must show.
import { describe, expect, it } from 'vitest';
import type { PageRenderInput } from '../../src/api/pageRender';
import { matchSiteRoute } from '../../src/api/siteRoutes';
import { buildServerState } from '../../src/views/ssr/serverState';
import { catalog } from '../fixtures/catalog';
import { ANGARSK, cities, settings, settingsWith, SHELEKHOV } from '../fixtures/settings';

function input(pathname: string, change: Partial<PageRenderInput> = {}): PageRenderInput {
  return {
    pathname,
    search: '',
    match: matchSiteRoute(
      pathname,
      cities.map((c) => c.slug),
    ),
    settings,
    cities,
    catalog,
    catalogVersion: null,
    cityId: ANGARSK.id,
    page: null,
    pageFailure: null,
    now: '2026-11-20T05:00:00.000Z',
    ...change,
  };
}

describe('buildServerState reuses the folded data', () => {
  it('gives each page its own session on the shared data, as a fresh fold would', () => {
    const first = buildServerState(input('/catalog'));
    const second = buildServerState(
      input(`/${SHELEKHOV.slug}/catalog`, { cityId: SHELEKHOV.id, now: '2026-11-21T05:00:00.000Z' }),
    );
    expect(first.city).toMatchObject({ selectedId: ANGARSK.id, chosen: false });
    expect(second.city).toMatchObject({ selectedId: SHELEKHOV.id, chosen: true });
    expect(second.view.openedAt).toBe('2026-11-21T05:00:00.000Z');
    // the same catalogue object: folded once
    expect(second.catalog.catalog).toBe(first.catalog.catalog);
  });

  it('a new catalogue, new settings or another city list show at once', () => {
    buildServerState(input('/catalog'));
    const renamed = {
      ...catalog,
      products: catalog.products.map((p, i) => (i === 0 ? { ...p, name: 'Новое имя' } : p)),
    };
    expect(buildServerState(input('/catalog', { catalog: renamed })).catalog.catalog?.products[0]?.name).toBe(
      'Новое имя',
    );
    const phone = { ...settings.PHONES, deliveryService: '+7 (3955) 00-00-00' };
    expect(
      buildServerState(input('/catalog', { settings: settingsWith({ PHONES: phone }) })).setting.settings?.PHONES
        .deliveryService,
    ).toBe('+7 (3955) 00-00-00');
    const moved = cities.map((c) => (c.id === ANGARSK.id ? { ...c, name: 'Ангарск-2' } : c));
    expect(
      buildServerState(input('/catalog', { cities: moved })).city.list.find((c) => c.id === ANGARSK.id)?.name,
    ).toBe('Ангарск-2');
  });
});
