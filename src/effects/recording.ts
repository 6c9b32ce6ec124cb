// The bug-report recorder: the event log as a bounded ring in localStorage.
// See docs/ARCHITECTURE.md «The bug-report ring».
import type { LogEntry as BusEntry } from '../commands/bus';
import { createLog, redactPersonal, type Log, type LogEntry } from '../log/log';
import { evolveAll, type AppState } from '../projections/store';
import type { KeyValueStorage } from './persistence';
import { redactedStateWithText, redactedWithText, textCache } from './ringText';

export const RING_KEY = 'storefront:log';
export const RING_CAPACITY = 5000;
export const RING_WRITE_MS = 1000;
/** The stored ring's own format version (the logs inside carry their schemaVersion). */
export const RING_FORMAT = 1;

/**
 * An earlier session as read from storage: a log as some version of the app wrote it, checked only
 * to be an object with an `entries` array (its length is what the capacity counts). Parse it
 * (logCodec.parseLog) before using it as a Log.
 */
export type StoredSession = { readonly entries: readonly unknown[]; readonly [key: string]: unknown };

/** What RING_KEY holds: earlier sessions as they were stored, then the current session's log. */
export type StoredRing = {
  format: typeof RING_FORMAT;
  sessions: StoredSession[];
  /** The latest sign-out's id: a tab that has not seen it forgets its own entries (docs/ARCHITECTURE.md §6). */
  forgotten?: string;
};

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
  /** This page load's id, stored with its session (default: a random UUID). */
  sessionId?: string;
};

/** The key of a stored session that names the page load (tab) that wrote it. */
export const SESSION_KEY = 'session';

export interface Recorder {
  /** Appends one bus entry (pass as the store's `onEntry`). */
  record(entry: BusEntry): void;
  /** The current session's log (token hidden, phones and names as recorded). */
  log(): Log;
  /** Earlier sessions (oldest first) as stored, unparsed; the current one is `log()`. */
  earlier(): StoredSession[];
  /** Entries held over all sessions (≤ capacity). */
  size(): number;
  /** Writes the ring now (cancels a pending throttled write). False when storage refused it. */
  flush(): boolean;
  /** Drops every recorded entry, here and in storage; the current state becomes the new snapshot. */
  clear(state: AppState): void;
  /** Drops every session and this tab's entries, keeping the state after them masked; other tabs follow (docs/ARCHITECTURE.md §6). */
  forgetPersonal(): void;
  /** Cancels a pending write. */
  dispose(): void;
}

const defaultTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

/** randomUUID exists only in secure contexts (https, localhost): a plain-http address gets the fallback. */
function newSessionId(): string {
  const uuid = globalThis.crypto?.randomUUID;
  return typeof uuid === 'function'
    ? uuid.call(globalThis.crypto)
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

function isStoredSession(value: unknown): value is StoredSession {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    'entries' in value &&
    Array.isArray(value.entries)
  );
}

/**
 * The sessions saved in storage, oldest first, unparsed; [] for nothing or a corrupt value. A
 * session that is not an object with an `entries` array is left out (no log of any version has
 * that shape); whether the rest are logs this app can read is only known when they are parsed.
 */
export function loadRing(storage: KeyValueStorage): StoredSession[] {
  return parseRing(readRingText(storage)).sessions;
}

function readRingText(storage: KeyValueStorage): string | null {
  try {
    return storage.getItem(RING_KEY);
  } catch {
    return null;
  }
}

function parseRing(text: string | null): { sessions: StoredSession[]; forgotten: string | null } {
  const none = { sessions: [], forgotten: null };
  if (text === null) return none;
  try {
    const json: unknown = JSON.parse(text);
    if (typeof json !== 'object' || json === null || !('sessions' in json) || !Array.isArray(json.sessions))
      return none;
    const forgotten = 'forgotten' in json && typeof json.forgotten === 'string' ? json.forgotten : null;
    return { sessions: json.sessions.filter(isStoredSession), forgotten };
  } catch {
    return none;
  }
}

type Session = { snapshot: { position: number; state: AppState }; entries: LogEntry[] };

