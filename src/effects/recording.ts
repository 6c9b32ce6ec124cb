// The client's recorded event log as a bounded ring in the browser's storage (issue 7).
//
// Every entry the store appends (`createStore({ onEntry })`) is kept in memory with its token
// values hidden (`redactSecrets`: the token is never recorded, not even in the customer's own
// storage). The ring holds at most `capacity` (5,000) entries in all; when it is full the oldest
// entry is folded into the snapshot, which is therefore always "the state before the kept
// entries", and the log stays replayable.
//
// The ring is written to storage (localStorage) under RING_KEY at most once per `throttleMs`, and
// at once by `flush()` (the page calls it on `pagehide`), so it survives a reload. A page load is a
// session: the store starts again from position 1 over a restored state that is not the previous
// session's final state, so the previous sessions are kept as separate logs (oldest first) and
// the current one is the last. The 5,000 entries are counted over all sessions; the oldest go
// first. A storage that refuses the write (full quota) gets a shorter ring: earlier sessions go,
// then half of the current entries, until it fits.
//
// Nothing here masks phones or names: that happens on export and upload (exportLog).
import type { LogEntry as BusEntry } from '../commands/bus';
import { createLog, keepLast, parseLog, redactSecrets, type Log, type LogEntry } from '../events/log';
import { evolveAll, type AppState } from '../projections/store';
import type { KeyValueStorage } from './persistence';

export const RING_KEY = 'storefront:log';
export const RING_CAPACITY = 5000;
export const RING_WRITE_MS = 1000;
/** The stored ring's own format version (the logs inside carry their schemaVersion). */
export const RING_FORMAT = 1;

export type StoredRing = { format: typeof RING_FORMAT; sessions: Log[] };

export type Timers = {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

export type RecorderOptions = {
  storage: KeyValueStorage;
  /** The state the store starts from (restored persistence): the current session's snapshot. */
  initial: AppState;
  appVersion: string;
  /** The store version the logs are labelled with (read at write time). */
  storeVersion: () => string | null;
  capacity?: number;
  throttleMs?: number;
  timers?: Timers;
};

export interface Recorder {
  /** Appends one bus entry (pass as the store's `onEntry`). */
  record(entry: BusEntry): void;
  /** The current session's log (token hidden, phones and names as recorded). */
  log(): Log;
  /** Earlier sessions (oldest first) followed by the current one. */
  sessions(): Log[];
  /** Entries held over all sessions (≤ capacity). */
  size(): number;
  /** Writes the ring now (cancels a pending throttled write). False when storage refused it. */
  flush(): boolean;
  /** Drops every recorded entry, here and in storage; the current state becomes the new snapshot. */
  clear(state: AppState): void;
  /** Cancels a pending write. */
  dispose(): void;
}

const defaultTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

/** The sessions saved in storage, oldest first; [] for nothing, a corrupt value or logs this app cannot read. */
export function loadRing(storage: KeyValueStorage): Log[] {
  let text: string | null;
  try {
    text = storage.getItem(RING_KEY);
  } catch {
    return [];
  }
  if (text === null) return [];
  try {
    const json: unknown = JSON.parse(text);
    if (typeof json !== 'object' || json === null || !('sessions' in json) || !Array.isArray(json.sessions)) return [];
    const sessions: Log[] = [];
    for (const raw of json.sessions) {
      try {
        sessions.push(parseLog(raw));
      } catch {
        // A session written by another app version that no upcaster reads: dropped.
      }
    }
    return sessions;
  } catch {
    return [];
  }
}

type Session = { snapshot: { position: number; state: AppState }; entries: LogEntry[] };

export function createRecorder(options: RecorderOptions): Recorder {
  const capacity = Math.max(1, options.capacity ?? RING_CAPACITY);
  const throttleMs = options.throttleMs ?? RING_WRITE_MS;
  const timers = options.timers ?? defaultTimers;
  const { storage } = options;

  let earlier: Log[] = loadRing(storage);
  const current: Session = { snapshot: { position: 0, state: redactSecrets(options.initial) }, entries: [] };
  let total = earlier.reduce((n, s) => n + s.entries.length, 0);
  let pending: unknown = null;
  while (total > capacity) dropOldest();

  const storeVersion = () => {
    const v = options.storeVersion();
    return v === null || v === '' ? 'unknown' : v;
  };

  function currentLog(): Log {
    return createLog({ appVersion: options.appVersion, storeVersion: storeVersion(), snapshot: current.snapshot, entries: current.entries });
  }

  /** Drops the oldest entry of all: from the earliest session, else folded into the current snapshot. */
  function dropOldest(): void {
    const first = earlier[0];
    if (first !== undefined) {
      if (first.entries.length <= 1) earlier = earlier.slice(1);
      else earlier = [keepLast(first, first.entries.length - 1), ...earlier.slice(1)];
      total -= first.entries.length === 0 ? 0 : 1;
      return;
    }
    const dropped = current.entries.shift();
    if (dropped === undefined) return;
    current.snapshot = { position: dropped.position, state: evolveAll(current.snapshot.state, dropped.events) };
    total -= 1;
  }

  function schedule(): void {
    if (pending !== null) return;
    pending = timers.setTimeout(() => {
      pending = null;
      write();
    }, throttleMs);
  }

  function serialise(sessions: Log[]): string {
    const ring: StoredRing = { format: RING_FORMAT, sessions };
    return JSON.stringify(ring);
  }

  function trySet(text: string): boolean {
    try {
      storage.setItem(RING_KEY, text);
      return true;
    } catch {
      return false;
    }
  }

  /** Writes the ring; on a refusal, shortens it (earlier sessions first, then halves) until it fits. */
  function write(): boolean {
    if (trySet(serialise([...earlier, currentLog()]))) return true;
    while (earlier.length > 0) {
      const gone = earlier[0];
      earlier = earlier.slice(1);
      total -= gone?.entries.length ?? 0;
      if (trySet(serialise([...earlier, currentLog()]))) return true;
    }
    while (current.entries.length > 0) {
      const keep = Math.floor(current.entries.length / 2);
      while (current.entries.length > keep) dropOldest();
      if (trySet(serialise([currentLog()]))) return true;
    }
    return false;
  }

  return {
    record(entry) {
      current.entries.push(redactSecrets({ position: entry.position, at: entry.at, ...(entry.command ? { command: entry.command } : {}), events: entry.events }));
      total += 1;
      while (total > capacity) dropOldest();
      schedule();
    },
    log: currentLog,
    sessions: () => [...earlier, currentLog()],
    size: () => total,
    flush() {
      if (pending !== null) {
        timers.clearTimeout(pending);
        pending = null;
      }
      return write();
    },
    clear(state) {
      earlier = [];
      const last = current.entries.at(-1);
      current.snapshot = { position: last?.position ?? current.snapshot.position, state: redactSecrets(state) };
      current.entries = [];
      total = 0;
      if (pending !== null) {
        timers.clearTimeout(pending);
        pending = null;
      }
      try {
        storage.removeItem(RING_KEY);
      } catch {
        // nothing to clear
      }
    },
    dispose() {
      if (pending !== null) timers.clearTimeout(pending);
      pending = null;
    },
  };
}
