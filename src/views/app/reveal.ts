// Long menus render in steps: the first sections at once, then one more section per step, each
// step a transition of its own scheduled as a new task. Each commit (the part React cannot slice)
// is then one section's cards, not the whole menu's, so the main thread is never blocked long
// (Lighthouse TBT) and the page can paint and answer taps between steps.
import { startTransition, useEffect, useState } from 'react';

export const FIRST_SECTIONS = 2;

/** The items to render now: the first `first` of them, then one more per step until all. */
export function useProgressive<T>(items: readonly T[], first = FIRST_SECTIONS): readonly T[] {
  const [count, setCount] = useState(first);
  const done = count >= items.length;
  useEffect(() => {
    if (done) return;
    const timer = window.setTimeout(() => startTransition(() => setCount((c) => c + 1)), 0);
    return () => window.clearTimeout(timer);
  }, [count, done]);
  return done ? items : items.slice(0, count);
}
