// Reading orders: one of the customer's (GET /order/:id), their history and the last order to repeat.
import type { Order } from '../../../src/api/contract/orders.js';
import type { LastOrder } from '../../../src/api/entities.js';
import { lastOrderOf } from '../../../src/domain/lastOrder.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/database.js';
import { forbidden, notFound } from '../../http/errors.js';
import { customerOrders, findOrder, lastOrderItems } from '../../repositories/orders.js';
import { ORDER_MESSAGES } from '../checkoutRefusals.js';
import { orderSurcharge, settleSurchargeLink } from '../surcharges.js';
import type { AuthUser } from '../sessions.js';
import { toOrder } from './toOrder.js';

/**
 * GET /order/:id: 404 for no such order, 403 for another customer's. A surcharge owed comes with
 * its payment link (asked of the gateway now if the edit could not get one).
 */
export async function readOrder(ctx: AppContext, user: AuthUser, orderId: string): Promise<Order> {
  const row = await ctx.db.run((db) => findOrder(db, orderId));
  if (!row) throw notFound(ORDER_MESSAGES.orderNotFound, 'order-not-found');
  if (row.userId !== user.userId) throw forbidden();
  let surcharge = await ctx.db.run((db) => orderSurcharge(db, orderId));
  if (surcharge?.payUrl === null) {
    await settleSurchargeLink(ctx, row);
    surcharge = await ctx.db.run((db) => orderSurcharge(db, orderId));
  }
  // Absent when nothing is owed: the answer stays the order POST /order answered.
  return surcharge === null ? toOrder(row) : { ...toOrder(row), surcharge };
}

/** The customer's orders, newest first. */
export async function orderHistory(
  db: Executor,
  userId: string,
  limit: number,
  before: number | undefined,
): Promise<{ orders: Order[]; nextBefore: number | null }> {
  // one more than the page: whether there is a next one
  const rows = await customerOrders(db, userId, limit + 1, before);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { orders: page.map(toOrder), nextBefore: rows.length > limit && last ? last.number : null };
}

/** The last order that was not cancelled, as the client repeats it. */
export async function lastOrder(db: Executor, userId: string): Promise<LastOrder> {
  return lastOrderOf(await lastOrderItems(db, userId));
}
