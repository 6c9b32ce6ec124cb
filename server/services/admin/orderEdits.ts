// An operator's edit of an order before cooking starts (docs/ORDER-EDITING.md). The changed order
// is assessed by the checkout's own assessment (assessCheckout: catalogue prices, promotions,
// gifts, zone, minimum sum, slots, stop list, coupon, bonus cap, payment methods), so every
// refusal is the storefront's, word for word. The edit is one transaction under the order's row
// lock: the version check (updatedAt), the POS check, the new values, the order_edits row and the
// audit row. Money paid online that the edit makes too much goes back through the gateway port
// afterwards (editRefunds.ts), at most once per edit; money missing is asked of the customer as a
// surcharge, a second payment of the order made in the edit's transaction (services/surcharges.ts).
import { randomUUID } from 'node:crypto';
import type { AdminOrderDetail } from '../../../src/api/contract/admin/orders.js';
import type {
  adminEditOrder,
  OrderEdit,
  OrderEditChanges,
  OrderEditQuote,
  OrderEditSnapshot,
} from '../../../src/api/contract/admin/orderEdits.js';
import { ADMIN_ORDER_MESSAGES, ORDER_EDIT_MESSAGES } from '../../../src/api/contract/admin/messages.js';
import type { Order } from '../../../src/api/contract/orders.js';
import type { AppContext } from '../../context.js';
import { conflict, notFound, unprocessable } from '../../http/errors.js';
import { editsOfOrder, findEditByKey, insertOrderEdit, saveEditedOrder } from '../../repositories/orderEdits.js';
import { findOrder, lockOrder, type OrderRow } from '../../repositories/orders.js';
import { handedToPos } from '../../repositories/posOutbox.js';
import { refusal as checkoutRefusal, refusalError } from '../checkoutRefusals.js';
import { isPaidOnline } from '../order/onlinePayment.js';
import { prepareCheckout } from '../order/prepare.js';
import { quoteFromAssessment, storedLines } from '../order/quote.js';
import { toOrder } from '../order/toOrder.js';
import { notifyStaffOfOrder, replaceSurchargeIn, settleSurchargeLink, withdrawVoidedLinks } from '../surcharges.js';
import type { Actor, BodyOf } from './actor.js';
import { audit } from './audit.js';
import { settleEditRefund } from './editRefunds.js';
import { assessEdit, customerOf, inputOf, moneyOf, orderToEdit, refuseState } from './orderEditsAssess.js';
import { orderDetail } from './ordersRead.js';
import { pushAfterCommit, pushOnCommit } from './ordersPush.js';
import type { StaffPrincipal } from './staffSessions.js';

/** POST /admin/orders/:id/edit/quote: the changed order as it would be saved, with every refusal. */
export async function quoteOrderEdit(
  { ctx, ip, staff }: Actor,
  id: string,
  changes: OrderEditChanges,
): Promise<OrderEditQuote> {
  const row = await ctx.db.run((db) => orderToEdit(db, staff, id));
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

/** The fields an edit may change, as the order shows them (toOrder: the time as an ISO string). */
const SNAPSHOT_FIELDS = [
  'items',
  'address',
  'zoneId',
  'deliveryTerminalId',
  'deliveryTime',
  'paymentMethod',
  'changeFrom',
  'comment',
  'goodsTotal',
  'discountTotal',
  'deliveryPrice',
  'serviceFee',
  'bonusSpent',
  'total',
] as const satisfies readonly (keyof OrderEditSnapshot)[];

function snapshotOf(row: OrderRow): OrderEditSnapshot {
  const order = toOrder(row);
  // a Pick of Order must fit the snapshot: a field missing from the list fails the type check
  const snapshot: Pick<Order, (typeof SNAPSHOT_FIELDS)[number]> = Object.fromEntries(
    SNAPSHOT_FIELDS.map((field) => [field, order[field]]),
  ) as Pick<Order, (typeof SNAPSHOT_FIELDS)[number]>;
  return snapshot;
}

type EditBody = BodyOf<typeof adminEditOrder>;

/** The customer's push of an edit: their order page reads the order again. */
const editedPush = (userId: string, orderId: string, status: string) => ({
  type: 'order:status_update' as const,
  userId,
  orderId,
  status,
  edited: true,
});

/**
 * POST /admin/orders/:id/edit. The same key answers the order as the first edit left it (and
 * finishes its refund if that is still due); a stale `basedOn` is 409.
 */
export async function editOrder({ ctx, ip, staff }: Actor, id: string, body: EditBody): Promise<AdminOrderDetail> {
  const key = body.idempotencyKey;
  const row0 = await ctx.db.run((db) => orderToEdit(db, staff, id));
  const replay = await ctx.db.run((db) => findEditByKey(db, id, key));
  if (replay) return finish(ctx, id, replay.id);
  refuseState(row0);
  if (row0.updatedAt.toISOString() !== body.basedOn) throw conflict(ORDER_EDIT_MESSAGES.stale, 'order-stale');
  const input = inputOf(row0, body.changes);
  // Geocoding may do HTTP: before the transaction.
  const prepared = await prepareCheckout(ctx, customerOf(row0), input, ip);
  const written = await ctx.db.transaction(async (tx) => {
    const row = await lockOrder(tx, id);
    if (!row) throw notFound(ADMIN_ORDER_MESSAGES.orderNotFound, 'order-not-found');
    const again = await findEditByKey(tx, id, key);
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
    const saved = await saveEditedOrder(tx, id, row.updatedAt, {
      items: storedLines(a),
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
    });
    if (!saved) throw new Error(`order ${id} changed under a row lock`);
    const before = snapshotOf(row);
    const after = snapshotOf(saved);
    const editId = randomUUID();
    const refundAmount = money === 'refund' ? moneyAmount : 0;
    const surchargeAmount = money === 'surcharge' ? moneyAmount : 0;
    await insertOrderEdit(tx, {
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
    if (isPaidOnline(row)) await replaceSurchargeIn(tx, saved, editId, surchargeAmount, now);
    await audit(tx, staff, ip, { action: 'order.edit', entity: 'order', entityId: id, before, after }, now);
    await pushOnCommit(ctx, tx, editedPush(row.userId, id, saved.status));
    // Other staff screens re-read the order: the orders trigger announces status and payment only.
    await notifyStaffOfOrder(tx, saved);
    return { editId, userId: row.userId, status: saved.status, fresh: true };
  });
  if (written.fresh) await pushAfterCommit(ctx, editedPush(written.userId, id, written.status));
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
    // Reading is answered as the call centre's card route answers: another order does not exist for it.
    await orderToEdit(db, staff, id);
    const rows = await editsOfOrder(db, id);
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
