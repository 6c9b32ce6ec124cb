// @vitest-environment jsdom
// whenIdle$: lazily loaded chunks start once the page has loaded and is then idle, never during
// the first paint (Lighthouse on /: started at boot they put LCP from 2.9 to 3.5 s).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle$ } from '../../src/effects/lazy';

describe('whenIdle$', () => {
  const idle: (() => void)[] = [];
  afterEach(() => {
    idle.length = 0;
    vi.unstubAllGlobals();
    Reflect.deleteProperty(document, 'readyState');
  });
  const stubIdle = () => {
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
  };

  it('while the page is still loading, asks for the idle callback only after window load', () => {
    stubIdle();
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'interactive' });
    let emitted = 0;
    const sub = whenIdle$().subscribe(() => (emitted += 1));
    expect(idle).toHaveLength(0);
    window.dispatchEvent(new Event('load'));
    expect(idle).toHaveLength(1);
    expect(emitted).toBe(0);
    idle[0]?.();
    expect(emitted).toBe(1);
    sub.unsubscribe();
  });

  it('on a loaded page, waits only for the idle callback', () => {
    stubIdle();
    let emitted = 0;
    whenIdle$().subscribe(() => (emitted += 1));
    expect(idle).toHaveLength(1);
    idle[0]?.();
    expect(emitted).toBe(1);
  });

  it('unsubscribed before the load, it never asks', () => {
    stubIdle();
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
    whenIdle$().subscribe().unsubscribe();
    window.dispatchEvent(new Event('load'));
    expect(idle).toHaveLength(0);
  });
});
