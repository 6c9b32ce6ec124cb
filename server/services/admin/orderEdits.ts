// An operator's edit of an order before cooking starts (docs/ORDER-EDITING.md). The changed order
// is assessed by the checkout's own assessment (assessCheckout: catalogue prices, promotions,
// gifts, zone, minimum sum, slots, stop list, coupon, bonus cap, payment methods), so every
// refusal is the storefront's, word for word. The edit is one transaction under the order's row
// lock: the version check (updatedAt), the POS check, the new values, the order_edits row and the
// audit row. Money paid online that the edit makes too much goes back through the gateway port
// afterwards (editRefunds.ts), at most once per edit; money missing is asked of the customer as a
// surcharge, a second payment of the order made in the edit's transaction (services/surcharges.ts).
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AdminOrderDetail } from '../../../src/api/contract/admin/orders.js';
import {
  EDITABLE_ORDER_STATUSES,
  type adminEditOrder,
  type EditMoney,
  type OrderEdit,
  type OrderEditChanges,
  type OrderEditQuote,
  type OrderEditSnapshot,
} from '../../../src/api/contract/admin/orderEdits.js';
import { ADMIN_ORDER_MESSAGES, ORDER_EDIT_MESSAGES } from '../../../src/api/contract/admin/messages.js';
import type { OrderStatus } from '../../../src/api/contract/orders.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/database.js';
import { phoneOrders } from '../../db/schema/admin.js';
import { orderEdits } from '../../db/schema/orderEdits.js';
import { orders } from '../../db/schema/orders.js';
import { conflict, notFound, unprocessable } from '../../http/errors.js';
import { findOrder, lockOrder, type OrderRow } from '../../repositories/orders.js';
import { refusal as checkoutRefusal, refusalError } from '../checkoutRefusals.js';
import { assessCheckout, type Assessment } from '../order/assess.js';
import { isOnlineMethod } from '../order/moneyChecks.js';
import { prepareCheckout, type CheckoutInput, type PreparedCheckout } from '../order/prepare.js';
import { quoteFromAssessment, storedLine } from '../order/quote.js';
import type { AuthUser } from '../sessions.js';
import {
  moneyDue,
  notifyStaffOfOrder,
  replaceSurchargeIn,
  settleSurchargeLink,
  withdrawVoidedLinks,
} from '../surcharges.js';
import { getBalance } from '../users.js';
import type { Actor, BodyOf } from './actor.js';
import { audit } from './audit.js';
import { settleEditRefund } from './editRefunds.js';
import { orderDetail } from './orders.js';
import type { StaffPrincipal } from './staffSessions.js';

const EDITABLE: ReadonlySet<OrderStatus> = new Set(EDITABLE_ORDER_STATUSES);

/** Whether an order's status still allows an edit (accepted, not yet cooking). */
export const isEditableStatus = (status: OrderStatus): boolean => EDITABLE.has(status);

/** The call centre edits only orders taken by phone, and any other does not exist for it; couriers never reach the routes. */
async function mayEdit(db: Executor, staff: StaffPrincipal, orderId: string): Promise<void> {
  if (staff.role !== 'callcentre') return;
  if (!(await isTakenByPhone(db, orderId))) throw notFound(ADMIN_ORDER_MESSAGES.orderNotFound, 'order-not-found');
}

async function isTakenByPhone(db: Executor, orderId: string): Promise<boolean> {
  const taken = await db
    .select({ id: phoneOrders.orderId })
    .from(phoneOrders)
    .where(eq(phoneOrders.orderId, orderId))
    .limit(1);
  return taken.length > 0;
}

/** The order's state refuses any edit: cooking or later, or waiting for its online payment. */
function refuseState(row: OrderRow): void {
  if (!isEditableStatus(row.status)) throw unprocessable(ORDER_EDIT_MESSAGES.notEditable, 'order-not-editable');
  if (isOnlineMethod(row.paymentMethod) && row.paymentStatus !== 'paid')
    throw unprocessable(ORDER_EDIT_MESSAGES.awaitingPayment, 'order-awaiting-payment');
}

