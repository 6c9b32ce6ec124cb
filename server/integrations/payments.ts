// Payment gateways behind one interface (issue 5; flow in docs/CHECKOUT.md).
//
// - 'test' (default, offline): the built-in test gateway. The payment page is ours
//   (GET /api/v1/payments/test/:paymentId) with 'Оплатить' and 'Отклонить'; refunds succeed at once.
// - 'cloudpayments': the CloudPayments widget on the client, signed notifications to
//   /api/v1/payments/cloudpayments/{check,pay,fail}, refunds through its API.
//
// PAYMENTS_PROVIDER picks the gateway of NEW payments; a payment keeps its own provider (refunds
// of older payments still go to the provider that took the money).
import type { CloudPaymentsWidget, PaymentProvider } from '../../src/api/contract/payments.js';
import type { Config } from '../config.js';
import {
  accountByPublicId,
  accountForTerminal,
  createCloudPaymentsApi,
  type CloudPaymentsApi,
  type CloudPaymentsConfig,
  type RefundResult,
} from './cloudpayments.js';

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

export interface PaymentGateway {
  readonly provider: PaymentProvider;
  /** The account (publicId) a new payment of this restaurant goes to (null: the gateway needs none); available false when the restaurant has no account. */
  accountFor(deliveryTerminalId: string): { available: true; account: string | null } | { available: false };
  /** What the client needs to pay: a page to open, or widget parameters. Pure. */
  checkout(payment: PaymentStart): { redirectUrl: string | null; widget: CloudPaymentsWidget | null };
  /** Returns the money of a paid payment. */
  refund(payment: { account: string | null; transactionId: string | null; amount: number }): Promise<RefundResult>;
}

export interface PaymentGateways {
  /** The gateway new payments use. */
  current: PaymentGateway;
  byProvider(provider: PaymentProvider): PaymentGateway;
  /** CloudPayments settings (webhook secrets); null when not configured. */
  cloudpayments: CloudPaymentsConfig;
}

export const TEST_GATEWAY_PATH = '/api/v1/payments/test';

export function createTestGateway(): PaymentGateway {
  return {
    provider: 'test',
    accountFor: () => ({ available: true, account: null }),
    checkout: (payment) => ({
      redirectUrl: `${TEST_GATEWAY_PATH}/${encodeURIComponent(payment.paymentId)}`,
      widget: null,
    }),
    refund: async () => ({ ok: true }),
  };
}

export function createCloudPaymentsGateway(config: CloudPaymentsConfig, api: CloudPaymentsApi): PaymentGateway {
  return {
    provider: 'cloudpayments',
    accountFor: (terminal) => {
      const account = accountForTerminal(config, terminal);
      return account ? { available: true, account: account.publicId } : { available: false };
    },
    checkout: (payment) => ({
      redirectUrl: null,
      widget: {
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
    refund: async (payment) => {
      const account = accountByPublicId(config, payment.account);
      if (!account) return { ok: false, message: 'Нет ключей CloudPayments для этого платежа' };
      if (!payment.transactionId) return { ok: false, message: 'У платежа нет номера транзакции' };
      return api.refund(account, payment.transactionId, payment.amount);
    },
  };
}

export function createPaymentGateways(config: Config, options: { fetch?: typeof fetch } = {}): PaymentGateways {
  const test = createTestGateway();
  const cloud = createCloudPaymentsGateway(
    config.payments.cloudpayments,
    createCloudPaymentsApi({ apiUrl: config.payments.cloudpayments.apiUrl, fetch: options.fetch }),
  );
  return {
    current: config.payments.provider === 'cloudpayments' ? cloud : test,
    byProvider: (provider) => (provider === 'cloudpayments' ? cloud : test),
    cloudpayments: config.payments.cloudpayments,
  };
}
