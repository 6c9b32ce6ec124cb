// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { GROUP, PRODUCT } from '../fixtures/catalog';
import { readyState } from '../fixtures/state';
import { findCard, plain, setup } from './helpers';
import { evolveAll } from '../../src/projections/store';
import { SEARCH_DEBOUNCE_MS } from '../../src/views/pages/CatalogPage';

describe('catalogue (PRODUCT.md §2 /catalog, §4–§5)', () => {
  it("cards show name and 'от N ₽' when the price depends on the required modifiers", async () => {
    setup({ path: '/angarsk/catalog' });
    await screen.findByRole('heading', { name: 'Меню', level: 1 });
    expect(plain(within(await findCard('Пепперони')).getByText(/₽/).textContent)).toBe('от 450 ₽');
    expect(plain(within(await findCard('Филадельфия')).getByText(/₽/).textContent)).toBe('450 ₽');
  });

  it('the add button dispatches AddItem with the product id (default quantity from the core)', async () => {
    const app = setup({ path: '/angarsk/catalog' });
    await screen.findByRole('heading', { name: 'Меню', level: 1 });
    fireEvent.click(within(await findCard('Калифорния')).getByRole('button', { name: /Добавить/ }));
    expect(app.commands).toContainEqual({ type: 'AddItem', data: { productId: PRODUCT.california } });
    expect(plain(screen.getByTestId('cart-count').textContent)).toBe('1');
    // The header shows the sum to pay: 390 ₽ + delivery 150 ₽ + service fee 29 ₽.
    expect(plain(screen.getByTestId('cart-sum').textContent)).toBe('569 ₽');
  });

  it("adding a snack opens 'При заказе 3х любых закусок - картофель фри в подарок'", async () => {
    setup({ path: '/angarsk/catalog' });
    await screen.findByRole('heading', { name: 'Меню', level: 1 });
    fireEvent.click(within(await findCard('Наггетсы')).getByRole('button', { name: /Добавить/ }));
    expect(
      await screen.findByRole('dialog', { name: 'При заказе 3х любых закусок - картофель фри в подарок' }),
    ).toBeTruthy();
  });

  it('outside working hours adding opens the work-time modal', async () => {
    setup({ path: '/angarsk/catalog', now: '2026-11-23T16:30:00.000Z' });
    await screen.findByRole('heading', { name: 'Меню', level: 1 });
    fireEvent.click(within(await findCard('Калифорния')).getByRole('button', { name: /Добавить/ }));
    expect(await screen.findByText('Сейчас нерабочее время, приносим свои извинения.')).toBeTruthy();
    expect(plain(screen.getByTestId('cart-count').textContent)).toBe('0');
  });

  it('a section page lists only its products', async () => {
    setup({ path: `/angarsk/catalog/${GROUP.rolls}` });
    await screen.findByRole('heading', { name: 'Роллы', level: 1 });
    const names = screen.getAllByTestId('product-card').map((c) => within(c).getByRole('heading').textContent);
    expect(names).toEqual(['Филадельфия', 'Калифорния']);
  });

  it('products with an allergen the user excluded are hidden', async () => {
    const state = evolveAll(readyState(), [{ type: 'AllergensChanged', data: { codes: ['fish'] } }]);
    expect(state.user.profile?.userAllergens).toEqual(['fish']);
    setup({ path: `/angarsk/catalog/${GROUP.rolls}`, state });
    await screen.findByRole('heading', { name: 'Роллы', level: 1 });
    expect(screen.queryByRole('heading', { name: 'Филадельфия' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Калифорния' })).toBeTruthy();
  });

  it('search and filter chips are mutually exclusive', async () => {
    const app = setup({ path: '/angarsk/catalog' });
    await screen.findByRole('heading', { name: 'Меню', level: 1 });
    act(() => app.store.dispatch({ type: 'SearchCatalog', data: { text: 'калиф' } }));
    expect(screen.getAllByTestId('product-card')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Острое' }));
    expect(app.commands).toContainEqual({ type: 'FilterCatalog', data: { codes: ['spicy'] } });
    expect(app.store.getState().catalog.query).toEqual({ mode: 'filter', codes: ['spicy'] });
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('');
    expect(screen.getAllByTestId('product-card').map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'Пепперони',
    ]);
    expect(screen.getByRole('button', { name: 'Острое' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('a filter chip clicked while the typed search still waits for its debounce wins: the search is not applied after it', async () => {
    const app = setup({ path: '/angarsk/catalog' });
    await screen.findByRole('heading', { name: 'Меню', level: 1 });
    vi.useFakeTimers();
    try {
      fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'калиф' } });
      fireEvent.click(screen.getByRole('button', { name: 'Острое' }));
      act(() => void vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2));
      expect(app.commands.filter((c) => c.type === 'SearchCatalog')).toEqual([]);
      expect(app.store.getState().catalog.query).toEqual({ mode: 'filter', codes: ['spicy'] });
      expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('');
      expect(screen.getAllByTestId('product-card').map((c) => within(c).getByRole('heading').textContent)).toEqual([
        'Пепперони',
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the card name opens the product modal and links to the product page', async () => {
    const app = setup({ path: '/angarsk/catalog' });
    await screen.findByRole('heading', { name: 'Меню', level: 1 });
    const link = within(await findCard('Филадельфия')).getByRole('link', { name: 'Филадельфия' });
    expect(link.getAttribute('href')).toBe(`/angarsk/catalog/${GROUP.rolls}/${PRODUCT.phila}`);
    fireEvent.click(link);
    expect(app.commands).toContainEqual({
      type: 'OpenModal',
      data: { modal: { kind: 'product', productId: PRODUCT.phila } },
    });
    expect(await screen.findByRole('dialog', { name: 'Филадельфия' })).toBeTruthy();
  });

  it('the product page shows the product detail with its name as the page heading', async () => {
    setup({ path: `/angarsk/catalog/${GROUP.pizza}/${PRODUCT.pizza}` });
    expect(await screen.findByRole('heading', { name: 'Пепперони', level: 1 })).toBeTruthy();
    expect(plain(screen.getByTestId('price-label').textContent)).toBe('от 450 ₽');
  });
});
