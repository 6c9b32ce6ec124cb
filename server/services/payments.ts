// Online payments of orders (issue 5; flow in docs/CHECKOUT.md).
//
// FOR THE ADMIN AREA: cancelling a paid order must return the money with
//   `refundOrderPayment(ctx, orderId, reason)` (exported below), called AFTER the order is
//   Cancelled (advanceOrderStatus). It is idempotent: a second call, or a call for an order
//   that was not paid online, changes nothing and answers { status: 'nothing-to-refund' }.
//
// States (payments.status, mirrored on orders.payment_status):
//   pending  → paid      the server confirmed it: the test gateway's 'Оплатить', or a signed
//                         CloudPayments Pay notification with the right amount;
//   pending  → failed    declined ('Отклонить', a signed Fail notification, the customer gave up):
//                         the order is Cancelled (bonuses back, coupon freed);
//   paid     → refunded  refundOrderPayment succeeded at the provider, and only then: a paid order
//                         stays 'paid' when Cancelled, while the refund is under way and after a
//                         refusal (refund_error set, the admin cancellation says 'failed'), so
//                         nobody is told the money is back before it is;
//   pending  → failed    also when nobody paid within PAYMENT_PENDING_TTL_MS (30 min).
// A duplicate notification (same provider, kind and TransactionId) is recorded once in
// payment_events and changes nothing; a forged one (bad HMAC) is refused with 401.
import { createHash, randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { PAYMENT_STATE_NAMES, type PaymentSession } from '../../src/api/contract/payments.js';
import type { Order } from '../../src/api/contract/orders.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/database.js';
import { cities } from '../db/schema/catalog.js';
import { orders } from '../db/schema/orders.js';
import { paymentEvents, payments } from '../db/schema/payments.js';
import { forbidden, notFound, unauthorized, unprocessable } from '../http/errors.js';
import {
  CP_CODES,
  accountByPublicId,
  allAccounts,
  notificationFields,
  parseNotification,
  verifyNotification,
  type RefundResult,
} from '../integrations/cloudpayments.js';
import { createPaymentGateways, type PaymentGateway, type PaymentGateways } from '../integrations/payments.js';
import { logOf } from './geocoding.js';
import { advanceOrderStatus } from './orderStatus.js';
import { ORDER_MESSAGES, PAYMENT_MESSAGES } from '../../src/domain/messages.js';
import { toOrder } from './orders.js';
import type { AuthUser } from './sessions.js';

export { PAYMENT_MESSAGES };

/** A payment still pending after this long is failed ('Время на оплату истекло') and its order cancelled. */
export const PAYMENT_PENDING_TTL_MS = 30 * 60 * 1000;
export const PAYMENT_EXPIRED_REASON = 'Время на оплату истекло';

type PaymentRow = typeof payments.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

const built = new WeakMap<AppContext, PaymentGateways>();

/** ctx.payments, or the gateways of the configuration. */
export function gatewaysOf(ctx: AppContext): PaymentGateways {
  if (ctx.payments) return ctx.payments;
  let gateways = built.get(ctx);
  if (!gateways) {
    gateways = createPaymentGateways(ctx.config);
    built.set(ctx, gateways);
  }
  return gateways;
}

/** Inside POST /order's transaction: the pending payment of a new card/SBP order. */
export async function createPaymentIn(
  tx: Executor,
  ctx: AppContext,
  order: { id: string; userId: string; total: number; paymentMethod: 'card' | 'sbp' },
  account: string | null,
  now: Date,
): Promise<PaymentRow> {
  const rows = await tx
    .insert(payments)
    .values({
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
    })
    .onConflictDoNothing()
    .returning();
  // One payment per order (unique order_id): a concurrent start made it first.
  const row = rows[0] ?? (await tx.select().from(payments).where(eq(payments.orderId, order.id)).limit(1))[0];
  if (!row) throw new Error('insert into payments returned nothing');
  return row;
}

async function citySlug(db: Executor, cityId: string): Promise<string> {
  const rows = await db.select({ slug: cities.slug }).from(cities).where(eq(cities.id, cityId)).limit(1);
  return rows[0]?.slug ?? '';
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
  const row = (await db.select().from(orders).where(eq(orders.id, orderId)).limit(1))[0];
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
  const stale = await ctx.db.run((db) =>
    db
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.status, 'pending'),
          lt(payments.createdAt, cutoff),
          ...(orderId === undefined ? [] : [eq(payments.orderId, orderId)]),
        ),
      )
      .limit(100),
  );
  let expired = 0;
  for (const { id } of stale) {
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
    let payment = (await tx.select().from(payments).where(eq(payments.orderId, order.id)).limit(1))[0];
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
    const payment = (await db.select().from(payments).where(eq(payments.orderId, order.id)).limit(1))[0];
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
    const payment = (await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update'))[0];
    if (!payment) return { outcome: 'not-found' };
    if (payment.status === 'paid') return { outcome: 'already-paid' };
    if (payment.status !== 'pending') return { outcome: 'not-pending' };
    if (Math.abs(payment.amount - confirmation.amount) >= 0.01) return { outcome: 'amount-mismatch' };
    await tx
      .update(payments)
      .set({ status: 'paid', transactionId: confirmation.transactionId, paidAt: now, updatedAt: now })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')));
    const updated = await tx
      .update(orders)
      .set({ paymentStatus: 'paid', updatedAt: now })
      .where(eq(orders.id, payment.orderId))
      .returning();
    return { outcome: 'paid', order: updated[0] };
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
    const payment = (await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update'))[0];
    if (!payment) return { outcome: 'not-found' as const, orderId: null };
    if (payment.status !== 'pending')
      return { outcome: 'not-pending' as const, orderId: payment.status === 'failed' ? payment.orderId : null };
    await tx
      .update(payments)
      .set({ status: 'failed', failureReason: reason.slice(0, 500), failedAt: now, updatedAt: now })
      .where(eq(payments.id, paymentId));
    return { outcome: 'failed' as const, orderId: payment.orderId };
  });
  // Also on a repeat, so that an order left behind by a crash between the two steps gets cancelled.
  if (changed.orderId !== null) await cancelUnpaidOrder(ctx, changed.orderId, actor);
  return changed.outcome;
}

