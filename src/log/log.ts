// The recorded event log without schemas: format types, replay, state diff, redaction.
// See docs/ARCHITECTURE.md «4. The event log, replay and regression tests».
import type { AppCommand } from '../commands';
import { maskPhoneForLog } from '../domain/phone';
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

/** 'Иван' → 'И***'; '' stays ''. */
export function maskName(name: string): string {
  const first = Array.from(name.trim())[0];
  return first === undefined ? '' : `${first}***`;
}

/** What a token field holds in an export: the field stays (SignedIn/CompleteSignIn require it) but not its value. */
export const REDACTED = '[redacted]';
/** Keys whose value is a secret: the auth token and any other bearer/response token. */
const TOKEN_KEY = /^(token|.*Token)$/;
/** Keys holding a phone number; masked wholesale. */
const PHONE_KEY = /phone/i;
/** Keys holding a person's name wherever they appear. */
const PERSON_NAME_KEY = /^(userName|customerName|firstName|lastName|middleName|fullName|recipientName)$/;
/** Messages (`{ type, data }`) whose data is about the person: EditProfile's `changes.name` has no phone beside it. */
const PERSONAL_MESSAGE = /Profile|SignIn|SignedIn|SubmitCode/;
/**
 * A run of 10+ digits written with spaces (no-break ones too), hyphens, en and em dashes, dots,
 * slashes or brackets between them, optionally after '+'.
 */
const DIGIT_RUN = /\+?\d(?:[\s()./\u2013\u2014-]*\d){9,}/g;
/** What maskPhoneForLog makes of a valid phone: masking an exported log again keeps it as it is. */
const ALREADY_MASKED = /^\+7 \(\*\*\*\) \*\*\*-\*\*-\d{2}$/;
const UUID_INSIDE = /[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}/i;
const UUID_ANYWHERE = /[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}/gi;
const UUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

/** Masks every phone-like run of 10 or more digits inside free text (comments, addresses, messages). */
export function maskPhonesInText(text: string, mask: (phone: string) => string = maskPhoneForLog): string {
  if (UUID.test(text)) return text;
  if (!UUID_INSIDE.test(text)) return text.replace(DIGIT_RUN, (run) => mask(run));
  // Ids built on a UUID ('<uuid>:1' cart lines) keep it whole; the text around it is masked.
  let out = '';
  let last = 0;
  for (const found of text.matchAll(UUID_ANYWHERE)) {
    const at = found.index ?? 0;
    out += text.slice(last, at).replace(DIGIT_RUN, (run) => mask(run)) + found[0];
    last = at + found[0].length;
  }
  return out + text.slice(last).replace(DIGIT_RUN, (run) => mask(run));
}

export type RedactOptions = {
  maskPhone?: (phone: string) => string;
  maskName?: (name: string) => string;
  /**
   * Also mask where the customer lives: address fields and comments to 'Л***', coordinates to
   * 0.01° (about 1 km). Off for the server's second pass, which keeps what the customer agreed to send.
   */
  maskAddresses?: boolean;
};

/** Keys of an address's parts, of an address as text, and of free-text comments. */
const ADDRESS_KEY = /^(street|home|apartment|entrance|floor|intercom|comment|address)$/;
const COORDINATE_KEY = /^(lat|lon)$/;

/**
 * Deep-copies a JSON value, hiding secrets and masking personal data:
 * - the value of any key named `token` (or ending in `Token`) becomes REDACTED, so the token is
 *   gone but events that require the field (SignedIn) still validate and replay;
 * - any string under a key containing `phone` is masked ('+7 (***) ***-**-67'), and phone-like
 *   runs of 10+ digits are masked inside every other string (comments, messages);
 * - in an object that has a phone key (a user, a promo-check customer, a profile edit) and in the
 *   plain objects nested in it, and in the data of profile and sign-in messages (EditProfile's
 *   `changes`), `name` is masked ('И***'), as are keys such as
 *   `userName`/`customerName` anywhere. Arrays do not inherit this, so product names in a
 *   promo-check order's items, and product, group and city names in general, stay readable.
 */
