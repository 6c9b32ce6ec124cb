// Push subscriptions (table push_subscriptions) and the generated VAPID pair (table vapid_keys),
// migration 0111.
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { pushSubscriptions, vapidKeys } from '../db/schema/webPush.js';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** Stores a browser's subscription for a customer; an endpoint already known moves to them. */
export async function saveSubscription(
  db: Executor,
  row: { endpoint: string; userId: string; p256dh: string; auth: string },
  now: Date,
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values({ ...row, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: row.userId, p256dh: row.p256dh, auth: row.auth, updatedAt: now },
    });
}

export async function subscriptionsOf(db: Executor, userId: string): Promise<PushSubscriptionRow[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/** The push service said the subscription is gone (404/410). */
export async function deleteSubscription(db: Executor, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}

/** One browser of this customer; another customer's endpoint is left alone. */
export async function deleteCustomerSubscription(db: Executor, userId: string, endpoint: string): Promise<number> {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ endpoint: pushSubscriptions.endpoint });
  return deleted.length;
}

/** Every browser of the customer (consent withdrawn, account deleted). */
export async function deleteCustomerSubscriptions(db: Executor, userId: string): Promise<number> {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .returning({ endpoint: pushSubscriptions.endpoint });
  return deleted.length;
}

/**
 * The stored pair, inserting `candidate` first when there is none: processes starting together
 * each offer their own, one insert wins and all read the winner.
 */
export async function storedVapidKeys(
  db: Executor,
  candidate: { publicKey: string; privateKey: string },
  now: Date,
): Promise<{ publicKey: string; privateKey: string }> {
  await db
    .insert(vapidKeys)
    .values({ id: 1, ...candidate, createdAt: now })
    .onConflictDoNothing({ target: vapidKeys.id });
  const row = (
    await db
      .select({ publicKey: vapidKeys.publicKey, privateKey: vapidKeys.privateKey })
      .from(vapidKeys)
      .where(eq(vapidKeys.id, 1))
  )[0];
  if (!row) throw new Error('vapid_keys has no row after the insert');
  return row;
}