export function createRecorder(options: RecorderOptions): Recorder {
  const capacity = Math.max(1, options.capacity ?? RING_CAPACITY);
  const throttleMs = options.throttleMs ?? RING_WRITE_MS;
  const timers = options.timers ?? defaultTimers;
  const { storage } = options;

  const sessionId = options.sessionId ?? newSessionId();
  /** What this recorder last read or wrote under RING_KEY: another text means another tab wrote. */
  let known = readRingText(storage);
  const stored = parseRing(known);
  let earlier: StoredSession[] = stored.sessions;
  /** The latest sign-out this tab has seen (its own or another tab's). */
  let forgotten = stored.forgotten;
  /** The JSON of what the ring holds (snapshots, entries, earlier sessions), each written once. */
  const textOf = textCache();
  // The starting snapshot is redacted and serialised when first needed (the first write, a second
  // later), not in the task that installs the recorder: the start stays short (docs/ARCHITECTURE.md §6).
  let snapshot: Session['snapshot'] | null = null;
  const current: Session = {
    get snapshot() {
      snapshot ??= { position: 0, state: redactedState(options.initial) };
      return snapshot;
    },
    set snapshot(value) {
      snapshot = value;
    },
    entries: [],
  };
  let total = 0;
  let pending: unknown = null;
  recount();

  /** The state with its token hidden; its JSON, computed on the way, is kept for the writes. */
  function redactedState(state: AppState): AppState {
    const { value, text } = redactedStateWithText(state);
    textOf.remember(value, text);
    return value;
  }

  function recount(): void {
    total = earlier.reduce((n, s) => n + s.entries.length, 0) + current.entries.length;
    while (total > capacity) dropOldest();
  }

  /** Another tab wrote the ring since: its sessions (all but this tab's own) become the earlier ones. */
  function adoptOtherTabs(): void {
    const text = readRingText(storage);
    if (text === known) return;
    known = text;
    const ring = parseRing(text);
    earlier = ring.sessions.filter((session) => session[SESSION_KEY] !== sessionId);
    if (ring.forgotten !== null && ring.forgotten !== forgotten) {
      forgotten = ring.forgotten;
      forgetOwnEntries();
    }
    recount();
  }

  /** This tab's entries folded into its snapshot, masked: nothing of them is kept as recorded. */
  function forgetOwnEntries(): void {
    const last = current.entries.at(-1);
    const state = evolveAll(
      current.snapshot.state,
      current.entries.flatMap((e) => e.events),
    );
    current.snapshot = { position: last?.position ?? current.snapshot.position, state: redactPersonal(state) };
    current.entries = [];
  }

  const storeVersion = () => {
    const v = options.storeVersion();
    return v === null || v === '' ? 'unknown' : v;
  };

  function currentLog(): Log {
    return createLog({
      appVersion: options.appVersion,
      storeVersion: storeVersion(),
      snapshot: current.snapshot,
      entries: current.entries,
    });
  }

  /**
   * Drops the oldest of what the ring holds: the earliest session whole (it is not parsed, so it
   * cannot be cut; docs/ARCHITECTURE.md §6), else the current session's oldest entry, folded into its snapshot.
   */
  function dropOldest(): void {
    const first = earlier[0];
    if (first !== undefined) {
      earlier = earlier.slice(1);
      total -= first.entries.length;
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

  /**
   * The current session as JSON, joined from cached texts: exactly JSON.stringify of
   * `{ ...currentLog(), [SESSION_KEY]: sessionId }` (the recording tests compare the two).
   */
  function currentText(): string {
    const head = createLog({ appVersion: options.appVersion, storeVersion: storeVersion(), entries: [] });
    const { snapshot } = current;
    const fields = JSON.stringify({
      schemaVersion: head.schemaVersion,
      appVersion: head.appVersion,
      storeVersion: head.storeVersion,
    }).slice(0, -1);
    const entries = current.entries.map(textOf).join(',');
    return (
      `${fields},"snapshot":{"position":${JSON.stringify(snapshot.position)},"state":${textOf(snapshot.state)}},` +
      `"entries":[${entries}],${JSON.stringify(SESSION_KEY)}:${JSON.stringify(sessionId)}}`
    );
  }

  /** JSON.stringify of the StoredRing, from cached texts. */
  function serialise(sessions: StoredSession[]): string {
    const texts = [...sessions.map(textOf), currentText()].join(',');
    const mark = forgotten === null ? '' : `,"forgotten":${JSON.stringify(forgotten)}`;
    return `{"format":${JSON.stringify(RING_FORMAT)},"sessions":[${texts}]${mark}}`;
  }

  function trySet(sessions: StoredSession[]): boolean {
    const text = serialise(sessions);
    try {
      storage.setItem(RING_KEY, text);
      known = text;
      return true;
    } catch {
      return false;
    }
  }

  /** Writes the ring; on a refusal, shortens it (earlier sessions first, then halves) until it fits. */
  function write(): boolean {
    adoptOtherTabs();
    if (trySet(earlier)) return true;
    while (earlier.length > 0) {
      const gone = earlier[0];
      earlier = earlier.slice(1);
      total -= gone?.entries.length ?? 0;
      if (trySet(earlier)) return true;
    }
    while (current.entries.length > 0) {
      const keep = Math.floor(current.entries.length / 2);
      while (current.entries.length > keep) dropOldest();
      if (trySet([])) return true;
    }
    return false;
  }

  function flush(): boolean {
    if (pending !== null) {
      timers.clearTimeout(pending);
      pending = null;
    }
    return write();
  }

  function forgetPersonal(): void {
    // What other tabs wrote before this is dropped too: read it now so the write does not adopt it.
    known = readRingText(storage);
    forgotten = newSessionId();
    earlier = [];
    forgetOwnEntries();
    recount();
    flush();
  }

  return {
    record(entry) {
      const { value, text } = redactedWithText<LogEntry>({
        position: entry.position,
        at: entry.at,
        ...(entry.command ? { command: entry.command } : {}),
        events: entry.events,
      });
      textOf.remember(value, text);
      current.entries.push(value);
      total += 1;
      while (total > capacity) dropOldest();
      if (entry.events.some((e) => e.type === 'LoggedOut')) forgetPersonal();
      else schedule();
    },
    log: currentLog,
    earlier: () => {
      adoptOtherTabs();
      return [...earlier];
    },
    size: () => total,
    flush,
    clear(state) {
      earlier = [];
      const last = current.entries.at(-1);
      current.snapshot = { position: last?.position ?? current.snapshot.position, state: redactedState(state) };
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
      known = null;
    },
    forgetPersonal,
    dispose() {
      if (pending !== null) timers.clearTimeout(pending);
      pending = null;
    },
  };
}
