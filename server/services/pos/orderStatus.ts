// The POS's order statuses onto ours (issue item 7). ReadyForCooking is still «принят» for the
// customer; the rest share names. A move our flow does not allow (an older status arriving late,
// Waiting for a courier order) is skipped, so statuses only go forward.
import type { OrderStatus } from '../../../src/api/contract/orders.js';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import type { PosOrderStatus } from '../../integrations/pos/port.js';
import { findOrderStatus } from '../../repositories/orders.js';
import { advanceOrderStatus } from '../order/status.js';

export const POS_TO_ORDER_STATUS: Record<PosOrderStatus, OrderStatus> = {
  Unconfirmed: 'Unconfirmed',
  WaitCooking: 'WaitCooking',
  ReadyForCooking: 'WaitCooking',
  CookingStarted: 'CookingStarted',
  CookingCompleted: 'CookingCompleted',
  Waiting: 'Waiting',
  OnWay: 'OnWay',
  Delivered: 'Delivered',
  Closed: 'Closed',
  Cancelled: 'Cancelled',
};

/** Applies a status the POS reported; returns whether the order moved. */
export async function applyPosStatus(ctx: AppContext, orderId: string, status: PosOrderStatus): Promise<boolean> {
  const next = POS_TO_ORDER_STATUS[status];
  const current = await ctx.db.run((db) => findOrderStatus(db, orderId));
  if (current === undefined || current === next) return false;
  try {
    await advanceOrderStatus(ctx, orderId, next, 'iiko');
    return true;
  } catch (error) {
    // an illegal or unpaid move is the POS's report arriving out of order: keep ours
    if (error instanceof HttpError && error.statusCode < 500) return false;
    throw error;
  }
}
