// Drizzle declaration of the operators' page titles and descriptions (migration 0103_seo_overrides.sql).
import { pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.js';

export const seoOverrides = pgTable('seo_overrides', {
  path: text('path').primaryKey(),
  title: text('title'),
  description: text('description'),
  updatedAt: updatedAt(),
});
