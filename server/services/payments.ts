// Online payments of orders, up to paid or failed (refunds: paymentRefunds.ts).
// See docs/CHECKOUT.md «Payment states».
import { randomUUID } from 'node:crypto';
import { PAYMENT_STATE_NAMES, type PaymentSession } from '../../src/api/contract/payments.js';
import type { Order } from '../../src/api/contract/orders.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/database.js';
import { forbidden, notFound, unprocessable } from '../http/errors.js';
import { citySlug } from '../repositories/catalog.js';
import { findOrder, findOrderStatus, setOrderPaymentStatus, type OrderRow } from '../repositories/orders.js';
import {
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
import { advanceOrderStatus } from './order/status.js';
import { ORDER_MESSAGES, PAYMENT_MESSAGES } from '../../src/domain/messages.js';
import { toOrder } from './order/toOrder.js';
import type { AuthUser } from './sessions.js';

// Importers of the payment lifecycle (the admin area, tests) find these here too.
export {
  REFUND_CLAIM_STALE_MS,
  REFUND_IN_PROGRESS_MESSAGE,
  refundOrderPayment,
  type RefundAnswer,
} from './paymentRefunds.js';

export { PAYMENT_MESSAGES };

/** A payment still pending after this long is failed ('Время на оплату истекло') and its order cancelled. */
export const PAYMENT_PENDING_TTL_MS = 30 * 60 * 1000;
export const PAYMENT_EXPIRED_REASON = 'Время на оплату истекло';

/** Inside POST /order's transaction: the pending payment of a new card/SBP order. */
export async function createPaymentIn(
  tx: Executor,
  ctx: AppContext,
  order: { id: string; userId: string; total: number; paymentMethod: 'card' | 'sbp' },
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
  });
  // One payment per order (unique order_id): a concurrent start made it first.
  const row = inserted ?? (await findPaymentOfOrder(tx, order.id));
  if (!row) throw new Error('insert into payments returned nothing');
  return row;
}

export function returnUrls(slug: string, orderId: string): { successUrl: string; failUrl: string } {
  const prefix = slug ? `/${slug}` : '';
  const q = `?order=${encodeURIComponent(orderId)}`;
  return { successUrl: `${prefix}/complete${q}`, failUrl: `${prefix}/complete-error${q}` };
}

function toSession(ctx: AppContext, payment: PaymentRow, order: OrderRow, slug: string): PaymentSession {
  const gateway = gatewaysOf(ctx).byProvider(payment.provider);
  const view = gateway.checkout({
    paymentId: payment.id,
    orderId: order.id,
    orderNumber: order.number,
    amount: payment.amount,
    method: payment.method,
    userId: order.userId,
    account: payment.account,
  });
  return {
    paymentId: payment.id,
    orderId: order.id,
    provider: payment.provider,
    method: payment.method,
    status: payment.status,
    statusName: PAYMENT_STATE_NAMES[payment.status],
    amount: payment.amount,
    redirectUrl: payment.status === 'pending' ? view.redirectUrl : null,
    widget: payment.status === 'pending' ? view.widget : null,
    ...returnUrls(slug, order.id),
    createdAt: payment.createdAt.toISOString(),
    updatedAt: payment.updatedAt.toISOString(),
  };
}

async function ownOrder(db: Executor, user: AuthUser, orderId: string): Promise<OrderRow> {
  const row = await findOrder(db, orderId);
  if (!row) throw notFound(ORDER_MESSAGES.orderNotFound, 'order-not-found');
  if (row.userId !== user.userId) throw forbidden();
  return row;
}

/**
 * Fails pending payments older than PAYMENT_PENDING_TTL_MS (their orders are cancelled).
 * Run every minute by the payments route module, and for one order before it is read.
 */
export async function expireStalePayments(ctx: AppContext, orderId?: string): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - PAYMENT_PENDING_TTL_MS);
  const stale = await ctx.db.run((db) => stalePendingPayments(db, cutoff, orderId));
  let expired = 0;
  for (const id of stale) {
    if ((await failPayment(ctx, id, PAYMENT_EXPIRED_REASON, 'payment:expired')) === 'failed') expired += 1;
  }
  return expired;
}

