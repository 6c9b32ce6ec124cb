// What an operator's edit starts from and how the changed order is judged (docs/ORDER-EDITING.md):
// who may edit which order, the states that refuse any edit, the changed order as a checkout
// input, the checkout's own assessment of it, and what the edit does with money paid online.
import {
  EDITABLE_ORDER_STATUSES,
  type EditMoney,
  type OrderEditChanges,
} from '../../../src/api/contract/admin/orderEdits.js';
import { ADMIN_ORDER_MESSAGES, ORDER_EDIT_MESSAGES } from '../../../src/api/contract/admin/messages.js';
import type { OrderStatus } from '../../../src/api/contract/orders.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/database.js';
import { notFound, unprocessable } from '../../http/errors.js';
import { findOrder, type OrderRow } from '../../repositories/orders.js';
import { isTakenByPhone } from '../../repositories/phoneOrders.js';
import { assessCheckout, type Assessment } from '../order/assess.js';
import { isOnlineMethod } from '../order/onlinePayment.js';
import type { CheckoutInput, PreparedCheckout } from '../order/prepare.js';
import type { AuthUser } from '../sessions.js';
import { moneyDue } from '../surcharges.js';
import { getBalance } from '../users.js';
import type { StaffPrincipal } from './staffSessions.js';

const EDITABLE: ReadonlySet<OrderStatus> = new Set(EDITABLE_ORDER_STATUSES);

/** Whether an order's status still allows an edit (accepted, not yet cooking). */
export const isEditableStatus = (status: OrderStatus): boolean => EDITABLE.has(status);

/**
 * The order as this staff member may see it for editing: the call centre edits (and reads the
 * edits of) only orders taken by phone, and any other does not exist for it; couriers never reach
 * the routes.
 */
export async function orderToEdit(db: Executor, staff: StaffPrincipal, orderId: string): Promise<OrderRow> {
  const found = await findOrder(db, orderId);
  if (!found || (staff.role === 'callcentre' && !(await isTakenByPhone(db, orderId))))
    throw notFound(ADMIN_ORDER_MESSAGES.orderNotFound, 'order-not-found');
  return found;
}

/** The order's state refuses any edit: cooking or later, or waiting for its online payment. */
export function refuseState(row: OrderRow): void {
  if (!isEditableStatus(row.status)) throw unprocessable(ORDER_EDIT_MESSAGES.notEditable, 'order-not-editable');
  if (isOnlineMethod(row.paymentMethod) && row.paymentStatus !== 'paid')
    throw unprocessable(ORDER_EDIT_MESSAGES.awaitingPayment, 'order-awaiting-payment');
}

/** The checkout input of the changed order: city, method, coupon and bonuses stay the order's. */
export function inputOf(row: OrderRow, changes: OrderEditChanges): CheckoutInput {
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

/** The order's customer as the checkout sees them (the phone plays no part in an assessment). */
export const customerOf = (row: OrderRow): AuthUser => ({ userId: row.userId, phone: '' });

/** The checkout's assessment of the changed order; the order's own bonuses and coupon use count as free. */
export async function assessEdit(
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
export async function moneyOf(
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
