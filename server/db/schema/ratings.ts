// Drizzle declarations of the ratings after delivery (migration 0114_order_ratings.sql).
import { jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, tz } from './columns.js';

export const orderRatings = pgTable('order_ratings', {
  orderId: text('order_id').primaryKey(),
  userId: text('user_id').notNull(),
  restaurantId: text('restaurant_id').notNull(),
  score: smallint('score').notNull(),
  tags: jsonb('tags').$type<string[]>().notNull().default([]),
  comment: text('comment').notNull().default(''),
  createdAt: createdAt(),
});

export const orderRatingDismissals = pgTable('order_rating_dismissals', {
  orderId: text('order_id').primaryKey(),
  userId: text('user_id').notNull(),
  dismissedAt: tz('dismissed_at').notNull().defaultNow(),
});
