// Upcasters of the recorded event log, one per schema version step.
// See docs/ARCHITECTURE.md «4. The event log, replay and regression tests» (format history).
import { z } from 'zod/mini';
import { CURRENT_SCHEMA_VERSION, LogFormatError } from './logFormat';

export { CURRENT_SCHEMA_VERSION, LogFormatError } from './logFormat';

/**
 * Parse options that word zod's own issues in English ("Invalid input: expected string, received
 * number"). zod/mini loads no locale, and a log's reader (a developer, the replay CLI) needs to
 * know what is wrong, not just that something is.
 */
export const ENGLISH_ISSUES = { error: z.locales.en().localeError };

/** Formats zod issues as `entries[3].events[0].type: message`, at most `max` of them. */
export function formatIssues(error: z.core.$ZodError, max = 10): string[] {
  const lines = error.issues.slice(0, max).map((issue) => `${formatPath(issue.path)}: ${issue.message}`);
  if (error.issues.length > max) lines.push(`… and ${error.issues.length - max} more`);
  return lines;
}

function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(root)';
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

export type Upcaster = (raw: unknown) => unknown;

// ---------------------------------------------------------------------------------------------
// v1 → v2

const MessageV1 = z.looseObject({ type: z.string().check(z.minLength(1)), payload: z.optional(z.unknown()) });

export const LogV1Schema = z.object({
  schemaVersion: z.literal(1),
  appVersion: z.string(),
  storeVersion: z.union([z.number(), z.string()]),
  entries: z.array(
    z.object({
      position: z.int().check(z.nonnegative()),
      at: z.int().check(z.nonnegative()),
      command: z.optional(MessageV1),
      events: z.array(MessageV1),
    }),
  ),
});
export type LogV1 = z.infer<typeof LogV1Schema>;

/** `{ type, payload }` → `{ type, data }`; a message without payload keeps no data. */
function messageV1toV2(message: z.infer<typeof MessageV1>): Record<string, unknown> {
  const { payload, ...rest } = message;
  return 'payload' in message ? { ...rest, data: payload } : { ...rest };
}

export const upcastV1toV2: Upcaster = (raw) => {
  const parsed = LogV1Schema.safeParse(raw, ENGLISH_ISSUES);
  if (!parsed.success) throw new LogFormatError('Not a valid version 1 event log', formatIssues(parsed.error));
  const v1 = parsed.data;
  return {
    schemaVersion: 2,
    appVersion: v1.appVersion,
    storeVersion: String(v1.storeVersion),
    entries: v1.entries.map((entry) => ({
      position: entry.position,
      at: new Date(entry.at).toISOString(),
      ...(entry.command ? { command: messageV1toV2(entry.command) } : {}),
      events: entry.events.map(messageV1toV2),
    })),
  };
};

// ---------------------------------------------------------------------------------------------
// v2 → v3

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

type StateParts = Record<string, unknown>;

/**
 * A step that only adds what a version `from` snapshot's state lacks (`fill` returns the parts to
 * set); a log without a snapshot only changes its version.
 */
function fillingSnapshotState(from: number, fill: (state: StateParts) => StateParts): Upcaster {
  return (raw) => {
    if (!isPlainObject(raw)) throw new LogFormatError(`Not a valid version ${from} event log: expected a JSON object`);
    const snapshot = raw['snapshot'];
    if (snapshot === undefined) return { ...raw, schemaVersion: from + 1 };
    const state = isPlainObject(snapshot) ? snapshot['state'] : undefined;
    if (!isPlainObject(state))
      throw new LogFormatError(`Not a valid version ${from} event log`, ['snapshot.state: expected an object']);
    return { ...raw, schemaVersion: from + 1, snapshot: { ...snapshot, state: { ...state, ...fill(state) } } };
  };
}

/** The user area with `key` set to `empty` where it lacks it; no part when the state has no user area. */
function userPart(state: StateParts, key: string, empty: unknown): StateParts {
  const user = state['user'];
  return isPlainObject(user) ? { user: { ...user, [key]: user[key] ?? empty } } : {};
}

/** The two parts of a v3 state a v2 snapshot lacks, as they were when v3 began (not the live initial state). */
const V3_EMPTY_PAGE_AREA = { entries: {} };
const V3_EMPTY_ORDER_HISTORY = { status: 'idle', orders: [] };

export const upcastV2toV3: Upcaster = fillingSnapshotState(2, (state) => ({
  page: state['page'] ?? V3_EMPTY_PAGE_AREA,
  ...userPart(state, 'history', V3_EMPTY_ORDER_HISTORY),
}));

// ---------------------------------------------------------------------------------------------
// v3 → v4

/** The ratings after delivery a v3 snapshot's user area lacks, as they were when v4 began. */
const V4_EMPTY_RATINGS = { status: 'idle', byOrder: {}, prompts: [], forms: {} };

export const upcastV3toV4: Upcaster = fillingSnapshotState(3, (state) => userPart(state, 'ratings', V4_EMPTY_RATINGS));

// ---------------------------------------------------------------------------------------------
// The chain

/** `upcasters[n]` turns a version n log into a version n + 1 log. */
export const upcasters: Readonly<Record<number, Upcaster>> = {
  1: upcastV1toV2,
  2: upcastV2toV3,
  3: upcastV3toV4,
};

/** Reads `schemaVersion` of a raw log, or throws a LogFormatError saying what is wrong. */
export function readSchemaVersion(raw: unknown): number {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new LogFormatError(
      'Not an event log: expected a JSON object with schemaVersion, appVersion, storeVersion and entries',
    );
  }
  const version: unknown = Reflect.get(raw, 'schemaVersion');
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw new LogFormatError(
      `Not an event log: schemaVersion must be a positive integer, got ${JSON.stringify(version) ?? 'nothing'}`,
    );
  }
  return version;
}

/**
 * Brings a raw log of any known version up to `target` (CURRENT_SCHEMA_VERSION), one upcaster at
 * a time. Returns the input itself when it is already current (validation is parseLog's job).
 */
export function upcast(
  raw: unknown,
  chain: Readonly<Record<number, Upcaster>> = upcasters,
  target: number = CURRENT_SCHEMA_VERSION,
): unknown {
  let version = readSchemaVersion(raw);
  if (version > target) {
    throw new LogFormatError(
      `The log has schemaVersion ${version}, written by a newer app; this one reads up to version ${target}`,
    );
  }
  let current = raw;
  while (version < target) {
    const step = chain[version];
    if (!step) throw new LogFormatError(`No upcaster from log schemaVersion ${version} to ${version + 1}`);
    current = step(current);
    const next = readSchemaVersion(current);
    if (next !== version + 1) {
      throw new LogFormatError(
        `The upcaster from version ${version} produced version ${next} instead of ${version + 1}`,
      );
    }
    version = next;
  }
  return current;
}
