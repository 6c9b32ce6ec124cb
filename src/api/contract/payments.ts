// Contract of the online payment of an order (card or SBP).
// See docs/CHECKOUT.md «Paying online: the client's side» and «Payment states».
import { z } from 'zod/mini';
import { Id, IsoDateTime } from '../entities.js';
import { defineOwnOrderRoute, Order } from './orders.js';

export const PaymentProvider = z.enum(['test', 'cloudpayments']);
export type PaymentProvider = z.infer<typeof PaymentProvider>;

/** pending → paid | failed; paid → refunded (order cancelled after payment). */
export const PaymentState = z.enum(['pending', 'paid', 'failed', 'refunded']);
export type PaymentState = z.infer<typeof PaymentState>;

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

/** SBP: what the customer's page shows while the payment is pending (docs/CHECKOUT.md «SBP»). */
export const SbpPayment = z.object({
  /** The bank link: a phone opens it with the 'Оплатить в приложении банка' button. */
  link: z.string(),
  /** The same link as a QR code, an SVG data URL (generated on the server with `qrcode`). */
  qr: z.string(),
});
export type SbpPayment = z.infer<typeof SbpPayment>;

export const PaymentSession = z.object({
  paymentId: Id,
  orderId: Id,
  provider: PaymentProvider,
  method: z.enum(['card', 'sbp']),
  status: PaymentState,
  /** PAYMENT_STATUS_NAMES[status] (orders.ts). */
  statusName: z.string(),
  amount: z.number().check(z.nonnegative()),
  /** Test gateway, card: the page to open (same origin, relative URL); null for CloudPayments and SBP. */
  redirectUrl: z.nullable(z.string()),
  /** SBP while pending: the QR and the bank link, shown on /complete; else null. */
  sbp: z.nullable(SbpPayment),
  /** When a pending payment expires: card 30 minutes after it was made, an SBP QR 10. */
  expiresAt: IsoDateTime,
  /** How long it has left as the server answers (0 once past): the client counts from its own clock, which may be off. */
  expiresInMs: z.int().check(z.nonnegative()),
  /** Failed because its time ran out; an SBP order may then get a new QR (POST …/payment/renew). */
  expired: z.boolean(),
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

export const startOrderPayment = defineOwnOrderRoute('POST /order/:id/payment', {
  summary: 'Starts (or returns the pending) online payment of the customer’s card/SBP order',
  response: PaymentSession,
});

export const getOrderPayment = defineOwnOrderRoute('GET /order/:id/payment', {
  summary: 'The online payment of the customer’s order and its state',
  response: PaymentSession,
});

export const renewOrderPayment = defineOwnOrderRoute('POST /order/:id/payment/renew', {
  summary:
    'SBP: a new QR for the customer’s order awaiting payment (the previous one expired or is given up); a paid one is returned as it is',
  response: PaymentSession,
});

export const cancelOrderPayment = defineOwnOrderRoute('POST /order/:id/payment/cancel', {
  summary:
    'The customer gave up paying (widget closed or failed): a pending payment fails and the order is cancelled; a paid one is left alone',
  response: Order,
});
