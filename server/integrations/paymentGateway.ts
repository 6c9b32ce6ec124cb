// The payment gateway port: what the payment lifecycle (server/services/payments.ts) asks of a
// provider. One adapter per provider implements it: the built-in test gateway
// (integrations/testGateway.ts) and CloudPayments (integrations/cloudpayments.ts);
// integrations/payments.ts picks them by configuration.
import type { CloudPaymentsWidget, PaymentProvider } from '../../src/api/contract/payments.js';

export type RefundResult = { ok: true } | { ok: false; message: string };

/**
 * SBP: the link a bank app opens to pay (the QR on a computer encodes the same link), and the
 * provider's transaction id when it gives one at this point (CloudPayments does).
 */
export type SbpLinkResult = { ok: true; link: string; transactionId: string | null } | { ok: false; message: string };

/** A surcharge's payment link (docs/ORDER-EDITING.md): where the customer pays it, and the provider's id of the link. */
export type PaymentLinkResult = { ok: true; url: string; linkId: string | null } | { ok: false; message: string };

export interface PaymentStart {
  paymentId: string;
  orderId: string;
  orderNumber: number;
  amount: number;
  method: 'card' | 'sbp';
  userId: string;
  /** The account chosen at creation (CloudPayments publicId); null for the test gateway. */
  account: string | null;
}

/** A provider's notification as it arrived: the raw body (signatures cover its bytes) and its headers. */
export interface NotificationRequest {
  raw: Buffer;
  /** Header values by lower-case name. */
  headers: Readonly<Record<string, string | undefined>>;
}

/** What the lifecycle reads from a notification. */
export interface PaymentNotification {
  transactionId: string | null;
  /** Our order id. */
  invoiceId: string | null;
  /** Our customer id. */
  accountId: string | null;
  /** Our payment id when the provider echoes the data we gave it (a surcharge's link); else null. */
  paymentId: string | null;
  amount: number | null;
  currency: string | null;
  reason: string | null;
  /** The fields safe to keep (no card data). */
  payload: Record<string, string>;
}

/** A gateway that notifies the server (webhooks). */
export interface NotificationReader {
  read(request: NotificationRequest): PaymentNotification;
  /** Whether it is signed for the payment's account, or for any configured account when the payment is unknown (null). */
  isSigned(request: NotificationRequest, payment: { account: string | null } | null): boolean;
}

export interface PaymentGateway {
  readonly provider: PaymentProvider;
  /** The account (publicId) a new payment of this restaurant goes to (null: the gateway needs none); available false when the restaurant has no account. */
  accountFor(deliveryTerminalId: string): { available: true; account: string | null } | { available: false };
  /** What the client needs to pay a card payment: a page to open, or widget parameters (both null for SBP). Pure. */
  checkout(payment: PaymentStart): { redirectUrl: string | null; widget: CloudPaymentsWidget | null };
  /** Registers an SBP payment with the provider, payable for `ttlMinutes`; called once per payment, outside transactions. */
  sbpLink(payment: PaymentStart & { ttlMinutes: number }): Promise<SbpLinkResult>;
  /** A surcharge: a link the customer pays it by; called once per surcharge, outside transactions. */
  paymentLink(payment: PaymentStart): Promise<PaymentLinkResult>;
  /** Withdraws a link paymentLink gave (its surcharge was voided), so it can no longer be paid. */
  cancelLink(link: { account: string | null; linkId: string }): Promise<RefundResult>;
  /** Returns the money of a paid payment. */
  refund(payment: { account: string | null; transactionId: string | null; amount: number }): Promise<RefundResult>;
  /** Absent for a gateway that sends no notifications (the test gateway's page calls us directly). */
  notifications?: NotificationReader;
}

export interface PaymentGateways {
  /** The gateway new payments use. */
  current: PaymentGateway;
  byProvider(provider: PaymentProvider): PaymentGateway;
}
