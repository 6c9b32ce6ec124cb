// Couriers and their assignments (staff of role 'courier', table order_couriers, migration 0121).
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { orderCouriers, staff } from '../db/schema/admin.js';
import { users } from '../db/schema/customers.js';
import { orders } from '../db/schema/orders.js';
import { anyRow } from './rows.js';
import type { CourierRef } from '../../src/api/contract/admin/orders.js';
import type { OrderStatus } from '../../src/api/contract/orders.js';

export type OrderRow = typeof orders.$inferSelect;

const courierColumns = { id: staff.id, name: staff.name, login: staff.login };

/** Active staff members of role 'courier', by name. */
export function activeCouriers(db: Executor): Promise<CourierRef[]> {
  return db
    .select(courierColumns)
    .from(staff)
    .where(and(eq(staff.role, 'courier'), eq(staff.isActive, true)))
    .orderBy(asc(staff.name), asc(staff.login));
}

/** An active courier by id; undefined for anyone else. */
export async function findActiveCourier(db: Executor, id: string): Promise<CourierRef | undefined> {
  const rows = await db
    .select(courierColumns)
    .from(staff)
    .where(and(eq(staff.id, id), eq(staff.role, 'courier'), eq(staff.isActive, true)))
    .limit(1);
  return rows[0];
}

/** The courier carrying an order, if any. */
export async function courierOfOrder(db: Executor, orderId: string): Promise<CourierRef | null> {
  const rows = await db
    .select(courierColumns)
    .from(orderCouriers)
    .innerJoin(staff, eq(staff.id, orderCouriers.staffId))
    .where(eq(orderCouriers.orderId, orderId))
    .limit(1);
  return rows[0] ?? null;
}

export async function assignCourier(
  tx: Executor,
  assignment: { orderId: string; staffId: string; assignedBy: string; at: Date },
): Promise<void> {
  await tx
    .insert(orderCouriers)
    .values({
      orderId: assignment.orderId,
      staffId: assignment.staffId,
      assignedBy: assignment.assignedBy,
      assignedAt: assignment.at,
    })
    .onConflictDoUpdate({
      target: orderCouriers.orderId,
      set: { staffId: assignment.staffId, assignedBy: assignment.assignedBy, assignedAt: assignment.at },
    });
}

export async function unassignCourier(tx: Executor, orderId: string): Promise<void> {
  await tx.delete(orderCouriers).where(eq(orderCouriers.orderId, orderId));
}

export interface CourierOrderRow {
  order: OrderRow;
  assignedAt: Date;
  customer: { name: string; phone: string | null };
}

/** Assigned orders with their assignment time and customer, to be narrowed by a condition. */
const courierOrderRows = (db: Executor) =>
  db
    .select({ order: orders, assignedAt: orderCouriers.assignedAt, customer: { name: users.name, phone: users.phone } })
    .from(orderCouriers)
    .innerJoin(orders, eq(orders.id, orderCouriers.orderId))
    .innerJoin(users, eq(users.id, orders.userId));

/** A courier's orders in the given statuses, oldest assignment first. */
export function ordersOfCourier(
  db: Executor,
  staffId: string,
  statuses: readonly OrderStatus[],
): Promise<CourierOrderRow[]> {
  return courierOrderRows(db)
    .where(and(eq(orderCouriers.staffId, staffId), inArray(orders.status, [...statuses])))
    .orderBy(asc(orderCouriers.assignedAt), asc(orders.number));
}

/** One order, only when it is assigned to this courier. */
export async function orderOfCourier(
  db: Executor,
  staffId: string,
  orderId: string,
): Promise<CourierOrderRow | undefined> {
  const rows = await courierOrderRows(db)
    .where(and(eq(orderCouriers.staffId, staffId), eq(orderCouriers.orderId, orderId)))
    .limit(1);
  return rows[0];
}

/** Whether an order is assigned to this courier (for the courier's live notices). */
export async function isAssignedTo(db: Executor, staffId: string, orderId: string): Promise<boolean> {
  return anyRow(db, orderCouriers, and(eq(orderCouriers.staffId, staffId), eq(orderCouriers.orderId, orderId)));
}
