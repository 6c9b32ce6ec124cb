// Browser entry: the store (restored from local persistence), the API client (bearer token from
// the auth projection), the effects' deps (fetch, js-cookie, localStorage, window.location), the
// effects, and the React tree (a lazy area: LAZY_AREAS.view). On a server-rendered page all of it
// waits for the first input or an idle moment after the load (docs/SSR.md «Hydration»).
import Cookies from 'js-cookie';
import { createApiClient } from '../api/client';
import { createStorefrontApi } from '../api/storefrontApi';
import { createStore } from '../commands/bus';
import { decideOnDemand } from '../commands/onDemand';
import { createEffects, runEffectsInSteps, type EffectDeps } from '../effects';
import { whenIdle$ } from '../effects/lazy';
import { restorePersistedState, STORE_VERSION_KEY, type KeyValueStorage } from '../effects/persistence';
import { initialState, type AppState } from '../projections/store';
import { startBugReporting } from './app/bugReportStart';
import { LAZY_AREAS, lazyEffects } from './app/lazyAreas';
import {
  captureEarlyClicks,
  clientStartState,
  hasServerState,
  readServerState,
  startOnInputOrIdle,
} from './app/hydration';
import { replayEarlyInput } from './app/earlyInput';
import { persistOnLeave } from './app/persistOnLeave';
import { browserNextTask } from './app/nextTask';
import { registerServiceWorker } from './app/serviceWorker';
import { browserPushDevice } from '../effects/pushBrowser';
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

const storage = browserStorage();
const now = () => new Date().toISOString();
// The admin area (/admin…) is a separate app in its own lazy chunk: the storefront's effects
// (city modal, catalogue, version checks) do not run there (docs/ADMIN-CLIENT.md).
const isAdminArea = /^\/admin(\/|$)/.test(window.location.pathname);

/** The client core: the store, the API client, bug reporting and the effects. */
type Core = {
  store: ReturnType<typeof createStore>;
  /** The server's state the page was rendered from, or null (client-rendered, or unreadable). */
  snapshot: AppState | null;
  /** Resolves once every effect listens: a kept tap is handed to the page only then. */
  effectsStarted: Promise<void>;
};

/**
 * A server-rendered page carries the anonymous state it was rendered from: the store starts from
 * it plus what this browser saved, and hydration renders the anonymous state first (docs/SSR.md).
 */
function startCore(): Core {
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
  return { store, snapshot, effectsStarted: started };
}

/**
 * PRODUCT.md §9: hydrate on the first input or when idle; taps made before are handed over after.
 * Until then the page is the server's HTML, and nothing of the client runs: the core starts, and
 * React-DOM with the views (a chunk) is fetched, when the loaded page is first idle or at the first
 * input, whichever comes first (docs/SSR.md «Hydration»).
 */
function hydrateLater(container: HTMLElement): void {
  let core: Core | null = null;
  const prepare = (): Core => (core ??= startCore());
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const { store, snapshot, effectsStarted } = prepare();
    const show = (view: Awaited<ReturnType<typeof LAZY_AREAS.view.load>>) => {
      // An unreadable state block: the page is rendered anew in the browser.
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
    };
    // The effects listen before the page can dispatch (a kept tap's AddItem reaches them all).
    void Promise.all([LAZY_AREAS.view.load(), effectsStarted]).then(
      ([view]) => show(view),
      (error: unknown) => {
        // A chunk that cannot load (a new build replaced it, the network dropped): the server's
        // page stays usable as links; a reload fetches the current build.
        console.error('the storefront view failed to load', error);
      },
    );
  };
  const early = captureEarlyClicks(document, start);
  startOnInputOrIdle(window, start);
  // As the other lazy areas: 3 s after the load event, then an idle moment (started earlier, the
  // core's tasks and the chunk's download competed with the page's pictures and first paint).
  // A failure is reported by the load that hydration makes.
  whenIdle$().subscribe(() => {
    prepare();
    void LAZY_AREAS.view.load().catch(() => undefined);
  });
}

const container = document.getElementById('root');
if (container === null) throw new Error('#root is missing from index.html');
if (isAdminArea) void LAZY_AREAS.admin.load().then((mountAdmin) => mountAdmin(container));
else if (hasServerState(document)) hydrateLater(container);
else {
  const { store, effectsStarted } = startCore();
  Promise.all([LAZY_AREAS.view.load(), effectsStarted]).then(
    ([view]) => view.renderStorefront(container, store),
    (error: unknown) => console.error('the storefront view failed to load', error),
  );
}