export function redactValue(value: unknown, options: RedactOptions = {}): unknown {
  const phoneMask = options.maskPhone ?? maskPhoneForLog;
  const nameMask = options.maskName ?? maskName;
  const visit = (v: unknown, key: string | undefined, personal: boolean): unknown => {
    if (key !== undefined && TOKEN_KEY.test(key) && v !== null && v !== undefined) return REDACTED;
    if (typeof v === 'string') {
      if (key !== undefined && PHONE_KEY.test(key)) return ALREADY_MASKED.test(v) ? v : phoneMask(v);
      if (key !== undefined && (PERSON_NAME_KEY.test(key) || (personal && key === 'name'))) return nameMask(v);
      if (options.maskAddresses === true && key !== undefined && ADDRESS_KEY.test(key)) return maskName(v);
      return maskPhonesInText(v, phoneMask);
    }
    if (options.maskAddresses === true && typeof v === 'number' && key !== undefined && COORDINATE_KEY.test(key))
      return Math.round(v * 100) / 100;
    // A phone stored as a number (10+ digits) under a phone key becomes its masked text.
    if (typeof v === 'number' && key !== undefined && PHONE_KEY.test(key) && Number.isInteger(v) && Math.abs(v) >= 1e9)
      return phoneMask(String(v));
    if (Array.isArray(v)) return v.map((item) => visit(item, key, false));
    if (isRecord(v)) {
      if (holdsSignInCode(v)) return visit(withoutSignInCode(v), key, personal);
      const keys = Object.keys(v);
      const inner = personal || keys.some((k) => PHONE_KEY.test(k));
      const personalMessage = typeof v.type === 'string' && PERSONAL_MESSAGE.test(v.type);
      const out: Record<string, unknown> = {};
      // A key may hold a phone too (a record keyed by number): it is masked like free text.
      for (const k of keys)
        out[maskPhonesInText(k, phoneMask)] = visit(v[k], k, inner || (personalMessage && k === 'data'));
      return out;
    }
    return v;
  };
  return visit(value, undefined, false);
}

/**
 * Every personal part masked (phones, names, addresses, comments, coordinates) and secrets
 * hidden, with the shape kept: the app's state and log hold phones as strings, so every string
 * stays a string and every number a number.
 */
export function redactPersonal<T>(value: T): T {
  return redactValue(value, { maskAddresses: true }) as T;
}

/** Whether a JSON value holds a secret anywhere: a token value (a key named `token` or ending in `Token`) or an SMS sign-in code. */
/** Messages whose `data.code` is the one-time SMS sign-in code: a credential while it lives. */
const SIGN_IN_CODE_MESSAGE = /^(SubmitCode|CodeSubmitted)$/;

function holdsSignInCode(value: Record<string, unknown>): boolean {
  if (typeof value.type !== 'string' || !SIGN_IN_CODE_MESSAGE.test(value.type) || !isRecord(value.data)) return false;
  const code = value.data.code;
  return typeof code === 'string' && code !== REDACTED;
}

/** The message with its sign-in code hidden (other fields untouched). */
function withoutSignInCode(value: Record<string, unknown>): Record<string, unknown> {
  return isRecord(value.data) ? { ...value, data: { ...value.data, code: REDACTED } } : value;
}

export function containsSecret(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(containsSecret);
  if (!isRecord(value)) return false;
  if (holdsSignInCode(value)) return true;
  for (const [k, v] of Object.entries(value)) {
    if (TOKEN_KEY.test(k) && v !== null && v !== undefined && v !== REDACTED) return true;
    if (typeof v === 'object' && v !== null && containsSecret(v)) return true;
  }
  return false;
}

/**
 * Hides the secrets only: every token value and SMS sign-in code becomes REDACTED, nothing else changes (phones and
 * names stay, this is for the customer's own browser). The recorder applies it to every entry and
 * snapshot it keeps, so the token never reaches storage. Returns the value itself when it holds
 * no secret (no copy of a big CatalogLoaded for nothing).
 */
export function redactSecrets<T>(value: T): T {
  if (!containsSecret(value)) return value;
  const visit = (v: unknown, key: string | undefined): unknown => {
    if (key !== undefined && TOKEN_KEY.test(key) && v !== null && v !== undefined) return REDACTED;
    if (Array.isArray(v)) return v.map((item) => visit(item, undefined));
    if (isRecord(v)) {
      if (!containsSecret(v)) return v;
      const record = holdsSignInCode(v) ? withoutSignInCode(v) : v;
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(record)) out[k] = visit(record[k], k);
      return out;
    }
    return v;
  };
  // The copy has the input's structure exactly; only string/null token values were replaced.
  return visit(value, undefined) as T;
}

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
