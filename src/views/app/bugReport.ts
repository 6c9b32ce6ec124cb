// Bug reports, the pure part: the report envelope built from the recorded ring (every
// log exported: token hidden, phones and names masked, addresses and comments too unless the
// customer agreed to send them), trimmed to the server's size limit, the
// file name of the Ctrl+Shift+L download, and reading an envelope or a bare log back (viewer, CLI).
//
// It needs the log codec (the event and command schemas), so the storefront loads this module
// with import() when a report is made (bugReportUi.tsx), never at the page's start.
import {
  CLIENT_LOG_BODY_LIMIT,
  CLIENT_REPORT_KIND,
  ClientReport,
  type ReportedError,
} from '../../api/contract/clientLog';
import { keepLast, LogFormatError, type Log } from '../../log/log';
import { exportLog, parseJsonText, parseLog } from '../../log/logCodec';

export { CLIENT_REPORT_KIND } from '../../api/contract/clientLog';

export type ReportParts = {
  /** The ring's sessions, oldest first; the last is the current page load. */
  sessions: readonly Log[];
  appVersion: string;
  storeVersion: string | null;
  route: string;
  userAgent: string;
  /** ISO time of the report. */
  now: string;
  error: ReportedError | null;
  /** Largest JSON size in bytes (default: the server's body limit). */
  maxBytes?: number;
  /** The customer agreed to send their addresses and comments; phones and names are masked anyway. */
  withAddresses?: boolean;
};

const byteLength = (text: string): number => new TextEncoder().encode(text).length;

/**
 * The ring's sessions as logs, oldest first: the earlier ones (stored unparsed by the recorder)
 * upcast and validated, those that do not parse (written by an app version no upcaster reads, or
 * damaged) left out, then the current one.
 */
export function readSessions(earlier: readonly unknown[], current: Log): Log[] {
  const logs: Log[] = [];
  for (const raw of earlier) {
    try {
      logs.push(parseLog(raw));
    } catch {
      // Not readable by this app: the report goes without it.
    }
  }
  logs.push(current);
  return logs;
}

/**
 * The report: every session exported (exportLog: token hidden, phones and names masked), then
 * trimmed until its JSON fits `maxBytes`: earlier sessions go first (oldest first), then the
 * current log keeps fewer of its newest entries (the dropped ones folded into its snapshot).
 */
export function buildReport(parts: ReportParts): ClientReport {
  const maxBytes = parts.maxBytes ?? CLIENT_LOG_BODY_LIMIT;
  const exported = parts.sessions.map((log) => exportLog(log, { maskAddresses: parts.withAddresses !== true }));
  let current = exported.at(-1);
  if (current === undefined) throw new Error('buildReport needs at least the current session');
  let earlier = exported.slice(0, -1);
  const make = (log: Log): ClientReport => ({
    kind: CLIENT_REPORT_KIND,
    appVersion: parts.appVersion,
    storeVersion: parts.storeVersion,
    route: parts.route.slice(0, 2000),
    userAgent: parts.userAgent.slice(0, 1000),
    createdAt: parts.now,
    error: parts.error,
    log,
    ...(earlier.length > 0 ? { earlierLogs: earlier } : {}),
  });
  let report = make(current);
  while (byteLength(JSON.stringify(report)) > maxBytes) {
    if (earlier.length > 0) earlier = earlier.slice(1);
    else if (current.entries.length > 0) current = keepLast(current, Math.floor(current.entries.length / 2));
    else break;
    report = make(current);
  }
  return report;
}

/** 'storefront-log-2026-11-23T05-00-00.json' (a name every file system takes). */
export function reportFileName(now: string): string {
  return `storefront-log-${now.replace(/\.\d+Z$/, 'Z').replace(/[:]/g, '-')}.json`;
}

export type ReadReport = {
  /** The envelope when the file was a report, null for a bare log. */
  report: ClientReport | null;
  /** The current page load's log, upcast and validated. */
  log: Log;
  /** Earlier page loads (oldest first), upcast and validated. */
  earlierLogs: Log[];
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads an uploaded report (or a Ctrl+Shift+L file) or a bare log: the envelope is checked, its
 * logs are upcast and validated. Throws LogFormatError naming the problem.
 */
export function readReportJson(json: unknown): ReadReport {
  if (isRecord(json) && json.kind === CLIENT_REPORT_KIND) {
    const parsed = ClientReport.safeParse(json);
    if (!parsed.success) {
      throw new LogFormatError(
        'Invalid bug report',
        parsed.error.issues.slice(0, 10).map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`),
      );
    }
    const report = parsed.data;
    return { report, log: parseLog(report.log), earlierLogs: (report.earlierLogs ?? []).map((l) => parseLog(l)) };
  }
  return { report: null, log: parseLog(json), earlierLogs: [] };
}

/** JSON.parse + readReportJson; a syntax error is a LogFormatError as well. */
export function readReportText(text: string): ReadReport {
  return readReportJson(parseJsonText(text));
}
