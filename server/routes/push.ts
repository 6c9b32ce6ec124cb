// Web push of order statuses (docs/PUSH.md): the VAPID key and the customer's subscriptions.
import type { FastifyInstance } from 'fastify';
import { getVapidKey, subscribePush, unsubscribePush } from '../../src/api/contract/push.js';
import { requireUser } from '../http/requestAuth.js';
import { route } from '../http/route.js';
import { subscribeToPush, unsubscribeFromPush, vapidPublicKey } from '../services/webPush.js';

export async function registerPush(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  route(app, getVapidKey, async ({ reply }) => {
    // changes only when the operator sets other keys (and restarts)
    void reply.header('cache-control', 'public, max-age=3600');
    return { publicKey: await vapidPublicKey(ctx) };
  });

  route(app, subscribePush, async ({ body, request }) => {
    const user = await requireUser(ctx, request);
    await subscribeToPush(ctx, user.userId, body);
  });

  route(app, unsubscribePush, async ({ body, request }) => {
    const user = await requireUser(ctx, request);
    await unsubscribeFromPush(ctx, user.userId, body.endpoint);
  });
}
