// @vitest-environment jsdom
// PRODUCT.md §2/§9: after navigation a hash scrolls to its element after 0.5 s. The menu renders its
// sections step by step, so a section named in the hash may appear a moment after that: the
// scroll waits for it (a short while) instead of giving up.
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HASH_OFFSET_PX, SCROLL_DELAY_MS, SCROLL_WAIT_MS, useScrollAfterNavigation } from '../../src/views/app/scroll';

describe('scroll after navigation', () => {
  let scrollTo: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.useFakeTimers();
    scrollTo = vi.fn();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  });
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  const addSection = (id: string, top: number) => {
    const el = document.createElement('section');
    el.id = id;
    el.getBoundingClientRect = () => ({
      top,
      left: 0,
      right: 0,
      bottom: top,
      width: 0,
      height: 0,
      x: 0,
      y: top,
      toJSON: () => ({}),
    });
    document.body.append(el);
  };

  it('an element already there: scrolled to after 0.5 s with the 100 px offset', () => {
    addSection('section-pizza', 900);
    renderHook(() => useScrollAfterNavigation('/angarsk', '#section-pizza'));
    vi.advanceTimersByTime(SCROLL_DELAY_MS - 1);
    expect(scrollTo).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(scrollTo).toHaveBeenCalledWith({ top: 900 - HASH_OFFSET_PX, left: 0, behavior: 'smooth' });
  });

  it('an element that appears later: scrolled to once it is there', () => {
    renderHook(() => useScrollAfterNavigation('/angarsk', '#section-desserts'));
    vi.advanceTimersByTime(SCROLL_DELAY_MS + 300);
    expect(scrollTo).not.toHaveBeenCalled();
    addSection('section-desserts', 2400);
    vi.advanceTimersByTime(200);
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith({ top: 2400 - HASH_OFFSET_PX, left: 0, behavior: 'smooth' });
  });

  it('an element that never comes: no scroll, and the waiting stops', () => {
    renderHook(() => useScrollAfterNavigation('/angarsk', '#nothing'));
    vi.advanceTimersByTime(SCROLL_DELAY_MS + SCROLL_WAIT_MS + 1000);
    expect(scrollTo).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});
