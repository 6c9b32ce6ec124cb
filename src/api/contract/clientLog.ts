// Contract of bug reports: POST /client-log, and the staff routes that list and fetch them.
// See docs/ARCHITECTURE.md «4. The event log, replay and regression tests».
import { z } from 'zod/mini';
import { defineAdminRoute } from './admin/common.js';
import { defineRoute } from '../route.js';

export const CLIENT_REPORT_KIND = 'storefront-bug-report';
/** Largest accepted request body (bytes); the client trims the oldest entries to fit. */
export const CLIENT_LOG_BODY_LIMIT = 5 * 1024 * 1024;
/** Reports accepted per IP address per hour (counted in the database, so across processes). */
export const CLIENT_LOG_REPORTS_PER_HOUR = 10;
/** Entries per log the server accepts (the ring keeps 5,000 over all sessions). */
export const CLIENT_LOG_MAX_ENTRIES = 5000;

export const CLIENT_LOG_MESSAGES = {
  tooLarge: 'Отчёт об ошибке слишком большой (не более 5 МБ)',
  tooMany: 'Слишком много отчётов об ошибках с вашего адреса. Повторите позже',
  notFound: 'Отчёт об ошибке не найден',
} as const;

const Message = z.looseObject({ type: z.string().check(z.minLength(1), z.maxLength(100)) });

/** The outline of a recorded log of any schema version (see docs/ARCHITECTURE.md §4). */
export const ReportedLog = z.looseObject({
  schemaVersion: z.int().check(z.positive()),
  appVersion: z.string().check(z.maxLength(100)),
  storeVersion: z.union([z.string().check(z.maxLength(100)), z.number()]),
  snapshot: z.optional(
    z.looseObject({ position: z.int().check(z.nonnegative()), state: z.record(z.string(), z.unknown()) }),
  ),
  entries: z
    .array(
      z.looseObject({
        position: z.int().check(z.nonnegative()),
        at: z.union([z.string().check(z.maxLength(40)), z.number()]),
        command: z.optional(Message),
        events: z.array(Message),
      }),
    )
    .check(z.maxLength(CLIENT_LOG_MAX_ENTRIES)),
});
export type ReportedLog = z.infer<typeof ReportedLog>;

export const ReportedError = z.object({
  name: z.string().check(z.maxLength(200)),
  message: z.string().check(z.maxLength(2000)),
  stack: z.optional(z.string().check(z.maxLength(20_000))),
});
export type ReportedError = z.infer<typeof ReportedError>;

/** What the client sends, what Ctrl+Shift+L downloads, what the viewer and the CLI read. */
export const ClientReport = z.object({
  kind: z.literal(CLIENT_REPORT_KIND),
  appVersion: z.string().check(z.minLength(1), z.maxLength(100)),
  storeVersion: z.nullable(z.string().check(z.maxLength(100))),
  /** The page's path (and query) when the report was made. */
  route: z.string().check(z.maxLength(2000)),
  userAgent: z.string().check(z.maxLength(1000)),
  createdAt: z.iso.datetime({ offset: true }),
  /** The error that made the page offer the report, null when sent by hand. */
  error: z.nullable(ReportedError),
  /** The current page load's log (phones and names masked, token hidden). */
  log: ReportedLog,
  /** Logs of earlier page loads kept in the ring, oldest first. */
  earlierLogs: z.optional(z.array(ReportedLog).check(z.maxLength(50))),
});
export type ClientReport = z.infer<typeof ClientReport>;

export const uploadClientLog = defineRoute('none', 'POST /client-log', {
  summary: `Stores a bug report with the recorded event log (at most ${CLIENT_LOG_BODY_LIMIT} bytes, ${CLIENT_LOG_REPORTS_PER_HOUR} per IP per hour)`,
  body: ClientReport,
  response: z.object({ id: z.string() }),
});

export const ClientLogSummary = z.object({
  id: z.string(),
  receivedAt: z.iso.datetime({ offset: true }),
  appVersion: z.string(),
  storeVersion: z.nullable(z.string()),
  route: z.string(),
  userAgent: z.string(),
  errorMessage: z.nullable(z.string()),
  entryCount: z.int().check(z.nonnegative()),
  sizeBytes: z.int().check(z.nonnegative()),
});
export type ClientLogSummary = z.infer<typeof ClientLogSummary>;

export const listClientLogs = defineAdminRoute('operator', 'GET /admin/client-logs', {
  summary: 'Uploaded bug reports, newest first (staff)',
  query: z.object({
    limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200)), 50),
    /** Only reports received before this time (the next page). */
    before: z.optional(z.iso.datetime({ offset: true })),
  }),
  response: z.object({ reports: z.array(ClientLogSummary) }),
});

export const getClientLog = defineAdminRoute('operator', 'GET /admin/client-logs/:id', {
  summary: 'One uploaded bug report with its log (staff)',
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) }),
  response: z.extend(ClientLogSummary, { report: ClientReport }),
});
