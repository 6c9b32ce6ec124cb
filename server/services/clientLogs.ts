// Bug reports: stores what POST /client-log receives and reads it back for staff.
//
// The client masks phones and names and hides the token before it sends; the server masks the
// log, earlier logs and error text again on receipt (redactValue), so a report posted by anything
// else cannot store a full phone number either. Reports from one IP address are limited to
// CLIENT_LOG_REPORTS_PER_HOUR per hour, counted in the database under an advisory lock, so the
// limit holds across server processes. Reports older than CLIENT_LOG_KEEP_DAYS are deleted when
// a new one arrives.
import { createHash, randomUUID } from 'node:crypto';
import {
  CLIENT_LOG_MESSAGES,
  CLIENT_LOG_REPORTS_PER_HOUR,
  ClientReport,
  ReportedLog,
  type ClientLogSummary,
} from '../../src/api/contract/clientLog.js';
import { maskPhonesInText, redactValue } from '../../src/domain/redaction.js';
import type { AppContext } from '../context.js';
import { notFound, tooManyRequests } from '../http/errors.js';
import {
  deleteReportsBefore,
  findReport,
  insertReport,
  reportsOfAddressSince,
  reportSummaries,
} from '../repositories/clientLogs.js';
import { lockKey } from '../repositories/locks.js';
import { waitText } from '../http/errors.js';

export const CLIENT_LOG_KEEP_DAYS = 90;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export function hashIp(ip: string): string {
  return createHash('sha256').update(`client-log:${ip}`, 'utf8').digest('hex');
}

function maskLog(log: ReportedLog): ReportedLog {
  // Masking keeps the outline (it only rewrites strings and keys), so the parse cannot fail.
  return ReportedLog.parse(redactValue(log));
}

/** The report with the token hidden and phones and names masked in its logs and error text. */
export function maskReport(report: ClientReport): ClientReport {
  return ClientReport.parse({
    ...report,
    route: maskPhonesInText(report.route),
    error:
      report.error === null
        ? null
        : {
            name: report.error.name,
            message: maskPhonesInText(report.error.message),
            ...(report.error.stack === undefined ? {} : { stack: maskPhonesInText(report.error.stack) }),
          },
    log: maskLog(report.log),
    ...(report.earlierLogs === undefined ? {} : { earlierLogs: report.earlierLogs.map(maskLog) }),
  });
}

const entryCount = (report: ClientReport): number =>
  report.log.entries.length + (report.earlierLogs ?? []).reduce((n, log) => n + log.entries.length, 0);

/** Stores a report; 429 with Retry-After when this IP sent CLIENT_LOG_REPORTS_PER_HOUR in the last hour. */
export async function storeClientReport(ctx: AppContext, received: ClientReport, ip: string): Promise<{ id: string }> {
  const now = ctx.clock.now();
  const ipHash = hashIp(ip);
  const report = maskReport(received);
  const text = JSON.stringify(report);
  const id = randomUUID();
  const wait = await ctx.db.transaction(async (tx) => {
    await lockKey(tx, `client-log-ip:${ipHash}`);
    const since = new Date(now.getTime() - HOUR_MS);
    const recent = await reportsOfAddressSince(tx, ipHash, since);
    if (recent !== undefined && recent.n >= CLIENT_LOG_REPORTS_PER_HOUR) {
      const oldest = recent.oldest === null ? now : new Date(recent.oldest);
      return Math.max(1, Math.ceil((oldest.getTime() + HOUR_MS - now.getTime()) / 1000));
    }
    await deleteReportsBefore(tx, new Date(now.getTime() - CLIENT_LOG_KEEP_DAYS * DAY_MS));
    await insertReport(tx, {
      id,
      receivedAt: now,
      ipHash,
      appVersion: report.appVersion,
      storeVersion: report.storeVersion,
      route: report.route,
      userAgent: report.userAgent,
      errorMessage: report.error?.message ?? null,
      entryCount: entryCount(report),
      sizeBytes: Buffer.byteLength(text, 'utf8'),
      report: text,
    });
    return 0;
  });
  if (wait > 0) throw tooManyRequests(`${CLIENT_LOG_MESSAGES.tooMany} (через ${waitText(wait)})`, wait);
  return { id };
}

type SummaryRow = Omit<ClientLogSummary, 'receivedAt'> & { receivedAt: Date | string };

function toSummary(row: SummaryRow): ClientLogSummary {
  return { ...row, receivedAt: new Date(row.receivedAt).toISOString() };
}

/** Reports newest first, `limit` of them, received before `before` when given. */
export async function listClientReports(
  ctx: AppContext,
  options: { limit: number; before?: string },
): Promise<ClientLogSummary[]> {
  const before = options.before === undefined ? undefined : new Date(options.before);
  const rows = await ctx.db.run((db) => reportSummaries(db, options.limit, before));
  return rows.map(toSummary);
}

/** One report with its log; 404 'Отчёт об ошибке не найден' when there is none. */
export async function getClientReport(
  ctx: AppContext,
  id: string,
): Promise<ClientLogSummary & { report: ClientReport }> {
  const row = await ctx.db.run((db) => findReport(db, id));
  if (row === undefined) throw notFound(CLIENT_LOG_MESSAGES.notFound, 'client-log-not-found');
  const { report, ...summary } = row;
  return { ...toSummary(summary), report: ClientReport.parse(JSON.parse(report)) };
}
