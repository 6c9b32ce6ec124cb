// What a server-rendered page runs before anything else of the client has loaded (docs/SSR.md
// «Hydration»): whether the page was rendered, when hydration starts (first input, or idle after
// 5 s on a desktop, 6 s on a phone: PRODUCT.md §9) and the keeper of taps made before it. No
// React, no store: the storefront's entry imports only this.

/** The id of the <script type="application/json"> block holding the server's state. */
export const SERVER_STATE_ID = 'storefront-state';

/** PRODUCT.md §9: hydration waits for input, or this long idle (ms). */
export const HYDRATION_IDLE_MS = { desktop: 5_000, mobile: 6_000 } as const;
/** Narrower than the md breakpoint (768 px, PRODUCT.md §9) is a phone. */
export const MOBILE_QUERY = '(max-width: 767.98px)';

/** Whether the page was rendered by the server (it carries the state block), without reading the block. */
export function hasServerState(doc: Document): boolean {
  return doc.getElementById(SERVER_STATE_ID) !== null;
}

const INPUT_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'wheel', 'focusin'] as const;

/** Calls `start` once: on the first input, or after the idle delay past the load event. */
export function startOnInputOrIdle(win: Window, start: () => void): void {
  let started = false;
  const options = { capture: true, passive: true } as const;
  const go = () => {
    if (started) return;
    started = true;
    for (const type of INPUT_EVENTS) win.document.removeEventListener(type, go, options);
    start();
  };
  for (const type of INPUT_EVENTS) win.document.addEventListener(type, go, options);
  const idleMs = win.matchMedia(MOBILE_QUERY).matches ? HYDRATION_IDLE_MS.mobile : HYDRATION_IDLE_MS.desktop;
  const afterLoad = () =>
    win.setTimeout(() => {
      if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(go, { timeout: 1_000 });
      else go();
    }, idleMs);
  if (win.document.readyState === 'complete') afterLoad();
  else win.addEventListener('load', afterLoad, { once: true });
}

/** What a tap before hydration may act on besides links (which navigate without JavaScript). */
const ACTIONABLE = 'button, [role="button"], summary, label, input[type="checkbox"], input[type="radio"]';

/**
 * Keeps the taps on buttons made before hydration (the page cannot act on them yet), and links
 * followed after such a tap, and asks for hydration at once; `replay` clicks each kept element
 * once, in order, when the page can handle it.
 */
export function captureEarlyClicks(doc: Document, onTap: () => void): { replay(): void } {
  const kept: Element[] = [];
  const capture = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const link = target?.closest('a[href]') ?? null;
    // a link navigates by itself, unless a kept tap waits: leaving the page would drop that tap
    const actionable = link !== null ? (kept.length > 0 ? link : null) : (target?.closest(ACTIONABLE) ?? null);
    if (actionable === null) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    kept.push(actionable);
    onTap();
  };
  doc.addEventListener('click', capture, true);
  return {
    replay() {
      doc.removeEventListener('click', capture, true);
      for (const element of kept.splice(0)) if (element.isConnected && element instanceof HTMLElement) element.click();
    },
  };
}
