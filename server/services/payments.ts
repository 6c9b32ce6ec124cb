// Online payments of orders, up to paid or failed: created with the order (or when its page asks,
// paymentSessions.ts), confirmed or failed by the gateway, expired by the clock (refunds:
// paymentRefunds.ts). See docs/CHECKOUT.md «Payment states».
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/database.js';
import { findOrder, findOrderStatus, lockOrder, setOrderPaymentStatus, type OrderRow } from '../repositories/orders.js';
import {
  abandonedSbpOrders,
  findPayment,
  findPaymentOfOrder,
  insertPayment,
  lockPayment,
  markPaymentFailed,
  markPaymentPaid,
  stalePendingPayments,
  type PaymentRow,
} from '../repositories/payments.js';
import { logOf } from './geocoding.js';
import { gatewaysOf } from './paymentGateways.js';
import { notifyStaffOfOrder } from './surcharges.js';
import { advanceOrderStatus } from './order/status.js';
import { PAYMENT_MESSAGES } from '../../src/domain/messages.js';

// Importers of the payment lifecycle (the admin area, tests) find these here too.
export {
  REFUND_CLAIM_STALE_MS,
  REFUND_IN_PROGRESS_MESSAGE,
  refundOrderPayment,
  type RefundAnswer,
} from './paymentRefunds.js';

export { PAYMENT_MESSAGES };

/**
 * How long an online order waits for its money: a card payment still pending after this long is
 * failed ('Время на оплату истекло') and its order cancelled; an SBP order is cancelled once this
 * has passed and it has no pending or paid payment.
 */
export const PAYMENT_PENDING_TTL_MS = 30 * 60 * 1000;
/** An SBP QR (and its bank link) is payable this long; then the customer may ask for a new one. */
export const SBP_PAYMENT_TTL_MS = 10 * 60 * 1000;
export const PAYMENT_EXPIRED_REASON = 'Время на оплату истекло';
export const SBP_REPLACED_REASON = 'Покупатель попросил новый QR-код';

/** When a payment made at `now` expires: its method's time, and never after the order's own window. */
export function paymentDeadline(method: 'card' | 'sbp', orderCreatedAt: Date, now: Date): Date {
  const windowEnd = orderCreatedAt.getTime() + PAYMENT_PENDING_TTL_MS;
  const own = now.getTime() + (method === 'sbp' ? SBP_PAYMENT_TTL_MS : PAYMENT_PENDING_TTL_MS);
  return new Date(method === 'sbp' ? Math.min(own, Math.max(windowEnd, now.getTime())) : own);
}

/** Inside POST /order's transaction: the pending payment of a new card/SBP order. */
export async function createPaymentIn(
  tx: Executor,
  ctx: AppContext,
  order: { id: string; userId: string; total: number; paymentMethod: 'card' | 'sbp'; createdAt: Date },
  account: string | null,
  now: Date,
): Promise<PaymentRow> {
  const inserted = await insertPayment(tx, {
    id: randomUUID(),
    orderId: order.id,
    userId: order.userId,
    provider: gatewaysOf(ctx).current.provider,
    method: order.paymentMethod,
    status: 'pending',
    amount: order.total,
    account,
    createdAt: now,
    updatedAt: now,
    expiresAt: paymentDeadline(order.paymentMethod, order.createdAt, now),
  });
  // One live payment per order (unique index over the ones not failed): a concurrent start made it first.
  const row = inserted ?? (await findPaymentOfOrder(tx, order.id));
  if (!row) throw new Error('insert into payments returned nothing');
  return row;
}

/**
 * Fails pending payments whose time ran out. A card order is cancelled with its payment; an SBP
 * order only once its window (PAYMENT_PENDING_TTL_MS from the order) has passed, before that it
 * waits for a new QR (and its page is told). SBP orders past the window with no live payment are
 * cancelled. Run every minute by the payments route module, and for one order before it is read.
 */
export async function expireStalePayments(ctx: AppContext, orderId?: string): Promise<number> {
  const now = ctx.clock.now();
  const stale = await ctx.db.run((db) => stalePendingPayments(db, now, orderId));
  let expired = 0;
  for (const payment of stale) {
    const windowOpen = payment.orderCreatedAt.getTime() + PAYMENT_PENDING_TTL_MS > now.getTime();
    const keepOrder = payment.method === 'sbp' && windowOpen;
    const outcome = await failPayment(ctx, payment.id, PAYMENT_EXPIRED_REASON, 'payment:expired', {
      cancelOrder: !keepOrder,
    });
    if (outcome !== 'failed') continue;
    expired += 1;
    if (keepOrder) await pushOrderUpdate(ctx, payment.orderId);
  }
  const cutoff = new Date(now.getTime() - PAYMENT_PENDING_TTL_MS);
  const abandoned = await ctx.db.run((db) => abandonedSbpOrders(db, cutoff, orderId));
  for (const id of abandoned) await cancelUnpaidOrder(ctx, id, 'payment:expired');
  return expired;
}

