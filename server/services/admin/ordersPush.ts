// The customer's push of an order staff changed (a phone order placed, an edit). Where the push is
// a NOTIFY it goes out with the change's commit; elsewhere (test fakes) it is published after it.
import type { AppContext, PushMessage } from '../../context.js';
import type { Executor } from '../../db/database.js';
import { notifyWithCommit } from '../../repositories/notifications.js';

type OrderPush = Extract<PushMessage, { type: 'order:status_update' }>;

/** In the change's transaction: the NOTIFY that goes out with its commit, where the push is one. */
export async function pushOnCommit(ctx: AppContext, tx: Executor, message: OrderPush): Promise<void> {
  const notify = ctx.push.notifyOnCommit?.(message);
  if (notify) await notifyWithCommit(tx, notify);
}

/** After the commit, where the push is not a NOTIFY: published now; a failure loses only the push. */
export async function pushAfterCommit(ctx: AppContext, message: OrderPush): Promise<void> {
  if (ctx.push.notifyOnCommit) return;
  await ctx.push.publish(message).catch(() => undefined);
}
