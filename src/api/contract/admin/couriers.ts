// Couriers: operators assign a delivery order to a courier; a courier sees only the orders
// assigned to them and marks them picked up ('Забрал' → OnWay) and delivered ('Доставил' →
// Delivered). See docs/ADMIN.md «Couriers».
import { z } from 'zod/mini';
import { Id, IsoDateTime } from '../../entities.js';
import { OrderAddress, OrderStatus } from '../orders.js';
import { PaymentMethod } from '../orderCodes.js';
import { AdminIdParams, defineAdminRoute, listOf } from './common.js';
import { AdminOrderDetail, CourierRef } from './orders.js';

export const adminListCouriers = defineAdminRoute('operator', 'GET /admin/couriers', {
  summary: 'Active couriers, to assign orders to',
  response: listOf('couriers', CourierRef),
});

export const adminAssignCourier = defineAdminRoute('operator', 'POST /admin/orders/:id/courier', {
  summary:
    'Assigns a delivery order to a courier, or takes it back (courierId null); only before it is delivered, closed or cancelled',
  params: AdminIdParams,
  body: z.object({ courierId: z.nullable(Id) }),
  response: AdminOrderDetail,
});

/** One delivery as its courier sees it: where, whom to call, what to collect. */
export const CourierOrder = z.object({
  id: z.string(),
  number: z.int().check(z.positive()),
  status: OrderStatus,
  statusName: z.string(),
  address: z.nullable(OrderAddress),
  customerName: z.string(),
  customerPhone: z.nullable(z.string()),
  paymentMethod: PaymentMethod,
  /** Whether the money is already paid online (nothing to collect). */
  paid: z.boolean(),
  total: z.number(),
  /** Cash: the banknote to bring change for. */
  changeFrom: z.nullable(z.int()),
  /** 'asap' or the start of the slot the customer chose. */
  deliveryTime: z.union([z.literal('asap'), IsoDateTime]),
  comment: z.string(),
  assignedAt: IsoDateTime,
});
export type CourierOrder = z.infer<typeof CourierOrder>;

export const courierListOrders = defineAdminRoute('courier', 'GET /admin/courier/orders', {
  summary: "The signed-in courier's open deliveries, oldest assignment first",
  response: listOf('orders', CourierOrder),
});

export const courierPickedUp = defineAdminRoute('courier', 'POST /admin/courier/orders/:id/picked-up', {
  summary: "'Забрал': the courier's order is on its way (OnWay); 404 for an order not assigned to them",
  params: AdminIdParams,
  response: CourierOrder,
});

export const courierDelivered = defineAdminRoute('courier', 'POST /admin/courier/orders/:id/delivered', {
  summary: "'Доставил': the courier's order is delivered (Delivered); 404 for an order not assigned to them",
  params: AdminIdParams,
  response: CourierOrder,
});
