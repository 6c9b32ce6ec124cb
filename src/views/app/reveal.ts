// Long menus render in two steps: the first sections at once, the rest in a transition right
// after, which React renders in small time slices. The page shows sooner and the main thread is
// not blocked by one long render of every card (Lighthouse TBT).
import { startTransition, useEffect, useState } from 'react';

export const FIRST_SECTIONS = 2;

/** The items to render now: the first `first` of them, then (after a transition) all. */
export function useProgressive<T>(items: readonly T[], first = FIRST_SECTIONS): readonly T[] {
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (all) return;
    startTransition(() => setAll(true));
  }, [all]);
  return all ? items : items.slice(0, first);
}
