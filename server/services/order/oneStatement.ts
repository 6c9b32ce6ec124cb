// POST /order's fast path: an order that needs none of the customer's row lock is written by ONE
// autocommit statement (repositories/orders.ts, writeOrderIfCurrent) instead of a transaction.
import type { CreateOrderBody, Order } from '../../../src/api/contract/orders.js';
import type { AppContext } from '../../context.js';
import { conflict } from '../../http/errors.js';
import { ORDER_CLAIM_LOST, ORDER_STALE_REFERENCE, writeOrderIfCurrent } from '../../repositories/orders.js';
import { recentCheckoutReference, type CheckoutReference, type ReferenceVersions } from '../checkoutReference.js';
import { ORDER_MESSAGES } from '../checkoutRefusals.js';
import { normalizeCouponCode } from '../promo.js';
import { isOnlineMethod } from './onlinePayment.js';
import { assessOrder, newOrderWrite, type OrderRequest } from './newOrder.js';

/**
 * Whether the order can be written by one autocommit statement: it spends no bonuses, has no
 * coupon and no online payment, so it writes only the order, its status line and the stored
 * answer, none of which needs the customer's row lock (the bonus balance and the coupon counts
 * do: createOrderIn).
 */
export function fitsOneStatement(body: CreateOrderBody): boolean {
  return body.spendBonus === 0 && normalizeCouponCode(body.coupon) === null && !isOnlineMethod(body.paymentMethod);
}

/**
 * The order in ONE statement, no transaction around it (one round trip instead of BEGIN, the
 * lock, the write and COMMIT), assessed against this process's copy of the reference data; the
 * statement itself checks that the content versions of that copy are still current and that the
 * key's claim is still its own, and raises otherwise (order_refuse, migration 0014), which undoes
 * all of it. Null when the transaction must decide instead: the copy was out of date, or the
 * copy refuses the order (the transaction answers the refusal from current data).
 */
export async function placeInOneStatement(ctx: AppContext, request: Omit<OrderRequest, 'now'>): Promise<Order | null> {
  const reference = await recentCheckoutReference(ctx.db, ctx.config.contentVersionMaxAgeMs);
  const r = { ...request, now: ctx.clock.now() };
  return ctx.db.run(async (db) => {
    // no bonuses are spent (fitsOneStatement): the balance decides nothing
    const a = await assessOrder(ctx, db, r, { balance: 0, reference });
    if (a.refusals.length > 0) return null;
    const { answer0, write } = newOrderWrite(ctx, r, a, 'customer');
    let number: number | undefined;
    try {
      number = await writeOrderIfCurrent(db, write, versionsOf(reference));
    } catch (error) {
      const reason = refusedBy(error);
      if (reason === ORDER_STALE_REFERENCE) return null;
      if (reason === ORDER_CLAIM_LOST) throw conflict(ORDER_MESSAGES.inProgress, 'order-in-progress');
      throw error;
    }
    if (number === undefined) throw new Error('insert into orders returned nothing');
    return { ...answer0, number };
  });
}

/** The reason order_refuse raised with (SQLSTATE SF001), or null for any other error. */
function refusedBy(error: unknown): string | null {
  for (let e: unknown = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    if ('code' in e && e.code === 'SF001' && e instanceof Error) return e.message;
  }
  return null;
}

function versionsOf(reference: CheckoutReference): ReferenceVersions {
  return {
    settings: reference.settings.version,
    catalog: reference.catalog.version,
    promotions: reference.promotions.version,
  };
}
