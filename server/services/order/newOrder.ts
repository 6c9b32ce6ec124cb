// What both ways of writing an order share (place.ts: the transaction; oneStatement.ts: the single
// autocommit statement): the assessment they run and the new order's row, answer and write.
import { randomUUID } from 'node:crypto';
import type { CreateOrderBody, Order } from '../../../src/api/contract/orders.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/database.js';
import type { NewOrderRow, OrderWrite } from '../../repositories/orders.js';
import type { AuthUser } from '../sessions.js';
import { assessCheckout, type AssessArgs, type Assessment } from './assess.js';
import { isOnlineMethod } from './onlinePayment.js';
import type { PreparedCheckout } from './prepare.js';
import { storedLines } from './quote.js';
import { toOrder } from './toOrder.js';

/** An order being placed: when, for whom, the request and the key claim it is placed under. */
export interface OrderRequest {
  now: Date;
  user: AuthUser;
  body: CreateOrderBody;
  prepared: PreparedCheckout;
  key: string;
  /** The created_at of this process's claim of `key`. */
  claimedAt: Date;
}

/** The same assessment POST /checkout/quote shows (without listing the slots); its first refusal is the answer. */
export function assessOrder(
  ctx: AppContext,
  db: Executor,
  r: OrderRequest,
  known: Pick<AssessArgs, 'balance' | 'versions' | 'reference'>,
): Promise<Assessment> {
  return assessCheckout(ctx, db, {
    now: r.now,
    user: r.user,
    input: r.body,
    prepared: r.prepared,
    cacheOwner: ctx.db,
    listSlots: false,
    ...known,
  });
}

/**
 * The new order's write under this process's claim of the key, its first status line by `actor`,
 * with the customer's push as a NOTIFY delivered at the commit when the push goes that way; and
 * the answer, numbered 0 (the number, a sequence, is taken in SQL).
 */
export function newOrderWrite(
  ctx: AppContext,
  r: OrderRequest,
  a: Assessment,
  actor: string,
): { answer0: Order; write: OrderWrite } {
  const order = newOrderRow(r, a);
  // Every column is given but the number: the stored answer takes it in SQL.
  const answer0 = toOrder({ ...order, number: 0 });
  const pushed = ctx.push.notifyOnCommit?.({
    type: 'order:status_update',
    userId: r.user.userId,
    orderId: order.id,
    status: order.status,
  });
  return {
    answer0,
    write: {
      order,
      answerJson: JSON.stringify(answer0),
      actor,
      key: r.key,
      owner: ctx.db.bootId,
      claimedAt: r.claimedAt,
      pushed,
    },
  };
}

function newOrderRow({ user, body, now }: OrderRequest, a: Assessment): NewOrderRow {
  const city = a.city;
  const terminalId = a.terminalId;
  if (!city || !terminalId) throw new Error('checkout assessment without refusals lacks a city or a restaurant');
  return {
    id: randomUUID(),
    userId: user.userId,
    cityId: city.id,
    status: 'Unconfirmed',
    deliveryMethod: body.deliveryMethod,
    address: a.address,
    deliveryTerminalId: terminalId,
    zoneId: a.zone?.id ?? null,
    items: storedLines(a),
    goodsTotal: a.goodsTotal,
    discountTotal: a.discountTotal,
    deliveryPrice: a.deliveryPrice,
    serviceFee: a.serviceFee,
    bonusSpent: a.bonusSpent,
    total: a.total,
    coupon: a.appliedCouponCode,
    paymentMethod: body.paymentMethod,
    paymentStatus: isOnlineMethod(body.paymentMethod) ? 'pending' : 'none',
    deliveryTime: a.deliveryTime,
    persons: body.persons,
    changeFrom: a.changeFrom,
    comment: body.comment,
    createdAt: now,
    updatedAt: now,
  };
}
