// @vitest-environment jsdom
// Pictures are sized for the screen (Lighthouse "properly size images" on a 375 px phone): cards
// offer 200/400/800 px and say how wide they show; the first slide, the page's largest picture,
// is fetched first, the others lazily.
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CARD_IMAGE_SIZES, ProductImage } from '../../src/views/components/ProductImage';
import { evolveAll } from '../../src/projections/store';
import { catalog } from '../fixtures/catalog';
import { settings } from '../fixtures/settings';
import { readyState } from '../fixtures/state';
import { setup } from './helpers';

const SLIDES = [1, 2, 3].map((n) => ({
  id: `slide-${n}`,
  title: `Акция ${n}`,
  imageUrl: `/img/slides/slide-${n}.svg`,
  link: null,
}));

/** The catalogue page (or another) with a picture for every product. */
function openCatalogWithPictures(path = '/angarsk/catalog') {
  const withPictures = {
    ...catalog,
    products: catalog.products.map((p) => ({ ...p, imageUrl: `/img/products/${p.id}.svg` })),
  };
  return setup({
    path,
    state: evolveAll(readyState(), [{ type: 'CatalogLoaded', data: { catalog: withPictures, version: 'pictures' } }]),
  });
}

describe('responsive pictures', () => {
  it('a product picture offers widths, not densities, with the sizes it is shown at', () => {
    render(<ProductImage url="/img/products/roll.svg" alt="Ролл" width={400} sizes={CARD_IMAGE_SIZES} />);
    const img = screen.getByRole('img', { name: 'Ролл' });
    expect(img.getAttribute('srcset')).toBe(
      '/img/products/roll.svg?w=200&format=webp&q=80 200w, /img/products/roll.svg?w=400&format=webp&q=80 400w, /img/products/roll.svg?w=800&format=webp&q=80 800w',
    );
    expect(img.getAttribute('sizes')).toBe(CARD_IMAGE_SIZES);
    expect(img.getAttribute('src')).toBe('/img/products/roll.svg?w=400&format=webp&q=80');
    expect(img.getAttribute('loading')).toBe('lazy');
  });

  it('cards on the menu use the card sizes', async () => {
    openCatalogWithPictures();
    const cards = await screen.findAllByTestId('product-card');
    const pictures = cards.flatMap((card) => [...card.querySelectorAll('img')]);
    expect(pictures.length).toBeGreaterThan(0);
    expect(pictures.every((img) => img.getAttribute('sizes') === CARD_IMAGE_SIZES)).toBe(true);
  });

  it('on the catalogue the first screen’s two pictures load at once with high priority, the rest lazily', async () => {
    openCatalogWithPictures();
    await screen.findAllByTestId('product-card');
    const pictures = [...document.querySelectorAll('[data-testid="product-card"] img')];
    expect(pictures.length).toBeGreaterThan(2);
    expect(pictures.map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')])).toEqual([
      ['eager', 'high'],
      ['eager', 'high'],
      ...pictures.slice(2).map(() => ['lazy', null]),
    ]);
  });

  it('the first slide is fetched eagerly with high priority and sized for the screen; the rest lazily', async () => {
    const app = setup({ path: '/angarsk' });
    act(() => app.store.dispatch({ type: 'ApplySettings', data: { settings: { ...settings, SLIDES } } }));
    const slider = await screen.findByRole('region', { name: 'Акции' });
    const images = [...slider.querySelectorAll('img')];
    expect(images.length).toBeGreaterThan(1);
    expect(images[0]?.getAttribute('fetchpriority')).toBe('high');
    expect(images[0]?.getAttribute('loading')).toBe('eager');
    expect(images[0]?.getAttribute('sizes')).toBe('100vw');
    expect(images[0]?.getAttribute('srcset')).toMatch(
      /w=640&format=webp&q=80 640w, .*w=800&format=webp&q=80 800w, .*w=1280&format=webp&q=80 1280w, .*w=1920&format=webp&q=80 1920w$/,
    );
    expect(
      images
        .slice(1)
        .every((img) => img.getAttribute('loading') === 'lazy' && img.getAttribute('fetchpriority') === null),
    ).toBe(true);
  });

  it("on the index the menu's and the stories' pictures yield the bandwidth to the first slide", async () => {
    const app = openCatalogWithPictures('/angarsk');
    act(() => app.store.dispatch({ type: 'ApplySettings', data: { settings: { ...settings, SLIDES } } }));
    await screen.findAllByTestId('product-card');
    const cards = [...document.querySelectorAll('[data-testid="product-card"] img')];
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.map((img) => img.getAttribute('fetchpriority'))).toEqual(cards.map(() => 'low'));
  });
});
