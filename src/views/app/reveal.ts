// Long menus render in steps: the first cards at once (a screen's worth), then a few more per
// step, each step a transition of its own scheduled as a new task. Each commit (the part React
// cannot slice) is then a handful of cards, never the rest of the menu, so the main thread is
// not blocked long (Lighthouse TBT) and the page can paint and answer taps between steps.
// The server renders the same first step (docs/SSR.md «Long menus»), so hydration matches; the
// dishes not yet shown as cards are plain links meanwhile (readable without JavaScript).
import { startTransition, useEffect, useState } from 'react';

/** Two rows of the widest grid (4 columns at 1280 px): what the first screen can show. */
export const FIRST_CARDS = 8;
export const CARDS_PER_STEP = 8;

type Section = { products: readonly unknown[] };

/** A section and how many of its products (from the start) are shown as cards now. */
export interface RevealedSection<S> {
  section: S;
  cards: number;
}

/** Every section, in order, with the cards `budget` allows: whole sections first, then the start of the next. */
export function revealCards<S extends Section>(sections: readonly S[], budget: number): RevealedSection<S>[] {
  let left = Math.max(0, budget);
  return sections.map((section) => {
    const cards = Math.min(section.products.length, left);
    left -= cards;
    return { section, cards };
  });
}

/**
 * The sections with the cards to render now: the first `first` cards, then `step` more per step
 * until all. The server and the hydrating browser render the first step alike.
 */
export function useProgressiveSections<S extends Section>(
  sections: readonly S[],
  first = FIRST_CARDS,
  step = CARDS_PER_STEP,
): RevealedSection<S>[] {
  const total = sections.reduce((n, s) => n + s.products.length, 0);
  const [budget, setBudget] = useState(first);
  const done = budget >= total;
  useEffect(() => {
    if (done) return;
    const timer = window.setTimeout(() => startTransition(() => setBudget((b) => b + step)), 0);
    return () => window.clearTimeout(timer);
  }, [budget, done, step]);
  return revealCards(sections, budget);
}
