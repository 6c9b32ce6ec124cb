// Order statuses back from the POS (issue item 7): the webhook's DeliveryOrderUpdate and
// DeliveryOrderError, or, without a webhook, deliveries/by_id for our open orders. Only orders
// we handed off are touched: an id the outbox does not know (or of another organization) changes
// nothing.
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { PosOrderInfo } from '../../integrations/pos/port.js';
import { posOf } from './adapter.js';
import { applyPosStatus } from './orderStatus.js';
import { recordError } from './state.js';

/** Applies what the POS says of one order; false when the order is not one we handed off. */
export async function applyOrderInfo(ctx: AppContext, info: PosOrderInfo): Promise<boolean> {
  const now = ctx.clock.now().toISOString();
  const rows = await ctx.db.run((db) =>
    db.execute<{ state: string }>(sql`
      select state from pos_outbox
      where order_id = ${info.id} and (organization_id is null or organization_id = ${info.organizationId})`),
  );
  const row = rows.rows[0];
  if (!row) return false;
  if (info.creationStatus === 'Error') {
    if (row.state === 'sent') return true;
    const reason = info.errorMessage ?? 'iiko: ошибка создания заказа';
    await ctx.db.run(async (db) => {
      await db.execute(
        sql`update pos_outbox set state = 'failed', last_error = ${reason}, updated_at = ${now} where order_id = ${info.id}`,
      );
      await recordError(db, 'handoff', `Заказ не передан на кухню: ${reason}`, ctx.clock.now());
    });
    return true;
  }
  if (info.creationStatus === 'Success') {
    await ctx.db.run((db) =>
      db.execute(sql`
        update pos_outbox set state = 'sent', last_error = null, pos_status = ${info.status}, updated_at = ${now}
        where order_id = ${info.id}`),
    );
    if (info.status !== null) await applyPosStatus(ctx, info.id, info.status);
  }
  return true;
}

/** Without a webhook: asks the POS for every handed-off order that is not final yet. */
export async function pollOpenOrders(ctx: AppContext): Promise<number> {
  const pos = posOf(ctx);
  if (pos.kind === 'embedded') return 0;
  const rows = await ctx.db.run((db) =>
    db.execute<{ order_id: string; organization_id: string }>(sql`
      select b.order_id, b.organization_id from pos_outbox b join orders o on o.id = b.order_id
      where b.state = 'sent' and b.organization_id is not null and o.status not in ('Closed', 'Cancelled')
      order by b.updated_at limit 500`),
  );
  const byOrganization = new Map<string, string[]>();
  for (const r of rows.rows)
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
