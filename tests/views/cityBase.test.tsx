// @vitest-environment jsdom
// PRODUCT.md §2: "The URL base path is /{city slug}/ once a city is chosen". A plain address opened by
// a visitor who chose a city (a bookmark, a shared link) is replaced by the same page under the
// city; a first visit still deciding keeps the plain address.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GROUP } from '../fixtures/catalog';
import { readyState } from '../fixtures/state';
import { setup } from './helpers';

describe('the city base path in the address', () => {
  it.each([
    ['/', '/angarsk'],
    ['/catalog', '/angarsk/catalog'],
    [`/catalog/${GROUP.rolls}`, `/angarsk/catalog/${GROUP.rolls}`],
    ['/delivery', '/angarsk/delivery'],
  ])('a chosen city: %s becomes %s (replacing the entry, not adding one)', async (path, expected) => {
    const app = setup({ path, state: readyState() });
    await waitFor(() => expect(app.currentPath()).toBe(expected));
    expect(app.location.history).toEqual([expected]);
  });

  it('an address under a city stays as it is', async () => {
    const app = setup({ path: '/angarsk/catalog', state: readyState() });
    await screen.findByRole('heading', { name: 'Меню', level: 1 });
    expect(app.location.history).toEqual(['/angarsk/catalog']);
  });

  it('a first visit with the city prompt open keeps the plain address', async () => {
    const app = setup({ path: '/catalog', state: readyState({}, [{ type: 'CityPromptShown', data: {} }]) });
    await screen.findByRole('dialog', { name: 'Выберите свой город' });
    expect(app.location.history).toEqual(['/catalog']);
  });
});
