// Client error reports (table client_logs): the stored report text and its summary columns.
import { and, count, desc, eq, gt, lt, min } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { clientLogs } from '../db/schema/clientLogs.js';

export type NewClientLog = typeof clientLogs.$inferInsert;

const summaryColumns = {
  id: clientLogs.id,
  receivedAt: clientLogs.receivedAt,
  appVersion: clientLogs.appVersion,
  storeVersion: clientLogs.storeVersion,
  route: clientLogs.route,
  userAgent: clientLogs.userAgent,
  errorMessage: clientLogs.errorMessage,
  entryCount: clientLogs.entryCount,
  sizeBytes: clientLogs.sizeBytes,
};

/** How many reports the address (hashed) sent after `since`, and when the oldest of them came. */
export async function reportsOfAddressSince(
  tx: Executor,
  ipHash: string,
  since: Date,
): Promise<{ n: number; oldest: Date | string | null } | undefined> {
  const [recent] = await tx
    .select({ n: count(), oldest: min(clientLogs.receivedAt) })
    .from(clientLogs)
    .where(and(eq(clientLogs.ipHash, ipHash), gt(clientLogs.receivedAt, since)));
  return recent;
}

export async function deleteReportsBefore(tx: Executor, before: Date): Promise<void> {
  await tx.delete(clientLogs).where(lt(clientLogs.receivedAt, before));
}

export async function insertReport(tx: Executor, row: NewClientLog): Promise<void> {
  await tx.insert(clientLogs).values(row);
}

/** Summaries newest first, received before `before` when given. */
export function reportSummaries(db: Executor, limit: number, before: Date | undefined) {
  return db
    .select(summaryColumns)
    .from(clientLogs)
    .where(before === undefined ? undefined : lt(clientLogs.receivedAt, before))
    .orderBy(desc(clientLogs.receivedAt), desc(clientLogs.id))
    .limit(limit);
}

/** One report's summary and text. */
export async function findReport(db: Executor, id: string) {
  const rows = await db
    .select({ ...summaryColumns, report: clientLogs.report })
    .from(clientLogs)
    .where(eq(clientLogs.id, id))
    .limit(1);
  return rows[0];
}
