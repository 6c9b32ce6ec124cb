// @vitest-environment jsdom
// The menu renders its first cards at once and then a few more per step, each step its own
// commit (Lighthouse TBT): in the end every card is there, in order. Every section is there from
// the start (the dishes not yet cards are links), and the first step is the server's too.
import { renderHook, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  CARDS_PER_STEP,
  FIRST_CARDS,
  revealCards,
  useProgressiveSections,
  type RevealedSection,
} from '../../src/views/app/reveal';

const section = (name: string, n: number) => ({
  name,
  products: Array.from({ length: n }, (_, i) => `${name}-${i + 1}`),
});
const cardCount = (sections: readonly RevealedSection<unknown>[]) => sections.reduce((n, s) => n + s.cards, 0);

describe('revealCards', () => {
  const menu = [section('Роллы', 3), section('Пицца', 5), section('Закуски', 4)];
  it('whole sections while the budget lasts, then the start of the next one; every section listed', () => {
    expect(revealCards(menu, 5).map((s) => [s.section.name, s.cards])).toEqual([
      ['Роллы', 3],
      ['Пицца', 2],
      ['Закуски', 0],
    ]);
    expect(revealCards(menu, 3).map((s) => s.cards)).toEqual([3, 0, 0]);
    expect(revealCards(menu, 100).map((s) => s.cards)).toEqual([3, 5, 4]);
    expect(revealCards(menu, 0).map((s) => s.cards)).toEqual([0, 0, 0]);
  });
  it('each entry carries its section object as it is', () => {
    expect(revealCards(menu, 4)[0]?.section).toBe(menu[0]);
  });
});

describe('useProgressiveSections', () => {
  it(`renders the first ${FIRST_CARDS} cards, then ${CARDS_PER_STEP} more per step until all of them`, async () => {
    const menu = [section('Роллы', 10), section('Сеты', 7), section('Пицца', 12), section('Закуски', 5)];
    const seen: number[] = [];
    const { result } = renderHook(() => {
      const shown = useProgressiveSections(menu);
      seen.push(cardCount(shown));
      return shown;
    });
    await waitFor(() => expect(cardCount(result.current)).toBe(34));
    const steps = [...new Set(seen)];
    expect(steps[0]).toBe(FIRST_CARDS);
    // Each step adds at most CARDS_PER_STEP cards: no step renders the rest of the menu at once.
    steps.slice(1).forEach((n, i) => expect(n - (steps[i] ?? 0)).toBeLessThanOrEqual(CARDS_PER_STEP));
    expect(result.current.map((s) => s.section)).toEqual(menu);
  });

  it('a short menu is all there at once', () => {
    const menu = [section('Роллы', 2)];
    const { result } = renderHook(() => useProgressiveSections(menu));
    expect(result.current.map((s) => s.cards)).toEqual([2]);
  });

  it(`the server renders the same first step (${FIRST_CARDS} cards), not the whole menu`, () => {
    const menu = [section('Роллы', 10), section('Пицца', 12)];
    function Menu() {
      const shown = useProgressiveSections(menu);
      return <p>{shown.map((s) => `${s.section.name}:${s.cards}`).join(',')}</p>;
    }
    expect(renderToString(<Menu />)).toBe(`<p>Роллы:${FIRST_CARDS},Пицца:0</p>`);
  });
});
