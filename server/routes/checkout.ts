// POST /api/v1/checkout/quote and GET /api/v1/checkout/slots (contract/checkout.ts).
import type { FastifyInstance } from 'fastify';
import { getDeliverySlots, quoteCheckout } from '../../src/api/contract/checkout.js';
import { route } from '../http/route.js';
import { quoteCheckout as quote, slotsFor } from '../services/checkout.js';
import { authenticate } from '../services/sessions.js';

export async function registerCheckout(app: FastifyInstance): Promise<void> {
  route(app, quoteCheckout, async ({ body, request }) => {
    const user = await authenticate(app.ctx, request);
    return quote(app.ctx, user, body, request.ip);
  });

  route(app, getDeliverySlots, async ({ query }) => slotsFor(app.ctx, query));
}