/** The checkout input of the changed order: city, method, coupon and bonuses stay the order's. */
function inputOf(row: OrderRow, changes: OrderEditChanges): CheckoutInput {
  return {
    cityId: row.cityId,
    deliveryMethod: row.deliveryMethod,
    items: changes.items,
    coupon: row.coupon,
    spendBonus: row.bonusSpent,
    address: row.deliveryMethod === 'delivery' ? changes.address : null,
    addressId: null,
    deliveryTerminalId: row.deliveryMethod === 'self' ? row.deliveryTerminalId : null,
    deliveryTime: changes.deliveryTime,
    paymentMethod: changes.paymentMethod,
    changeFrom: changes.changeFrom,
    expectedTotal: changes.expectedTotal,
    consent: null,
  };
}

const customerOf = (row: OrderRow): AuthUser => ({ userId: row.userId, phone: '' });

/** The checkout's assessment of the changed order; the order's own bonuses and coupon use count as free. */
async function assessEdit(
  ctx: AppContext,
  db: Executor,
  row: OrderRow,
  input: CheckoutInput,
  prepared: PreparedCheckout,
  now: Date,
  listSlots: boolean,
): Promise<Assessment> {
  const balance = (await getBalance(db, row.userId)) + row.bonusSpent;
  return assessCheckout(ctx, db, {
    now,
    user: customerOf(row),
    input,
    prepared,
    cacheOwner: ctx.db,
    listSlots,
    balance,
    ownCouponUse: row.coupon,
  });
}

/**
 * What the edit does with money paid online (a refund of what is held beyond the new total, or a
 * surcharge of what is missing), and the refusal particular to edits (after the checkout's).
 */
async function moneyOf(
  db: Executor,
  row: OrderRow,
  changes: OrderEditChanges,
  total: number,
): Promise<{ money: EditMoney; amount: number; refusal: string | null }> {
  const online = isOnlineMethod(row.paymentMethod);
  if (online !== isOnlineMethod(changes.paymentMethod))
    return { money: 'none', amount: 0, refusal: ORDER_EDIT_MESSAGES.onlineSwitch };
  if (!online || row.paymentStatus !== 'paid') return { money: 'none', amount: 0, refusal: null };
  const due = await moneyDue(db, row.id, total);
  return { money: due.kind, amount: due.amount, refusal: null };
}

/** POST /admin/orders/:id/edit/quote: the changed order as it would be saved, with every refusal. */
export async function quoteOrderEdit(
  { ctx, ip, staff }: Actor,
  id: string,
  changes: OrderEditChanges,
): Promise<OrderEditQuote> {
  const row = await ctx.db.run(async (db) => {
    const found = await findOrder(db, id);
    if (!found) throw notFound(ADMIN_ORDER_MESSAGES.orderNotFound, 'order-not-found');
    await mayEdit(db, staff, id);
    return found;
  });
  refuseState(row);
  const input = inputOf(row, changes);
  const prepared = await prepareCheckout(ctx, customerOf(row), input, ip);
  const now = ctx.clock.now();
  return ctx.db.run(async (db) => {
    const a = await assessEdit(ctx, db, row, input, prepared, now, true);
    const total = Math.max(0, a.total);
    const { money, amount, refusal } = await moneyOf(db, row, changes, total);
    // The nearest checkout code: both are about how the order is paid.
    if (refusal !== null) a.refusals.push(checkoutRefusal('online-payment-disabled', refusal));
    const quote = await quoteFromAssessment(ctx, db, input, a, now);
    return { quote, totalBefore: row.total, difference: total - row.total, money, moneyAmount: amount };
  });
}

function snapshotOf(row: OrderRow): OrderEditSnapshot {
  return {
    items: row.items,
    address: row.address,
    zoneId: row.zoneId,
    deliveryTerminalId: row.deliveryTerminalId,
    deliveryTime: row.deliveryTime === 'asap' ? 'asap' : new Date(row.deliveryTime).toISOString(),
    paymentMethod: row.paymentMethod,
    changeFrom: row.changeFrom,
    comment: row.comment,
    goodsTotal: row.goodsTotal,
    discountTotal: row.discountTotal,
    deliveryPrice: row.deliveryPrice,
    serviceFee: row.serviceFee,
    bonusSpent: row.bonusSpent,
    total: row.total,
  };
}

