// The personal-data consent a customer gave (docs/CHECKOUT.md "Consent, once per text"): asked at
// sign-in or at checkout, stored with when, where and the version of the /legal text, and asked
// again only when that text changes.
import { z } from 'zod/mini';
import { defineRoute } from '../route.js';

export const ConsentChannel = z.enum(['sign-in', 'checkout']);
export type ConsentChannel = z.infer<typeof ConsentChannel>;

export const ConsentStatus = z.object({
  /** The version (a hash) of the /legal text now in force. */
  version: z.string(),
  /** True when the customer has not consented to this version: ask. */
  required: z.boolean(),
  /** The last consent: when and where it was given, and to which version; null when never. */
  last: z.nullable(
    z.object({
      givenAt: z.iso.datetime({ offset: true }),
      channel: ConsentChannel,
      version: z.string(),
    }),
  ),
});
export type ConsentStatus = z.infer<typeof ConsentStatus>;

export const CONSENT_VERSION_CHANGED_MESSAGE =
  'Текст соглашения об обработке персональных данных изменился. Обновите страницу и прочитайте его';

export const getConsent = defineRoute('user', 'GET /consent', {
  summary: 'Whether the signed-in customer has consented to the current /legal text',
  response: ConsentStatus,
});

export const GiveConsentBody = z.object({
  channel: z.literal('checkout'),
  /** The version of the text the customer was shown; 422 when it is no longer the current one. */
  version: z.string().check(z.minLength(1), z.maxLength(64)),
});

export const giveConsent = defineRoute('user', 'POST /consent', {
  summary: 'Records the consent the signed-in customer gave at checkout',
  body: GiveConsentBody,
  response: ConsentStatus,
});