/** POST /order/:id/payment: the order's payment (created now for an online order that has none). */
export async function startOrderPayment(ctx: AppContext, user: AuthUser, orderId: string): Promise<PaymentSession> {
  await expireStalePayments(ctx, orderId);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const order = await ownOrder(tx, user, orderId);
    if (order.paymentMethod !== 'card' && order.paymentMethod !== 'sbp')
      throw unprocessable(PAYMENT_MESSAGES.notOnline, 'payment-not-online');
    let payment = await findPaymentOfOrder(tx, order.id);
    if (!payment) {
      if (order.status === 'Cancelled') throw unprocessable(PAYMENT_MESSAGES.orderCancelled, 'order-cancelled');
      const account = gatewaysOf(ctx).current.accountFor(order.deliveryTerminalId);
      if (!account.available) throw unprocessable(ORDER_MESSAGES.onlinePaymentOff, 'online-payment-disabled');
      payment = await createPaymentIn(
        tx,
        ctx,
        { id: order.id, userId: order.userId, total: order.total, paymentMethod: order.paymentMethod },
        account.account,
        now,
      );
    }
    return toSession(ctx, payment, order, await citySlug(tx, order.cityId));
  });
}

/** GET /order/:id/payment. */
export async function readOrderPayment(ctx: AppContext, user: AuthUser, orderId: string): Promise<PaymentSession> {
  await expireStalePayments(ctx, orderId);
  return ctx.db.run(async (db) => {
    const order = await ownOrder(db, user, orderId);
    const payment = await findPaymentOfOrder(db, order.id);
    if (!payment) throw notFound(PAYMENT_MESSAGES.noPayment, 'payment-not-found');
    return toSession(ctx, payment, order, await citySlug(db, order.cityId));
  });
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
    const payment = await lockPayment(tx, paymentId);
    if (!payment) return { outcome: 'not-found' };
    if (payment.status === 'paid') return { outcome: 'already-paid' };
    if (payment.status !== 'pending') return { outcome: 'not-pending' };
    if (Math.abs(payment.amount - confirmation.amount) >= 0.01) return { outcome: 'amount-mismatch' };
    await markPaymentPaid(tx, paymentId, confirmation.transactionId, now);
    return { outcome: 'paid', order: await setOrderPaymentStatus(tx, payment.orderId, 'paid', now) };
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

export type FailOutcome = 'failed' | 'not-pending' | 'not-found';

/** pending → failed, and the order is Cancelled (bonuses back, coupon freed; advanceOrderStatus pushes). */
export async function failPayment(
  ctx: AppContext,
  paymentId: string,
  reason: string,
  actor: string,
): Promise<FailOutcome> {
  const now = ctx.clock.now();
  const changed = await ctx.db.transaction(async (tx) => {
    const payment = await lockPayment(tx, paymentId);
    if (!payment) return { outcome: 'not-found' as const, orderId: null };
    if (payment.status !== 'pending')
      return { outcome: 'not-pending' as const, orderId: payment.status === 'failed' ? payment.orderId : null };
    await markPaymentFailed(tx, paymentId, reason.slice(0, 500), now);
    return { outcome: 'failed' as const, orderId: payment.orderId };
  });
  // Also on a repeat, so that an order left behind by a crash between the two steps gets cancelled.
  if (changed.orderId !== null) await cancelUnpaidOrder(ctx, changed.orderId, actor);
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

/** POST /order/:id/payment/cancel: the customer gave up; a paid payment is left alone. */
export async function cancelOrderPayment(ctx: AppContext, user: AuthUser, orderId: string): Promise<Order> {
  const payment = await ctx.db.run(async (db) => {
    await ownOrder(db, user, orderId);
    return findPaymentOfOrder(db, orderId);
  });
  if (!payment) throw notFound(PAYMENT_MESSAGES.noPayment, 'payment-not-found');
  if (payment.status === 'pending')
    await failPayment(ctx, payment.id, 'Покупатель отказался от оплаты', `customer:${user.userId}`);
  return ctx.db.run(async (db) => toOrder(await ownOrder(db, user, orderId)));
}
