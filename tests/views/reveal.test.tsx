// @vitest-environment jsdom
// The menu renders its first cards at once and then a few more per step, each step its own
// commit (Lighthouse TBT): in the end every card is there, in order.
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CARDS_PER_STEP, FIRST_CARDS, takeCards, useProgressiveSections } from '../../src/views/app/reveal';

const section = (name: string, n: number) => ({
  name,
  products: Array.from({ length: n }, (_, i) => `${name}-${i + 1}`),
});
const cards = (sections: readonly { products: readonly string[] }[]) => sections.flatMap((s) => s.products);

describe('takeCards', () => {
  const menu = [section('Роллы', 3), section('Пицца', 5), section('Закуски', 4)];
  it('whole sections while the budget lasts, then the start of the next one', () => {
    expect(takeCards(menu, 5).map((s) => [s.name, s.products.length])).toEqual([
      ['Роллы', 3],
      ['Пицца', 2],
    ]);
    expect(takeCards(menu, 3)).toEqual([menu[0]]);
    expect(takeCards(menu, 100)).toEqual(menu);
    expect(takeCards(menu, 0)).toEqual([]);
  });
  it('a section shown whole is the same object (React keeps its grid)', () => {
    expect(takeCards(menu, 4)[0]).toBe(menu[0]);
  });
});

describe('useProgressiveSections', () => {
  it(`renders the first ${FIRST_CARDS} cards, then ${CARDS_PER_STEP} more per step until all of them`, async () => {
    const menu = [section('Роллы', 10), section('Сеты', 7), section('Пицца', 12), section('Закуски', 5)];
    const seen: number[] = [];
    const { result } = renderHook(() => {
      const shown = useProgressiveSections(menu);
      seen.push(cards(shown).length);
      return shown;
    });
    await waitFor(() => expect(result.current).toEqual(menu));
    const steps = [...new Set(seen)];
    expect(steps[0]).toBe(FIRST_CARDS);
    // Each step adds at most CARDS_PER_STEP cards: no step renders the rest of the menu at once.
    steps.slice(1).forEach((n, i) => expect(n - (steps[i] ?? 0)).toBeLessThanOrEqual(CARDS_PER_STEP));
    expect(steps.at(-1)).toBe(34);
  });

  it('a short menu is all there at once', () => {
    const menu = [section('Роллы', 2)];
    const { result } = renderHook(() => useProgressiveSections(menu));
    expect(result.current).toBe(menu);
  });
});
