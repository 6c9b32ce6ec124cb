// Couriers: operators assign delivery orders; a courier sees and moves only their own.
// A courier's 'Забрал' and 'Доставил' are status moves like an operator's (advanceOrderStatus):
// the same flow rules, status log and live push to the customer, with an audit row.
// See docs/ADMIN.md «Couriers».
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/database.js';
import { notFound, unprocessable } from '../../http/errors.js';
import {
  activeCouriers,
  assignCourier,
  courierOfOrder,
  findActiveCourier,
  isAssignedTo,
  orderOfCourier,
  ordersOfCourier,
  unassignCourier,
  type CourierOrderRow,
} from '../../repositories/couriers.js';
import { lockOrder } from '../../repositories/orders.js';
import type { AdminOrderDetail, CourierRef } from '../../../src/api/contract/admin/orders.js';
import type { CourierOrder } from '../../../src/api/contract/admin/couriers.js';
import { ADMIN_ORDER_MESSAGES } from '../../../src/api/contract/admin/messages.js';
import type { OrderStatus } from '../../../src/api/contract/orders.js';
import { isPaidOnline } from '../order/onlinePayment.js';
import { advanceOrderStatus } from '../order/status.js';
import { toOrder } from '../order/toOrder.js';
import type { Actor } from './actor.js';
import { audit } from './audit.js';
import { orderDetail } from './orders.js';

/** Statuses in which a delivery is still the courier's business. */
const OPEN_FOR_COURIER: readonly OrderStatus[] = [
  'Unconfirmed',
  'WaitCooking',
  'CookingStarted',
  'CookingCompleted',
  'Waiting',
  'OnWay',
];

export function listCouriers(db: Executor): Promise<{ couriers: CourierRef[] }> {
  return activeCouriers(db).then((couriers) => ({ couriers }));
}

/** Assigns (or with null takes back) the courier of a delivery order that is still open. */
export async function setOrderCourier(
  { ctx, ip, staff }: Actor,
  orderId: string,
  courierId: string | null,
): Promise<AdminOrderDetail> {
  await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound(ADMIN_ORDER_MESSAGES.orderNotFound, 'order-not-found');
    if (order.deliveryMethod !== 'delivery')
      throw unprocessable(ADMIN_ORDER_MESSAGES.courierPickupOrder, 'courier-pickup-order');
    if (!OPEN_FOR_COURIER.includes(order.status))
      throw unprocessable(ADMIN_ORDER_MESSAGES.courierOrderFinished, 'courier-order-finished');
    const before = await courierOfOrder(tx, orderId);
    const now = ctx.clock.now();
    let after: CourierRef | null = null;
    if (courierId === null) await unassignCourier(tx, orderId);
    else {
      const courier = await findActiveCourier(tx, courierId);
      if (!courier) throw unprocessable(ADMIN_ORDER_MESSAGES.courierNotFound, 'courier-not-found');
      await assignCourier(tx, { orderId, staffId: courier.id, assignedBy: `staff:${staff.staffId}`, at: now });
      after = courier;
    }
    await audit(tx, staff, ip, { action: 'order.courier', entity: 'order', entityId: orderId, before, after }, now);
  });
  return ctx.db.run((db) => orderDetail(db, orderId));
}

function toCourierOrder(row: CourierOrderRow): CourierOrder {
  // the order as its contract shows it (toOrder: the status's name, the time as ISO), cut to the courier's fields
  const { id, number, status, statusName, address, paymentMethod, total, changeFrom, deliveryTime, comment } = toOrder(
    row.order,
  );
  return {
    id,
    number,
    status,
    statusName,
    address,
    customerName: row.customer.name,
    customerPhone: row.customer.phone,
    paymentMethod,
    paid: isPaidOnline(row.order),
    total,
    changeFrom,
    deliveryTime,
    comment,
    assignedAt: row.assignedAt.toISOString(),
  };
}

export async function courierOrders(ctx: AppContext, staffId: string): Promise<{ orders: CourierOrder[] }> {
  const rows = await ctx.db.run((db) => ordersOfCourier(db, staffId, OPEN_FOR_COURIER));
  return { orders: rows.map(toCourierOrder) };
}

/** Whether the order is assigned to this courier (a failed check answers false). */
export function isCourierOfOrder(ctx: AppContext, staffId: string, orderId: string): Promise<boolean> {
  return ctx.db.run((db) => isAssignedTo(db, staffId, orderId)).catch(() => false);
}

/** 'Забрал' (OnWay) or 'Доставил' (Delivered) on the courier's own order; anyone else's is 404. */
export async function courierMove(
  { ctx, ip, staff }: Actor,
  orderId: string,
  next: 'OnWay' | 'Delivered',
): Promise<CourierOrder> {
  const own = await ctx.db.run((db) => orderOfCourier(db, staff.staffId, orderId));
  if (!own) throw notFound(ADMIN_ORDER_MESSAGES.orderNotFound, 'order-not-found');
  await advanceOrderStatus(ctx, orderId, next, `staff:${staff.staffId}`, async (tx, before) => {
    // the assignment may have been taken back since the check above
    if (!(await orderOfCourier(tx, staff.staffId, orderId)))
      throw notFound(ADMIN_ORDER_MESSAGES.orderNotFound, 'order-not-found');
    await audit(
      tx,
      staff,
      ip,
      {
        action: 'order.status',
        entity: 'order',
        entityId: orderId,
        before: { status: before.status },
        after: { status: next },
      },
      ctx.clock.now(),
    );
  });
  const row = await ctx.db.run((db) => orderOfCourier(db, staff.staffId, orderId));
  if (!row) throw notFound(ADMIN_ORDER_MESSAGES.orderNotFound, 'order-not-found');
  return toCourierOrder(row);
}
