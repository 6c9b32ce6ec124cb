// Every refusal of checkout: its code, the Russian message (what POST /order answers as `message`
// with 422) and what the customer can do about it (POST /checkout/quote lists them before
// submission). The texts live in src/domain/messages.ts, shared with the client; they are
// re-exported here for the services that import them with the refusals.
import type { CheckoutRefusal, RefusalCode } from '../../src/api/contract/checkout.js';
import { REFUSAL_ACTIONS } from '../../src/domain/messages.js';
import { unprocessable, type HttpError } from '../http/errors.js';

export * from '../../src/domain/messages.js';

export function refusal(
  code: RefusalCode,
  message: string,
  extra: { actionText?: string; missingSum?: number; productIds?: string[] } = {},
): CheckoutRefusal {
  const base = REFUSAL_ACTIONS[code];
  return {
    code,
    message,
    action: base.action,
    actionText: extra.actionText ?? base.text,
    missingSum: extra.missingSum ?? null,
    productIds: extra.productIds ?? [],
  };
}

/** The 422 POST /order answers for a refusal. */
export function refusalError(r: CheckoutRefusal): HttpError {
  return unprocessable(r.message, r.code);
}