/**
 * Whether the POS may already have the order: its hand-off row exists and has been picked up
 * (an attempt counted) or is past pending. A row still pending with no attempt is locked here, so
 * the worker (FOR UPDATE SKIP LOCKED) cannot claim it before the edit commits; it then sends the
 * edited order, which it reads at send time.
 */
async function handedToPos(tx: Executor, orderId: string): Promise<boolean> {
  const found = await tx.execute<{ state: string; attempts: number }>(
    sql`select state, attempts from pos_outbox where order_id = ${orderId} for update`,
  );
  const row = found.rows[0];
  return row !== undefined && (row.state !== 'pending' || Number(row.attempts) > 0);
}

async function findEdit(db: Executor, orderId: string, key: string) {
  return (
    await db
      .select({ id: orderEdits.id, refund: orderEdits.refund })
      .from(orderEdits)
      .where(and(eq(orderEdits.orderId, orderId), eq(orderEdits.idempotencyKey, key)))
      .limit(1)
  )[0];
}

type EditBody = BodyOf<typeof adminEditOrder>;

/**
 * POST /admin/orders/:id/edit. The same key answers the order as the first edit left it (and
 * finishes its refund if that is still due); a stale `basedOn` is 409.
 */
export async function editOrder({ ctx, ip, staff }: Actor, id: string, body: EditBody): Promise<AdminOrderDetail> {
  const key = body.idempotencyKey;
  const row0 = await ctx.db.run(async (db) => {
    const found = await findOrder(db, id);
    if (!found) throw notFound(ADMIN_ORDER_MESSAGES.orderNotFound, 'order-not-found');
    await mayEdit(db, staff, id);
    return found;
  });
  const replay = await ctx.db.run((db) => findEdit(db, id, key));
  if (replay) return finish(ctx, id, replay.id);
  refuseState(row0);
  if (row0.updatedAt.toISOString() !== body.basedOn) throw conflict(ORDER_EDIT_MESSAGES.stale, 'order-stale');
  const input = inputOf(row0, body.changes);
  // Geocoding may do HTTP: before the transaction.
  const prepared = await prepareCheckout(ctx, customerOf(row0), input, ip);
  const written = await ctx.db.transaction(async (tx) => {
    const row = await lockOrder(tx, id);
    if (!row) throw notFound(ADMIN_ORDER_MESSAGES.orderNotFound, 'order-not-found');
    const again = await findEdit(tx, id, key);
    if (again) return { editId: again.id, userId: row.userId, status: row.status, fresh: false };
    refuseState(row);
    if (row.updatedAt.toISOString() !== body.basedOn) throw conflict(ORDER_EDIT_MESSAGES.stale, 'order-stale');
    if (await handedToPos(tx, id)) throw unprocessable(ORDER_EDIT_MESSAGES.handedToPos, 'order-handed-to-pos');
    const now = ctx.clock.now();
    const a = await assessEdit(ctx, tx, row, input, prepared, now, false);
    const first = a.refusals[0];
    if (first) throw refusalError(first);
    const total = Math.max(0, a.total);
    const { money, amount: moneyAmount, refusal } = await moneyOf(tx, row, body.changes, total);
    if (refusal !== null) throw unprocessable(refusal, 'edit-refused');
    if (!a.terminalId) throw new Error('edit assessment without refusals lacks a restaurant');
    // Strictly later than the version it replaces, even with a clock that stands still (tests).
    const updatedAt = new Date(Math.max(now.getTime(), row.updatedAt.getTime() + 1));
    const saved = (
      await tx
        .update(orders)
        .set({
          items: [...a.lines.map((l) => storedLine(l, false)), ...a.gifts.map((g) => storedLine(g, true))],
          address: a.address,
          zoneId: a.zone?.id ?? null,
          deliveryTerminalId: a.terminalId,
          goodsTotal: a.goodsTotal,
          discountTotal: a.discountTotal,
          deliveryPrice: a.deliveryPrice,
          serviceFee: a.serviceFee,
          total,
          paymentMethod: body.changes.paymentMethod,
          deliveryTime: a.deliveryTime,
          changeFrom: a.changeFrom,
          comment: body.changes.comment,
          updatedAt,
        })
        .where(and(eq(orders.id, id), eq(orders.updatedAt, row.updatedAt)))
        .returning()
    )[0];
    if (!saved) throw new Error(`order ${id} changed under a row lock`);
    const before = snapshotOf(row);
    const after = snapshotOf(saved);
    const editId = randomUUID();
    const refundAmount = money === 'refund' ? moneyAmount : 0;
    const surchargeAmount = money === 'surcharge' ? moneyAmount : 0;
    await tx.insert(orderEdits).values({
      id: editId,
      orderId: id,
      idempotencyKey: key,
      staffId: staff.staffId,
      staffLogin: staff.login,
      at: now,
      before,
      after,
      totalBefore: row.total,
      totalAfter: total,
      refund: refundAmount > 0 ? 'required' : 'not-needed',
      refundAmount,
      surchargeAmount,
    });
    // After the edit's row (the surcharge is keyed by it); an unpaid earlier one is replaced or voided.
    if (isOnlineMethod(row.paymentMethod) && row.paymentStatus === 'paid')
      await replaceSurchargeIn(tx, saved, editId, surchargeAmount, now);
    await audit(tx, staff, ip, { action: 'order.edit', entity: 'order', entityId: id, before, after }, now);
    const message = {
      type: 'order:status_update' as const,
      userId: row.userId,
      orderId: id,
      status: saved.status,
      edited: true,
    };
    const pushed = ctx.push.notifyOnCommit?.(message);
    if (pushed) await tx.execute(sql`select ${pushed}`);
    // Other staff screens re-read the order: the orders trigger announces status and payment only.
    await notifyStaffOfOrder(tx, saved);
    return { editId, userId: row.userId, status: saved.status, fresh: true };
  });
  if (written.fresh && !ctx.push.notifyOnCommit) {
    await ctx.push
      .publish({
        type: 'order:status_update',
        userId: written.userId,
        orderId: id,
        status: written.status,
        edited: true,
      })
      .catch(() => undefined);
  }
  return finish(ctx, id, written.editId);
}