async function cancelUnpaidOrder(ctx: AppContext, orderId: string, actor: string): Promise<void> {
  const row = await ctx.db.run(
    async (db) => (await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).limit(1))[0],
  );
  if (!row || row.status === 'Cancelled' || row.status === 'Closed') return;
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
    return (await db.select().from(payments).where(eq(payments.orderId, orderId)).limit(1))[0];
  });
  if (!payment) throw notFound(PAYMENT_MESSAGES.noPayment, 'payment-not-found');
  if (payment.status === 'pending')
    await failPayment(ctx, payment.id, 'Покупатель отказался от оплаты', `customer:${user.userId}`);
  return ctx.db.run(async (db) => toOrder(await ownOrder(db, user, orderId)));
}

export interface RefundAnswer {
  /** 'in-progress': another request asked the provider and has not recorded its answer yet. */
  status: 'refunded' | 'nothing-to-refund' | 'failed' | 'in-progress';
  /** Russian, for the operator. */
  message: string;
}

/**
 * A refund asked of the provider this long ago with no answer recorded is taken as lost (its
 * process died mid-call) and may be asked again. The provider call itself gives up after 15 s.
 */
export const REFUND_CLAIM_STALE_MS = 5 * 60_000;

export const REFUND_IN_PROGRESS_MESSAGE =
  'Возврат по заказу уже выполняется: платёжная система ещё не ответила. Обновите заказ через минуту';

