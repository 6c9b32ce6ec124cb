// What every effect receives (DESIGN "The client core", point 5): effects take events in and put
// commands out; the outside world (network, clock, ids, storage, cookies, the page's location, the
// console) is reached only through `EffectDeps`, so tests substitute fakes and run on virtual time.
import type { Observable } from 'rxjs';
import type { StorefrontApi } from '../api/storefrontApi';
import type { AppCommand } from '../commands';
import type { LogEntry } from '../commands/bus';
import type { AppEvent } from '../events';
import type { AppState } from '../projections/store';
import type { PushDevice } from './pushDevice';

/**
 * What the store (src/commands/bus.ts) emits once per dispatch, after the state was updated: the
 * recorded log entry and the events the command led to, in order. Effects mostly look at
 * `events` (see `eventsOf`).
 */
export type EventEnvelope = { entry: LogEntry; events: readonly AppEvent[] };

export type CookieOptions = {
  /** Lifetime in days (js-cookie's `expires`). */
  expires: number;
  path: string;
};

export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, options: CookieOptions): void;
}

export interface PageLocation {
  /** Full page reload (store version changed, page older than 24 h). */
  reload(): void;
  /** Full navigation to a same-origin path (city change: reload under /{slug}). */
  assign(url: string): void;
  pathname(): string;
}

/** PRODUCT.md §8 "Only logged, not shown": failures that must not reach the user go here. */
/** The subset of the Web Storage API used here. `length`/`key` let old keys be swept when present. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  readonly length?: number;
  key?(index: number): string | null;
}

export interface EffectLogger {
  warn(message: string, error?: unknown): void;
  error(message: string, error?: unknown): void;
}

export type EffectDeps = {
  api: StorefrontApi;
  clock: { now(): string };
  ids: { next(): string };
  storage: KeyValueStorage;
  cookies: CookieJar;
  location: PageLocation;
  logger: EffectLogger;
  /** Web push of order statuses (docs/PUSH.md); absent where the browser has none (tests, SSR). */
  pushDevice?: PushDevice;
};

/** `(event$, state$, deps) → command$`. `state$` replays the current state on subscription. */
export type Effect = (
  event$: Observable<EventEnvelope>,
  state$: Observable<AppState>,
  deps: EffectDeps,
) => Observable<AppCommand>;

/** A logger that drops everything (tests that do not look at logs). */
export const silentLogger: EffectLogger = { warn: () => undefined, error: () => undefined };
