// Web push of order statuses (docs/PUSH.md): the VAPID pair, customers' subscriptions, and the
// push sent after a status change commits. Sending never blocks or fails the change: it runs on
// its own, logs its own failures, and a push service answering 404 or 410 loses the subscription.
import { createHash, createECDH } from 'node:crypto';
import { isIP } from 'node:net';
import type { AppContext } from '../context.js';
import type { Config } from '../config.js';
import { badRequest, unprocessable } from '../http/errors.js';
import { createWebPushSender, type PushSender, type VapidDetails } from '../integrations/webPush.js';
import {
  deleteCustomerSubscription,
  deleteSubscription,
  saveSubscription,
  storedVapidKeys,
  subscriptionsOf,
} from '../repositories/webPush.js';
import { ORDER_STATUS_NAMES, type Order, type OrderStatus } from '../../src/api/contract/orders.js';
import type { PushSubscriptionBody } from '../../src/api/contract/push.js';
import { orderStatusSentence } from '../../src/domain/checkoutText.js';
import { orderPushTitle, PUSH_MESSAGES } from '../../src/domain/messages.js';
import { logOf } from './geocoding.js';
import { findUser } from './users.js';

/**
 * The statuses a customer hears about (accepted, cooking, on the way, delivered, cancelled). Not
 * Unconfirmed (the customer has just placed it), CookingCompleted, Waiting or Closed.
 */
export const PUSHED_STATUSES: ReadonlySet<OrderStatus> = new Set<OrderStatus>([
  'WaitCooking',
  'CookingStarted',
  'OnWay',
  'Delivered',
  'Cancelled',
]);

/** A status a customer is told about stays useful for an hour; a later one replaces it (topic). */
const PUSH_TTL_SECONDS = 3600;

/**
 * Push services browsers subscribe with. In production an endpoint must be one of theirs over
 * https: the server POSTs to whatever a customer registers, so anything else would let a customer
 * aim it at hosts of our network.
 */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
];

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether the server may POST to this endpoint: see PUSH_SERVICE_HOSTS; outside production also loopback (the local fake). */
export function acceptableEndpoint(endpoint: string, isProduction: boolean): boolean {
  if (endpoint.length > 2048 || !URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.username !== '' || url.password !== '') return false;
  const host = url.hostname.toLowerCase();
  if (!isProduction && LOOPBACK_HOSTS.has(host) && (url.protocol === 'http:' || url.protocol === 'https:')) return true;
  if (url.protocol !== 'https:' || isIP(host.replace(/^\[|\]$/g, '')) !== 0) return false;
  return PUSH_SERVICE_HOSTS.some((known) => host === known || host.endsWith(`.${known}`));
}

/** A browser's p256dh (an uncompressed P-256 point) and auth secret (16 bytes), both base64url. */
export function acceptableKeys(keys: { p256dh: string; auth: string }): boolean {
  const base64url = /^[A-Za-z0-9_-]+={0,2}$/;
  if (!base64url.test(keys.p256dh) || !base64url.test(keys.auth)) return false;
  const point = Buffer.from(keys.p256dh, 'base64url');
  if (point.length !== 65 || point[0] !== 4 || Buffer.from(keys.auth, 'base64url').length !== 16) return false;
  try {
    // a point off the curve would fail every encryption: refuse it now
    const probe = createECDH('prime256v1');
    probe.generateKeys();
    probe.computeSecret(point);
    return true;
  } catch {
    return false;
  }
}

export function pushSenderOf(ctx: AppContext): PushSender {
  ctx.webPush ??= createWebPushSender({ timeoutMs: ctx.config.webPush.timeoutMs });
  return ctx.webPush;
}

/** VAPID_SUBJECT, else PUBLIC_URL when it is https, else a placeholder contact. */
export function vapidSubjectOf(config: Pick<Config, 'webPush' | 'publicUrl'>): string {
  if (config.webPush.subject !== null) return config.webPush.subject;
  return config.publicUrl.startsWith('https://') ? config.publicUrl : 'mailto:webpush@localhost.invalid';
}

function generatedPair(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { publicKey: ecdh.getPublicKey('base64url'), privateKey: ecdh.getPrivateKey('base64url') };
}

const vapidCache = new WeakMap<AppContext, Promise<VapidDetails>>();

/** The environment's pair, or the database's (generated once, shared by every process). */
export function vapidOf(ctx: AppContext): Promise<VapidDetails> {
  let known = vapidCache.get(ctx);
  if (known === undefined) {
    const subject = vapidSubjectOf(ctx.config);
    const fromEnv = ctx.config.webPush.vapid;
    known = (
      fromEnv !== null
        ? Promise.resolve(fromEnv)
        : ctx.db.run((db) => storedVapidKeys(db, generatedPair(), ctx.clock.now()))
    ).then((keys) => ({ subject, ...keys }));
    // a failed read is tried again by the next caller
    known.catch(() => vapidCache.delete(ctx));
    vapidCache.set(ctx, known);
  }
  return known;
}

