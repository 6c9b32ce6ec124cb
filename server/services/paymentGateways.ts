// Which payment gateways a context uses (the port: integrations/paymentGateway.ts).
import type { AppContext } from '../context.js';
import { createPaymentGateways, type PaymentGateways } from '../integrations/payments.js';

const built = new WeakMap<AppContext, PaymentGateways>();

/** ctx.payments, or the gateways of the configuration. */
export function gatewaysOf(ctx: AppContext): PaymentGateways {
  if (ctx.payments) return ctx.payments;
  let gateways = built.get(ctx);
  if (!gateways) {
    gateways = createPaymentGateways(ctx.config);
    built.set(ctx, gateways);
  }
  return gateways;
}
