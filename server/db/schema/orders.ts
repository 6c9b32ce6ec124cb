// Drizzle declarations of the orders area's tables (migration 0003_orders.sql).
import { bigint, bigserial, boolean, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { Address } from '../../../src/api/entities.js';
import { createdAt, tz, updatedAt } from './columns.js';

export type CouponKind = 'percent' | 'fixed';
export type DeliveryMethodValue = 'delivery' | 'self';
export type PaymentMethodValue = 'cash' | 'courier-card' | 'card' | 'sbp';
export type PaymentStatusValue = 'none' | 'pending' | 'paid' | 'failed' | 'refunded';
export type OrderStatusValue =
  | 'Unconfirmed'
  | 'WaitCooking'
  | 'CookingStarted'
  | 'CookingCompleted'
  | 'OnWay'
  | 'Delivered'
  | 'Waiting'
  | 'Closed'
  | 'Cancelled';

export const coupons = pgTable('coupons', {
  code: text('code').primaryKey(),
  title: text('title').notNull().default(''),
  kind: text('kind').$type<CouponKind>().notNull(),
  value: integer('value').notNull(),
  minSum: integer('min_sum').notNull().default(0),
  validFrom: tz('valid_from'),
  validTo: tz('valid_to'),
  cityIds: jsonb('city_ids').$type<string[]>().notNull().default([]),
  usageLimit: integer('usage_limit'),
  usedCount: integer('used_count').notNull().default(0),
  perUserLimit: integer('per_user_limit'),
  deliveryMethod: text('delivery_method').$type<DeliveryMethodValue | null>(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
});

export type PromotionKind = 'snack-gift' | 'pizza-gift';

export const promotions = pgTable('promotions', {
  kind: text('kind').$type<PromotionKind>().primaryKey(),
  title: text('title').notNull().default(''),
  params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
  isActive: boolean('is_active').notNull().default(true),
});

export interface StoredOrderMod {
  id: string;
  name: string;
  amount: number;
  price: number;
  groupId: string;
}

/** One half of a half-and-half line: the pizza, the whole pizza's price at the size, its modifiers (size first). */
export interface StoredOrderHalf {
  productId: string;
  name: string;
  price: number;
  mods: StoredOrderMod[];
}

export interface StoredOrderLine {
  productId: string;
  name: string;
  amount: number;
  /** One unit: product price plus its modifiers (0 for a gift). */
  price: number;
  /** price × amount. */
  sum: number;
  mods: StoredOrderMod[];
  isGift: boolean;
  /** A half-and-half pizza (docs/HALF-PIZZA.md): both halves, as chosen; absent for any other line. */
  halfPizza?: { sizeId: string; sizeName: string; halves: [StoredOrderHalf, StoredOrderHalf] };
}

/** A delivery address as the order keeps it: the customer's address without its own id and owner. */
export type StoredAddress = Omit<Address, 'id' | 'userId'>;

export const orders = pgTable('orders', {
  id: text('id').primaryKey(),
  number: bigserial('number', { mode: 'number' }).notNull(),
  userId: text('user_id').notNull(),
  cityId: text('city_id').notNull(),
  status: text('status').$type<OrderStatusValue>().notNull().default('Unconfirmed'),
  deliveryMethod: text('delivery_method').$type<DeliveryMethodValue>().notNull(),
  address: jsonb('address').$type<StoredAddress | null>(),
  deliveryTerminalId: text('delivery_terminal_id').notNull(),
  zoneId: text('zone_id'),
  items: jsonb('items').$type<StoredOrderLine[]>().notNull(),
  goodsTotal: integer('goods_total').notNull(),
  discountTotal: integer('discount_total').notNull().default(0),
  deliveryPrice: integer('delivery_price').notNull().default(0),
  serviceFee: integer('service_fee').notNull().default(0),
  bonusSpent: integer('bonus_spent').notNull().default(0),
  total: integer('total').notNull(),
  coupon: text('coupon'),
  paymentMethod: text('payment_method').$type<PaymentMethodValue>().notNull(),
  paymentStatus: text('payment_status').$type<PaymentStatusValue>().notNull().default('none'),
  deliveryTime: text('delivery_time').notNull().default('asap'),
  persons: integer('persons').notNull().default(1),
  changeFrom: integer('change_from'),
  comment: text('comment').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const couponUses = pgTable('coupon_uses', {
  code: text('code').notNull(),
  userId: text('user_id').notNull(),
  orderId: text('order_id').primaryKey(),
  createdAt: createdAt(),
});

export const orderStatusLog = pgTable('order_status_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: text('order_id').notNull(),
  status: text('status').$type<OrderStatusValue>().notNull(),
  at: tz('at').notNull().defaultNow(),
  actor: text('actor').notNull(),
});

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state').$type<'running' | 'done'>().notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body').$type<unknown>(),
    createdAt: createdAt(),
    /** Boot id of the process that claimed it (migration 0013). */
    owner: bigint('owner', { mode: 'bigint' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
