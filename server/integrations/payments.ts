// Payment gateways behind one port (integrations/paymentGateway.ts; flow in docs/CHECKOUT.md).
//
// - 'test' (default, offline): the built-in test gateway (integrations/testGateway.ts).
// - 'cloudpayments': the CloudPayments widget on the client, signed notifications to
//   /api/v1/payments/cloudpayments/{check,pay,fail}, refunds through its API
//   (integrations/cloudpayments.ts).
//
// PAYMENTS_PROVIDER picks the gateway of NEW payments; a payment keeps its own provider (refunds
// of older payments still go to the provider that took the money).
import type { Config } from '../config.js';
import { createCloudPaymentsApi, createCloudPaymentsGateway } from './cloudpayments.js';
import type { PaymentGateway, PaymentGateways } from './paymentGateway.js';
import { createTestGateway } from './testGateway.js';

export type { PaymentGateway, PaymentGateways, PaymentStart, RefundResult, SbpLinkResult } from './paymentGateway.js';

export function createPaymentGateways(config: Config, options: { fetch?: typeof fetch } = {}): PaymentGateways {
  const test: PaymentGateway = createTestGateway({ publicUrl: config.publicUrl });
  const cloud = createCloudPaymentsGateway(
    config.payments.cloudpayments,
    createCloudPaymentsApi({ apiUrl: config.payments.cloudpayments.apiUrl, fetch: options.fetch }),
  );
  return {
    current: config.payments.provider === 'cloudpayments' ? cloud : test,
    byProvider: (provider) => (provider === 'cloudpayments' ? cloud : test),
  };
}
