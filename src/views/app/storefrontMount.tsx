// The storefront's React tree and its mounting: hydration of a server-rendered page and the
// client render of the others. A lazy area (LAZY_AREAS.view): React-DOM and the views are not
// needed before the first tap on a server-rendered page (PRODUCT.md §9 hydrates on the first
// input or when idle), so they stay out of the entry (docs/SSR.md «Hydration»).
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { matchSiteRoute } from '../../api/siteRoutes';
import type { Store } from '../../commands/bus';
import type { AppState } from '../../projections/store';
import { App } from './App';
import { HydratedSignal } from './hydration';
import { preloadPage } from './pages';
import { StoreProvider, type ViewStore } from './store';

function tree(viewStore: ViewStore, onHydrated: (() => void) | null) {
  return (
    <StrictMode>
      <StoreProvider store={viewStore}>
        <HydratedSignal value={onHydrated}>
          <Router>
            <App />
          </Router>
        </HydratedSignal>
      </StoreProvider>
    </StrictMode>
  );
}

/** A page the server did not render (cart, checkout, personal pages): rendered at once. */
export function renderStorefront(container: HTMLElement, store: Store): void {
  createRoot(container).render(tree(store, null));
}

/**
 * Hydrates the server's markup. The views see the server's state until the page itself has
 * hydrated: an update reaching its boundary while it still waits for its chunk would make React
 * drop the server's markup and render it anew (losing the element a kept tap points to). Then the
 * live state, and `onHydrated` (the kept taps are handed over there).
 */
export function hydrateStorefront(container: HTMLElement, store: Store, snapshot: AppState, onHydrated: () => void) {
  let live = false;
  const listeners = new Set<() => void>();
  const viewStore: ViewStore = {
    getState: () => (live ? store.getState() : snapshot),
    subscribe: (listener) => {
      listeners.add(listener);
      const unsubscribe = store.subscribe(listener);
      return () => {
        listeners.delete(listener);
        unsubscribe();
      };
    },
    dispatch: (command) => store.dispatch(command),
    now: () => store.now(),
    getServerState: () => snapshot,
  };
  let hydrated = false;
  const markHydrated = () => {
    if (hydrated) return;
    hydrated = true;
    live = true;
    for (const listener of [...listeners]) listener();
    onHydrated();
  };
  const hydrate = () =>
    hydrateRoot(container, tree(viewStore, markHydrated), {
      onRecoverableError: (error) => console.error('hydration mismatch', error),
    });
  // The page's chunk first (its preload is in the HTML): hydration then finds the whole page
  // at once. Taps meanwhile are kept. A chunk that fails reloads the page (lazyPage.ts).
  const match = matchSiteRoute(
    window.location.pathname,
    snapshot.city.list.map((c) => c.slug),
  );
  preloadPage(match).then(hydrate, hydrate);
}
