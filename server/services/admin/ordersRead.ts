// Orders as the staff screens show them: a page of the list and one order's card (customer, who
// took it by phone, the surcharge still owed, courier, status log, cancellation, rating), with the
// statuses a staff member may move it to next.
import type { Executor } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { findCancellation } from '../../repositories/orderCancellations.js';
import {
  findOrderCard,
  orderListPage,
  statusLogOf,
  type OrderCardRow,
  type OrderScope,
} from '../../repositories/orderSearch.js';
import type { OrderRow } from '../../repositories/orders.js';
import type { PaymentRow } from '../../repositories/payments.js';
import type { PhoneOrderRow } from '../../repositories/phoneOrders.js';
import { findPendingSurcharge, pendingSurchargesOf } from '../../repositories/surcharges.js';
import { courierOfOrder } from '../../repositories/couriers.js';
import { findRating } from '../../repositories/ratings.js';
import { ADMIN_ORDER_MESSAGES } from '../../../src/api/contract/admin/messages.js';
import type { AdminOrder, AdminOrderDetail, PhoneTaker } from '../../../src/api/contract/admin/orders.js';
import { ORDER_STATUSES, type OrderStatus } from '../../../src/api/contract/orders.js';
import { canMoveStatus } from '../order/status.js';
import { toOrder } from '../order/toOrder.js';
import { toOrderRating } from '../ratings.js';
import { surchargeOf } from '../surcharges.js';
import { orderFilterCondition, type OrderFilters } from './ordersFilter.js';

export type { OrderScope };

function nextStatuses(row: OrderRow): OrderStatus[] {
  return ORDER_STATUSES.filter((s) => s !== 'Cancelled' && canMoveStatus(row.deliveryMethod, row.status, s));
}

export function toAdminOrder(
  row: OrderRow,
  customer: OrderCardRow['customer'],
  phone: PhoneOrderRow | null = null,
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

function phoneTaker(row: PhoneOrderRow | null): PhoneTaker | null {
  return row ? { staffId: row.staffId, staffLogin: row.staffLogin, takenAt: row.takenAt.toISOString() } : null;
}

export interface OrdersQuery extends OrderFilters {
  limit: number;
  offset: number;
}

export async function listOrders(
  db: Executor,
  query: OrdersQuery,
  scope: OrderScope = 'all',
): Promise<{ orders: AdminOrder[]; total: number }> {
  const condition = await orderFilterCondition(db, query);
  const { rows, total } = await orderListPage(db, condition, scope, query);
  const owed = await pendingSurchargesOf(
    db,
    rows.map((r) => r.order.id),
  );
  return { orders: rows.map((r) => toAdminOrder(r.order, r.customer, r.phone, owed.get(r.order.id))), total };
}

/** One order as the card shows it; outside the scope it is «Заказ не найден», as if it did not exist. */
export async function orderDetail(db: Executor, id: string, scope: OrderScope = 'all'): Promise<AdminOrderDetail> {
  const row = await findOrderCard(db, id, scope);
  if (!row) throw notFound(ADMIN_ORDER_MESSAGES.orderNotFound, 'order-not-found');
  const log = await statusLogOf(db, id);
  const cancellation = await findCancellation(db, id);
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
