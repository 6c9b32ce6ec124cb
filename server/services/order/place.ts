// POST /order: a new order, or the stored answer of its Idempotency-Key (idempotency.ts). The
// order, the bonus spending (ledger + balance), the coupon use, the payment and the stored answer
// are written in ONE transaction (createOrderIn), or, for an order that needs none of the
// customer's row lock, in one autocommit statement (oneStatement.ts).
//
// The server trusts nothing of the client's money: lines are re-priced from the catalogue, gifts
// granted by the promotion engine, the zone found from the address point (geocoded when the
// client sent none), delivery and the service fee computed here. What is checked, and every
// refusal, is assess.ts (assessCheckout), shared with POST /checkout/quote.
import type { CreateOrderBody, Order } from '../../../src/api/contract/orders.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/database.js';
import { conflict, unauthorized, unprocessable } from '../../http/errors.js';
import { countCouponUse, insertCouponUse } from '../../repositories/couponUses.js';
import { lockCustomerForOrder, writeOrder } from '../../repositories/orders.js';
import { requireCaptcha } from '../captcha.js';
import { referenceVersionsFrom } from '../checkoutReference.js';
import { ORDER_MESSAGES, refusalError } from '../checkoutRefusals.js';
import { createPaymentIn } from '../payments.js';
import { COUPON_MESSAGES, countCouponUses } from '../promo.js';
import { sessionLookup, type AuthUser } from '../sessions.js';
import { applyBonus } from '../users.js';
import { claimKeyOfSession, releaseKey, requestHash, type StoredAnswer } from './idempotency.js';
import { assessOrder, newOrderWrite, type OrderRequest } from './newOrder.js';
import { isOnlineMethod } from './onlinePayment.js';
import { fitsOneStatement, placeInOneStatement } from './oneStatement.js';
import { prepareCheckout, type PreparedCheckout } from './prepare.js';

/**
 * POST /order for the session of `token` (401 without a live one): the stored answer of this
 * key, or a new order. The session lookup and the key claim are one statement (idempotency.ts).
 * The captcha token is not part of the request hash (a retry may carry a fresh one) and is
 * checked only when the key is new.
 */
export async function placeOrder(
  ctx: AppContext,
  token: string | null,
  key: string,
  body: CreateOrderBody,
  ip = '',
): Promise<StoredAnswer> {
  const lookup = sessionLookup(ctx, token);
  if (lookup === null) throw unauthorized();
  const hash = requestHash({ ...body, captchaToken: null });
  const session = await claimKeyOfSession(ctx, lookup, key, hash);
  if (session === null) throw unauthorized();
  const { user, claim } = session;
  if (claim.kind === 'replay') return claim.answer;
  const order = await placeUnderClaim(ctx, user.userId, key, claim.createdAt, async () => {
    await requireCaptcha(ctx, body.captchaToken, ip);
    // Geocoding may do HTTP: before the transaction.
    const prepared = await prepareCheckout(ctx, user, body, ip);
    const request = { user, body, prepared, key, claimedAt: claim.createdAt };
    return (
      (fitsOneStatement(body) ? await placeInOneStatement(ctx, request) : null) ??
      (await ctx.db.transaction((tx) =>
        createOrderIn(ctx, tx, ctx.clock.now(), user, key, claim.createdAt, body, prepared),
      ))
    );
  });
  return { status: 200, body: order };
}

/**
 * The order `place` makes under this process's claim of the customer's `key` (claimed at
 * `claimedAt`): a throw releases the claim, so the key may be retried; a new order is pushed to
 * the customer, unless the push went out as a NOTIFY with the order's commit (createOrderIn).
 */
