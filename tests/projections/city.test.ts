// The city projection knows whether the visitor chose the city (PRODUCT.md §2: "The URL base path is
// /{city slug}/ once a city is chosen"): a returning visitor (the isCitySelected cookie) has, a
// first visit shown the 'Выберите свой город' prompt has not, until they pick one.
import { describe, expect, it } from 'vitest';
import { evolveAll, initialState } from '../../src/projections/store';
import { cities, ANGARSK } from '../fixtures/settings';

const loaded = evolveAll(initialState, [{ type: 'CitiesLoaded', data: { cities } }]);
const started = { type: 'SessionStarted', data: { cityId: ANGARSK.id, openedAt: '2026-11-23T10:00:00.000Z' } } as const;

describe('city chosen', () => {
  it('not before the session starts', () => {
    expect(loaded.city.chosen).toBe(false);
  });
  it('a returning visitor: the session starts with their chosen city', () => {
    expect(evolveAll(loaded, [started]).city.chosen).toBe(true);
  });
  it('a first visit: the prompt is shown, nothing is chosen yet', () => {
    expect(evolveAll(loaded, [started, { type: 'CityPromptShown', data: {} }]).city.chosen).toBe(false);
  });
  it('picking a city in the prompt chooses it', () => {
    const picked = evolveAll(loaded, [
      started,
      { type: 'CityPromptShown', data: {} },
      { type: 'CitySelected', data: { cityId: ANGARSK.id, slug: ANGARSK.slug } },
    ]);
    expect(picked.city.chosen).toBe(true);
  });
});
