// Web push of order statuses (docs/PUSH.md): the VAPID public key the browser subscribes with, and
// the signed-in customer's subscriptions (one per browser; only with PUSHNotifications on).
import { z } from 'zod/mini';
import { defineRoute } from '../route.js';

export const VapidKeyAnswer = z.object({ publicKey: z.string().check(z.minLength(1)) });

const Base64Url = z.string().check(z.minLength(1), z.maxLength(200));
const Endpoint = z.string().check(z.minLength(1), z.maxLength(2048));

/** PushSubscription.toJSON() as the browser gives it (expirationTime ignored). */
export const PushSubscriptionBody = z.object({
  endpoint: Endpoint,
  keys: z.object({ p256dh: Base64Url, auth: Base64Url }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>;

export const PushUnsubscribeBody = z.object({ endpoint: Endpoint });

export const getVapidKey = defineRoute('none', 'GET /push/key', {
  summary: "The server's VAPID public key (base64url), the browser's applicationServerKey",
  response: VapidKeyAnswer,
});

export const subscribePush = defineRoute('user', 'PUT /push/subscription', {
  summary: "Stores this browser's push subscription for the customer (422 without consent to push notifications)",
  body: PushSubscriptionBody,
  response: null,
});

export const unsubscribePush = defineRoute('user', 'DELETE /push/subscription', {
  summary: "Forgets this browser's push subscription",
  body: PushUnsubscribeBody,
  response: null,
});
