// Local persistence of the cart, user, address and auth areas (PRODUCT.md §7).
// See docs/ARCHITECTURE.md «Local persistence».
import {
  asyncScheduler,
  debounceTime,
  distinctUntilChanged,
  filter,
  ignoreElements,
  tap,
  type Observable,
  type SchedulerLike,
} from 'rxjs';
import type { Effect, KeyValueStorage } from './deps';
import { initialState, type AppState } from '../projections/store';
import type { UserState } from '../projections/user';

export type { KeyValueStorage };

export const STORAGE_PREFIX = 'storefront:';
export const STORE_VERSION_KEY = 'storefront:storeVersion';
const STATE_KEY = /^storefront:v(.+):state$/;

export function storageKey(storeVersion: string): string {
  return `${STORAGE_PREFIX}v${storeVersion}:state`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

type JsonKind = 'null' | 'array' | 'object' | 'string' | 'number' | 'boolean' | 'other';
function kindOf(value: unknown): JsonKind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'object':
      return 'object';
    case 'string':
      return 'string';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    default:
      return 'other';
  }
}

/**
 * Whether `value` has the shape of `template` one level deep: an object with the template's keys,
 * each of the same JSON kind (string, number, boolean, array, object) unless the template holds
 * null there (a nullable field, which may hold anything once set). Extra keys are tolerated.
 */
export function hasShapeOf<T>(template: T, value: unknown): value is T {
  if (!isRecord(template)) return kindOf(template) === kindOf(value);
  if (!isRecord(value)) return false;
  for (const [key, expected] of Object.entries(template)) {
    if (!Object.hasOwn(value, key)) return false;
    if (expected === null) continue;
    if (kindOf(expected) !== kindOf(value[key])) return false;
  }
  return true;
}

function attempt<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

function storageKeys(storage: KeyValueStorage): string[] {
  return attempt(() => {
    const { length, key } = storage;
    if (typeof length !== 'number' || typeof key !== 'function') return [];
    const keys: string[] = [];
    for (let i = 0; i < length; i++) {
      const k = key.call(storage, i);
      if (k !== null) keys.push(k);
    }
    return keys;
  }, []);
}

/** Removes the state keys of every store version but `storeVersion`; never throws. */
export function removeOtherVersions(storage: KeyValueStorage, storeVersion: string): void {
  const current = storageKey(storeVersion);
  const stale = new Set(storageKeys(storage).filter((k) => STATE_KEY.test(k) && k !== current));
  const last = attempt(() => storage.getItem(STORE_VERSION_KEY), null);
  if (last !== null && last !== storeVersion) stale.add(storageKey(last));
  for (const key of stale) attempt(() => storage.removeItem(key), undefined);
  attempt(() => storage.setItem(STORE_VERSION_KEY, storeVersion), undefined);
}

export type Persistence<S, K extends keyof S> = {
  readonly areas: readonly K[];
  /** The persisted areas of this store version, or null (nothing saved, corrupt, misshapen). Never throws. */
  load(storage: KeyValueStorage, storeVersion: string): Pick<S, K> | null;
  /** `state` with the persisted areas of this store version laid over it (fresh when there are none). */
  restore(storage: KeyValueStorage, storeVersion: string, state: S): S;
  /** Writes the areas of `state`; false when the storage refused (quota, private mode). */
  save(storage: KeyValueStorage, storeVersion: string, state: S): boolean;
  /** Removes this version's saved state (logout keeps nothing). */
  clear(storage: KeyValueStorage, storeVersion: string): void;
};

/** Builds load/save for the given areas of a state whose fresh value is `initialState`. */
export function createPersistence<S extends object, K extends keyof S & string>(options: {
  areas: readonly K[];
  initialState: S;
}): Persistence<S, K> {
  const { areas, initialState } = options;

  function load(storage: KeyValueStorage, storeVersion: string): Pick<S, K> | null {
    removeOtherVersions(storage, storeVersion);
    const key = storageKey(storeVersion);
    const text = attempt(() => storage.getItem(key), null);
    if (text === null) return null;
    const json = attempt<unknown>(() => JSON.parse(text), undefined);
    const picked = isRecord(json) ? pickValid(json) : null;
    if (picked === null) attempt(() => storage.removeItem(key), undefined);
    return picked;
  }

  function pickValid(json: Record<string, unknown>): Pick<S, K> | null {
    const out: Partial<Pick<S, K>> = {};
    for (const area of areas) {
      const value = json[area];
      if (!hasShapeOf(initialState[area], value)) return null;
      out[area] = value;
    }
    return isComplete(out) ? out : null;
  }

  function isComplete(partial: Partial<Pick<S, K>>): partial is Pick<S, K> {
    return areas.every((area) => Object.hasOwn(partial, area));
  }

  function restore(storage: KeyValueStorage, storeVersion: string, state: S): S {
    const saved = load(storage, storeVersion);
    return saved === null ? state : { ...state, ...saved };
  }

  function save(storage: KeyValueStorage, storeVersion: string, state: S): boolean {
    const picked: Partial<Pick<S, K>> = {};
    for (const area of areas) picked[area] = state[area];
    return attempt(() => {
      storage.setItem(storageKey(storeVersion), JSON.stringify(picked));
      storage.setItem(STORE_VERSION_KEY, storeVersion);
      return true;
    }, false);
  }

  function clear(storage: KeyValueStorage, storeVersion: string): void {
    attempt(() => storage.removeItem(storageKey(storeVersion)), undefined);
  }

  return { areas, load, restore, save, clear };
}

