// POST /api/v1/checkout/quote and GET /api/v1/checkout/slots (contract/checkout.ts).
import type { FastifyInstance } from 'fastify';
import { getDeliverySlots, quoteCheckout } from '../../src/api/contract/checkout.js';
import { authenticate, clientIp } from '../http/requestAuth.js';
import { route } from '../http/route.js';
import { quoteCheckout as quote, slotsFor } from '../services/order/index.js';

export async function registerCheckout(app: FastifyInstance): Promise<void> {
  route(app, quoteCheckout, async ({ body, request }) =>
    quote(app.ctx, await authenticate(app.ctx, request), body, clientIp(request)),
  );

  route(app, getDeliverySlots, async ({ query }) => slotsFor(app.ctx, query));
}
