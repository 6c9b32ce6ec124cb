// Personal-data consent (docs/CHECKOUT.md "Consent, once per text"; rules in services/consents.ts).
// The signed-in customer's own only.
import type { FastifyInstance } from 'fastify';
import { getConsent, giveConsent } from '../../src/api/contract/consent.js';
import { requireUser } from '../http/requestAuth.js';
import { route } from '../http/route.js';
import { getConsentStatus, giveCheckoutConsent } from '../services/consents.js';

export async function registerConsent(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  route(app, getConsent, async ({ request }) => {
    const user = await requireUser(ctx, request);
    return getConsentStatus(ctx, user.userId);
  });

  route(app, giveConsent, async ({ body, request }) => {
    const user = await requireUser(ctx, request);
    return giveCheckoutConsent(ctx, user.userId, body.version);
  });
}
