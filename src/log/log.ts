// The recorded event log without schemas: format types, replay, state diff, redaction.
// See docs/ARCHITECTURE.md «4. The event log, replay and regression tests».
import type { AppCommand } from '../commands';
import { evolveAll, initialState, type AppState } from '../projections/store';
import type { AppEvent } from '../events';
import { CURRENT_SCHEMA_VERSION } from './logFormat';

export { CURRENT_SCHEMA_VERSION, LogFormatError } from './logFormat';

export type LogEntryOf<E, C> = { position: number; at: string; command?: C; events: E[] };
export type SnapshotOf<S> = { position: number; state: S };
export type LogOf<S, E, C> = {
  schemaVersion: typeof CURRENT_SCHEMA_VERSION;
  appVersion: string;
  storeVersion: string;
  snapshot?: SnapshotOf<S>;
  entries: LogEntryOf<E, C>[];
};

// ---------------------------------------------------------------------------------------------
// Replay

export type Folder<S, E> = {
  initialState: S;
  /** Applies a batch of events at once (the store's batched evolve: one immer produce). */
  evolveAll: (state: S, events: readonly E[]) => S;
};

type Replayable<S, E> = { snapshot?: SnapshotOf<S>; entries: readonly { position: number; events: readonly E[] }[] };

function startState<S, E>(folder: Folder<S, E>, log: Replayable<S, E>): S {
  return log.snapshot ? log.snapshot.state : folder.initialState;
}

/** Folds the log entry by entry: `states[i]` is the state after `log.entries[i]`. */
export function replayWith<S, E>(folder: Folder<S, E>, log: Replayable<S, E>): { states: S[]; final: S } {
  let state = startState(folder, log);
  const states: S[] = [];
  for (const entry of log.entries) {
    if (entry.events.length > 0) state = folder.evolveAll(state, entry.events);
    states.push(state);
  }
  return { states, final: state };
}

/** The final state only: one batched evolveAll over every event of the log (for big logs). */
export function replayFinalWith<S, E>(folder: Folder<S, E>, log: Replayable<S, E>): S {
  const start = startState(folder, log);
  let count = 0;
  for (const entry of log.entries) count += entry.events.length;
  if (count === 0) return start;
  const all: E[] = new Array<E>(count);
  let k = 0;
  for (const entry of log.entries) for (const event of entry.events) all[k++] = event;
  return folder.evolveAll(start, all);
}

/**
 * Replays with some entries switched off (Redux DevTools' "skip"): the events of the entries at
 * the positions in `skipped` are not applied, every other entry's events are, in order. A skipped
 * entry's state is the state before it. With an empty set this is `replayWith`.
 */
export function replaySkippingWith<S, E>(
  folder: Folder<S, E>,
  log: Replayable<S, E>,
  skipped: ReadonlySet<number>,
): { states: S[]; final: S } {
  let state = startState(folder, log);
  const states: S[] = [];
  for (const entry of log.entries) {
    if (!skipped.has(entry.position) && entry.events.length > 0) state = folder.evolveAll(state, entry.events);
    states.push(state);
  }
  return { states, final: state };
}

/**
 * Keeps the last `keep` entries of a log: the dropped ones are folded into the snapshot (the state
 * before the kept entries, at the last dropped position), so the shorter log replays to the same
 * final state. The ring buffer and an upload that must fit a size limit both use it.
 */
export function keepLastWith<S, E, L extends Replayable<S, E> & { entries: readonly LogEntryOf<E, unknown>[] }>(
  folder: Folder<S, E>,
  log: L,
  keep: number,
): L {
  const drop = log.entries.length - Math.max(0, keep);
  if (drop <= 0) return log;
  const dropped = log.entries.slice(0, drop);
  const last = dropped.at(-1);
  if (last === undefined) return log;
  const state = replayFinalWith(folder, { ...(log.snapshot ? { snapshot: log.snapshot } : {}), entries: dropped });
  return { ...log, snapshot: { position: last.position, state }, entries: log.entries.slice(drop) };
}

/**
 * The state after the entry at `position` (the snapshot's state for the snapshot's position, the
 * initial state for position 0 of a log with no snapshot and no entry 0). Throws a RangeError naming
 * the positions the log has.
 */
export function stateAtWith<S, E>(folder: Folder<S, E>, log: Replayable<S, E>, position: number): S {
  if (log.snapshot && position === log.snapshot.position) return log.snapshot.state;
  const index = log.entries.findIndex((e) => e.position === position);
  if (index < 0) {
    if (!log.snapshot && position === 0) return folder.initialState;
    const first = log.snapshot?.position ?? log.entries[0]?.position;
    const last = log.entries.at(-1)?.position ?? log.snapshot?.position;
    throw new RangeError(
      first === undefined || last === undefined
        ? `The log has no entries, so there is no position ${position}`
        : `The log has no position ${position} (it holds positions ${first}…${last})`,
    );
  }
  return replayFinalWith(folder, {
    ...(log.snapshot ? { snapshot: log.snapshot } : {}),
    entries: log.entries.slice(0, index + 1),
  });
}

// ---------------------------------------------------------------------------------------------
// Structural diff

export type StateChange = {
  /** `cart.items[id=l1].quantity`, `modal.stack[0]`; '' for the root. */
  path: string;
  kind: 'added' | 'removed' | 'changed';
  before: unknown;
  after: unknown;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  if (!IDENTIFIER.test(key)) return `${parent}[${JSON.stringify(key)}]`;
  return parent === '' ? key : `${parent}.${key}`;
}

/**
 * A small structural diff of two JSON values: the leaves (or whole subtrees that appear or vanish)
 * that differ, with their values before and after. Arrays of records with ids are matched by id. Shared subtrees (immer's structural sharing)
 * are skipped by reference, so the diff of consecutive states costs only what changed.
 */
