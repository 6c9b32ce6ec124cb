// Orders for operators: the list with filters, one order, status changes along
// ORDER_STATUS_FLOW (src/api/contract/orders.ts) and cancellation with a reason.
//
// Live: a staff WebSocket (/api/v1/ws?token=<staff token>) gets StaffOrderEvent messages
// ('order:new' when an order is placed, 'order:updated' when its status or payment changes,
// whoever changed it), then re-reads the list or the order.
import { z } from 'zod/mini';
import { Id, IsoDateTime } from '../../entities.js';
import { Order, OrderStatus, PaymentStatus } from '../orders.js';
import { OrderRating } from '../ratings.js';
import { AdminIdParams, AdminPaging, DateOrInstant, defineAdminRoute, PhoneSearch } from './common.js';

export const RefundState = z.enum(['not-needed', 'required', 'done', 'failed']);
export type RefundState = z.infer<typeof RefundState>;

export const AdminOrderCustomer = z.object({ id: z.string(), phone: z.nullable(z.string()), name: z.string() });

/** Who in the call centre took an order by phone (docs/ADMIN.md «Phone orders»). */
export const PhoneTaker = z.object({ staffId: z.string(), staffLogin: z.string(), takenAt: IsoDateTime });
export type PhoneTaker = z.infer<typeof PhoneTaker>;

export const AdminOrder = z.extend(Order, {
  customer: AdminOrderCustomer,
  /** Set when the order was taken by phone ('по телефону'); null for the storefront's. */
  phoneOrder: z._default(z.nullable(PhoneTaker), null),
  /** Statuses the order may move to now (Cancelled goes through the cancel route). */
  nextStatuses: z.array(OrderStatus),
});
export type AdminOrder = z.infer<typeof AdminOrder>;

/** A courier as operators pick one (a staff member of role 'courier'). */
export const CourierRef = z.object({ id: z.string(), name: z.string(), login: z.string() });
export type CourierRef = z.infer<typeof CourierRef>;

export const AdminOrderDetail = z.extend(AdminOrder, {
  /** The courier carrying a delivery order, once an operator assigned one. */
  courier: z._default(z.nullable(CourierRef), null),
  statusLog: z.array(z.object({ status: OrderStatus, at: IsoDateTime, actor: z.string() })),
  cancellation: z.nullable(
    z.object({
      reason: z.string(),
      at: IsoDateTime,
      staffId: z.nullable(z.string()),
      /** Whether money paid online must go back, and whether it did. */
      refund: RefundState,
      refundError: z.nullable(z.string()),
    }),
  ),
  /** The customer's rating after delivery, null while there is none. */
  rating: z.optional(z.nullable(OrderRating)),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetail>;

/** What a staff WebSocket receives about orders (besides catalog:update and settings:update). */
export const StaffOrderEvent = z.object({
  type: z.enum(['order:new', 'order:updated']),
  orderId: z.string(),
  number: z.number(),
  status: OrderStatus,
  paymentStatus: PaymentStatus,
  cityId: z.string(),
  deliveryTerminalId: z.string(),
  total: z.number(),
  /** On 'order:new' of an order taken by phone: the staff id who took it (their own screen does not alert). */
  takenBy: z.optional(z.string()),
});
export type StaffOrderEvent = z.infer<typeof StaffOrderEvent>;

/** The search of the order lists by the customer's phone or the order number. */
export const ORDER_SEARCH = {
  phone: z.optional(PhoneSearch),
  /** The order number. */
  number: z.optional(z.coerce.number().check(z.int(), z.positive())),
};

export const AdminOrdersQuery = z.extend(AdminPaging, {
  cityId: z.optional(Id),
  deliveryTerminalId: z.optional(Id),
  /** One status or several, comma-separated: 'Unconfirmed,WaitCooking'. */
  status: z.optional(z.string().check(z.regex(/^[A-Za-z]+(,[A-Za-z]+)*$/))),
  /** Placed on or after (a day 'YYYY-MM-DD' starts at its midnight in the city's zone; default Asia/Irkutsk). */
  from: z.optional(DateOrInstant),
  /** Placed before (a day counts whole: 'to=2026-11-20' includes the 20th). */
  to: z.optional(DateOrInstant),
  ...ORDER_SEARCH,
});

/** A page of orders and how many the filters find in all. */
export const AdminOrdersPage = z.object({ orders: z.array(AdminOrder), total: z.int().check(z.nonnegative()) });

export const adminListOrders = defineAdminRoute('operator', 'GET /admin/orders', {
  summary: 'Orders, newest first, filtered by city, restaurant, status, dates, phone or number',
  query: AdminOrdersQuery,
  response: AdminOrdersPage,
});

export const adminGetOrder = defineAdminRoute('operator', 'GET /admin/orders/:id', {
  summary: 'One order with its customer, status log and cancellation',
  params: AdminIdParams,
  response: AdminOrderDetail,
});

export const adminChangeOrderStatus = defineAdminRoute('operator', 'POST /admin/orders/:id/status', {
  summary: 'Moves an order forward along ORDER_STATUS_FLOW (422 for an illegal move); the customer sees it live',
  params: AdminIdParams,
  body: z.object({ status: OrderStatus }),
  response: AdminOrderDetail,
});

export const adminCancelOrder = defineAdminRoute('operator', 'POST /admin/orders/:id/cancel', {
  summary:
    'Cancels an order with a reason; bonuses spent go back, a coupon use is freed, money paid online is refunded (or marked as to refund)',
  params: AdminIdParams,
  body: z.object({ reason: z.string().check(z.trim(), z.minLength(3), z.maxLength(500)) }),
  response: AdminOrderDetail,
});

export const adminRetryRefund = defineAdminRoute('operator', 'POST /admin/orders/:id/refund', {
  summary:
    'Retries the refund of a cancelled order paid online whose refund failed or is still due; 422 with the reason when there is nothing to refund or the provider refuses again',
  params: AdminIdParams,
  response: AdminOrderDetail,
});