/** A Map-backed KeyValueStorage (tests, SSR, a browser without storage). */
export function memoryStorage(
  initial: Record<string, string> = {},
): KeyValueStorage & { readonly length: number; key(index: number): string | null } {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
    get length() {
      return map.size;
    },
    key: (index) => [...map.keys()][index] ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// The app's persistence: the cart, user, address and auth areas of AppState.

export const PERSISTED_AREAS = ['cart', 'user', 'address', 'auth'] as const;
export type PersistedArea = (typeof PERSISTED_AREAS)[number];
export type PersistedState = Pick<AppState, PersistedArea>;

/**
 * The user area is saved without its order history: the history page fetches the orders (with
 * their addresses and comments) each time it is shown, so they are not kept on the device, and a
 * reload never starts from a stale list. A state saved before the history existed reads the same.
 * The ratings are not saved either: each visit asks the server, whose answer opens the visit's prompt.
 */
type SavedUser = Omit<UserState, 'history' | 'ratings'>;
type SavedState = Omit<PersistedState, 'user'> & { user: SavedUser };
const NOT_SAVED: ReadonlySet<keyof UserState> = new Set(['history', 'ratings']);

function toSaved(state: PersistedState): SavedState {
  const { history: _notSaved, ratings: _asked, ...user } = state.user;
  return { cart: state.cart, user, address: state.address, auth: state.auth };
}

function fromSaved(saved: SavedState): PersistedState {
  return {
    ...saved,
    user: { ...saved.user, history: initialState.user.history, ratings: initialState.user.ratings },
  };
}

const appPersistence: Persistence<SavedState, PersistedArea> = createPersistence({
  areas: PERSISTED_AREAS,
  initialState: toSaved(initialState),
});

/**
 * Flows that were in flight when the page went away do not resume after a reload: a sign-in
 * waiting for its code starts over, and a promo calculation that never answered is idle again.
 */
function settle(saved: PersistedState): PersistedState {
  const promo = saved.cart.promo.status === 'pending' ? initialState.cart.promo : saved.cart.promo;
  return { ...saved, auth: { ...saved.auth, flow: initialState.auth.flow }, cart: { ...saved.cart, promo } };
}

/** The saved areas of this store version, or null for a fresh start. Never throws. */
export function loadPersistedState(storage: KeyValueStorage, storeVersion: string): PersistedState | null {
  const saved = appPersistence.load(storage, storeVersion);
  return saved === null ? null : settle(fromSaved(saved));
}

/** `state` (usually initialState) with the saved areas laid over it. Never throws. */
export function restorePersistedState(
  storage: KeyValueStorage,
  storeVersion: string,
  state: AppState = initialState,
): AppState {
  const saved = loadPersistedState(storage, storeVersion);
  return saved === null ? state : { ...state, ...saved };
}

/** Saves the cart, user (but its order history and ratings), address and auth areas; false when the storage refused. Never throws. */
export function savePersistedState(storage: KeyValueStorage, storeVersion: string, state: AppState): boolean {
  return appPersistence.save(storage, storeVersion, toSaved(state));
}

export function clearPersistedState(storage: KeyValueStorage, storeVersion: string): void {
  appPersistence.clear(storage, storeVersion);
}

/** The user area's saved part is unchanged (by reference): a history or ratings load alone saves nothing. */
function sameSavedUser(a: UserState, b: UserState): boolean {
  return a === b || (Object.keys(a) as (keyof UserState)[]).every((key) => NOT_SAVED.has(key) || a[key] === b[key]);
}

const samePersisted = (a: AppState, b: AppState): boolean =>
  PERSISTED_AREAS.every((area) => (area === 'user' ? sameSavedUser(a.user, b.user) : a[area] === b[area]));

/**
 * Writes the persisted areas whenever one of them changes (by reference: immer keeps untouched
 * areas identical), at most once per `debounceMs`. Emits nothing: saving answers no command.
 */
export function persistState$(
  state$: Observable<AppState>,
  deps: { storage: KeyValueStorage; storeVersion: string },
  options: { debounceMs?: number; scheduler?: SchedulerLike } = {},
): Observable<never> {
  const debounceMs = options.debounceMs ?? 300;
  return state$.pipe(
    distinctUntilChanged(samePersisted),
    debounceTime(debounceMs, options.scheduler ?? asyncScheduler),
    tap((state) => savePersistedState(deps.storage, deps.storeVersion, state)),
    ignoreElements(),
  );
}

/** The store version the state knows: the version check's value, else the loaded settings' STORE_VERSION. */
export function storeVersionOf(state: AppState): string | null {
  return state.setting.versions.store ?? state.setting.settings?.STORE_VERSION ?? null;
}

/**
 * The persistence effect in the shape of every effect, `(event$, state$, deps) → command$`: saves
 * to `deps.storage` under the store version the state knows (nothing is saved before it is known).
 * It never emits a command.
 */
export function persistEffect(options: { debounceMs?: number; scheduler?: SchedulerLike } = {}): Effect {
  return (_event$, state$, deps) =>
    state$.pipe(
      filter((state) => storeVersionOf(state) !== null),
      distinctUntilChanged(samePersisted),
      debounceTime(options.debounceMs ?? 300, options.scheduler ?? asyncScheduler),
      tap((state) => {
        const version = storeVersionOf(state);
        if (version !== null) savePersistedState(deps.storage, version, state);
      }),
      ignoreElements(),
    );
}