/** The provider's answer; a network error counts as a refusal the operator may retry. */
async function askRefund(gateway: PaymentGateway, payment: PaymentRow): Promise<RefundResult> {
  try {
    return await gateway.refund({
      account: payment.account,
      transactionId: payment.transactionId,
      amount: payment.amount,
    });
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Returns the money of an order paid online (the admin area calls it when an order is cancelled).
 * Idempotent. A provider refusal leaves the payment 'paid' with refund_error set and answers
 * 'failed' so the operator can retry. One request at a time asks the provider: it first claims
 * the payment (refund_started_at, migration 0012); a request that finds it claimed, and not
 * stale, answers 'in-progress' without asking, so a retry during a cancellation's refund cannot
 * return the money twice.
 */
export async function refundOrderPayment(ctx: AppContext, orderId: string, reason: string): Promise<RefundAnswer> {
  const payment = await ctx.db.run(
    async (db) => (await db.select().from(payments).where(eq(payments.orderId, orderId)).limit(1))[0],
  );
  if (!payment || payment.status !== 'paid') {
    return {
      status: 'nothing-to-refund',
      message: payment?.status === 'refunded' ? 'Деньги по заказу уже возвращены' : 'Заказ не был оплачен онлайн',
    };
  }
  const claimedAt = ctx.clock.now();
  const staleBefore = new Date(claimedAt.getTime() - REFUND_CLAIM_STALE_MS);
  const claimed = await ctx.db.run((db) =>
    db
      .update(payments)
      .set({ refundStartedAt: claimedAt, updatedAt: claimedAt })
      .where(
        and(
          eq(payments.id, payment.id),
          eq(payments.status, 'paid'),
          or(isNull(payments.refundStartedAt), lt(payments.refundStartedAt, staleBefore)),
        ),
      )
      .returning({ id: payments.id }),
  );
  if (claimed.length === 0) {
    const now = await ctx.db.run(
      async (db) =>
        (await db.select({ status: payments.status }).from(payments).where(eq(payments.id, payment.id)).limit(1))[0],
    );
    if (now?.status === 'refunded') return { status: 'nothing-to-refund', message: 'Деньги по заказу уже возвращены' };
    return { status: 'in-progress', message: REFUND_IN_PROGRESS_MESSAGE };
  }
  const result = await askRefund(gatewaysOf(ctx).byProvider(payment.provider), payment);
  const now = ctx.clock.now();
  if (!result.ok) {
    await ctx.db.run((db) =>
      db
        .update(payments)
        .set({ refundError: result.message.slice(0, 500), refundStartedAt: null, updatedAt: now })
        .where(eq(payments.id, payment.id)),
    );
    logOf(ctx).error(
      { orderId, paymentId: payment.id, provider: payment.provider, reason, refundError: result.message },
      'payments: refund failed',
    );
    return { status: 'failed', message: `Не удалось вернуть деньги: ${result.message}` };
  }
  const order = await ctx.db.transaction(async (tx) => {
    const changed = await tx
      .update(payments)
      .set({
        status: 'refunded',
        refundedAt: now,
        refundError: null,
        failureReason: reason.slice(0, 500),
        updatedAt: now,
      })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'paid')))
      .returning({ id: payments.id });
    if (changed.length === 0) return null;
    return (
      (
        await tx
          .update(orders)
          .set({ paymentStatus: 'refunded', updatedAt: now })
          .where(eq(orders.id, orderId))
          .returning()
      )[0] ?? null
    );
  });
  if (order)
    await ctx.push
      .publish({ type: 'order:status_update', userId: order.userId, orderId, status: order.status })
      .catch(() => undefined);
  logOf(ctx).info(
    { orderId, paymentId: payment.id, provider: payment.provider, amount: payment.amount, reason },
    'payments: refunded',
  );
  return { status: 'refunded', message: `Деньги возвращены: ${payment.amount} ₽` };
}

// ---------------------------------------------------------------------------------------------
// The built-in test gateway