/**
 * What the edit left to do with the gateway, each idempotent (so a retried key finishes it): the
 * refund of the difference if still due, the surcharge's payment link, the withdrawal of a
 * replaced surcharge's link; then the order as the card shows it.
 */
async function finish(ctx: AppContext, orderId: string, editId: string): Promise<AdminOrderDetail> {
  await settleEditRefund(ctx, editId);
  const row = await ctx.db.run((db) => findOrder(db, orderId));
  if (row) {
    await settleSurchargeLink(ctx, row);
    await withdrawVoidedLinks(ctx, orderId);
  }
  return ctx.db.run((db) => orderDetail(db, orderId));
}

/** GET /admin/orders/:id/edits: the order's edits, oldest first. */
export async function listOrderEdits(
  ctx: AppContext,
  staff: StaffPrincipal,
  id: string,
): Promise<{ edits: OrderEdit[] }> {
  return ctx.db.run(async (db) => {
    const found = await findOrder(db, id);
    if (!found) throw notFound(ADMIN_ORDER_MESSAGES.orderNotFound, 'order-not-found');
    // Reading is answered as the call centre's card route answers: another order does not exist for it.
    if (staff.role === 'callcentre' && !(await isTakenByPhone(db, id)))
      throw notFound(ADMIN_ORDER_MESSAGES.orderNotFound, 'order-not-found');
    const rows = await db
      .select()
      .from(orderEdits)
      .where(eq(orderEdits.orderId, id))
      .orderBy(asc(orderEdits.at), asc(orderEdits.id));
    return {
      edits: rows.map((r) => ({
        id: r.id,
        at: r.at.toISOString(),
        staffLogin: r.staffLogin,
        before: r.before,
        after: r.after,
        totalBefore: r.totalBefore,
        totalAfter: r.totalAfter,
        refund: r.refund,
        refundAmount: r.refundAmount,
        refundError: r.refundError,
        surchargeAmount: r.surchargeAmount,
      })),
    };
  });
}