export async function placeUnderClaim(
  ctx: AppContext,
  userId: string,
  key: string,
  claimedAt: Date,
  place: () => Promise<Order>,
): Promise<Order> {
  let order: Order;
  try {
    order = await place();
  } catch (error) {
    await releaseKey(ctx, userId, key, claimedAt).catch(() => undefined);
    throw error;
  }
  if (!ctx.push.notifyOnCommit) {
    await ctx.push
      .publish({ type: 'order:status_update', userId, orderId: order.id, status: order.status })
      .catch(() => undefined);
  }
  return order;
}

/**
 * Who places an order other than the customer themself (the call centre, docs/ADMIN.md «Phone
 * orders»): the actor of its first status line, and what else to write in the order's transaction.
 */
export interface OrderOrigin {
  actor: string;
  alsoWrite: (tx: Executor, order: Order) => Promise<void>;
}

/** The order in one transaction (see the module comment); `origin` for an order staff place. */
export async function createOrderIn(
  ctx: AppContext,
  tx: Executor,
  now: Date,
  user: AuthUser,
  key: string,
  claimedAt: Date,
  body: CreateOrderBody,
  prepared: PreparedCheckout,
  origin?: OrderOrigin,
): Promise<Order> {
  const r: OrderRequest = { now, user, body, prepared, key, claimedAt };
  // The customer's row first, FOR UPDATE: one order of a customer at a time. Taken later, it would
  // deadlock on PostgreSQL against the KEY SHARE locks the foreign keys of concurrent inserts
  // (orders, coupon_uses, bonus_ledger, payments → users) hold on the same row.
  // The balance and the content versions come with the lock (one statement; PGlite runs every
  // statement of every request through one queue), so the assessment need not read them again.
  const locked = await lockCustomerForOrder(tx, user.userId);
  const a = await assessOrder(ctx, tx, r, {
    balance: locked?.balance ?? 0,
    versions: locked ? referenceVersionsFrom(locked.versions) : undefined,
  });
  const first = a.refusals[0];
  if (first) throw refusalError(first);

  // Writes: order, status log and the idempotent answer (one statement; the customer's push is
  // NOTIFYed in it too, delivered at the commit), then bonus spending, coupon use and payment; a
  // throw rolls all of it back.
  const { answer0, write } = newOrderWrite(ctx, r, a, origin?.actor ?? 'customer');
  const orderId = write.order.id;
  const written = await writeOrder(tx, write);
  if (written === undefined) throw new Error('insert into orders returned nothing');
  if (!written.answered) throw conflict(ORDER_MESSAGES.inProgress, 'order-in-progress');
  const answer: Order = { ...answer0, number: written.number };

  if (a.bonusSpent > 0) {
    // Locks the user's row and checks the balance: concurrent orders take turns, never below 0.
    await applyBonus(tx, { userId: user.userId, delta: -a.bonusSpent, reason: 'order-spend', orderId }, now);
  }
  if (a.appliedCouponCode !== null) await takeCouponUse(tx, a.appliedCouponCode, user.userId, orderId, now);
  if (isOnlineMethod(body.paymentMethod)) {
    // Pending until the server confirms it (contract/payments.ts).
    await createPaymentIn(
      tx,
      ctx,
      { id: orderId, userId: user.userId, total: a.total, paymentMethod: body.paymentMethod, createdAt: now },
      a.paymentAccount,
      now,
    );
  }

  if (origin) await origin.alsoWrite(tx, answer);
  return answer;
}

/** The order's use of the coupon, refused (422) when the coupon's or the customer's limit is reached. */
async function takeCouponUse(tx: Executor, code: string, userId: string, orderId: string, now: Date): Promise<void> {
  // The coupon's row lock taken here also serialises the per-user count below across processes.
  const limits = await countCouponUse(tx, code);
  if (!limits) throw unprocessable(COUPON_MESSAGES.limit, 'coupon-refused');
  if (limits.perUserLimit !== null && (await countCouponUses(tx, code, userId)) >= limits.perUserLimit) {
    throw unprocessable(COUPON_MESSAGES.limit, 'coupon-refused');
  }
  await insertCouponUse(tx, { code, userId, orderId, createdAt: now });
}