export async function testPayment(
  ctx: AppContext,
  paymentId: string,
): Promise<{ payment: PaymentRow; order: OrderRow; slug: string } | null> {
  return ctx.db.run(async (db) => {
    const payment = (
      await db
        .select()
        .from(payments)
        .where(and(eq(payments.id, paymentId), eq(payments.provider, 'test')))
        .limit(1)
    )[0];
    if (!payment) return null;
    const order = (await db.select().from(orders).where(eq(orders.id, payment.orderId)).limit(1))[0];
    if (!order) return null;
    return { payment, order, slug: await citySlug(db, order.cityId) };
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The test gateway page's only inline block; the Content-Security-Policy allows it by hash. */
export const TEST_GATEWAY_STYLE =
  'body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}form{display:inline-block;margin:.5rem .5rem 0 0}\n' +
  'button{font-size:1.1rem;padding:.6rem 1.4rem;border-radius:.5rem;border:0;cursor:pointer}.pay{background:#1a7f37;color:#fff}.decline{background:#d0d7de}';

export function testGatewayPage(found: { payment: PaymentRow; order: OrderRow; slug: string }): string {
  const { payment, order, slug } = found;
  const urls = returnUrls(slug, order.id);
  const amount = new Intl.NumberFormat('ru-RU').format(payment.amount).replace(/\s/g, '\u00A0');
  const action = (verb: string) => `/api/v1/payments/test/${encodeURIComponent(payment.id)}/${verb}`;
  const body =
    payment.status === 'pending'
      ? `<form method="post" action="${escapeHtml(action('pay'))}"><button type="submit" class="pay">Оплатить</button></form>
<form method="post" action="${escapeHtml(action('decline'))}"><button type="submit" class="decline">Отклонить</button></form>`
      : `<p>Статус платежа: ${escapeHtml(PAYMENT_STATE_NAMES[payment.status])}.</p>
<p><a href="${escapeHtml(payment.status === 'paid' ? urls.successUrl : urls.failUrl)}">Вернуться в магазин</a></p>`;
  return `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="/favicon.svg">
<title>Тестовая оплата заказа № ${order.number}</title>
<style>${TEST_GATEWAY_STYLE}</style>
</head><body>
<h1>Тестовая оплата</h1>
<p>Заказ № ${order.number}, к оплате ${amount}&nbsp;₽ (${payment.method === 'sbp' ? 'СБП' : 'картой'}).</p>
<p>Это встроенный тестовый платёжный шлюз: деньги не списываются.</p>
${body}
</body></html>`;
}

/** 'Оплатить' / 'Отклонить' on the test page → where to send the browser. */
export async function testGatewayAct(
  ctx: AppContext,
  paymentId: string,
  verb: 'pay' | 'decline',
): Promise<string | null> {
  const stale = await testPayment(ctx, paymentId);
  if (stale) await expireStalePayments(ctx, stale.order.id);
  const found = await testPayment(ctx, paymentId);
  if (!found) return null;
  const urls = returnUrls(found.slug, found.order.id);
  if (verb === 'pay') {
    const outcome = await confirmPayment(ctx, paymentId, {
      transactionId: `test-${paymentId}`,
      amount: found.payment.amount,
    });
    return outcome === 'paid' || outcome === 'already-paid' ? urls.successUrl : urls.failUrl;
  }
  await failPayment(ctx, paymentId, 'Отклонено на тестовой странице оплаты', 'payment:test');
  const after = await testPayment(ctx, paymentId);
  return after?.payment.status === 'paid' ? urls.successUrl : urls.failUrl;
}

// ---------------------------------------------------------------------------------------------
// CloudPayments notifications

export type CloudPaymentsKind = 'check' | 'pay' | 'fail';

export interface NotificationRequest {
  raw: Buffer;
  contentType: string | undefined;
  contentHmac: string | undefined;
  xContentHmac: string | undefined;
}

/** Records an event once; false when (provider, key) was seen before. */
async function recordEvent(
  ctx: AppContext,
  event: { key: string; kind: string; paymentId: string | null; payload: Record<string, string>; outcome: string },
): Promise<boolean> {
  const rows = await ctx.db.run((db) =>
    db
      .insert(paymentEvents)
      .values({
        provider: 'cloudpayments',
        eventKey: event.key,
        kind: event.kind,
        paymentId: event.paymentId,
        payload: event.payload,
        outcome: event.outcome,
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id }),
  );
  return rows.length > 0;
}

async function setEventOutcome(ctx: AppContext, key: string, outcome: string): Promise<void> {
  await ctx.db.run((db) =>
    db
      .update(paymentEvents)
      .set({ outcome })
      .where(and(eq(paymentEvents.provider, 'cloudpayments'), eq(paymentEvents.eventKey, key))),
  );
}

/** Card data never goes to the log or the events table. */
function safePayload(fields: Record<string, string>): Record<string, string> {
  const keep = [
    'TransactionId',
    'Amount',
    'Currency',
    'InvoiceId',
    'AccountId',
    'OperationType',
    'Status',
    'Reason',
    'ReasonCode',
    'TestMode',
    'DateTime',
    'PaymentMethod',
  ];
  return Object.fromEntries(Object.entries(fields).filter(([k]) => keep.includes(k)));
}

/**
 * Check / Pay / Fail. Throws 401 for a bad signature; otherwise answers CloudPayments' {code}.
 * The signature is checked with the API secret of the account the payment went to; for an
 * unknown invoice, with any configured account.
 */
export async function handleCloudPaymentsNotification(
  ctx: AppContext,
  kind: CloudPaymentsKind,
  request: NotificationRequest,
): Promise<{ code: number }> {
  const log = logOf(ctx);
  const fields = parseNotification(request.raw, request.contentType);
  const n = notificationFields(fields);
  const payment = n.invoiceId
    ? await ctx.db.run(
        async (db) =>
          (
            await db
              .select()
              .from(payments)
              .where(and(eq(payments.orderId, n.invoiceId ?? ''), eq(payments.provider, 'cloudpayments')))
              .limit(1)
          )[0],
      )
    : undefined;
  const config = gatewaysOf(ctx).cloudpayments;
  const candidates = payment
    ? [accountByPublicId(config, payment.account)].filter((a) => a !== null)
    : allAccounts(config);
  const signed = candidates.some((account) =>
    verifyNotification(
      request.raw,
      { contentHmac: request.contentHmac, xContentHmac: request.xContentHmac },
      account.apiSecret,
    ),
  );
  if (!signed) {
    log.warn(
      { cloudpayments: kind, invoiceId: n.invoiceId, transactionId: n.transactionId },
      'payments: notification with a bad signature refused',
    );
    throw unauthorized(PAYMENT_MESSAGES.badSignature, 'bad-signature');
  }
  if (!payment) {
    log.warn({ cloudpayments: kind, invoiceId: n.invoiceId }, 'payments: notification for an unknown invoice');
    return { code: kind === 'check' ? CP_CODES.badInvoice : CP_CODES.ok };
  }
  const payload = safePayload(fields);
  const amountOk =
    n.amount !== null && Math.abs(n.amount - payment.amount) < 0.01 && (n.currency === null || n.currency === 'RUB');

  if (kind === 'check') {
    if (n.accountId !== null && n.accountId !== payment.userId) return { code: CP_CODES.badAccount };
    if (!amountOk) return { code: CP_CODES.badAmount };
    if (payment.status !== 'pending') return { code: CP_CODES.rejected };
    const order = await ctx.db.run(
      async (db) =>
        (await db.select({ status: orders.status }).from(orders).where(eq(orders.id, payment.orderId)).limit(1))[0],
    );
    return { code: order && order.status !== 'Cancelled' ? CP_CODES.ok : CP_CODES.rejected };
  }

  const key = `${kind}:${n.transactionId ?? `${payment.id}:${createHash('sha256').update(request.raw).digest('hex')}`}`;
  const fresh = await recordEvent(ctx, { key, kind, paymentId: payment.id, payload, outcome: 'received' });
  if (!fresh) {
    log.info({ cloudpayments: kind, transactionId: n.transactionId }, 'payments: duplicate notification ignored');
    return { code: CP_CODES.ok };
  }

  if (kind === 'fail') {
    const outcome = await failPayment(ctx, payment.id, n.reason ?? 'Платёж отклонён', 'payment:cloudpayments');
    await setEventOutcome(ctx, key, outcome);
    return { code: CP_CODES.ok };
  }

  // pay
  if (!amountOk) {
    log.error(
      { transactionId: n.transactionId, orderId: payment.orderId, amount: n.amount, expected: payment.amount },
      'payments: paid amount differs from the order; not confirmed',
    );
    await setEventOutcome(ctx, key, 'amount-mismatch');
    return { code: CP_CODES.ok };
  }
  const outcome = await confirmPayment(ctx, payment.id, { transactionId: n.transactionId, amount: n.amount ?? 0 });
  await setEventOutcome(ctx, key, outcome);
  if (
    outcome === 'not-pending' ||
    (outcome === 'already-paid' && payment.transactionId !== null && payment.transactionId !== n.transactionId)
  ) {
    // Money came for an order that was already cancelled or paid: give it back.
    const account = accountByPublicId(config, payment.account);
    const refund =
      account && n.transactionId
        ? await gatewaysOf(ctx)
            .byProvider('cloudpayments')
            .refund({ account: payment.account, transactionId: n.transactionId, amount: n.amount ?? 0 })
        : null;
    log.error(
      { orderId: payment.orderId, transactionId: n.transactionId, refunded: refund?.ok ?? false },
      'payments: payment for an order that is not awaiting payment; refunded',
    );
    await setEventOutcome(ctx, key, refund?.ok ? `${outcome}:refunded` : `${outcome}:refund-failed`);
  }
  return { code: CP_CODES.ok };
}
