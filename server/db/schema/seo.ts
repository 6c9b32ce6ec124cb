// Drizzle declaration of the operators' page titles and descriptions (migration 0103_seo_overrides.sql).
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const seoOverrides = pgTable('seo_overrides', {
  path: text('path').primaryKey(),
  title: text('title'),
  description: text('description'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
