// Browser entry: the store (restored from local persistence), the API client (bearer token from
// the auth projection), the effects' deps (fetch, js-cookie, localStorage, window.location), the
// effects, and the React tree.
import Cookies from 'js-cookie';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { createApiClient } from '../api/client';
import { matchSiteRoute } from '../api/siteRoutes';
import { createStorefrontApi } from '../api/storefrontApi';
import { createStore } from '../commands/bus';
import { decideOnDemand } from '../commands/onDemand';
import { createRootEffect, runEffects, type EffectDeps } from '../effects';
import { restorePersistedState, STORE_VERSION_KEY, type KeyValueStorage } from '../effects/persistence';
import { initialState, type AppState } from '../projections/store';
import { App } from './app/App';
import { startBugReporting } from './app/bugReportStart';
import { LAZY_AREAS, lazyEffects } from './app/lazyAreas';
import { preloadPage } from './app/pages';
import {
  captureEarlyClicks,
  clientStartState,
  HydratedSignal,
  readServerState,
  startOnInputOrIdle,
} from './app/hydration';
import { persistOnLeave } from './app/persistOnLeave';
import { StoreProvider, type ViewStore } from './app/store';
import './styles/global.css';

function newId(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** localStorage, or an in-memory stand-in where it is unavailable (private mode, blocked). */
function browserStorage(): KeyValueStorage {
  try {
    const probe = '__storefront_probe__';
    window.localStorage.setItem(probe, probe);
    window.localStorage.removeItem(probe);
    return window.localStorage;
  } catch {
    const data = new Map<string, string>();
    return {
      getItem: (k) => data.get(k) ?? null,
      setItem: (k, v) => void data.set(k, v),
      removeItem: (k) => void data.delete(k),
    };
  }
}

/**
 * The cart, user, address and auth areas saved under the store version that wrote last; the
 * version check reloads the page should the server's store version have changed since.
 */
function restore(storage: KeyValueStorage, base: AppState): AppState {
  try {
    const version = storage.getItem(STORE_VERSION_KEY);
    return version === null ? base : restorePersistedState(storage, version, base);
  } catch {
    return base;
  }
}

// A server-rendered page carries the anonymous state it was rendered from: the store starts from
// it plus what this browser saved, and hydration renders the anonymous state first (docs/SSR.md).
const serverState = readServerState(document);
const storage = browserStorage();
const now = () => new Date().toISOString();
const store = createStore({
  decide: decideOnDemand,
  initial: restore(storage, serverState === null ? initialState : clientStartState(serverState)),
  deps: { now, newId },
});
const client = createApiClient({ baseUrl: '', getToken: () => store.getState().auth.token });

const deps: EffectDeps = {
  api: createStorefrontApi(LAZY_AREAS.menu.calls(client), LAZY_AREAS.account.calls(client)),
  clock: { now },
  ids: { next: newId },
  storage,
  cookies: {
    get: (name) => Cookies.get(name),
    set: (name, value, options) => void Cookies.set(name, value, options),
  },
  location: {
    reload: () => window.location.reload(),
    assign: (url) => window.location.assign(url),
    pathname: () => window.location.pathname,
  },
  logger: {
    warn: (message, error) => console.warn(message, error),
    error: (message, error) => console.error(message, error),
  },
};
// The admin area (/admin…) is a separate app in its own lazy chunk: the storefront's effects
// (city modal, catalogue, version checks) do not run there (docs/ADMIN-CLIENT.md).
const isAdminArea = /^\/admin(\/|$)/.test(window.location.pathname);
if (!isAdminArea) {
  // The recorded ring, the bug report offer and Ctrl+Shift+L, their code loaded when the
  // page is first idle; started before the effects, so the recorder starts from the state the store did.
  startBugReporting({ store, storage, load: LAZY_AREAS.logTools.load });
  runEffects(store, deps, createRootEffect(lazyEffects()));
  persistOnLeave(storage, () => store.getState());
}

function Root() {
  return <App />;
}

function tree(viewStore: ViewStore, onHydrated: (() => void) | null) {
  return (
    <StrictMode>
      <StoreProvider store={viewStore}>
        <HydratedSignal value={onHydrated}>
          <Router>
            <Root />
          </Router>
        </HydratedSignal>
      </StoreProvider>
    </StrictMode>
  );
}

/** PRODUCT.md §9: hydrate on the first input or when idle; taps made before are handed over after. */
function hydrateLater(container: HTMLElement, snapshot: AppState): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    // The views see the server's state until the page itself has hydrated: an update reaching
    // its boundary while it still waits for its chunk would make React drop the server's markup
    // and render it anew (losing the element a kept tap points to). Then the live state.
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
    const onHydrated = () => {
      if (hydrated) return;
      hydrated = true;
      live = true;
      for (const listener of [...listeners]) listener();
      // Read by the browser tests (tests/e2e/harness.ts) and nothing else.
      document.documentElement.dataset.hydrated = 'true';
      early.replay();
    };
    const hydrate = () =>
      hydrateRoot(container, tree(viewStore, onHydrated), {
        onRecoverableError: (error) => console.error('hydration mismatch', error),
      });
    // The page's chunk first (its preload is in the HTML): hydration then finds the whole page
    // at once. Taps meanwhile are kept. A chunk that fails reloads the page (lazyPage.ts).
    const match = matchSiteRoute(
      window.location.pathname,
      snapshot.city.list.map((c) => c.slug),
    );
    preloadPage(match).then(hydrate, hydrate);
  };
  const early = captureEarlyClicks(document, start);
  startOnInputOrIdle(window, start);
}

const container = document.getElementById('root');
if (container === null) throw new Error('#root is missing from index.html');
if (isAdminArea) void LAZY_AREAS.admin.load().then((mountAdmin) => mountAdmin(container));
else if (serverState !== null) hydrateLater(container, serverState);
else createRoot(container).render(tree(store, null));
