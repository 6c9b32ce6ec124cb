// POST /api/v1/order (idempotent by the Idempotency-Key header) and GET /api/v1/order/:id.
import type { FastifyInstance } from 'fastify';
import { createOrder, getOrder } from '../../src/api/contract/orders.js';
import { API_MESSAGES, ORDER_MESSAGES } from '../../src/domain/messages.js';
import { badRequest } from '../http/errors.js';
import { bearerToken, clientIp, requireUser } from '../http/requestAuth.js';
import { route } from '../http/route.js';
import { placeOrder, readOrder } from '../services/order/index.js';

const KEY_SHAPE = /^[\x21-\x7e]{1,200}$/;

export async function registerOrders(app: FastifyInstance): Promise<void> {
  route(app, createOrder, async ({ body, request, reply }) => {
    const header = request.headers['idempotency-key'];
    const key = typeof header === 'string' ? header.trim() : '';
    if (key.length === 0 || !KEY_SHAPE.test(key)) {
      await requireUser(app.ctx, request); // a request without a session is 401 first
      if (key.length === 0) throw badRequest(ORDER_MESSAGES.noIdempotencyKey, 'idempotency-key-missing');
      throw badRequest(API_MESSAGES.idempotencyKeyInvalid, 'idempotency-key-invalid');
    }
    // the session is looked up with the key's claim, in one statement
    const answer = await placeOrder(app.ctx, bearerToken(request), key, body, clientIp(request));
    reply.code(answer.status);
    return answer.body;
  });

  route(app, getOrder, async ({ params, request }) =>
    readOrder(app.ctx, await requireUser(app.ctx, request), params.id),
  );
}
