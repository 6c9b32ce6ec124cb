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

describe('the catalogue goes only where the page shows it', () => {
  it('menu and product pages carry the whole catalogue; informational and unknown pages none (the browser loads it)', () => {
    const product = catalog.products[0];
    const section = catalog.groups.find((g) => g.id === product?.parentGroup);
    for (const path of [
      '/',
      '/catalog',
      `/catalog/${section?.slug ?? ''}`,
      `/catalog/${section?.slug ?? ''}/${product?.id ?? ''}`,
    ]) {
      const state = buildServerState(input(path));
      expect(state.catalog.status, path).toBe('loaded');
      expect(state.catalog.catalog?.products, path).toHaveLength(catalog.products.length);
    }
    for (const path of ['/about', '/angarsk/delivery', '/no/such/page']) {
      const state = buildServerState(input(path));
      expect(state.catalog, path).toMatchObject({ status: 'idle', catalog: null });
      // the rest of the first visit is there: settings, cities, the session on the page's city
      expect(state.setting.settings, path).not.toBeNull();
      expect(state.city.selectedId, path).toBe(ANGARSK.id);
    }
  });
});
