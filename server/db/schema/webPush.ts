// Tables of migration 0111_web_push.sql: customers' push subscriptions and the generated VAPID pair.
import { pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { tz } from './columns.js';

export const pushSubscriptions = pgTable('push_subscriptions', {
  /** The push service's URL for one browser; unique, so a browser belongs to one customer at a time. */
  endpoint: text('endpoint').primaryKey(),
  userId: text('user_id').notNull(),
  /** The browser's P-256 public key and auth secret (base64url), to encrypt for it (RFC 8291). */
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  createdAt: tz('created_at').notNull(),
  updatedAt: tz('updated_at').notNull(),
});

/** One row (id 1) when the environment sets no VAPID keys. The private key is never logged. */
export const vapidKeys = pgTable('vapid_keys', {
  id: smallint('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: tz('created_at').notNull(),
});
