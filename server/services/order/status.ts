// Order status changes (iiko's statuses). An order moves only forward along its method's path
// (ORDER_STATUS_FLOW; skipping ahead is allowed, as iiko may report a later status first), or to
// Cancelled from any status before Closed. Each change is logged in order_status_log and pushed
// to the customer (WebSocket, and web push to their browsers). Closing accrues BONUS_ACCRUAL_PERCENT of the money paid (total, bonuses not
// counted) as bonuses; cancelling refunds the bonuses spent and frees the coupon use (money paid
// online is returned separately, see refundOrderPayment in paymentRefunds.ts). Payments depend on
// this module (a failed payment cancels its order), never the other way round.
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/database.js';
import { notFound, unprocessable } from '../../http/errors.js';
import { freeCouponUsesOfOrder } from '../../repositories/couponUses.js';
import { insertOrderStatusLine, lockOrder, moveOrderStatus, type OrderRow } from '../../repositories/orders.js';
import {
  ORDER_STATUS_FLOW,
  ORDER_STATUS_NAMES,
  type Order,
  type OrderStatus,
} from '../../../src/api/contract/orders.js';
import type { DeliveryMethod } from '../../../src/api/entities.js';
import { ORDER_MESSAGES, ORDER_STATUS_MESSAGES, illegalStatusMoveMessage } from '../checkoutRefusals.js';
import { loadOrderSettings } from '../promo.js';
import { SURCHARGE_VOID_REASONS, voidPendingSurcharges } from '../../repositories/surcharges.js';
import { logOf } from '../geocoding.js';
import { withdrawVoidedLinks } from '../surcharges.js';
import { applyBonus } from '../users.js';
import { announceOrderStatus } from '../webPush.js';
import { toOrder } from './toOrder.js';

/** Whether `from` → `to` is a legal move for an order of this delivery method. */
export function canMoveStatus(method: DeliveryMethod, from: OrderStatus, to: OrderStatus): boolean {
  if (from === 'Closed' || from === 'Cancelled') return false;
  if (to === 'Cancelled') return true;
  const flow = ORDER_STATUS_FLOW[method];
  const i = flow.indexOf(from);
  const j = flow.indexOf(to);
  return i >= 0 && j > i;
}

export function illegalMoveMessage(from: OrderStatus, to: OrderStatus): string {
  return illegalStatusMoveMessage(
    { status: from, name: ORDER_STATUS_NAMES[from] },
    { status: to, name: ORDER_STATUS_NAMES[to] },
  );
}

/** Bonuses a closed order earns: ⌊total × percent / 100⌋. */
export function accrualFor(total: number, percent: number): number {
  return Math.max(0, Math.floor((total * percent) / 100));
}

/**
 * Work that must commit or roll back with a status change (the staff audit row, the cancellation
 * record): runs in the change's transaction, after it, with the order as it was before and what the
 * change did besides (`unpaidSurcharge`: the difference a closing voided, unpaid, for the audit).
 */
export type WithStatusChange = (tx: Executor, before: OrderRow, change: { unpaidSurcharge: number }) => Promise<void>;

/** Moves an order to `next`; `actor` is who did it ('iiko', 'staff:<id>', 'system'…). */
export async function advanceOrderStatus(
  ctx: AppContext,
  orderId: string,
  next: OrderStatus,
  actor: string,
  withChange?: WithStatusChange,
): Promise<Order> {
  const now = ctx.clock.now();
  const { order, userId, unpaidSurcharge } = await ctx.db.transaction(async (tx) => {
    const row = await lockOrder(tx, orderId);
    if (!row) throw notFound(ORDER_MESSAGES.orderNotFound, 'order-not-found');
    if (!canMoveStatus(row.deliveryMethod, row.status, next))
      throw unprocessable(illegalMoveMessage(row.status, next), 'illegal-status-move');

    let paymentStatus = row.paymentStatus;
    let unpaidSurcharge = 0;
    if (next === 'Closed') {
      // an online payment counts only once the gateway confirmed it; cash and the
      // courier's card are paid at the handover
      if (paymentStatus === 'pending') throw unprocessable(ORDER_STATUS_MESSAGES.unpaidClose, 'order-unpaid');
      if (paymentStatus === 'none') paymentStatus = 'paid';
      // The kitchen handed the order over without the surcharge paid: it is owed no more (its link
      // is withdrawn), the audit names the difference, and bonuses count only the money paid.
      const voided = await voidPendingSurcharges(tx, orderId, SURCHARGE_VOID_REASONS.closed, now);
      unpaidSurcharge = voided.reduce((sum, p) => sum + p.amount, 0);
      const settings = await loadOrderSettings(tx);
      const accrual = accrualFor(row.total - unpaidSurcharge, settings.bonusAccrualPercent);
      if (accrual > 0)
        await applyBonus(tx, { userId: row.userId, delta: accrual, reason: 'order-accrual', orderId }, now);
    }
    if (next === 'Cancelled') {
      // A paid order stays 'paid': the money is still with us until the provider confirms the
      // refund (refundOrderPayment moves it to 'refunded'); a cancelled order that is 'paid' is
      // one whose money is owed back.
      if (paymentStatus === 'pending') paymentStatus = 'failed';
      // A surcharge not paid yet is owed no more; the refund covers only the money held.
      await voidPendingSurcharges(tx, orderId, SURCHARGE_VOID_REASONS.cancelled, now);
      if (row.bonusSpent > 0)
        await applyBonus(
          tx,
          { userId: row.userId, delta: row.bonusSpent, reason: 'order-cancel-refund', orderId },
          now,
        );
      await freeCouponUsesOfOrder(tx, orderId);
    }
    const saved = await moveOrderStatus(tx, orderId, { from: row.status, next, paymentStatus }, now);
    if (!saved) throw new Error(`order ${orderId} changed under a row lock`);
    await insertOrderStatusLine(tx, { orderId, status: next, at: now, actor: actor || 'system' });
    await withChange?.(tx, row, { unpaidSurcharge });
    return { order: toOrder(saved), userId: saved.userId, unpaidSurcharge };
  });
  if (unpaidSurcharge > 0) {
    logOf(ctx).warn({ orderId, unpaid: unpaidSurcharge }, 'order closed with its surcharge unpaid');
    await withdrawVoidedLinks(ctx, orderId);
  }
  // the browsers' push runs on its own: a slow push service never holds the change (docs/PUSH.md)
  announceOrderStatus(ctx, userId, order);
  await ctx.push.publish({ type: 'order:status_update', userId, orderId, status: order.status });
  return order;
}
