// Reading and exporting the recorded event log (DESIGN "The client core", point 6): the zod schema
// of a log over given event, command and state schemas, parsing with upcasting, and the redacted,
// re-validated export. The pure rest of the log (types, replay, redaction) is in log.ts.
//
// This module imports the app's event and command schemas, so the storefront only loads it with
// a dynamic import() when a bug report is exported or sent (src/views/app/bugReportUi.tsx); the
// admin replay viewer, the CLI and the server import it directly.
import { z } from 'zod/mini';
import { AppCommandSchema, type AppCommand } from '../commands';
import { initialState, type AppState } from '../projections/store';
import { AppEventSchema, type AppEvent } from '../events';
import { redactValue, type Log, type LogOf, type RedactOptions } from './log';
import { CURRENT_SCHEMA_VERSION, ENGLISH_ISSUES, LogFormatError, formatIssues, upcast } from './upcasters';

export { upcast } from './upcasters';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const Position = z.int().check(z.nonnegative());
const IsoAt = z.iso.datetime({ offset: true });

export type LogCodec<S, E, C> = {
  schema: z.ZodMiniType<LogOf<S, E, C>>;
  /** Upcasts and validates raw JSON; throws LogFormatError with readable issues. */
  parseLog(json: unknown): LogOf<S, E, C>;
  /** JSON.parse + parseLog; a syntax error becomes a LogFormatError as well. */
  parseLogText(text: string): LogOf<S, E, C>;
};

/** Builds the zod schema and parser of a log over the given state, event and command schemas. */
export function createLogCodec<S, E, C>(parts: {
  state: z.ZodMiniType<S>;
  event: z.ZodMiniType<E>;
  command: z.ZodMiniType<C>;
}): LogCodec<S, E, C> {
  const entry = z.object({
    position: Position,
    at: IsoAt,
    command: z.optional(parts.command),
    events: z.array(parts.event),
  });
  const schema = z
    .object({
      schemaVersion: z.literal(CURRENT_SCHEMA_VERSION),
      appVersion: z.string(),
      storeVersion: z.string().check(z.minLength(1)),
      snapshot: z.optional(z.object({ position: Position, state: parts.state })),
      entries: z.array(entry),
    })
    .check(
      z.superRefine((log, ctx) => {
        let previous = log.snapshot ? log.snapshot.position : -1;
        for (const [i, e] of log.entries.entries()) {
          if (e.position <= previous) {
            ctx.addIssue({
              code: 'custom',
              path: ['entries', i, 'position'],
              message:
                i === 0 && log.snapshot
                  ? `entry position ${e.position} must come after the snapshot's position ${previous}`
                  : `positions must strictly increase (${previous} then ${e.position})`,
            });
            return;
          }
          previous = e.position;
        }
      }),
    );
  // The object schema's inferred output is structurally LogOf<S, E, C>; zod cannot name it for us.
  const typed: z.ZodMiniType<LogOf<S, E, C>> = schema;

  function parseLog(json: unknown): LogOf<S, E, C> {
    const current = upcast(json);
    const result = typed.safeParse(current, ENGLISH_ISSUES);
    if (!result.success) throw new LogFormatError('Invalid event log', formatIssues(result.error));
    return result.data;
  }
  function parseLogText(text: string): LogOf<S, E, C> {
    return parseLog(parseJsonText(text));
  }
  return { schema: typed, parseLog, parseLogText };
}

/** JSON.parse for a log file: a syntax error is a LogFormatError, as any other fault of the file. */
export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new LogFormatError(`The file is not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** Redacts a log for export (token removed, phones and names masked) and re-validates it. */
export function exportLogWith<S, E, C>(
  codec: LogCodec<S, E, C>,
  log: LogOf<S, E, C>,
  options: RedactOptions = {},
): LogOf<S, E, C> {
  const { schemaVersion, appVersion, storeVersion, ...rest } = log;
  const redacted = redactValue(rest, options);
  return codec.parseLog(isRecord(redacted) ? { ...redacted, schemaVersion, appVersion, storeVersion } : redacted);
}

// ---------------------------------------------------------------------------------------------
// The app's log: AppEvent, AppCommand and the combined store.

/** A snapshot's state: a plain object holding every area of the store as a plain object. */
const AppStateSchema = z.custom<AppState>(
  (value: unknown) => isRecord(value) && Object.keys(initialState).every((area) => isRecord(value[area])),
  { message: `the snapshot state must be an object with the areas ${Object.keys(initialState).join(', ')}` },
);

export const logCodec: LogCodec<AppState, AppEvent, AppCommand> = createLogCodec({
  state: AppStateSchema,
  event: AppEventSchema,
  command: AppCommandSchema,
});
export const LogSchema = logCodec.schema;
/** Upcasts and validates a log read from JSON; throws LogFormatError with readable issues. */
export const parseLog = (json: unknown): Log => logCodec.parseLog(json);
/** JSON.parse + parseLog. */
export const parseLogText = (text: string): Log => logCodec.parseLogText(text);

/** The log with the token hidden and phones and user names masked, still valid and replayable. */
export const exportLog = (log: Log, options: RedactOptions = {}): Log => exportLogWith(logCodec, log, options);
