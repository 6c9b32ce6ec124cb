// Drizzle declaration of the bug reports table (migration 0006_client_logs.sql).
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { tz } from './columns.js';

export const clientLogs = pgTable('client_logs', {
  id: text('id').primaryKey(),
  receivedAt: tz('received_at').notNull(),
  /** sha-256 (hex) of the sender's IP address; the address itself is not kept. */
  ipHash: text('ip_hash').notNull(),
  appVersion: text('app_version').notNull(),
  storeVersion: text('store_version'),
  route: text('route').notNull(),
  userAgent: text('user_agent').notNull(),
  errorMessage: text('error_message'),
  entryCount: integer('entry_count').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  /** The report (ClientReport) as JSON text, masked. */
  report: text('report').notNull(),
});
