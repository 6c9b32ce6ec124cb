// The storefront's client core, a chunk of its own: the store (restored from local persistence), the
// API client (bearer token from the auth projection), the effects' deps (fetch, js-cookie,
// localStorage, window.location), bug reporting, the effects, and the React tree (a lazy area:
// LAZY_AREAS.view). The entry (../main.tsx) loads it at once on a client-rendered page, and on a
// server-rendered one at the first input or the first idle moment after the load (docs/SSR.md
// «Hydration»).
import Cookies from 'js-cookie';
import { createApiClient } from '../../api/client';
import { createStorefrontApi } from '../../api/storefrontApi';
import { createStore } from '../../commands/bus';
import { decideOnDemand } from '../../commands/onDemand';
import { createEffects, runEffectsInSteps, type EffectDeps } from '../../effects';
import { restorePersistedState, STORE_VERSION_KEY, type KeyValueStorage } from '../../effects/persistence';
import { browserPushDevice } from '../../effects/pushBrowser';
import { initialState, type AppState } from '../../projections/store';
import { browserStorage } from './browserStorage';
import { startBugReporting } from './bugReportStart';
import { replayEarlyInput } from './earlyInput';
import { clientStartState, readServerState } from './hydration';
import { LAZY_AREAS, lazyEffects } from './lazyAreas';
import { browserNextTask } from './nextTask';
import { persistOnLeave } from './persistOnLeave';
import { registerServiceWorker } from './serviceWorker';

function newId(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
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

const now = () => new Date().toISOString();

/** The client core: the store, and when its effects all listen. */
type Core = {
  store: ReturnType<typeof createStore>;
  /** The server's state the page was rendered from, or null (client-rendered, or unreadable). */
  snapshot: AppState | null;
  /** Resolves once every effect listens: a kept tap is handed to the page only then. */
  effectsStarted: Promise<void>;
};

let core: Core | null = null;

/**
 * Starts the core once. A server-rendered page carries the anonymous state it was rendered from:
 * the store starts from it plus what this browser saved, and hydration renders the anonymous
 * state first (docs/SSR.md).
 */
function startCore(): Core {
  if (core !== null) return core;
  const storage = browserStorage('__storefront_probe__');
  const snapshot = readServerState(document);
  const store = createStore({
    decide: decideOnDemand,
    initial: restore(storage, snapshot === null ? initialState : clientStartState(snapshot)),
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
    pushDevice: browserPushDevice(),
  };
  // The recorded ring, the bug report offer and Ctrl+Shift+L, their code loaded when the
  // page is first idle; started before the effects, so the recorder starts from the state the store did.
  startBugReporting({ store, storage, load: LAZY_AREAS.logTools.load });
  // One effect per task: started at once, they were one long task on a phone (docs/SSR.md).
  const { started } = runEffectsInSteps(store, deps, createEffects(lazyEffects()), browserNextTask());
  persistOnLeave(storage, () => store.getState());
  registerServiceWorker();
  core = { store, snapshot, effectsStarted: started };
  return core;
}

/** A failed view chunk (a new build replaced it, the network dropped): a server's page stays usable as links. */
const viewFailed = (error: unknown) => console.error('the storefront view failed to load', error);

/** A server-rendered page's idle moment: the core starts and the view chunk is fetched, before any tap needs them. */
export function prepareStorefront(): void {
  startCore();
  // A failure is reported by the load that hydration makes.
  void LAZY_AREAS.view.load().catch(() => undefined);
}

/**
 * Hydrates a server-rendered page (PRODUCT.md §9: at the first input or when idle), then hands it
 * the taps and the text kept before. An unreadable state block renders the page anew instead.
 */
export function hydrateStorefront(container: HTMLElement, early: { replay(): void }): void {
  const { store, snapshot, effectsStarted } = startCore();
  // The effects listen before the page can dispatch (a kept tap's AddItem reaches them all).
  void Promise.all([LAZY_AREAS.view.load(), effectsStarted]).then(([view]) => {
    if (snapshot === null) {
      view.renderStorefront(container, store);
      early.replay();
      return;
    }
    view.hydrateStorefront(container, store, snapshot, () => {
      // Read by the browser tests (tests/e2e/harness.ts) and nothing else.
      document.documentElement.dataset.hydrated = 'true';
      replayEarlyInput(container);
      early.replay();
    });
  }, viewFailed);
}

/** A page the server did not render (cart, checkout, personal pages): the core and the views at once. */
export function renderStorefront(container: HTMLElement): void {
  const { store, effectsStarted } = startCore();
  void Promise.all([LAZY_AREAS.view.load(), effectsStarted]).then(
    ([view]) => view.renderStorefront(container, store),
    viewFailed,
  );
}
