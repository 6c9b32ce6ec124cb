// Online payment of an order (card or SBP). The flow:
//
// 1. POST /order with paymentMethod 'card' or 'sbp' → the order, paymentStatus 'pending'.
// 2. POST /order/:id/payment → a PaymentSession (idempotent: the same pending payment again).
//    - provider 'test' (the built-in test gateway, the default): go to `redirectUrl` (a page of
//      this server where a tester presses 'Оплатить' or 'Отклонить'); it returns the browser to
//      `successUrl` (/{city}/complete?order=ID) or `failUrl` (/{city}/complete-error?order=ID).
//    - provider 'cloudpayments': open the CloudPayments widget with `widget` (invoiceId = order
//      id, the restaurant's publicId); on its success callback go to `successUrl`, on failure
//      call POST /order/:id/payment/cancel and go to `failUrl`.
// 3. The order counts as paid ONLY when the server confirmed it (the test gateway's button, or
//    CloudPayments' signed Pay notification). /complete should read GET /order/:id (or
//    GET /order/:id/payment) and follow order:status_update pushes, never trust the URL.
// 4. A declined or abandoned payment: the payment is 'failed', the order Cancelled (bonuses
//    spent come back, the coupon use is freed); the client keeps the cart for another try.
import { z } from 'zod/mini';
import { defineRoute } from '../route.js';
import { Id, IsoDateTime } from '../entities.js';
import { Order } from './orders.js';

export const PaymentProvider = z.enum(['test', 'cloudpayments']);
export type PaymentProvider = z.infer<typeof PaymentProvider>;

/** pending → paid | failed; paid → refunded (order cancelled after payment). */
export const PaymentState = z.enum(['pending', 'paid', 'failed', 'refunded']);
export type PaymentState = z.infer<typeof PaymentState>;

/** Russian names of payment states for the customer. */
export const PAYMENT_STATE_NAMES: Readonly<Record<PaymentState, string>> = {
  pending: 'ожидает оплаты',
  paid: 'оплачен',
  failed: 'оплата не прошла',
  refunded: 'деньги возвращены',
};

/** Parameters of CloudPayments' widget `pay('charge', …)` (cp.CloudPayments). */
export const CloudPaymentsWidget = z.object({
  publicId: z.string(),
  description: z.string(),
  /** Roubles. */
  amount: z.number().check(z.positive()),
  currency: z.literal('RUB'),
  /** The order id: notifications come back with it as InvoiceId. */
  invoiceId: Id,
  /** The customer's id. */
  accountId: z.string(),
  skin: z.string(),
  data: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type CloudPaymentsWidget = z.infer<typeof CloudPaymentsWidget>;

export const PaymentSession = z.object({
  paymentId: Id,
  orderId: Id,
  provider: PaymentProvider,
  method: z.enum(['card', 'sbp']),
  status: PaymentState,
  /** PAYMENT_STATE_NAMES[status]. */
  statusName: z.string(),
  amount: z.number().check(z.nonnegative()),
  /** Test gateway: the page to open (same origin, relative URL); null for CloudPayments. */
  redirectUrl: z.nullable(z.string()),
  /** CloudPayments: the widget parameters; null for the test gateway. */
  widget: z.nullable(CloudPaymentsWidget),
  /** Where to go when paid: /{city}/complete?order=ID. */
  successUrl: z.string(),
  /** Where to go when declined: /{city}/complete-error?order=ID. */
  failUrl: z.string(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type PaymentSession = z.infer<typeof PaymentSession>;

export const startOrderPayment = defineRoute({
  method: 'POST',
  path: '/order/:id/payment',
  summary: 'Starts (or returns the pending) online payment of the customer’s card/SBP order',
  auth: 'user',
  params: z.object({ id: Id }),
  response: PaymentSession,
});

export const getOrderPayment = defineRoute({
  method: 'GET',
  path: '/order/:id/payment',
  summary: 'The online payment of the customer’s order and its state',
  auth: 'user',
  params: z.object({ id: Id }),
  response: PaymentSession,
});

export const cancelOrderPayment = defineRoute({
  method: 'POST',
  path: '/order/:id/payment/cancel',
  summary:
    'The customer gave up paying (widget closed or failed): a pending payment fails and the order is cancelled; a paid one is left alone',
  auth: 'user',
  params: z.object({ id: Id }),
  response: Order,
});
