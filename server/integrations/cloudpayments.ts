// CloudPayments adapter of the payment gateway port.
// See docs/CHECKOUT.md «Paying online: the client's side» (wire format) and «Configuration».
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod/mini';
import type { CloudPaymentsAccount, PaymentsConfig } from '../config.js';
import type {
  NotificationReader,
  PaymentGateway,
  PaymentLinkResult,
  RefundResult,
  SbpLinkResult,
} from './paymentGateway.js';

export type { RefundResult };

export type CloudPaymentsConfig = PaymentsConfig['cloudpayments'];

/** Answer codes of the Check notification. */
export const CP_CODES = { ok: 0, badInvoice: 10, badAccount: 11, badAmount: 12, rejected: 13, expired: 20 } as const;

export function accountForTerminal(
  config: CloudPaymentsConfig,
  deliveryTerminalId: string,
): CloudPaymentsAccount | null {
  return config.accounts[deliveryTerminalId] ?? config.defaultAccount;
}

export function accountByPublicId(config: CloudPaymentsConfig, publicId: string | null): CloudPaymentsAccount | null {
  if (publicId === null) return null;
  if (config.defaultAccount?.publicId === publicId) return config.defaultAccount;
  return Object.values(config.accounts).find((a) => a.publicId === publicId) ?? null;
}

export function allAccounts(config: CloudPaymentsConfig): CloudPaymentsAccount[] {
  return [...(config.defaultAccount ? [config.defaultAccount] : []), ...Object.values(config.accounts)];
}

export function hmacBase64(body: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}

function sameBase64(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given.trim(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Whether the notification is signed with `secret`: Content-HMAC over the raw body, or
 * X-Content-HMAC over the raw or the URL-decoded body.
 */
export function verifyNotification(
  raw: Buffer,
  headers: { contentHmac?: string; xContentHmac?: string },
  secret: string,
): boolean {
  if (secret === '') return false;
  const overRaw = hmacBase64(raw, secret);
  if (headers.contentHmac && sameBase64(overRaw, headers.contentHmac)) return true;
  if (headers.xContentHmac) {
    if (sameBase64(overRaw, headers.xContentHmac)) return true;
    let decoded: string | null = null;
    try {
      decoded = decodeURIComponent(raw.toString('utf8').replace(/\+/g, ' '));
    } catch {
      decoded = null;
    }
    if (decoded !== null && sameBase64(hmacBase64(decoded, secret), headers.xContentHmac)) return true;
  }
  return false;
}

/** The fields of a notification, from a form-urlencoded or a JSON body. */
export function parseNotification(raw: Buffer, contentType: string | undefined): Record<string, string> {
  const text = raw.toString('utf8');
  if ((contentType ?? '').includes('json')) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return {};
    }
    if (json === null || typeof json !== 'object' || Array.isArray(json)) return {};
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(json as Record<string, unknown>)) {
      if (typeof v === 'string') out[k] = v;
      else if (typeof v === 'number' || typeof v === 'boolean') out[k] = String(v);
      // Data (the JsonData we gave) may come as an object in a JSON body
      else if (v !== null && typeof v === 'object') out[k] = JSON.stringify(v);
    }
    return out;
  }
  return Object.fromEntries(new URLSearchParams(text));
}

export interface NotificationFields {
  transactionId: string | null;
  invoiceId: string | null;
  accountId: string | null;
  amount: number | null;
  currency: string | null;
  reason: string | null;
  testMode: boolean;
  /** Our payment id from Data (the JsonData of the widget or the invoice link), when present. */
  paymentId: string | null;
}

/** `paymentId` of a notification's Data (a JSON text); null when absent or unreadable. */
function paymentIdOfData(data: string | undefined): string | null {
  if (!data) return null;
  try {
    const parsed: unknown = JSON.parse(data);
    if (parsed === null || typeof parsed !== 'object' || !('paymentId' in parsed)) return null;
    const id = parsed.paymentId;
    return typeof id === 'string' && id !== '' ? id : null;
  } catch {
    return null;
  }
}

export function notificationFields(fields: Record<string, string>): NotificationFields {
  const amount = fields.Amount !== undefined && fields.Amount !== '' ? Number(fields.Amount.replace(',', '.')) : NaN;
  return {
    transactionId: fields.TransactionId || null,
    invoiceId: fields.InvoiceId || null,
    accountId: fields.AccountId || null,
    amount: Number.isFinite(amount) ? amount : null,
    currency: fields.Currency || null,
    reason: fields.Reason || fields.CardHolderMessage || null,
    testMode: fields.TestMode === '1' || fields.TestMode === 'true' || fields.TestMode === 'True',
    paymentId: paymentIdOfData(fields.Data),
  };
}

const RefundAnswer = z.object({ Success: z.boolean(), Message: z.optional(z.nullable(z.string())) });

