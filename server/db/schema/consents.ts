// Table of migration 0105_personal_data_consents.sql: the consents to the processing of personal
// data, one row per consent given (server/services/consents.ts).
import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const personalDataConsents = pgTable('personal_data_consents', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: text('user_id').notNull(),
  givenAt: timestamp('given_at', { withTimezone: true, mode: 'date' }).notNull(),
  channel: text('channel').$type<'sign-in' | 'checkout'>().notNull(),
  legalVersion: text('legal_version').notNull(),
});
