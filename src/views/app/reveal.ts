// Long menus render in steps: the first cards at once (a screen's worth), then a few more per
// step, each step a transition of its own scheduled as a new task. Each commit (the part React
// cannot slice) is then a handful of cards, never the rest of the menu, so the main thread is
// not blocked long (Lighthouse TBT) and the page can paint and answer taps between steps.
import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

/** Two rows of the widest grid (4 columns at 1280 px): what the first screen can show. */
export const FIRST_CARDS = 8;
export const CARDS_PER_STEP = 8;

type Section = { products: readonly unknown[] };

/** The sections that fit `budget` cards, in order; the last one cut short if need be. */
export function takeCards<S extends Section>(sections: readonly S[], budget: number): S[] {
  const out: S[] = [];
  let left = budget;
  for (const s of sections) {
    if (left <= 0) break;
    out.push(s.products.length <= left ? s : { ...s, products: s.products.slice(0, left) });
    left -= s.products.length;
  }
  return out;
}

const noSubscription = () => () => {};

/**
 * True on the server and while hydrating a server-rendered page (React then reads the server
 * snapshot), false in a client render.
 */
export function useServerRendering(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}

/**
 * The sections to render now: the first `first` cards, then `step` more per step until all. A
 * server-rendered page has them all (readable without JavaScript), and hydration renders the same.
 */
export function useProgressiveSections<S extends Section>(
  sections: readonly S[],
  first = FIRST_CARDS,
  step = CARDS_PER_STEP,
): readonly S[] {
  const total = sections.reduce((n, s) => n + s.products.length, 0);
  const whole = useServerRendering();
  const [budget, setBudget] = useState(() => (whole ? Number.POSITIVE_INFINITY : first));
  const done = budget >= total;
  useEffect(() => {
    if (done) return;
    const timer = window.setTimeout(() => startTransition(() => setBudget((b) => b + step)), 0);
    return () => window.clearTimeout(timer);
  }, [budget, done, step]);
  return done ? sections : takeCards(sections, budget);
}