const SbpLinkAnswer = z.object({
  Success: z.boolean(),
  Message: z.optional(z.nullable(z.string())),
  Model: z.optional(
    z.nullable(
      z.object({
        QrUrl: z.optional(z.nullable(z.string())),
        TransactionId: z.optional(z.nullable(z.union([z.number(), z.string()]))),
      }),
    ),
  ),
});

const OrderLinkAnswer = z.object({
  Success: z.boolean(),
  Message: z.optional(z.nullable(z.string())),
  Model: z.optional(
    z.nullable(z.object({ Id: z.optional(z.nullable(z.string())), Url: z.optional(z.nullable(z.string())) })),
  ),
});

/** What POST /orders/create (an invoice paid by link) is asked for. */
export interface PaymentLinkRequest {
  amount: number;
  /** Our order id: the Pay / Fail notifications come back with it as InvoiceId. */
  invoiceId: string;
  accountId: string;
  description: string;
  /** Echoed in the notifications' Data: paymentId tells which payment of the order it is. */
  data: Record<string, string | number>;
}

/** What POST /payments/qr/sbp/link is asked for. */
export interface SbpLinkRequest extends PaymentLinkRequest {
  ttlMinutes: number;
}

/** The fields both link requests send: the sum, what it is for, and whose order it is. */
const linkFields = (request: PaymentLinkRequest) => ({
  Amount: request.amount,
  Currency: 'RUB',
  Description: request.description,
  InvoiceId: request.invoiceId,
  AccountId: request.accountId,
  JsonData: request.data,
});

/** A call answered only with Success: done, or the provider's refusal (`refusal` when it gives none). */
function succeeded(
  answer: { ok: true; data: z.output<typeof RefundAnswer> } | { ok: false; message: string },
  refusal: string,
): RefundResult {
  if (!answer.ok) return answer;
  return answer.data.Success ? { ok: true } : { ok: false, message: answer.data.Message ?? refusal };
}

