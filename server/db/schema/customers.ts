// Tables of migration 0002_customers.sql (users, sessions, sign-in codes, SMS outbox,
// addresses, likes, bonus ledger). Other areas read `users`, `sessions`, `likes` and
// `bonusLedger`; change balances only through `applyBonus` in server/services/users.ts.
import { boolean, doublePrecision, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, tz } from './columns.js';

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  /** '+7XXXXXXXXXX'; null once the account is deleted (anonymised). */
  phone: text('phone').unique(),
  name: text('name').notNull().default(''),
  /** Whole roubles, ≥ 0, the running sum of bonus_ledger. */
  balance: integer('balance').notNull().default(0),
  zoneId: text('zone_id'),
  personalData: boolean('personal_data').notNull().default(false),
  pushNotifications: boolean('push_notifications').notNull().default(false),
  receiveAdvertising: boolean('receive_advertising').notNull().default(false),
  allergens: jsonb('allergens').$type<string[]>().notNull().default([]),
  createdAt: createdAt(),
  deletedAt: tz('deleted_at'),
});

export const sessions = pgTable('sessions', {
  /** sha-256 hex of the token; the token itself is never stored. */
  tokenHash: text('token_hash').primaryKey(),
  userId: text('user_id').notNull(),
  createdAt: createdAt(),
  lastSeenAt: tz('last_seen_at').notNull().defaultNow(),
  revokedAt: tz('revoked_at'),
});

export const otpCodes = pgTable('otp_codes', {
  id: text('id').primaryKey(),
  phone: text('phone').notNull(),
  codeHash: text('code_hash').notNull(),
  salt: text('salt').notNull(),
  ip: text('ip').notNull(),
  status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
  createdAt: tz('created_at').notNull(),
  expiresAt: tz('expires_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  usedAt: tz('used_at'),
});

export const smsOutbox = pgTable('sms_outbox', {
  id: text('id').primaryKey(),
  phone: text('phone').notNull(),
  text: text('text').notNull(),
  createdAt: createdAt(),
  status: text('status').notNull().default('queued'),
});

export const addresses = pgTable('addresses', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  city: text('city').notNull(),
  street: text('street').notNull(),
  home: text('home').notNull(),
  apartment: text('apartment'),
  entrance: text('entrance'),
  floor: text('floor'),
  intercom: text('intercom'),
  comment: text('comment'),
  lat: doublePrecision('lat'),
  lon: doublePrecision('lon'),
  createdAt: createdAt(),
});

export const likes = pgTable(
  'likes',
  {
    userId: text('user_id').notNull(),
    productId: text('product_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

export const bonusLedger = pgTable('bonus_ledger', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  /** Whole roubles, never 0: positive accrues, negative spends. */
  delta: integer('delta').notNull(),
  reason: text('reason').notNull(),
  orderId: text('order_id'),
  createdAt: createdAt(),
});
