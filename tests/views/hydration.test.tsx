// @vitest-environment jsdom
// Hydration of a server-rendered page (docs/SSR.md, PRODUCT.md §9): the state block, when
// hydration starts (first input, or 5 s / 6 s idle), and taps made before it handled once after.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clientStartState, readServerState } from '../../src/views/app/hydration';
import {
  captureEarlyClicks,
  hasServerState,
  HYDRATION_IDLE_MS,
  SERVER_STATE_ID,
  startOnInputOrIdle,
} from '../../src/views/app/earlyStart';
import { initialState } from '../../src/projections/store';
import { serverStateBlock } from '../../src/views/app/stateBlock';
import { generateCatalog } from '../../tools/gen-catalog';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the server state block', () => {
  it('is read from <script type="application/json">, and a missing or broken one gives null', () => {
    expect(readServerState(document)).toBeNull();
    expect(hasServerState(document)).toBe(false);
    document.body.innerHTML = `<script type="application/json" id="${SERVER_STATE_ID}">{"broken"</script>`;
    expect(readServerState(document)).toBeNull();
    // a rendered page, whose block the core reads later (and renders anew when unreadable)
    expect(hasServerState(document)).toBe(true);
    document.body.innerHTML = `<script type="application/json" id="${SERVER_STATE_ID}">${JSON.stringify(initialState).replace(/</g, '\\u003c')}</script>`;
    expect(readServerState(document)).toEqual(initialState);
  });

  it('a catalogue written in columns is read back exactly as the server folded it', () => {
    const catalog = generateCatalog(40);
    const state = { ...initialState, catalog: { ...initialState.catalog, status: 'loaded' as const, catalog } };
    const block = JSON.stringify(serverStateBlock(state));
    // each key once, not once per dish
    expect(block.split('"description"')).toHaveLength(2);
    document.body.innerHTML = `<script type="application/json" id="${SERVER_STATE_ID}">${block.replace(/</g, '\\u003c')}</script>`;
    expect(readServerState(document)).toEqual(state);
    expect(JSON.stringify(readServerState(document))).toBe(JSON.stringify(state));
  });

  it("the browser's session starts from its own cookies: the server's opening time is cleared", () => {
    const snapshot = { ...initialState, view: { ...initialState.view, openedAt: '2026-11-25T10:00:00.000Z' } };
    expect(clientStartState(snapshot).view.openedAt).toBeNull();
    expect(clientStartState(snapshot).catalog).toBe(snapshot.catalog);
  });
});

describe('early taps', () => {
  const page = () => {
    document.body.innerHTML = '<main><button type="button">В корзину</button><a href="#x">Корзина</a></main>';
    const button = document.querySelector('button');
    const link = document.querySelector('a');
    if (button === null || link === null) throw new Error('markup');
    const seen: string[] = [];
    document.querySelector('main')?.addEventListener('click', (e) => seen.push((e.target as Element).tagName));
    return { button, link, seen };
  };

  it('a tap on a button before hydration is kept from the page, asks for hydration, and is clicked once after', () => {
    const { button, seen } = page();
    const onTap = vi.fn();
    const early = captureEarlyClicks(document, onTap);

    button.click();
    expect(seen).toEqual([]); // the page cannot act on it yet
    expect(onTap).toHaveBeenCalledTimes(1);

    early.replay();
    expect(seen).toEqual(['BUTTON']);
    early.replay(); // exactly once
    button.click(); // after hydration taps go straight to the page
    expect(seen).toEqual(['BUTTON', 'BUTTON']);
    expect(onTap).toHaveBeenCalledTimes(1);
  });

  it('a link with no tap waiting navigates by itself', () => {
    const { link, seen } = page();
    const early = captureEarlyClicks(document, vi.fn());
    link.click();
    expect(seen).toEqual(['A']);
    early.replay();
    expect(seen).toEqual(['A']);
  });

  it('a link followed while a tap waits is kept too, and followed after the tap, so leaving the page cannot drop it', () => {
    const { button, link, seen } = page();
    const early = captureEarlyClicks(document, vi.fn());
    button.click(); // 'В корзину' …
    link.click(); // … then at once the cart link, before hydration
    expect(seen).toEqual([]);
    early.replay();
    expect(seen).toEqual(['BUTTON', 'A']);
  });
});

describe('when hydration starts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const windowWith = (phone: boolean): Window => {
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (query: string) => ({ matches: phone, media: query }),
    });
    Object.defineProperty(window, 'requestIdleCallback', { configurable: true, value: undefined });
    return window;
  };

  it('on the first input, once', () => {
    const start = vi.fn();
    startOnInputOrIdle(windowWith(false), start);
    document.dispatchEvent(new KeyboardEvent('keydown'));
    document.dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(HYDRATION_IDLE_MS.mobile);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('PRODUCT.md §9: after 5 s idle on a desktop, 6 s on a phone', () => {
    for (const [phone, ms] of [
      [false, 5_000],
      [true, 6_000],
    ] as const) {
      const start = vi.fn();
      startOnInputOrIdle(windowWith(phone), start);
      vi.advanceTimersByTime(ms - 1);
      expect(start, `phone ${String(phone)}`).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(start, `phone ${String(phone)}`).toHaveBeenCalledTimes(1);
    }
  });
});
