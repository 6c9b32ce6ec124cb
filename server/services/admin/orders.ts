// Orders for staff: list with filters, detail, status moves, cancellation and the
// retry of a failed refund.
// Status moves reuse advanceOrderStatus (server/services/order/status.ts): the same flow rules,
// the status log, bonuses and coupon uses, and the push to the customer's /complete page.
import { and, asc, desc, eq, gte, inArray, isNotNull, like, lt, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/database.js';
import { orderCancellations, phoneOrders } from '../../db/schema/admin.js';
import { cities } from '../../db/schema/catalog.js';
import { users } from '../../db/schema/customers.js';
import { orderStatusLog, orders } from '../../db/schema/orders.js';
import { conflict, notFound, unprocessable } from '../../http/errors.js';
import { ADMIN_MESSAGES } from '../../../src/api/contract/admin/common.js';
import type { AdminOrder, AdminOrderDetail, PhoneTaker } from '../../../src/api/contract/admin/orders.js';
import { ORDER_STATUSES, OrderStatus, type OrderStatus as OrderStatusT } from '../../../src/api/contract/orders.js';
import { isValidPhone, normalizePhone } from '../../../src/domain/phone.js';
import { advanceOrderStatus, canMoveStatus } from '../order/status.js';
import { REFUND_IN_PROGRESS_MESSAGE, refundOrderPayment } from '../payments.js';
import { toOrder } from '../order/toOrder.js';
import { findPendingSurcharge, pendingSurchargesOf } from '../../repositories/surcharges.js';
import type { PaymentRow } from '../../repositories/payments.js';
import { surchargeOf } from '../surcharges.js';
import { courierOfOrder } from '../../repositories/couriers.js';
import { findRating } from '../../repositories/ratings.js';
import { toOrderRating } from '../ratings.js';
import { audit } from './audit.js';
import { DEFAULT_TIME_ZONE, dayOrInstant } from './dates.js';
import type { StaffPrincipal } from './staffSessions.js';
import {
  ADMIN_ORDER_MESSAGES,
  REFUND_MESSAGES,
  unknownStatusMessage,
} from '../../../src/api/contract/admin/messages.js';

export { DEFAULT_TIME_ZONE };
const ONLINE_METHODS = new Set(['card', 'sbp']);

type OrderRow = typeof orders.$inferSelect;
type Customer = { id: string; phone: string | null; name: string };

function nextStatuses(row: OrderRow): OrderStatusT[] {
  return ORDER_STATUSES.filter((s) => s !== 'Cancelled' && canMoveStatus(row.deliveryMethod, row.status, s));
}

type PhoneRow = typeof phoneOrders.$inferSelect;

export function toAdminOrder(
  row: OrderRow,
  customer: Customer,
  phone: PhoneRow | null = null,
  surcharge: PaymentRow | undefined = undefined,
): AdminOrder {
  return {
    ...toOrder(row),
    ...(surcharge ? { surcharge: surchargeOf(surcharge) } : {}),
    customer,
    phoneOrder: phoneTaker(phone),
    nextStatuses: nextStatuses(row),
  };
}

function phoneTaker(row: PhoneRow | null): PhoneTaker | null {
  return row ? { staffId: row.staffId, staffLogin: row.staffLogin, takenAt: row.takenAt.toISOString() } : null;
}

/** A phone filter as a SQL condition on users.phone: a full number exactly, else its digits. */
function phoneCondition(raw: string): SQL {
  if (isValidPhone(raw)) return eq(users.phone, normalizePhone(raw));
  const digits = raw.replace(/\D/g, '');
  if (digits.length < 4) throw unprocessable(ADMIN_ORDER_MESSAGES.phoneFilter, 'phone-filter');
  return like(users.phone, `%${digits}%`);
}

/** The orders list's filters (also the orders CSV export's). */
export interface OrderFilters {
  cityId?: string | undefined;
  deliveryTerminalId?: string | undefined;
  status?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  phone?: string | undefined;
  number?: number | undefined;
}

export interface OrdersQuery extends OrderFilters {
  limit: number;
  offset: number;
}

export async function cityTimeZone(db: Executor, cityId: string | undefined): Promise<string> {
  if (!cityId) return DEFAULT_TIME_ZONE;
  const rows = await db.select({ tz: cities.timeZone }).from(cities).where(eq(cities.id, cityId)).limit(1);
  return rows[0]?.tz ?? DEFAULT_TIME_ZONE;
}

/** The filters as one condition on orders joined to users; undefined without any. */
export async function orderFilterCondition(db: Executor, query: OrderFilters): Promise<SQL | undefined> {
  const where: SQL[] = [];
  if (query.cityId) where.push(eq(orders.cityId, query.cityId));
  if (query.deliveryTerminalId) where.push(eq(orders.deliveryTerminalId, query.deliveryTerminalId));
  if (query.status) {
    const statuses = query.status.split(',').map((s) => OrderStatus.safeParse(s));
    const bad = statuses.find((s) => !s.success);
    if (bad) throw unprocessable(unknownStatusMessage(query.status), 'unknown-status');
    where.push(
      inArray(
        orders.status,
        statuses.flatMap((s) => (s.success ? [s.data] : [])),
      ),
    );
  }
  if (query.from || query.to) {
    const tz = await cityTimeZone(db, query.cityId);
    if (query.from) where.push(gte(orders.createdAt, dayOrInstant(query.from, tz, 'start')));
    if (query.to) where.push(lt(orders.createdAt, dayOrInstant(query.to, tz, 'end')));
  }
  if (query.phone) where.push(phoneCondition(query.phone));
  if (query.number !== undefined) where.push(eq(orders.number, query.number));
  return where.length > 0 ? and(...where) : undefined;
}

/** Which orders a read covers: every order (operators and above) or those taken by phone (the call centre's screens). */
export type OrderScope = 'all' | 'phone';

const inScope = (scope: OrderScope, condition: SQL | undefined): SQL | undefined =>
  scope === 'phone' ? and(isNotNull(phoneOrders.orderId), condition) : condition;

export async function listOrders(
  db: Executor,
  query: OrdersQuery,
  scope: OrderScope = 'all',
): Promise<{ orders: AdminOrder[]; total: number }> {
  const condition = inScope(scope, await orderFilterCondition(db, query));
  const rows = await db
    .select({ order: orders, customer: { id: users.id, phone: users.phone, name: users.name }, phone: phoneOrders })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(phoneOrders, eq(phoneOrders.orderId, orders.id))
    .where(condition)
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(query.limit)
    .offset(query.offset);
  const total = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(phoneOrders, eq(phoneOrders.orderId, orders.id))
    .where(condition);
  const owed = await pendingSurchargesOf(
    db,
    rows.map((r) => r.order.id),
  );
  return {
    orders: rows.map((r) => toAdminOrder(r.order, r.customer, r.phone, owed.get(r.order.id))),
    total: total[0]?.n ?? 0,
  };
}

/** One order as the card shows it; outside the scope it is «Заказ не найден», as if it did not exist. */
export async function orderDetail(db: Executor, id: string, scope: OrderScope = 'all'): Promise<AdminOrderDetail> {
  const found = await db
    .select({ order: orders, customer: { id: users.id, phone: users.phone, name: users.name }, phone: phoneOrders })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(phoneOrders, eq(phoneOrders.orderId, orders.id))
    .where(inScope(scope, eq(orders.id, id)))
    .limit(1);
  const row = found[0];
  if (!row) throw notFound(ADMIN_ORDER_MESSAGES.orderNotFound, 'order-not-found');
  const log = await db
    .select()
    .from(orderStatusLog)
    .where(eq(orderStatusLog.orderId, id))
    .orderBy(asc(orderStatusLog.id));
  const cancellation = (
    await db.select().from(orderCancellations).where(eq(orderCancellations.orderId, id)).limit(1)
  )[0];
  const rating = await findRating(db, id);
  return {
    ...toAdminOrder(row.order, row.customer, row.phone, await findPendingSurcharge(db, id)),
    courier: await courierOfOrder(db, id),
    statusLog: log.map((l) => ({ status: l.status, at: l.at.toISOString(), actor: l.actor })),
    cancellation: cancellation
      ? {
          reason: cancellation.reason,
          at: cancellation.at.toISOString(),
          staffId: cancellation.staffId,
          refund: cancellation.refund,
          refundError: cancellation.refundError,
        }
      : null,
    rating: rating ? toOrderRating(rating) : null,
  };
}

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
    paidOnline = before.paymentStatus === 'paid' && ONLINE_METHODS.has(before.paymentMethod);
    const refund = paidOnline ? 'required' : 'not-needed';
    const now = ctx.clock.now();
    await tx
      .insert(orderCancellations)
      .values({ orderId: id, reason, staffId: staff.staffId, refund, at: now })
      .onConflictDoNothing();
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
    await tx.update(orderCancellations).set(outcome).where(eq(orderCancellations.orderId, orderId));
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