/** Tells the customer's open page that the order's payment changed (its status did not). */
async function pushOrderUpdate(ctx: AppContext, orderId: string): Promise<void> {
  const order = await ctx.db.run((db) => findOrder(db, orderId));
  if (!order) return;
  await ctx.push
    .publish({ type: 'order:status_update', userId: order.userId, orderId: order.id, status: order.status })
    .catch(() => undefined);
}

export type ConfirmOutcome = 'paid' | 'already-paid' | 'not-pending' | 'amount-mismatch' | 'not-found';

/** pending → paid, on the server's own confirmation only. Pushes order:status_update. */
export async function confirmPayment(
  ctx: AppContext,
  paymentId: string,
  confirmation: { transactionId: string | null; amount: number },
): Promise<ConfirmOutcome> {
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx): Promise<{ outcome: ConfirmOutcome; order?: OrderRow }> => {
    const found = await findPayment(tx, paymentId);
    if (!found) return { outcome: 'not-found' };
    // The order's row before its payment's, the order edits and cancellations take them in (they
    // add and void surcharges under the order's lock): the other way round two of them deadlock.
    await lockOrder(tx, found.orderId);
    const payment = await lockPayment(tx, paymentId);
    if (!payment) return { outcome: 'not-found' };
    if (payment.status === 'paid') return { outcome: 'already-paid' };
    if (payment.status !== 'pending') return { outcome: 'not-pending' };
    if (Math.abs(payment.amount - confirmation.amount) >= 0.01) return { outcome: 'amount-mismatch' };
    await markPaymentPaid(tx, paymentId, confirmation.transactionId, now);
    // A surcharge exists only while the order is paid: it stays 'paid'; the write moves updatedAt
    // (an edit based on the older version is 409) and the staff screens are told, as no status moved.
    const order = await setOrderPaymentStatus(tx, payment.orderId, 'paid', now);
    if (order && payment.purpose === 'surcharge') await notifyStaffOfOrder(tx, order);
    return { outcome: 'paid', order };
  });
  if (result.outcome === 'paid' && result.order) {
    await ctx.push
      .publish({
        type: 'order:status_update',
        userId: result.order.userId,
        orderId: result.order.id,
        status: result.order.status,
      })
      .catch(() => undefined);
  }
  return result.outcome;
}

/** 'surcharge-kept': a declined attempt to pay a surcharge; it stays owed (the order lives on). */
export type FailOutcome = 'failed' | 'not-pending' | 'not-found' | 'surcharge-kept';

/**
 * pending → failed, and the order is Cancelled (bonuses back, coupon freed; advanceOrderStatus
 * pushes) unless `cancelOrder` is false (an expired SBP QR whose order may still get a new one).
 */
export async function failPayment(
  ctx: AppContext,
  paymentId: string,
  reason: string,
  actor: string,
  options: { cancelOrder: boolean } = { cancelOrder: true },
): Promise<FailOutcome> {
  const now = ctx.clock.now();
  const changed = await ctx.db.transaction(async (tx) => {
    const payment = await lockPayment(tx, paymentId);
    if (!payment) return { outcome: 'not-found' as const, orderId: null };
    if (payment.purpose === 'surcharge' && payment.status === 'pending')
      return { outcome: 'surcharge-kept' as const, orderId: null };
    if (payment.status !== 'pending')
      return { outcome: 'not-pending' as const, orderId: payment.status === 'failed' ? payment.orderId : null };
    await markPaymentFailed(tx, paymentId, reason.slice(0, 500), now);
    return { outcome: 'failed' as const, orderId: payment.orderId };
  });
  // Also on a repeat, so that an order left behind by a crash between the two steps gets cancelled.
  if (changed.orderId !== null && options.cancelOrder) await cancelUnpaidOrder(ctx, changed.orderId, actor);
  return changed.outcome;
}

async function cancelUnpaidOrder(ctx: AppContext, orderId: string, actor: string): Promise<void> {
  const status = await ctx.db.run((db) => findOrderStatus(db, orderId));
  if (status === undefined || status === 'Cancelled' || status === 'Closed') return;
  try {
    await advanceOrderStatus(ctx, orderId, 'Cancelled', actor);
  } catch (error) {
    logOf(ctx).error(
      { orderId, err: error instanceof Error ? error.message : String(error) },
      'payments: could not cancel the unpaid order',
    );
  }
}
