// @vitest-environment jsdom
// The dishes of a long menu not yet shown as cards, as links with their prices
// (src/views/components/ProductLinks.tsx): each dish's address and label are kept per catalogue
// object, so another catalogue (a new price, a moved dish) is never shown with the old ones.
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../src/api/entities';
import { initialState } from '../../src/projections/store';
import { StoreProvider, type ViewStore } from '../../src/views/app/store';
import { ProductLinks } from '../../src/views/components/ProductLinks';
import { generateCatalog, sellable } from '../../tools/gen-catalog';

const NBSP = '\u00a0';
/** A first visit's store: no city chosen, so the links carry no city prefix. */
const store: ViewStore = {
  getState: () => initialState,
  subscribe: () => () => {},
  dispatch: () => undefined,
  now: () => '2026-11-26T07:00:00.000Z',
};
const links = (catalog: Catalog) =>
  renderToString(
    <StoreProvider store={store}>
      <ProductLinks products={sellable(catalog).slice(0, 3)} catalog={catalog} />
    </StoreProvider>,
  );

describe('ProductLinks', () => {
  it("each dish's link and price; the same again for the same catalogue; a new catalogue's own", () => {
    const catalog = generateCatalog(12);
    const dish = sellable(catalog)[0];
    if (dish === undefined) throw new Error('no dish');
    const section = catalog.groups.find((g) => g.id === dish.parentGroup);
    const first = links(catalog);
    expect(first).toContain(`href="/catalog/${section?.slug}/${dish.id}"`);
    expect(first).toContain(dish.name);
    expect(links(catalog)).toBe(first);

    const repriced: Catalog = {
      ...catalog,
      products: catalog.products.map((p) => (p.id === dish.id ? { ...p, price: 12_345, groupModifiers: [] } : p)),
    };
    expect(links(repriced)).toContain(`12${NBSP}345${NBSP}₽`);
    const moved: Catalog = {
      ...catalog,
      groups: catalog.groups.map((g) => (g.id === dish.parentGroup ? { ...g, slug: 'moved' } : g)),
    };
    expect(links(moved)).toContain(`href="/catalog/moved/${dish.id}"`);
  });
});
