// The moment chunks nothing asked for yet may load: the page's load event, AFTER_LOAD_MS more, then
// an idle moment. Plain callbacks (no rxjs), as the storefront's entry waits for it before anything
// else of the client has loaded. See `whenIdle$` (./lazy.ts) for why so late.

/** How long after the page's load event chunks nothing asked for yet may start loading. */
export const AFTER_LOAD_MS = 3_000;

/**
 * Calls `done` once the page has loaded (window `load`), `afterLoadMs` more have passed, and the
 * browser is then idle (requestIdleCallback, at most `timeoutMs` later; a zero timeout where there is
 * no such API: Safari). Outside a browser (Node) it only waits for that zero timeout. Returns a cancel.
 */
export function afterLoadIdle(done: () => void, timeoutMs = 2_000, afterLoadMs = AFTER_LOAD_MS): () => void {
  let cancel: () => void = () => undefined;
  const idle = () => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(done, { timeout: timeoutMs });
      cancel = () => cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(done, 0);
      cancel = () => clearTimeout(handle);
    }
  };
  if (typeof window === 'undefined' || typeof document === 'undefined') {
    idle();
    return () => cancel();
  }
  const afterLoad = () => {
    const handle = setTimeout(idle, afterLoadMs);
    cancel = () => clearTimeout(handle);
  };
  if (document.readyState === 'complete') afterLoad();
  else {
    window.addEventListener('load', afterLoad, { once: true });
    cancel = () => window.removeEventListener('load', afterLoad);
  }
  return () => cancel();
}
