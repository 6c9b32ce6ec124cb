// POST /api/v1/promo: anyone may price a cart; a signed-in customer's balance is read here.
import type { FastifyInstance } from 'fastify';
import { checkPromo } from '../../src/api/contract/promo.js';
import { route } from '../http/route.js';
import { authenticate } from '../http/requestAuth.js';
import { quotePromo } from '../services/promo.js';

export async function registerPromo(app: FastifyInstance): Promise<void> {
  route(app, checkPromo, async ({ body, request }) => {
    const user = await authenticate(app.ctx, request);
    return quotePromo(app.ctx, body, user);
  });
}
