// Editing an order before cooking starts (docs/ORDER-EDITING.md): a quote of the change, the
// change itself (based on the order's updatedAt, with a key per edit), and the order's edits.
import { z } from 'zod/mini';
import { IsoDateTime } from '../../entities.js';
import { CheckoutQuote } from '../checkout.js';
import { OrderAddress, OrderItemInput, OrderLine, PaymentMethod } from '../orders.js';
import { AdminIdParams, defineAdminRoute, listOf } from './common.js';
import { AdminOrderDetail } from './orders.js';

/** Statuses an order may still be edited in: accepted, not yet cooking. */
export const EDITABLE_ORDER_STATUSES = ['Unconfirmed', 'WaitCooking'] as const;

/** What an edit may change; the city, delivery method, coupon and bonuses spent stay the order's. */
export const OrderEditChanges = z.object({
  items: z.array(OrderItemInput).check(z.minLength(1), z.maxLength(100)),
  /** Delivery: the new address (the zone is found again); null for a pickup order. */
  address: z._default(z.nullable(OrderAddress), null),
  deliveryTime: z._default(z.union([z.literal('asap'), IsoDateTime]), 'asap'),
  paymentMethod: PaymentMethod,
  changeFrom: z._default(z.nullable(z.int().check(z.nonnegative())), null),
  comment: z._default(z.string().check(z.trim(), z.maxLength(500)), ''),
  /** The total the operator saw in the quote; a different one refuses the edit ('Цены изменились…'). */
  expectedTotal: z._default(z.nullable(z.number().check(z.nonnegative())), null),
});
export type OrderEditChanges = z.infer<typeof OrderEditChanges>;

/** What happens to the money when the edit is saved. */
export const EditMoney = z.enum(['none', 'refund', 'surcharge']);
export type EditMoney = z.infer<typeof EditMoney>;

export const OrderEditQuote = z.object({
  /** The storefront's quote of the changed order (lines, totals, zone, slots, refusals). */
  quote: CheckoutQuote,
  totalBefore: z.number(),
  /** New total − old total. */
  difference: z.number(),
  /** refund: paid online and cheaper now; surcharge: paid online and dearer (a payment link). */
  money: EditMoney,
  /**
   * The refund or the surcharge, measured against the money held (paid less refunded): it differs
   * from `difference` while an earlier surcharge is unpaid, which the edit replaces.
   */
  moneyAmount: z._default(z.number(), 0),
});
export type OrderEditQuote = z.infer<typeof OrderEditQuote>;

/** The order's editable part before or after an edit, as the audit keeps it. */
export const OrderEditSnapshot = z.object({
  items: z.array(OrderLine),
  address: z.nullable(OrderAddress),
  zoneId: z.nullable(z.string()),
  deliveryTerminalId: z.string(),
  deliveryTime: z.string(),
  paymentMethod: PaymentMethod,
  changeFrom: z.nullable(z.number()),
  comment: z.string(),
  goodsTotal: z.number(),
  discountTotal: z.number(),
  deliveryPrice: z.number(),
  serviceFee: z.number(),
  bonusSpent: z.number(),
  total: z.number(),
});
export type OrderEditSnapshot = z.infer<typeof OrderEditSnapshot>;

export const EditRefund = z.enum(['not-needed', 'required', 'started', 'done', 'failed']);

export const OrderEdit = z.object({
  id: z.string(),
  at: IsoDateTime,
  staffLogin: z.string(),
  before: OrderEditSnapshot,
  after: OrderEditSnapshot,
  totalBefore: z.number(),
  totalAfter: z.number(),
  /** The refund of the difference of an order paid online. */
  refund: EditRefund,
  refundAmount: z.number(),
  refundError: z.nullable(z.string()),
  /** What the edit asked the customer to pay on top of the money held (a surcharge); 0 for none. */
  surchargeAmount: z.optional(z.number()),
});
export type OrderEdit = z.infer<typeof OrderEdit>;

export const adminOrderEditQuote = defineAdminRoute('callcentre', 'POST /admin/orders/:id/edit/quote', {
  summary: 'The changed order re-priced by the checkout’s assessment, with every refusal; nothing is saved',
  params: AdminIdParams,
  body: z.object({ changes: OrderEditChanges }),
  response: OrderEditQuote,
});

export const adminEditOrder = defineAdminRoute('callcentre', 'POST /admin/orders/:id/edit', {
  summary:
    'Changes an order before cooking: 422 naming the broken rule, 409 when the order changed since basedOn; the same idempotencyKey answers the first edit',
  params: AdminIdParams,
  body: z.object({
    /** The order's updatedAt the edit was made from. */
    basedOn: IsoDateTime,
    /** A fresh random string per edit (a UUID). */
    idempotencyKey: z.string().check(z.regex(/^[\x21-\x7e]{1,200}$/)),
    changes: OrderEditChanges,
  }),
  response: AdminOrderDetail,
});

export const adminOrderEdits = defineAdminRoute('callcentre', 'GET /admin/orders/:id/edits', {
  summary: 'The order’s edits, oldest first, each with the order before and after',
  params: AdminIdParams,
  response: listOf('edits', OrderEdit),
});
