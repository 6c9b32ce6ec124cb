// The customer's payment of an order as the PaymentSession its page shows (POST /order/:id/payment,
// …/renew, GET, …/cancel): the gateway's checkout view, the SBP link and its QR. What happens to
// the payment itself (created, paid, failed, expired) is payments.ts.
import { PAYMENT_STATUS_NAMES, type Order } from '../../src/api/contract/orders.js';
import type { PaymentSession } from '../../src/api/contract/payments.js';
import { isOnlineMethod } from './order/onlinePayment.js';
import { ORDER_MESSAGES, PAYMENT_MESSAGES } from '../../src/domain/messages.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/database.js';
import { forbidden, notFound, unprocessable } from '../http/errors.js';
import { citySlug } from '../repositories/catalog.js';
import { findOrder, type OrderRow } from '../repositories/orders.js';
import {
  findPaymentOfOrder,
  lockPayment,
  markPaymentFailed,
  restaurantRefusesOnlinePayment,
  setSbpLink,
  type PaymentRow,
} from '../repositories/payments.js';
import { logOf } from './geocoding.js';
import { gatewaysOf } from './paymentGateways.js';
import {
  PAYMENT_EXPIRED_REASON,
  PAYMENT_PENDING_TTL_MS,
  SBP_REPLACED_REASON,
  createPaymentIn,
  expireStalePayments,
  failPayment,
} from './payments.js';
import { loadOrderSettings } from './promoSettings.js';
import { sbpQrDataUrl } from './sbpQr.js';
import { toOrder } from './order/toOrder.js';
import type { AuthUser } from './sessions.js';

/** Where a gateway sends the browser back: the order's completion page, or its error page, in its city. */
export function returnUrls(slug: string, orderId: string): { successUrl: string; failUrl: string } {
  const prefix = slug ? `/${slug}` : '';
  const q = `?order=${encodeURIComponent(orderId)}`;
  return { successUrl: `${prefix}/complete${q}`, failUrl: `${prefix}/complete-error${q}` };
}

const paymentStart = (payment: PaymentRow, order: OrderRow) => ({
  paymentId: payment.id,
  orderId: order.id,
  orderNumber: order.number,
  amount: payment.amount,
  method: payment.method,
  userId: order.userId,
  account: payment.account,
});

/**
 * A pending SBP payment gets its bank link from the provider once (outside transactions: it may
 * be HTTP); a provider that cannot give one is 422 with a Russian message, and the next read asks again.
 */
async function withSbpLink(ctx: AppContext, payment: PaymentRow, order: OrderRow): Promise<PaymentRow> {
  if (payment.method !== 'sbp' || payment.status !== 'pending' || payment.sbpLink !== null) return payment;
  const now = ctx.clock.now();
  const ttlMinutes = Math.max(1, Math.ceil((payment.expiresAt.getTime() - now.getTime()) / 60_000));
  const answer = await gatewaysOf(ctx)
    .byProvider(payment.provider)
    .sbpLink({ ...paymentStart(payment, order), ttlMinutes });
  if (!answer.ok) {
    logOf(ctx).warn({ orderId: order.id, paymentId: payment.id, reason: answer.message }, 'payments: no SBP link');
    throw unprocessable(PAYMENT_MESSAGES.sbpUnavailable, 'sbp-unavailable');
  }
  return (await ctx.db.run((db) => setSbpLink(db, payment.id, answer.link, answer.transactionId, now))) ?? payment;
}

