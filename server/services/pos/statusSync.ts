// Order statuses back from the POS (issue item 7): the webhook's DeliveryOrderUpdate and
// DeliveryOrderError, or, without a webhook, deliveries/by_id for our open orders. Only orders
// we handed off are touched: an id the outbox does not know (or of another organization) changes
// nothing.
import type { AppContext } from '../../context.js';
import type { PosOrderInfo } from '../../integrations/pos/port.js';
import { handoffStateOf, markHandoffFailed, markHandoffSent, openHandoffs } from '../../repositories/posOutbox.js';
import { recordError } from '../../repositories/posState.js';
import { posOf } from './adapter.js';
import { applyPosStatus } from './orderStatus.js';

/** Applies what the POS says of one order; false when the order is not one we handed off. */
export async function applyOrderInfo(ctx: AppContext, info: PosOrderInfo): Promise<boolean> {
  const now = ctx.clock.now();
  const state = await ctx.db.run((db) => handoffStateOf(db, info.id, info.organizationId));
  if (state === undefined) return false;
  if (info.creationStatus === 'Error') {
    if (state === 'sent') return true;
    const reason = info.errorMessage ?? 'iiko: ошибка создания заказа';
    await ctx.db.run(async (db) => {
      await markHandoffFailed(db, info.id, reason, now);
      await recordError(db, 'handoff', `Заказ не передан на кухню: ${reason}`, ctx.clock.now());
    });
    return true;
  }
  if (info.creationStatus === 'Success') {
    await ctx.db.run((db) => markHandoffSent(db, info.id, info.status, now));
    if (info.status !== null) await applyPosStatus(ctx, info.id, info.status);
  }
  return true;
}

/** Without a webhook: asks the POS for every handed-off order that is not final yet. */
export async function pollOpenOrders(ctx: AppContext): Promise<number> {
  const pos = posOf(ctx);
  if (pos.kind === 'embedded') return 0;
  const rows = await ctx.db.run((db) => openHandoffs(db, 500));
  const byOrganization = new Map<string, string[]>();
  for (const r of rows)
    byOrganization.set(r.organization_id, [...(byOrganization.get(r.organization_id) ?? []), r.order_id]);
  let moved = 0;
  for (const [organizationId, ids] of byOrganization) {
    for (let i = 0; i < ids.length; i += 100) {
      const infos = await pos.ordersById(organizationId, ids.slice(i, i + 100));
      for (const info of infos) if (await applyOrderInfo(ctx, info)) moved += 1;
    }
  }
  return moved;
}
