// @vitest-environment jsdom
// whenIdle$: lazily loaded chunks start once the page has loaded, 3 s more have passed and it is
// then idle, never during the first paint (Lighthouse on /: started at the first idle moment they
// put LCP from 3.1 to 3.5–3.7 s).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AFTER_LOAD_MS, whenIdle$ } from '../../src/effects/lazy';

describe('whenIdle$', () => {
  const idle: (() => void)[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    idle.length = 0;
    vi.unstubAllGlobals();
    Reflect.deleteProperty(document, 'readyState');
  });
  const stubIdle = () => {
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
  };

  it('while the page is still loading, asks for the idle callback only 3 s after window load', () => {
    expect(AFTER_LOAD_MS).toBe(3_000);
    stubIdle();
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'interactive' });
    let emitted = 0;
    const sub = whenIdle$().subscribe(() => (emitted += 1));
    vi.advanceTimersByTime(10_000);
    expect(idle).toHaveLength(0);
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(2_999);
    expect(idle).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(idle).toHaveLength(1);
    expect(emitted).toBe(0);
    idle[0]?.();
    expect(emitted).toBe(1);
    sub.unsubscribe();
  });

  it('on a loaded page, waits the 3 s and the idle callback', () => {
    stubIdle();
    let emitted = 0;
    whenIdle$().subscribe(() => (emitted += 1));
    expect(idle).toHaveLength(0);
    vi.advanceTimersByTime(3_000);
    expect(idle).toHaveLength(1);
    idle[0]?.();
    expect(emitted).toBe(1);
  });

  it('unsubscribed before the load, it never asks', () => {
    stubIdle();
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
    whenIdle$().subscribe().unsubscribe();
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(10_000);
    expect(idle).toHaveLength(0);
  });
});
