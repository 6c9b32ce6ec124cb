// Drizzle declaration of order_edits (migration 0125_order_edits.sql, docs/ORDER-EDITING.md).
import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { OrderEditSnapshot } from '../../../src/api/contract/admin/orderEdits.js';
import { tz } from './columns.js';

export type EditRefundValue = 'not-needed' | 'required' | 'started' | 'done' | 'failed';

export const orderEdits = pgTable('order_edits', {
  id: text('id').primaryKey(),
  orderId: text('order_id').notNull(),
  idempotencyKey: text('idempotency_key').notNull(),
  staffId: text('staff_id'),
  staffLogin: text('staff_login').notNull(),
  at: tz('at').notNull().defaultNow(),
  before: jsonb('before').$type<OrderEditSnapshot>().notNull(),
  after: jsonb('after').$type<OrderEditSnapshot>().notNull(),
  totalBefore: integer('total_before').notNull(),
  totalAfter: integer('total_after').notNull(),
  refund: text('refund').$type<EditRefundValue>().notNull().default('not-needed'),
  refundAmount: integer('refund_amount').notNull().default(0),
  /** Of refundAmount, what has come back so far (migration 0140; a refund may span payments). */
  refundedAmount: integer('refunded_amount').notNull().default(0),
  refundError: text('refund_error'),
  refundStartedAt: tz('refund_started_at'),
  /** What the edit asks the customer to pay on top (migration 0132); 0 for none. */
  surchargeAmount: integer('surcharge_amount').notNull().default(0),
});
