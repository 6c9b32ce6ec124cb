// Drizzle declaration of the request-limit table (migration 0010_rate_limit_hits.sql).
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const rateLimitHits = pgTable('rate_limit_hits', {
  /** Which limit the request counted toward, e.g. 'geocode'. */
  bucket: text('bucket').notNull(),
  /** sha-256 (hex) of the bucket and the limited key ('ip:…', 'user:…'); the key is not kept. */
  keyHash: text('key_hash').notNull(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
});
