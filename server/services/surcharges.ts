// Surcharges (доплаты): when an operator's edit raises the total of an order paid online, the
// customer owes the difference, asked as a second payment of the order through the same gateway
// port (docs/ORDER-EDITING.md «Paid online, the total goes up»). Created in the edit's
// transaction, keyed by the edit (one per edit, however often the edit is retried); its payment
// link is asked of the gateway after the commit (it may be HTTP) and again on the next read until
// it is given. A later edit replaces the pending one; a cancellation voids it.
import { randomUUID } from 'node:crypto';
import type { StaffOrderEvent } from '../../src/api/contract/admin/orders.js';
import type { OrderSurcharge } from '../../src/api/contract/orders.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/database.js';
import type { OrderRow } from '../repositories/orders.js';
import { findPaymentOfOrder, type PaymentRow } from '../repositories/payments.js';
import {
  findPendingSurcharge,
  forgetLink,
  insertSurcharge,
  netPaidOf,
  notifyStaff,
  setSurchargeLink,
  SURCHARGE_VOID_REASONS,
  voidedLinksOf,
  voidPendingSurcharges,
} from '../repositories/surcharges.js';
import { logOf } from './geocoding.js';
import { gatewaysOf } from './paymentGateways.js';

/** The staff WebSocket's NOTIFY channel (routes/ws.ts listens; the orders trigger uses it too). */
const STAFF_CHANNEL = 'storefront_staff';

/**
 * What an edit to `total` does with the money of an order paid online: nothing, a refund of what
 * we hold beyond it, or a surcharge of what is missing. Measured against the money held (paid
 * payments less partial refunds), not the order's old total: a surcharge not yet paid is not money.
 */
export async function moneyDue(
  db: Executor,
  orderId: string,
  total: number,
): Promise<{ kind: 'none' | 'refund' | 'surcharge'; amount: number }> {
  const held = await netPaidOf(db, orderId);
  if (total === held) return { kind: 'none', amount: 0 };
  return total < held ? { kind: 'refund', amount: held - total } : { kind: 'surcharge', amount: total - held };
}

/**
 * Inside the edit's transaction (the order's row locked): the surcharge the order owes after the
 * edit. A pending one of the same amount stays (its link too); any other pending one is voided
 * and, when `amount` > 0, a new one is made for this edit. Answers the voided rows, whose links
 * the caller withdraws after the commit.
 */
export async function replaceSurchargeIn(
  tx: Executor,
  order: OrderRow,
  editId: string,
  amount: number,
  now: Date,
): Promise<PaymentRow[]> {
  const pending = await findPendingSurcharge(tx, order.id);
  if (pending && pending.amount === amount) return [];
  const voided = await voidPendingSurcharges(tx, order.id, SURCHARGE_VOID_REASONS.replaced, now);
  if (amount <= 0) return voided;
  const own = await findPaymentOfOrder(tx, order.id);
  if (!own || own.status !== 'paid') throw new Error(`order ${order.id} has no paid payment to add a surcharge to`);
  await insertSurcharge(tx, {
    id: randomUUID(),
    orderId: order.id,
    userId: order.userId,
    // the same gateway and account as the money already paid
    provider: own.provider,
    method: own.method === 'sbp' ? 'sbp' : 'card',
    status: 'pending',
    amount,
    account: own.account,
    purpose: 'surcharge',
    editId,
    createdAt: now,
    updatedAt: now,
  });
  return voided;
}

/** The order's surcharge as the customer and the operators see it; null when nothing is owed. */
export async function orderSurcharge(db: Executor, orderId: string): Promise<OrderSurcharge | null> {
  const pending = await findPendingSurcharge(db, orderId);
  return pending ? surchargeOf(pending) : null;
}

export const surchargeOf = (row: PaymentRow): OrderSurcharge => ({ amount: row.amount, payUrl: row.payUrl });

/**
 * Asks the gateway for the pending surcharge's payment link if it has none yet (outside
 * transactions). A gateway that cannot give one is logged; the next read asks again.
 */
export async function settleSurchargeLink(ctx: AppContext, order: OrderRow): Promise<void> {
  const pending = await ctx.db.run((db) => findPendingSurcharge(db, order.id));
  if (!pending || pending.payUrl !== null) return;
  const gateway = gatewaysOf(ctx).byProvider(pending.provider);
  let answer: Awaited<ReturnType<typeof gateway.paymentLink>>;
  try {
    answer = await gateway.paymentLink({
      paymentId: pending.id,
      orderId: order.id,
      orderNumber: order.number,
      amount: pending.amount,
      method: pending.method,
      userId: order.userId,
      account: pending.account,
    });
  } catch (error) {
    answer = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  if (!answer.ok) {
    logOf(ctx).warn(
      { orderId: order.id, paymentId: pending.id, reason: answer.message },
      'surcharge: no payment link yet',
    );
    return;
  }
  const link = answer;
  await ctx.db.run((db) => setSurchargeLink(db, pending.id, { url: link.url, linkId: link.linkId }, ctx.clock.now()));
}

/**
 * Withdraws the provider's links of the order's voided surcharges (CloudPayments' invoice links),
 * once each: a withdrawn one forgets its link id. One that cannot be withdrawn is logged; money
 * that still arrives for a voided surcharge is refunded as a payment not awaiting money.
 */
export async function withdrawVoidedLinks(ctx: AppContext, orderId: string): Promise<void> {
  const voided = await ctx.db.run((db) => voidedLinksOf(db, orderId));
  for (const row of voided) {
    if (row.linkId === null) continue;
    const linkId = row.linkId;
    let result: { ok: true } | { ok: false; message: string };
    try {
      result = await gatewaysOf(ctx).byProvider(row.provider).cancelLink({ account: row.account, linkId });
    } catch (error) {
      result = { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
    if (!result.ok) {
      logOf(ctx).warn({ orderId, paymentId: row.id, reason: result.message }, 'surcharge: link not withdrawn');
      continue;
    }
    await ctx.db.run((db) => forgetLink(db, row.id, ctx.clock.now()));
  }
}

/** Tells other operators' screens that the order changed though its status and payment status did not. */
export async function notifyStaffOfOrder(tx: Executor, order: OrderRow): Promise<void> {
  const event: StaffOrderEvent = {
    type: 'order:updated',
    orderId: order.id,
    number: order.number,
    status: order.status,
    paymentStatus: order.paymentStatus,
    cityId: order.cityId,
    deliveryTerminalId: order.deliveryTerminalId,
    total: order.total,
  };
  await notifyStaff(tx, STAFF_CHANNEL, JSON.stringify(event));
}
