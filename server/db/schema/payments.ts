// Drizzle declarations of the payments area's tables (migrations 0004_payments.sql, 0012, 0113, 0132).
import { sql } from 'drizzle-orm';
import { bigserial, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, tz, updatedAt } from './columns.js';

export type PaymentProviderValue = 'test' | 'cloudpayments';
export type PaymentStateValue = 'pending' | 'paid' | 'failed' | 'refunded';
/** The order's own payment, or a surcharge an edit asked for (migration 0132). */
export type PaymentPurposeValue = 'order' | 'surcharge';

export const payments = pgTable('payments', {
  id: text('id').primaryKey(),
  orderId: text('order_id').notNull(),
  userId: text('user_id').notNull(),
  provider: text('provider').$type<PaymentProviderValue>().notNull(),
  method: text('method').$type<'card' | 'sbp'>().notNull(),
  status: text('status').$type<PaymentStateValue>().notNull().default('pending'),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull().default('RUB'),
  account: text('account'),
  transactionId: text('transaction_id'),
  failureReason: text('failure_reason'),
  refundError: text('refund_error'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  paidAt: tz('paid_at'),
  failedAt: tz('failed_at'),
  refundedAt: tz('refunded_at'),
  /** Set by the request that asks the provider for the refund (migration 0012); cleared when it fails. */
  refundStartedAt: tz('refund_started_at'),
  /** When a pending payment expires (migration 0113): card 30 minutes, an SBP QR 10. */
  expiresAt: tz('expires_at')
    .notNull()
    .default(sql`now() + interval '30 minutes'`),
  /** SBP: the bank link the QR encodes, once the provider gave it (migration 0113). */
  sbpLink: text('sbp_link'),
  /** Returned already by partial refunds of order edits (migration 0125); a full refund returns the rest. */
  refundedAmount: integer('refunded_amount').notNull().default(0),
  purpose: text('purpose').$type<PaymentPurposeValue>().notNull().default('order'),
  /** The edit a surcharge was asked by (unique: one surcharge per edit); null for the order's own payment. */
  editId: text('edit_id'),
  /** A surcharge's payment link, once the gateway gave it; linkId is the provider's id of that link. */
  payUrl: text('pay_url'),
  linkId: text('link_id'),
});

export const paymentEvents = pgTable('payment_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  provider: text('provider').notNull(),
  eventKey: text('event_key').notNull(),
  paymentId: text('payment_id'),
  kind: text('kind').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
  outcome: text('outcome').notNull().default(''),
  createdAt: createdAt(),
});
