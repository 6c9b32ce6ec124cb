// Orders for staff: status moves, cancellation and the retry of a failed refund; the list, the
// card and the filters they read by are ordersRead.ts and ordersFilter.ts (re-exported here).
// Status moves reuse advanceOrderStatus (server/services/order/status.ts): the same flow rules,
// the status log, bonuses and coupon uses, and the push to the customer's /complete page.
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/database.js';
import { conflict, unprocessable } from '../../http/errors.js';
import { insertCancellation, setCancellationRefund } from '../../repositories/orderCancellations.js';
import { ADMIN_MESSAGES } from '../../../src/api/contract/admin/common.js';
import type { AdminOrderDetail } from '../../../src/api/contract/admin/orders.js';
import { REFUND_MESSAGES } from '../../../src/api/contract/admin/messages.js';
import type { OrderStatus as OrderStatusT } from '../../../src/api/contract/orders.js';
import { isPaidOnline } from '../order/onlinePayment.js';
import { advanceOrderStatus } from '../order/status.js';
import { REFUND_IN_PROGRESS_MESSAGE, refundOrderPayment } from '../payments.js';
import { audit } from './audit.js';
import { orderDetail } from './ordersRead.js';
import type { StaffPrincipal } from './staffSessions.js';

// the other admin services and the routes know this module as the orders' entry point
export { cityTimeZone, orderFilterCondition, type OrderFilters } from './ordersFilter.js';
export { listOrders, orderDetail } from './ordersRead.js';

export async function changeOrderStatus(
  ctx: AppContext,
  ip: string,
  staff: StaffPrincipal,
  id: string,
  status: OrderStatusT,
): Promise<AdminOrderDetail> {
  if (status === 'Cancelled') throw unprocessable(ADMIN_MESSAGES.cancelNeedsReason, 'cancel-needs-reason');
  // the audit row commits with the change or not at all
  await advanceOrderStatus(ctx, id, status, `staff:${staff.staffId}`, (tx, before, { unpaidSurcharge }) =>
    audit(
      tx,
      staff,
      ip,
      {
        action: 'order.status',
        entity: 'order',
        entityId: id,
        before: { status: before.status },
        // a closing that voided an unpaid surcharge names the difference (docs/ORDER-EDITING.md)
        after: unpaidSurcharge > 0 ? { status, unpaidSurcharge } : { status },
      },
      ctx.clock.now(),
    ),
  );
  return ctx.db.run((db) => orderDetail(db, id));
}

/**
 * Cancels with a reason. Bonuses spent come back and the coupon use is freed (advanceOrderStatus).
 * An order paid online needs its money back: the cancellation is recorded with refund
 * 'required' (in the status change's transaction, with its audit row) and then the refund is
 * attempted (see refundPaidOrder).
 */
export async function cancelOrder(
  ctx: AppContext,
  ip: string,
  staff: StaffPrincipal,
  id: string,
  reason: string,
): Promise<AdminOrderDetail> {
  let paidOnline = false;
  await advanceOrderStatus(ctx, id, 'Cancelled', `staff:${staff.staffId}`, async (tx, before) => {
    paidOnline = isPaidOnline(before);
    const refund = paidOnline ? 'required' : 'not-needed';
    const now = ctx.clock.now();
    await insertCancellation(tx, { orderId: id, reason, staffId: staff.staffId, refund, at: now });
    await audit(
      tx,
      staff,
      ip,
      {
        action: 'order.cancel',
        entity: 'order',
        entityId: id,
        before: { status: before.status, paymentStatus: before.paymentStatus },
        after: { status: 'Cancelled', reason, refund },
      },
      now,
    );
  });
  if (paidOnline) await refundPaidOrder(ctx, id, reason);
  return ctx.db.run((db) => orderDetail(db, id));
}

export interface RefundOutcome {
  /** 'in-progress': another request is asking the provider; nothing was recorded by this one. */
  refund: 'done' | 'failed' | 'required' | 'in-progress';
  refundError: string | null;
}

/**
 * Returns the money of a cancelled order paid online through refundOrderPayment (payments area,
 * idempotent) and records the outcome on the cancellation: 'done', or 'failed' with the
 * provider's message for the operator. Until 'done' the order's payment stays 'paid'. The
 * cancellation itself stands and cancelling again is refused, so a retry is calling this again
 * (POST /admin/orders/:id/refund, retryRefund below). `withOutcome` runs in the transaction
 * that records the outcome (the retry's audit row).
 */
export async function refundPaidOrder(
  ctx: AppContext,
  orderId: string,
  reason: string,
  withOutcome?: (tx: Executor, outcome: RefundOutcome) => Promise<void>,
): Promise<RefundOutcome> {
  let refund: RefundOutcome['refund'];
  let refundError: string | null = null;
  try {
    const answer = await refundOrderPayment(ctx, orderId, reason);
    // Another request is asking the provider: it records the outcome; this one must not overwrite it.
    if (answer.status === 'in-progress') return { refund: 'in-progress', refundError: answer.message };
    if (answer.status === 'refunded') refund = 'done';
    else if (answer.status === 'failed') refund = 'failed';
    // nothing to refund: already refunded is done; otherwise the order says paid but the
    // payments area knows no online payment, so a person has to look (message kept)
    else refund = /уже возвращены/.test(answer.message) ? 'done' : 'required';
    if (answer.status !== 'refunded') refundError = answer.message;
  } catch (error) {
    refund = 'failed';
    refundError = error instanceof Error ? error.message.slice(0, 500) : REFUND_MESSAGES.failed;
  }
  const outcome = { refund, refundError };
  await ctx.db.transaction(async (tx) => {
    await setCancellationRefund(tx, orderId, outcome);
    await withOutcome?.(tx, outcome);
  });
  return outcome;
}

/**
 * Staff retry of a refund left 'failed' or 'required' on a cancelled order. Answers the order
 * when the money came back; otherwise 422 with the reason (the provider's refusal is also kept
 * on the cancellation). Each attempt that reached the payments area is audited.
 */
export async function retryRefund(
  ctx: AppContext,
  ip: string,
  staff: StaffPrincipal,
  id: string,
): Promise<AdminOrderDetail> {
  const before = await ctx.db.run((db) => orderDetail(db, id));
  const cancellation = before.status === 'Cancelled' ? before.cancellation : null;
  if (cancellation === null) throw unprocessable(REFUND_MESSAGES.notCancelled, 'nothing-to-refund');
  if (cancellation.refund === 'done') throw unprocessable(REFUND_MESSAGES.alreadyDone, 'nothing-to-refund');
  if (cancellation.refund === 'not-needed') throw unprocessable(REFUND_MESSAGES.notNeeded, 'nothing-to-refund');
  const { refund, refundError } = cancellation;
  const outcome = await refundPaidOrder(ctx, id, cancellation.reason, (tx, after) =>
    audit(
      tx,
      staff,
      ip,
      { action: 'order.refund', entity: 'order', entityId: id, before: { refund, refundError }, after },
      ctx.clock.now(),
    ),
  );
  if (outcome.refund === 'in-progress')
    throw conflict(outcome.refundError ?? REFUND_IN_PROGRESS_MESSAGE, 'refund-in-progress');
  if (outcome.refund === 'failed') throw unprocessable(outcome.refundError ?? REFUND_MESSAGES.failed, 'refund-failed');
  if (outcome.refund === 'required')
    throw unprocessable(outcome.refundError ?? REFUND_MESSAGES.notNeeded, 'nothing-to-refund');
  return ctx.db.run((db) => orderDetail(db, id));
}