export interface CloudPaymentsApiOptions {
  apiUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface CloudPaymentsApi {
  refund(account: CloudPaymentsAccount, transactionId: string, amount: number): Promise<RefundResult>;
  /** SBP: a payment link (QrUrl, an NSPK link a bank app opens; the QR encodes it) and its TransactionId. */
  sbpLink(account: CloudPaymentsAccount, request: SbpLinkRequest): Promise<SbpLinkResult>;
  /** An invoice paid by link (POST /orders/create): its Url (the payment page) and Id. */
  paymentLink(account: CloudPaymentsAccount, request: PaymentLinkRequest): Promise<PaymentLinkResult>;
  /** Withdraws an invoice link (POST /orders/cancel {Id}). */
  cancelLink(account: CloudPaymentsAccount, linkId: string): Promise<RefundResult>;
}

export function createCloudPaymentsApi(options: CloudPaymentsApiOptions): CloudPaymentsApi {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 15_000;
  const basicAuth = (account: CloudPaymentsAccount) =>
    `Basic ${Buffer.from(`${account.publicId}:${account.apiSecret}`).toString('base64')}`;
  /** POSTs one API call and parses its answer; a refusal in Russian when it cannot be read. */
  async function post<S extends z.ZodMiniType>(
    account: CloudPaymentsAccount,
    path: string,
    body: unknown,
    answer: S,
  ): Promise<{ ok: true; data: z.output<S> } | { ok: false; message: string }> {
    let response: Response;
    try {
      response = await doFetch(`${options.apiUrl}${path}`, {
        method: 'POST',
        headers: { authorization: basicAuth(account), 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      return {
        ok: false,
        message: `CloudPayments недоступен: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
    if (!response.ok) return { ok: false, message: `CloudPayments ответил HTTP ${response.status}` };
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      return { ok: false, message: UNREADABLE_ANSWER };
    }
    const parsed = answer.safeParse(json);
    return parsed.success ? { ok: true, data: parsed.data } : { ok: false, message: UNREADABLE_ANSWER };
  }
  return {
    async sbpLink(account, request) {
      const answer = await post(
        account,
        '/payments/qr/sbp/link',
        { PublicId: account.publicId, ...linkFields(request), Scheme: 'charge', TtlMinutes: request.ttlMinutes },
        SbpLinkAnswer,
      );
      if (!answer.ok) return answer;
      const link = answer.data.Model?.QrUrl;
      if (!answer.data.Success || !link)
        return { ok: false, message: answer.data.Message ?? 'CloudPayments не выдал ссылку СБП' };
      const transactionId = answer.data.Model?.TransactionId;
      return { ok: true, link, transactionId: transactionId == null ? null : String(transactionId) };
    },
    async paymentLink(account, request) {
      const answer = await post(
        account,
        '/orders/create',
        { ...linkFields(request), RequireConfirmation: false, SendEmail: false },
        OrderLinkAnswer,
      );
      if (!answer.ok) return answer;
      const url = answer.data.Model?.Url;
      if (!answer.data.Success || !url)
        return { ok: false, message: answer.data.Message ?? 'CloudPayments не выдал ссылку на оплату' };
      return { ok: true, url, linkId: answer.data.Model?.Id ?? null };
    },
    async cancelLink(account, linkId) {
      const answer = await post(account, '/orders/cancel', { Id: linkId }, RefundAnswer);
      return succeeded(answer, 'CloudPayments не отменил ссылку на оплату');
    },
    async refund(account, transactionId, amount) {
      const numericId = Number(transactionId);
      const answer = await post(
        account,
        '/payments/refund',
        { TransactionId: Number.isSafeInteger(numericId) ? numericId : transactionId, Amount: amount },
        RefundAnswer,
      );
      return succeeded(answer, 'CloudPayments отказал в возврате');
    },
  };
}

const UNREADABLE_ANSWER = 'CloudPayments прислал нечитаемый ответ';

/** Card data never goes to the log or the events table. */
const SAFE_FIELDS = [
  'TransactionId',
  'Amount',
  'Currency',
  'InvoiceId',
  'AccountId',
  'OperationType',
  'Status',
  'Reason',
  'ReasonCode',
  'TestMode',
  'DateTime',
  'PaymentMethod',
];

function notificationReader(config: CloudPaymentsConfig): NotificationReader {
  return {
    read: (request) => {
      const fields = parseNotification(request.raw, request.headers['content-type']);
      const n = notificationFields(fields);
      return {
        transactionId: n.transactionId,
        invoiceId: n.invoiceId,
        accountId: n.accountId,
        amount: n.amount,
        currency: n.currency,
        reason: n.reason,
        paymentId: n.paymentId,
        payload: Object.fromEntries(Object.entries(fields).filter(([k]) => SAFE_FIELDS.includes(k))),
      };
    },
    // Checked with the API secret of the account the payment went to; for an unknown invoice,
    // with any configured account.
    isSigned: (request, payment) => {
      const candidates = payment
        ? [accountByPublicId(config, payment.account)].filter((a) => a !== null)
        : allAccounts(config);
      const headers = { contentHmac: request.headers['content-hmac'], xContentHmac: request.headers['x-content-hmac'] };
      return candidates.some((account) => verifyNotification(request.raw, headers, account.apiSecret));
    },
  };
}

export function createCloudPaymentsGateway(config: CloudPaymentsConfig, api: CloudPaymentsApi): PaymentGateway {
  /** The call with the keys of the account a payment went to, or a refusal when none are configured. */
  const withAccount = async <T>(
    publicId: string | null,
    call: (account: CloudPaymentsAccount) => Promise<T>,
  ): Promise<T | { ok: false; message: string }> => {
    const account = accountByPublicId(config, publicId);
    if (!account) return { ok: false, message: 'Нет ключей CloudPayments для этого платежа' };
    return call(account);
  };
  return {
    provider: 'cloudpayments',
    accountFor: (terminal) => {
      const account = accountForTerminal(config, terminal);
      return account ? { available: true, account: account.publicId } : { available: false };
    },
    // SBP goes through the API (sbpLink), not the widget.
    checkout: (payment) => ({
      redirectUrl: null,
      widget:
        payment.method === 'sbp'
          ? null
          : {
              publicId: payment.account ?? '',
              description: `Оплата заказа № ${payment.orderNumber}`,
              amount: payment.amount,
              currency: 'RUB',
              invoiceId: payment.orderId,
              accountId: payment.userId,
              skin: config.skin,
              data: { orderNumber: payment.orderNumber, paymentId: payment.paymentId, method: payment.method },
            },
    }),
    sbpLink: (payment) =>
      withAccount(payment.account, (account) =>
        api.sbpLink(account, {
          amount: payment.amount,
          invoiceId: payment.orderId,
          accountId: payment.userId,
          description: `Оплата заказа № ${payment.orderNumber}`,
          ttlMinutes: payment.ttlMinutes,
          data: { orderNumber: payment.orderNumber, paymentId: payment.paymentId },
        }),
      ),
    paymentLink: (payment) =>
      withAccount(payment.account, (account) =>
        api.paymentLink(account, {
          amount: payment.amount,
          invoiceId: payment.orderId,
          accountId: payment.userId,
          description: `Доплата по заказу № ${payment.orderNumber}`,
          data: { orderNumber: payment.orderNumber, paymentId: payment.paymentId, purpose: 'surcharge' },
        }),
      ),
    cancelLink: (link) => withAccount(link.account, (account) => api.cancelLink(account, link.linkId)),
    refund: (payment) =>
      withAccount(payment.account, async (account) => {
        if (!payment.transactionId) return { ok: false, message: 'У платежа нет номера транзакции' };
        return api.refund(account, payment.transactionId, payment.amount);
      }),
    notifications: notificationReader(config),
  };
}
