// Drizzle declarations of the admin area's tables (migrations 0005_staff_audit.sql, 0013_staff_login_devices.sql).
import type { StaffRole } from '../../../src/api/contract/admin/common.js';
import { bigserial, boolean, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, tz } from './columns.js';

export type StaffRoleValue = StaffRole;

export const staff = pgTable('staff', {
  id: text('id').primaryKey(),
  login: text('login').notNull().unique(),
  name: text('name').notNull().default(''),
  role: text('role').$type<StaffRoleValue>().notNull(),
  passwordHash: text('password_hash').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  lastLoginAt: tz('last_login_at'),
});

export const staffSessions = pgTable('staff_sessions', {
  id: text('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  staffId: text('staff_id').notNull(),
  ip: text('ip').notNull().default(''),
  userAgent: text('user_agent').notNull().default(''),
  createdAt: createdAt(),
  lastSeenAt: tz('last_seen_at').notNull().defaultNow(),
  revokedAt: tz('revoked_at'),
});

export const staffLoginAttempts = pgTable('staff_login_attempts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  login: text('login').notNull(),
  ip: text('ip').notNull(),
  success: boolean('success').notNull(),
  at: tz('at').notNull().defaultNow(),
  /** Nonce of a valid device cookie for this login (migration 0013); null for an unknown device. */
  device: text('device'),
});

/** Secrets generated once and shared by every process (migration 0013). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: tz('at').notNull().defaultNow(),
  staffId: text('staff_id'),
  staffLogin: text('staff_login').notNull(),
  action: text('action').notNull(),
  entity: text('entity').notNull(),
  entityId: text('entity_id').notNull().default(''),
  before: jsonb('before').$type<unknown>(),
  after: jsonb('after').$type<unknown>(),
  ip: text('ip').notNull().default(''),
});

export type RefundState = 'not-needed' | 'required' | 'done' | 'failed';

export const orderCancellations = pgTable('order_cancellations', {
  orderId: text('order_id').primaryKey(),
  reason: text('reason').notNull(),
  staffId: text('staff_id'),
  refund: text('refund').$type<RefundState>().notNull(),
  refundError: text('refund_error'),
  at: tz('at').notNull().defaultNow(),
});

/** Which courier carries an order (migration 0121). */
export const orderCouriers = pgTable('order_couriers', {
  orderId: text('order_id').primaryKey(),
  staffId: text('staff_id').notNull(),
  assignedAt: tz('assigned_at').notNull().defaultNow(),
  assignedBy: text('assigned_by').notNull(),
});

/** Orders the call centre took by phone, and who took them (migration 0122). */
export const phoneOrders = pgTable('phone_orders', {
  orderId: text('order_id').primaryKey(),
  staffId: text('staff_id').notNull(),
  staffLogin: text('staff_login').notNull(),
  takenAt: tz('taken_at').notNull().defaultNow(),
});
