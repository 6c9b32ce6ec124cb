// @vitest-environment jsdom
// The head follows client-side navigation (App.tsx useDocumentHead → src/views/app/documentHead.ts):
// the first page keeps the server's head; each navigated page gets its title, description,
// canonical, robots, og: and twitter: tags as the server would render them (docs/SEO.md).
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogWith, GROUP, PRODUCT } from '../fixtures/catalog';
import { ANGARSK } from '../fixtures/settings';
import { readyState } from '../fixtures/state';
import { plain, setup } from './helpers';

const ORIGIN = 'https://shop.example';
/** What the server rendered for the first page (/angarsk), with a picture. */
const SERVER_HEAD = [
  '<title>Доставка роллов и пиццы в Ангарске — Ролл и Пицца</title>',
  '<meta name="description" content="Закажите роллы…" />',
  `<link rel="canonical" href="${ORIGIN}/angarsk" />`,
  '<meta property="og:type" content="website" />',
  '<meta property="og:title" content="Доставка роллов и пиццы в Ангарске — Ролл и Пицца" />',
  `<meta property="og:url" content="${ORIGIN}/angarsk" />`,
  `<meta property="og:image" content="${ORIGIN}/img/slide.jpg?preset=og" />`,
  '<meta property="og:image:width" content="1200" />',
  '<meta property="og:image:height" content="630" />',
  '<meta property="og:image:alt" content="Ролл и Пицца" />',
  '<meta name="twitter:card" content="summary_large_image" />',
  `<meta name="twitter:image" content="${ORIGIN}/img/slide.jpg?preset=og" />`,
].join('');

const content = (selector: string) => document.head.querySelector(selector)?.getAttribute('content') ?? null;
const og = (key: string) => content(`meta[property="og:${key}"]`);
const twitter = (key: string) => content(`meta[name="twitter:${key}"]`);
const canonical = () => document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? null;
const PIZZA_PATH = `/angarsk/catalog/${GROUP.pizza}/${PRODUCT.pizza}`;

beforeEach(() => {
  document.head.innerHTML = SERVER_HEAD;
});
afterEach(() => {
  document.head.innerHTML = '';
});

describe('the head follows client-side navigation', () => {
  it('the first page keeps the server’s head; a navigated product page gets its own tags', async () => {
    const withPicture = catalogWith((c) => {
      const pizza = c.products.find((p) => p.id === PRODUCT.pizza);
      if (pizza) pizza.imageUrl = '/img/pepperoni.jpg';
    });
    // The head's chunk loaded before the first render: had the first page been rebuilt, it
    // would show by the time the page has rendered.
    await import('../../src/views/app/documentHead');
    const app = setup({ path: '/angarsk/about', state: readyState({ catalog: withPicture }) });
    expect(await screen.findByRole('heading', { name: 'Страница about', level: 1 })).toBeTruthy();
    expect(document.title).toBe('Доставка роллов и пиццы в Ангарске — Ролл и Пицца');
    expect(canonical()).toBe(`${ORIGIN}/angarsk`);

    act(() => app.location.navigate(PIZZA_PATH));
    // docs/SEO.md: '{name} — {price} с доставкой {в городе} — Ролл и Пицца'; price 100 and the required size from 350 make it 'от 450'
    await waitFor(() =>
      expect(plain(document.title)).toBe('Пепперони — от 450 ₽ с доставкой в Ангарске — Ролл и Пицца'),
    );
    expect(canonical()).toBe(`${ORIGIN}${PIZZA_PATH}`);
    expect(plain(content('meta[name="description"]'))).toBe(
      'Пепперони за от 450 ₽ с доставкой в Ангарске. Пицца с колбасками',
    );
    expect(og('type')).toBe('product');
    expect(plain(og('title'))).toBe(plain(document.title));
    expect(og('url')).toBe(`${ORIGIN}${PIZZA_PATH}`);
    expect(og('image')).toBe(`${ORIGIN}/img/pepperoni.jpg?preset=og`);
    expect(og('image:alt')).toBe('Пепперони');
    expect(og('locale')).toBe('ru_RU');
    expect(twitter('card')).toBe('summary_large_image');
    expect(twitter('image')).toBe(`${ORIGIN}/img/pepperoni.jpg?preset=og`);
    expect(content('meta[name="robots"]')).toBeNull();
    // one tag per key: updated in place, not added again
    expect(document.head.querySelectorAll('meta[property="og:title"]')).toHaveLength(1);
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
  });

  it('a personal page gets robots noindex and loses the picture’s tags; an informational page drops robots again', async () => {
    const app = setup({ path: '/angarsk' });
    act(() => app.location.navigate('/angarsk/cart'));
    await waitFor(() => expect(document.title).toBe('Корзина — Ролл и Пицца'));
    expect(content('meta[name="robots"]')).toBe('noindex, nofollow');
    expect(canonical()).toBe(`${ORIGIN}/angarsk/cart`);
    for (const key of ['image', 'image:width', 'image:height', 'image:alt']) expect(og(key), key).toBeNull();
    expect(twitter('image')).toBeNull();
    expect(twitter('card')).toBe('summary');

    act(() => app.location.navigate('/angarsk/about'));
    // docs/SEO.md: '{page title} — Ролл и Пицца, {city}', the description the page's first paragraph
    await waitFor(() => expect(document.title).toBe(`Страница about — Ролл и Пицца, ${ANGARSK.name}`));
    expect(content('meta[name="description"]')).toBe('Первый абзац.');
    expect(content('meta[name="robots"]')).toBeNull();
    expect(canonical()).toBe(`${ORIGIN}/angarsk/about`);

    // An unknown address: no canonical, never indexed; the next page's addresses keep the site's origin.
    act(() => app.location.navigate('/angarsk/no-such-page'));
    await waitFor(() => expect(canonical()).toBeNull());
    expect(content('meta[name="robots"]')).toBe('noindex, nofollow');
    expect(og('title')).toBeNull();
    act(() => app.location.navigate('/angarsk/catalog'));
    await waitFor(() => expect(canonical()).toBe(`${ORIGIN}/angarsk/catalog`));
    expect(document.title).toBe('Меню — доставка роллов и пиццы в Ангарске — Ролл и Пицца');
    expect(document.head.querySelectorAll('meta[name="robots"]')).toHaveLength(0);
  });
});