export async function vapidPublicKey(ctx: AppContext): Promise<string> {
  return (await vapidOf(ctx)).publicKey;
}

/** Stores this browser for the customer; only with their consent to push notifications. */
export async function subscribeToPush(ctx: AppContext, userId: string, body: PushSubscriptionBody): Promise<void> {
  if (!acceptableEndpoint(body.endpoint, ctx.config.isProduction))
    throw badRequest(PUSH_MESSAGES.endpointRefused, 'push-endpoint-refused');
  if (!acceptableKeys(body.keys)) throw badRequest(PUSH_MESSAGES.keysRefused, 'push-keys-refused');
  await ctx.db.transaction(async (tx) => {
    const user = await findUser(tx, userId);
    if (!user?.pushNotifications) throw unprocessable(PUSH_MESSAGES.consentRequired, 'push-consent-required');
    await saveSubscription(
      tx,
      { endpoint: body.endpoint, userId, p256dh: body.keys.p256dh, auth: body.keys.auth },
      ctx.clock.now(),
    );
  });
}

/** Forgets one browser of the customer (it unsubscribed); another customer's endpoint is untouched. */
export async function unsubscribeFromPush(ctx: AppContext, userId: string, endpoint: string): Promise<void> {
  await ctx.db.run((db) => deleteCustomerSubscription(db, userId, endpoint));
}

/** What the service worker shows (src/sw/notification.ts reads it). */
export interface OrderPushPayload {
  title: string;
  body: string;
  /** The order's page, /complete?order=ID: a click opens it. */
  url: string;
  /** One notification per order: a newer status replaces the older. */
  tag: string;
  orderId: string;
  status: OrderStatus;
}

export function orderPushPayload(order: Pick<Order, 'id' | 'number' | 'status' | 'deliveryMethod'>): OrderPushPayload {
  return {
    title: orderPushTitle(order.number, ORDER_STATUS_NAMES[order.status]),
    body: orderStatusSentence(order.status, order.deliveryMethod),
    url: `/complete?order=${encodeURIComponent(order.id)}`,
    tag: `order-${order.id}`,
    orderId: order.id,
    status: order.status,
  };
}

/** RFC 8030 topics are at most 32 base64url characters: one per order. */
const topicOf = (orderId: string) => createHash('sha256').update(orderId).digest('base64url').slice(0, 32);

const inFlight = new WeakMap<AppContext, Set<Promise<void>>>();

/** Resolves when every push started so far has finished (tests; a shutdown may wait for it). */
export async function pushesSettled(ctx: AppContext): Promise<void> {
  const pending = inFlight.get(ctx);
  while (pending !== undefined && pending.size > 0) await Promise.all([...pending]);
}

/**
 * After a status change has committed: tells the customer's browsers, without waiting. Only for
 * PUSHED_STATUSES; every failure is logged here, never thrown to the caller.
 */
export function announceOrderStatus(
  ctx: AppContext,
  userId: string,
  order: Pick<Order, 'id' | 'number' | 'status' | 'deliveryMethod'>,
): void {
  if (!PUSHED_STATUSES.has(order.status)) return;
  const work = sendOrderStatus(ctx, userId, order).catch((error: unknown) => {
    logOf(ctx).error({ err: error, orderId: order.id, status: order.status }, 'web push: order status not sent');
  });
  let pending = inFlight.get(ctx);
  if (pending === undefined) inFlight.set(ctx, (pending = new Set()));
  const tracked = pending;
  tracked.add(work);
  void work.finally(() => tracked.delete(work));
}

async function sendOrderStatus(
  ctx: AppContext,
  userId: string,
  order: Pick<Order, 'id' | 'number' | 'status' | 'deliveryMethod'>,
): Promise<void> {
  const targets = await ctx.db.run((db) => subscriptionsOf(db, userId));
  if (targets.length === 0) return;
  const vapid = await vapidOf(ctx);
  const payload = JSON.stringify(orderPushPayload(order));
  const sender = pushSenderOf(ctx);
  const log = logOf(ctx);
  await Promise.all(
    targets.map(async (target) => {
      const outcome = await sender.send({ endpoint: target.endpoint, keys: target }, payload, vapid, {
        ttlSeconds: PUSH_TTL_SECONDS,
        urgency: 'high',
        topic: topicOf(order.id),
      });
      // the endpoint is a capability URL: only its origin goes into the log
      const service = new URL(target.endpoint).origin;
      if (outcome.kind === 'gone') {
        await ctx.db.run((db) => deleteSubscription(db, target.endpoint));
        log.info({ orderId: order.id, service, status: outcome.status }, 'web push: subscription gone, deleted');
      } else if (outcome.kind === 'failed') {
        log.warn(
          { orderId: order.id, service, status: outcome.status, reason: outcome.reason },
          'web push: push service refused or did not answer',
        );
      }
    }),
  );
}
