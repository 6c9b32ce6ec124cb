// @vitest-environment jsdom
// Pages fade out, then in, when the route changes (PRODUCT.md §2). The first page is not a change:
// it paints at once, so the server's HTML is visible on its first frame (and counts for LCP).
import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FADE_MS, FadeOutlet } from '../../src/views/app/FadeOutlet';
import styles from '../../src/views/app/App.module.css';

const page = (key: string) => (
  <FadeOutlet routeKey={key} hash="">
    <p>{key}</p>
  </FadeOutlet>
);
const wrapperOf = (text: string) => screen.getByText(text).parentElement;

describe('FadeOutlet', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('the first page, on the server and in the browser, carries no fade', () => {
    expect(renderToString(page('/'))).not.toContain(styles.fadeIn);
    render(page('/'));
    expect(wrapperOf('/')?.className).toBe('');
  });

  it('a route change fades the old page out, then the new one in; going back fades in too', () => {
    const { rerender } = render(page('/'));
    rerender(page('/about'));
    expect(wrapperOf('/')?.className).toBe(styles.fadeOut);
    act(() => {
      vi.advanceTimersByTime(FADE_MS);
    });
    expect(wrapperOf('/about')?.className).toBe(styles.fadeIn);
    rerender(page('/'));
    act(() => {
      vi.advanceTimersByTime(FADE_MS);
    });
    expect(wrapperOf('/')?.className).toBe(styles.fadeIn);
  });
});