async function toSession(ctx: AppContext, payment: PaymentRow, order: OrderRow, slug: string): Promise<PaymentSession> {
  const gateway = gatewaysOf(ctx).byProvider(payment.provider);
  const view = gateway.checkout(paymentStart(payment, order));
  const pending = payment.status === 'pending';
  return {
    paymentId: payment.id,
    orderId: order.id,
    provider: payment.provider,
    method: payment.method,
    status: payment.status,
    statusName: PAYMENT_STATUS_NAMES[payment.status],
    amount: payment.amount,
    redirectUrl: pending ? view.redirectUrl : null,
    widget: pending ? view.widget : null,
    sbp:
      pending && payment.method === 'sbp' && payment.sbpLink !== null
        ? { link: payment.sbpLink, qr: await sbpQrDataUrl(payment.sbpLink) }
        : null,
    expiresAt: payment.expiresAt.toISOString(),
    expiresInMs: pending ? Math.max(0, payment.expiresAt.getTime() - ctx.clock.now().getTime()) : 0,
    expired: payment.status === 'failed' && payment.failureReason === PAYMENT_EXPIRED_REASON,
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

/** POST /order/:id/payment: the order's payment (created now for an online order that has none). */
export async function startOrderPayment(ctx: AppContext, user: AuthUser, orderId: string): Promise<PaymentSession> {
  await expireStalePayments(ctx, orderId);
  const now = ctx.clock.now();
  const { payment, order, slug } = await ctx.db.transaction(async (tx) => {
    const order = await ownOrder(tx, user, orderId);
    if (!isOnlineMethod(order.paymentMethod)) throw unprocessable(PAYMENT_MESSAGES.notOnline, 'payment-not-online');
    let payment = await findPaymentOfOrder(tx, order.id);
    if (!payment) {
      if (order.status === 'Cancelled') throw unprocessable(PAYMENT_MESSAGES.orderCancelled, 'order-cancelled');
      const account = gatewaysOf(ctx).current.accountFor(order.deliveryTerminalId);
      if (!account.available) throw unprocessable(ORDER_MESSAGES.onlinePaymentOff, 'online-payment-disabled');
      payment = await createPaymentIn(tx, ctx, onlineOrder(order, order.paymentMethod), account.account, now);
    }
    return { payment, order, slug: await citySlug(tx, order.cityId) };
  });
  return toSession(ctx, await withSbpLink(ctx, payment, order), order, slug);
}

const onlineOrder = (order: OrderRow, paymentMethod: 'card' | 'sbp') => ({
  id: order.id,
  userId: order.userId,
  total: order.total,
  paymentMethod,
  createdAt: order.createdAt,
});

/**
 * POST /order/:id/payment/renew: a new SBP payment (a new QR) for an order still awaiting its
 * money, within its window; a pending one it replaces is failed first, and a paid one is
 * answered as it is. Refused when online payment has been switched off meanwhile.
 */
export async function renewSbpPayment(ctx: AppContext, user: AuthUser, orderId: string): Promise<PaymentSession> {
  await expireStalePayments(ctx, orderId);
  const now = ctx.clock.now();
  const { payment, order, slug } = await ctx.db.transaction(async (tx) => {
    const order = await ownOrder(tx, user, orderId);
    if (order.paymentMethod !== 'sbp') throw unprocessable(PAYMENT_MESSAGES.notSbp, 'payment-not-sbp');
    const slug = await citySlug(tx, order.cityId);
    const current = await findPaymentOfOrder(tx, order.id);
    if (current && current.status !== 'pending' && current.status !== 'failed')
      return { payment: current, order, slug };
    if (order.status === 'Cancelled' || order.status === 'Closed')
      throw unprocessable(PAYMENT_MESSAGES.orderCancelled, 'order-cancelled');
    if (order.createdAt.getTime() + PAYMENT_PENDING_TTL_MS <= now.getTime())
      throw unprocessable(PAYMENT_MESSAGES.windowOver, 'payment-window-over');
    const settings = await loadOrderSettings(tx);
    const account = gatewaysOf(ctx).current.accountFor(order.deliveryTerminalId);
    if (
      settings.isOnlinePaymentDisable[order.deliveryMethod] ||
      (await restaurantRefusesOnlinePayment(tx, order.deliveryTerminalId)) ||
      !account.available
    )
      throw unprocessable(ORDER_MESSAGES.onlinePaymentOff, 'online-payment-disabled');
    if (current?.status === 'pending') {
      const locked = await lockPayment(tx, current.id);
      if (locked?.status === 'paid') return { payment: locked, order, slug };
      if (locked?.status === 'pending') await markPaymentFailed(tx, locked.id, SBP_REPLACED_REASON, now);
    }
    const payment = await createPaymentIn(tx, ctx, onlineOrder(order, 'sbp'), account.account, now);
    return { payment, order, slug };
  });
  return toSession(ctx, await withSbpLink(ctx, payment, order), order, slug);
}

/** GET /order/:id/payment. */
export async function readOrderPayment(ctx: AppContext, user: AuthUser, orderId: string): Promise<PaymentSession> {
  await expireStalePayments(ctx, orderId);
  const { payment, order, slug } = await ctx.db.run(async (db) => {
    const order = await ownOrder(db, user, orderId);
    const payment = await findPaymentOfOrder(db, order.id);
    if (!payment) throw notFound(PAYMENT_MESSAGES.noPayment, 'payment-not-found');
    return { payment, order, slug: await citySlug(db, order.cityId) };
  });
  return toSession(ctx, await withSbpLink(ctx, payment, order), order, slug);
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