export function diffStates(a: unknown, b: unknown): StateChange[] {
  const changes: StateChange[] = [];
  walkDiff(a, b, '', changes);
  return changes;
}

/** The ids of an array whose items are all records with distinct string ids, else null. */
function idsOf(items: readonly unknown[]): string[] | null {
  const ids: string[] = [];
  for (const item of items) {
    if (!isRecord(item) || typeof item.id !== 'string') return null;
    ids.push(item.id);
  }
  return new Set(ids).size === ids.length ? ids : null;
}

function walkDiff(a: unknown, b: unknown, path: string, out: StateChange[]): void {
  if (Object.is(a, b)) return;
  if (Array.isArray(a) && Array.isArray(b)) {
    const aIds = idsOf(a);
    const bIds = idsOf(b);
    if (aIds !== null && bIds !== null && (aIds.length > 0 || bIds.length > 0)) {
      diffById(a, aIds, b, bIds, path, out);
      return;
    }
    const n = Math.max(a.length, b.length);
    for (let i = 0; i < n; i++) {
      const p = childPath(path, i);
      if (i >= a.length) out.push({ path: p, kind: 'added', before: undefined, after: b[i] });
      else if (i >= b.length) out.push({ path: p, kind: 'removed', before: a[i], after: undefined });
      else walkDiff(a[i], b[i], p, out);
    }
    return;
  }
  if (isRecord(a) && isRecord(b)) {
    for (const key of Object.keys(a)) {
      const p = childPath(path, key);
      if (!Object.hasOwn(b, key)) out.push({ path: p, kind: 'removed', before: a[key], after: undefined });
      else walkDiff(a[key], b[key], p, out);
    }
    for (const key of Object.keys(b)) {
      if (!Object.hasOwn(a, key))
        out.push({ path: childPath(path, key), kind: 'added', before: undefined, after: b[key] });
    }
    return;
  }
  out.push({ path, kind: a === undefined ? 'added' : b === undefined ? 'removed' : 'changed', before: a, after: b });
}

/**
 * Arrays of records with ids (cart lines, addresses, products) are matched by id, so removing the
 * first line reports that line and not a shift of every later one: `cart.items[id=l2].quantity`.
 * A reordering of the common ids is reported on the array itself, as the id lists.
 */
function diffById(
  a: readonly unknown[],
  aIds: string[],
  b: readonly unknown[],
  bIds: string[],
  path: string,
  out: StateChange[],
): void {
  const at = (id: string) => `${path}[id=${id}]`;
  const bIndex = new Map(bIds.map((id, i) => [id, i]));
  const aIndex = new Map(aIds.map((id, i) => [id, i]));
  aIds.forEach((id, i) => {
    const j = bIndex.get(id);
    if (j === undefined) out.push({ path: at(id), kind: 'removed', before: a[i], after: undefined });
    else walkDiff(a[i], b[j], at(id), out);
  });
  bIds.forEach((id, j) => {
    if (!aIndex.has(id)) out.push({ path: at(id), kind: 'added', before: undefined, after: b[j] });
  });
  const commonA = aIds.filter((id) => bIndex.has(id));
  const commonB = bIds.filter((id) => aIndex.has(id));
  if (commonA.some((id, i) => commonB[i] !== id)) out.push({ path, kind: 'changed', before: commonA, after: commonB });
}

// ---------------------------------------------------------------------------------------------
// Redaction (the recorder hides secrets; an export masks personal data too)

// Secrets and personal data, hidden before a log leaves the page (and again on the server):
// pure rules in src/domain/redaction.ts, shared with the server.
export {
  containsSecret,
  maskName,
  maskPhonesInText,
  REDACTED,
  redactPersonal,
  redactSecrets,
  redactValue,
  type RedactOptions,
} from '../domain/redaction';

// ---------------------------------------------------------------------------------------------
// The app's log: AppEvent, AppCommand and the combined store.

export type LogEntry = LogEntryOf<AppEvent, AppCommand>;
export type Log = LogOf<AppState, AppEvent, AppCommand>;

const storeFolder: Folder<AppState, AppEvent> = { initialState, evolveAll };

/** States after each entry (`states[i]` after `log.entries[i]`) and the final state. */
export const replay = (log: Log): { states: AppState[]; final: AppState } => replayWith(storeFolder, log);
/** The final state only, with one batched evolveAll over every event (big logs). */
export const replayFinal = (log: Log): AppState => replayFinalWith(storeFolder, log);
/** States with the entries at `skipped` switched off (the viewer's toggle). */
export const replaySkipping = (log: Log, skipped: ReadonlySet<number>): { states: AppState[]; final: AppState } =>
  replaySkippingWith(storeFolder, log, skipped);
/** The log's last `keep` entries, the dropped ones folded into the snapshot. */
export const keepLast = (log: Log, keep: number): Log => keepLastWith(storeFolder, log, keep);
/** The state after the entry at `position`. */
export const stateAt = (log: Log, position: number): AppState => stateAtWith(storeFolder, log, position);

/** Wraps recorded entries (the bus's log) in the current log format. */
export function createLog(parts: {
  appVersion: string;
  storeVersion: string;
  entries: readonly LogEntry[];
  snapshot?: SnapshotOf<AppState>;
}): Log {
  return {
    schemaVersion: CURRENT_SCHEMA_VERSION,
    appVersion: parts.appVersion,
    storeVersion: parts.storeVersion,
    ...(parts.snapshot ? { snapshot: parts.snapshot } : {}),
    entries: parts.entries.map((e) => ({
      position: e.position,
      at: e.at,
      ...(e.command ? { command: e.command } : {}),
      events: [...e.events],
    })),
  };
}
