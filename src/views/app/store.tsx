// The store as the views see it: a React context, `useSelector` over useSyncExternalStore with a
// narrow selector (and an equality check so derived arrays do not re-render), and `useDispatch`.
// Views never mutate state and never call the API: they dispatch commands (DESIGN "Views").
import { useCallback, useRef, useSyncExternalStore, type ReactNode } from 'react';
import type { AppCommand } from '../../commands';
import type { AppState } from '../../projections/store';
import { requiredContext } from './requiredContext';

/** What the views need of the client store (the core's store satisfies it structurally). */
export interface ViewStore {
  getState(): AppState;
  subscribe(listener: () => void): () => void;
  dispatch(command: AppCommand): unknown;
  /** The store's clock: a view that needs the time (closed hours at checkout) reads it here, so a
   *  test, a replay or a preview shows the time of its session, not the machine's. */
  now(): string;
  /** The state the server rendered the page from: what hydration renders (then the live state). */
  getServerState?(): AppState;
}

const StoreContext = requiredContext<ViewStore>('StoreProvider');
export const useStore = StoreContext.use;

export function StoreProvider({ store, children }: { store: ViewStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

export type Equality<T> = (a: T, b: T) => boolean;

/** Equal when both are arrays/objects with the same own values by identity (one level). */
export function shallowEqual<T>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  return ka.every((k) => Object.hasOwn(rb, k) && Object.is(ra[k], rb[k]));
}

/** Structural equality for small plain-JSON selections. */
export const jsonEqual = <T,>(a: T, b: T): boolean => Object.is(a, b) || JSON.stringify(a) === JSON.stringify(b);

/**
 * Reads a slice of the state. The result is cached per (state, selector) so consecutive
 * getSnapshot calls agree, and a recomputed value equal to the previous one keeps its identity.
 */
export function useSelector<T>(selector: (state: AppState) => T, isEqual: Equality<T> = Object.is): T {
  const store = useStore();
  const cache = useRef<{ state: AppState; selector: (state: AppState) => T; value: T } | null>(null);
  const getSnapshot = (): T => {
    const state = store.getState();
    const c = cache.current;
    if (c !== null && c.state === state && c.selector === selector) return c.value;
    const value = selector(state);
    const kept = c !== null && isEqual(c.value, value) ? c.value : value;
    cache.current = { state, selector, value: kept };
    return kept;
  };
  const serverCache = useRef<{ state: AppState; selector: (state: AppState) => T; value: T } | null>(null);
  const getServerSnapshot = (): T => {
    if (store.getServerState === undefined) return getSnapshot();
    const state = store.getServerState();
    const c = serverCache.current;
    if (c !== null && c.state === state && c.selector === selector) return c.value;
    const value = selector(state);
    const kept = c !== null && c.state === state && isEqual(c.value, value) ? c.value : value;
    serverCache.current = { state, selector, value: kept };
    return kept;
  };
  const subscribe = useCallback((listener: () => void) => store.subscribe(listener), [store]);
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

export function useDispatch(): (command: AppCommand) => void {
  const store = useStore();
  return useCallback((command: AppCommand) => void store.dispatch(command), [store]);
}
