// @vitest-environment jsdom
// Before the storefront can act (catalogue, settings and city list loaded) the menu shows a
// skeleton of the grid instead of cards: an add clicked while the settings are still on their way
// used to be refused by the core ('not-ready') with nothing shown (skeletons).
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalog } from '../fixtures/catalog';
import { cartItem } from '../fixtures/cart';
import { cities, settings, ANGARSK } from '../fixtures/settings';
import { evolveAll, initialState } from '../../src/projections/store';
import { setup } from './helpers';

const catalogOnly = evolveAll(initialState, [
  { type: 'CitiesLoaded', data: { cities } },
  { type: 'CatalogLoaded', data: { catalog, version: 'c1' } },
  { type: 'SessionStarted', data: { cityId: ANGARSK.id, openedAt: '2026-11-23T00:00:00.000Z' } },
]);

describe('menu while the storefront loads', () => {
  it('the catalogue without the settings: a skeleton and no add buttons', async () => {
    const app = setup({ path: '/angarsk/catalog', state: catalogOnly });
    expect(await screen.findByTestId('catalog-skeleton')).toBeTruthy();
    expect(screen.getByText('Загружаем меню…')).toBeTruthy();
    expect(screen.queryAllByRole('button', { name: /Добавить/ })).toHaveLength(0);
    act(() => app.store.dispatch({ type: 'ApplySettings', data: { settings } }));
    expect((await screen.findAllByRole('button', { name: /Добавить/ })).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('catalog-skeleton')).toBeNull();
  });
});

describe('index while the settings load (no layout shift)', () => {
  it('the slider keeps its place until the settings bring the slides', async () => {
    const app = setup({ path: '/angarsk', state: catalogOnly });
    expect(await screen.findByTestId('slider-placeholder')).toBeTruthy();
    act(() => app.store.dispatch({ type: 'ApplySettings', data: { settings } }));
    expect(screen.queryByTestId('slider-placeholder')).toBeNull();
  });
});

describe('cart while the settings load', () => {
  it("the coupon field waits for the city's isPromocodeHide instead of flashing up", async () => {
    const line = cartItem('l1', catalog.products[0]!);
    const state = evolveAll(catalogOnly, [{ type: 'ItemAdded', data: { line } }]);
    const app = setup({ path: '/angarsk/cart', state });
    await screen.findByRole('heading', { level: 1, name: 'Корзина' });
    expect(screen.queryByLabelText('Промокод')).toBeNull();
    act(() => app.store.dispatch({ type: 'ApplySettings', data: { settings } }));
    expect(await screen.findByLabelText('Промокод')).toBeTruthy();
  });
});
