// The command bus and the store: dispatch stamps meta, decides, records, evolves and emits.
import { BehaviorSubject, type Observable, Subject } from 'rxjs';
import type { AppEvent } from '../events';
import { evolveAll, initialState, type AppState } from '../projections/store';
import type { Decide } from './decideAreas';
import type { AppCommand } from './appCommand';
import type { Meta } from './types';

/** One dispatched command and the events it produced (positions start at 1). */
export type LogEntry = { position: number; at: string; command?: AppCommand; events: AppEvent[] };

export type StoreDeps = {
  /** ISO time; the only clock the core sees. */
  now(): string;
  /** A fresh unique id per command. */
  newId(): string;
};

export type StoreOptions = {
  /** The root decider (./decide's `decide`; the browser's first load, ./onDemand's). */
  decide: Decide;
  /** Starting state (a snapshot or restored persistence); default initialState. */
  initial?: AppState;
  deps: StoreDeps;
  /** Called with each entry as it is appended (the event log records it). */
  onEntry?(entry: LogEntry): void;
};

export type Store = {
  /** Synchronous; a command dispatched while another is processed is queued and runs right after. */
  dispatch(command: AppCommand): void;
  getState(): AppState;
  /** For React's useSyncExternalStore; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /**
   * A memoised snapshot getter for useSyncExternalStore: recomputes only when the state object
   * changes. Create it once per selector (outside render or in useMemo).
   */
  select<T>(selector: (state: AppState) => T): () => T;
  /** The store's clock, the one commands are stamped with (views read the time here, never from Date). */
  now(): string;
  /** The entries appended so far (read-only view). */
  entries(): readonly LogEntry[];
  /** Every processed command with its events, after the state was updated. */
  events$: Observable<{ entry: LogEntry; events: AppEvent[] }>;
  /** The current state, then every new one. */
  state$: Observable<AppState>;
};

export function createStore(options: StoreOptions): Store {
  let state = options.initial ?? initialState;
  const log: LogEntry[] = [];
  const listeners = new Set<() => void>();
  const eventsSubject = new Subject<{ entry: LogEntry; events: AppEvent[] }>();
  const stateSubject = new BehaviorSubject<AppState>(state);
  const queue: AppCommand[] = [];
  let busy = false;

  function process(command: AppCommand): void {
    const meta: Meta = { now: options.deps.now(), id: options.deps.newId() };
    const events = options.decide(command, state, meta);
    const entry: LogEntry = { position: log.length + 1, at: meta.now, command, events };
    log.push(entry);
    options.onEntry?.(entry);
    const next = evolveAll(state, events);
    const changed = next !== state;
    state = next;
    if (changed) {
      for (const l of [...listeners]) l();
      stateSubject.next(state);
    }
    eventsSubject.next({ entry, events });
  }

  function dispatch(command: AppCommand): void {
    queue.push(command);
    if (busy) return;
    busy = true;
    let failure: unknown = undefined;
    let failed = false;
    try {
      while (queue.length > 0) {
        const next = queue.shift();
        if (next === undefined) break;
        try {
          process(next);
        } catch (error) {
          // A throw is a bug: keep the store usable, run what is queued, rethrow the first one.
          if (!failed) {
            failed = true;
            failure = error;
          }
        }
      }
    } finally {
      busy = false;
    }
    if (failed) throw failure;
  }

  function select<T>(selector: (s: AppState) => T): () => T {
    let lastState: AppState | undefined;
    let lastValue: T;
    return () => {
      if (state !== lastState) {
        lastValue = selector(state);
        lastState = state;
      }
      return lastValue;
    };
  }

  return {
    dispatch,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    select,
    now: () => options.deps.now(),
    entries: () => log,
    events$: eventsSubject.asObservable(),
    state$: stateSubject.asObservable(),
  };
}
