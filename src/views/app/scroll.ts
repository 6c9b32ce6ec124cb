// Scrolling after navigation (PRODUCT.md §2, §9): '#top-of-catalog' → that element with the header
// offset after 0.5 s; any other hash → its element with a 100 px offset after 0.5 s; otherwise
// the top of the page.
import { useEffect } from 'react';

export const SCROLL_DELAY_MS = 500;
/** How long after the delay a hash's element may still appear (the menu renders in steps). */
export const SCROLL_WAIT_MS = 3000;
const SCROLL_RETRY_MS = 100;
export const HASH_OFFSET_PX = 100;
export const TOP_OF_CATALOG = 'top-of-catalog';
/** PRODUCT.md §9 "header base 92 scaled by screen width, capped at 576". */
export const HEADER_BASE_PX = 92;
export const HEADER_WIDTH_CAP_PX = 576;

/**
 * Our reading of "header base 92 scaled by screen width, capped at 576": the 92 px header of the
 * 576 px-wide design scales with the screen width, and widths above 576 count as 576, so phones
 * get a proportionally smaller offset and wider screens the full 92 px.
 */
export function headerOffset(screenWidth: number): number {
  const width = Math.max(0, Math.min(screenWidth, HEADER_WIDTH_CAP_PX));
  return Math.round((HEADER_BASE_PX * width) / HEADER_WIDTH_CAP_PX);
}

export type ScrollPlan = { kind: 'top' } | { kind: 'element'; id: string; offset: number; delayMs: number };

export function scrollPlan(hash: string, screenWidth: number): ScrollPlan {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  if (id === '') return { kind: 'top' };
  if (id === TOP_OF_CATALOG)
    return { kind: 'element', id, offset: headerOffset(screenWidth), delayMs: SCROLL_DELAY_MS };
  return { kind: 'element', id, offset: HASH_OFFSET_PX, delayMs: SCROLL_DELAY_MS };
}

/** Runs the scroll rule whenever the displayed page or the hash changes. */
export function useScrollAfterNavigation(pageKey: string, hash: string): void {
  useEffect(() => {
    const plan = scrollPlan(hash, window.innerWidth);
    if (plan.kind === 'top') {
      window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
      return;
    }
    let waited = 0;
    const attempt = () => {
      const el = document.getElementById(plan.id);
      if (el === null) {
        if (waited >= SCROLL_WAIT_MS) return;
        waited += SCROLL_RETRY_MS;
        timer = window.setTimeout(attempt, SCROLL_RETRY_MS);
        return;
      }
      const top = el.getBoundingClientRect().top + window.scrollY - plan.offset;
      window.scrollTo({ top, left: 0, behavior: 'smooth' });
    };
    let timer = window.setTimeout(attempt, plan.delayMs);
    return () => window.clearTimeout(timer);
  }, [pageKey, hash]);
}

/** PRODUCT.md §2: page scroll is locked while the view's hidden-scroll flag is set. */
export function useScrollLock(locked: boolean): void {
  useEffect(() => {
    document.body.classList.toggle('scroll-locked', locked);
    return () => document.body.classList.remove('scroll-locked');
  }, [locked]);
}
