// POST /order: a new order, or the stored answer of its Idempotency-Key (idempotency.ts). The
// order, the bonus spending (ledger + balance), the coupon use, the payment and the stored answer
// are written in ONE transaction.
//
// The server trusts nothing of the client's money: lines are re-priced from the catalogue, gifts
// granted by the promotion engine, the zone found from the address point (geocoded when the
// client sent none), delivery and the service fee computed here. What is checked, and every
// refusal, is assess.ts (assessCheckout), shared with POST /checkout/quote.
import { randomUUID } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { CreateOrderBody, Order } from '../../../src/api/contract/orders.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/database.js';
import { users } from '../../db/schema/customers.js';
import { couponUses, coupons } from '../../db/schema/orders.js';
import { conflict, unauthorized, unprocessable } from '../../http/errors.js';
import {
  ORDER_CLAIM_LOST,
  ORDER_STALE_REFERENCE,
  writeOrder,
  writeOrderIfCurrent,
  type NewOrderRow,
  type OrderWrite,
} from '../../repositories/orders.js';
import { requireCaptcha } from '../captcha.js';
import {
  REFERENCE_VERSION_NAMES,
  recentCheckoutReference,
  referenceVersionsFrom,
  type CheckoutReference,
  type ReferenceVersions,
} from '../checkoutReference.js';
import { ORDER_MESSAGES, refusalError } from '../checkoutRefusals.js';
import { createPaymentIn } from '../payments.js';
import { COUPON_MESSAGES, countCouponUses, normalizeCouponCode } from '../promo.js';
import { sessionLookup, type AuthUser } from '../sessions.js';
import { applyBonus } from '../users.js';
import { assessCheckout, type Assessment } from './assess.js';
import { claimKeyOfSession, releaseKey, requestHash, type StoredAnswer } from './idempotency.js';
import { isOnlineMethod } from './moneyChecks.js';
import { prepareCheckout, type PreparedCheckout } from './prepare.js';
import { storedLine } from './quote.js';
import { toOrder } from './toOrder.js';

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
  let order: Order;
  try {
    await requireCaptcha(ctx, body.captchaToken, ip);
    // Geocoding may do HTTP: before the transaction.
    const prepared = await prepareCheckout(ctx, user, body, ip);
    order =
      (fitsOneStatement(body) ? await placeInOneStatement(ctx, user, key, claim.createdAt, body, prepared) : null) ??
      (await ctx.db.transaction((tx) =>
        createOrderIn(ctx, tx, ctx.clock.now(), user, key, claim.createdAt, body, prepared),
      ));
  } catch (error) {
    await releaseKey(ctx, user.userId, key, claim.createdAt).catch(() => undefined);
    throw error;
  }
  // A push that is a NOTIFY went out with the order's commit (createOrderIn).
  if (!ctx.push.notifyOnCommit) {
    await ctx.push
      .publish({ type: 'order:status_update', userId: user.userId, orderId: order.id, status: order.status })
      .catch(() => undefined);
  }
  return { status: 200, body: order };
}

/**
 * Whether the order can be written by one autocommit statement: it spends no bonuses, has no
 * coupon and no online payment, so it writes only the order, its status line and the stored
 * answer, none of which needs the customer's row lock (the bonus balance and the coupon counts
 * do: createOrderIn).
 */
function fitsOneStatement(body: CreateOrderBody): boolean {
  return (
    body.spendBonus === 0 &&
    normalizeCouponCode(body.coupon) === null &&
    !isOnlineMethod(body.paymentMethod) &&
    body.paymentMethod !== 'card' &&
    body.paymentMethod !== 'sbp'
  );
}

/**
 * The order in ONE statement, no transaction around it (one round trip instead of BEGIN, the
 * lock, the write and COMMIT), assessed against this process's copy of the reference data; the
 * statement itself checks that the content versions of that copy are still current and that the
 * key's claim is still its own, and raises otherwise (order_refuse, migration 0014), which undoes
 * all of it. Null when the transaction must decide instead: the copy was out of date, or the
 * copy refuses the order (the transaction answers the refusal from current data).
 */
async function placeInOneStatement(
  ctx: AppContext,
  user: AuthUser,
  key: string,
  claimedAt: Date,
  body: CreateOrderBody,
  prepared: PreparedCheckout,
): Promise<Order | null> {
  const reference = await recentCheckoutReference(ctx.db, ctx.config.contentVersionMaxAgeMs);
  const now = ctx.clock.now();
  return ctx.db.run(async (db) => {
    const a = await assessCheckout(ctx, db, {
      now,
      user,
      input: body,
      prepared,
      cacheOwner: ctx.db,
      listSlots: false,
      // no bonuses are spent (fitsOneStatement): the balance decides nothing
      balance: 0,
      reference,
    });
    if (a.refusals.length > 0) return null;
    const { orderId, values, answer0 } = newOrder(user, body, a, now);
    const pushed = ctx.push.notifyOnCommit?.({
      type: 'order:status_update',
      userId: user.userId,
      orderId,
      status: values.status,
    });
    let number: number | undefined;
    try {
      number = await writeOrderIfCurrent(
        db,
        orderWrite(ctx, values, answer0, key, claimedAt, pushed, 'customer'),
        versionsOf(reference),
      );
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

/** The new order's row and its answer (the number, a sequence, is taken in SQL). */
function newOrder(user: AuthUser, body: CreateOrderBody, a: Assessment, now: Date) {
  const city = a.city;
  const terminalId = a.terminalId;
  if (!city || !terminalId) throw new Error('checkout assessment without refusals lacks a city or a restaurant');
  const online = isOnlineMethod(body.paymentMethod);
  const orderId = randomUUID();
  const values = {
    id: orderId,
    userId: user.userId,
    cityId: city.id,
    status: 'Unconfirmed',
    deliveryMethod: body.deliveryMethod,
    address: a.address,
    deliveryTerminalId: terminalId,
    zoneId: a.zone?.id ?? null,
    items: [...a.lines.map((l) => storedLine(l, false)), ...a.gifts.map((g) => storedLine(g, true))],
    goodsTotal: a.goodsTotal,
    discountTotal: a.discountTotal,
    deliveryPrice: a.deliveryPrice,
    serviceFee: a.serviceFee,
    bonusSpent: a.bonusSpent,
    total: a.total,
    coupon: a.appliedCouponCode,
    paymentMethod: body.paymentMethod,
    paymentStatus: online ? 'pending' : 'none',
    deliveryTime: a.deliveryTime,
    persons: body.persons,
    changeFrom: a.changeFrom,
    comment: body.comment,
    createdAt: now,
    updatedAt: now,
  } satisfies NewOrderRow;
  // Every column is given but the number (a sequence): the stored answer takes it in SQL.
  const answer0 = toOrder({ ...values, number: 0 });
  return { orderId, values, answer0 };
}

/** The write of a new order under this process's claim of `key`. */
function orderWrite(
  ctx: AppContext,
  values: NewOrderRow,
  answer0: Order,
  key: string,
  claimedAt: Date,
  pushed: SQL | undefined,
  actor: string,
): OrderWrite {
  return { order: values, answerJson: JSON.stringify(answer0), actor, key, owner: ctx.db.bootId, claimedAt, pushed };
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
  // The customer's row first, FOR UPDATE: one order of a customer at a time. Taken later, it would
  // deadlock on PostgreSQL against the KEY SHARE locks the foreign keys of concurrent inserts
  // (orders, coupon_uses, bonus_ledger, payments → users) hold on the same row.
  // The balance and the content versions come with the lock (one statement; PGlite runs every
  // statement of every request through one queue), so the assessment need not read them again.
  const locked = await tx.execute<{ balance: number; name: string; version: string }>(sql`
    select u.balance, v.name, v.version::text as version
    from ${users} u cross join content_versions v
    where u.id = ${user.userId} and v.name in (${REFERENCE_VERSION_NAMES})
    for update of u`);
  const balance = locked.rows[0]?.balance ?? 0;
  const versions = locked.rows.length > 0 ? referenceVersionsFrom(locked.rows) : undefined;
  // The same assessment POST /checkout/quote shows; its first refusal is the answer.
  const a = await assessCheckout(ctx, tx, {
    now,
    user,
    input: body,
    prepared,
    cacheOwner: ctx.db,
    listSlots: false,
    balance,
    versions,
  });
  const first = a.refusals[0];
  if (first) throw refusalError(first);

  // Writes: order, status log and the idempotent answer (one statement), then bonus spending,
  // coupon use and payment; a throw rolls all of it back.
  const { orderId, values, answer0 } = newOrder(user, body, a, now);
  // The customer's push is NOTIFYed here too, delivered at the commit (no statement of its own).
  const pushed = ctx.push.notifyOnCommit?.({
    type: 'order:status_update',
    userId: user.userId,
    orderId,
    status: values.status,
  });
  const written = await writeOrder(
    tx,
    orderWrite(ctx, values, answer0, key, claimedAt, pushed, origin?.actor ?? 'customer'),
  );
  if (written === undefined) throw new Error('insert into orders returned nothing');
  if (!written.answered) throw conflict(ORDER_MESSAGES.inProgress, 'order-in-progress');
  const answer: Order = { ...answer0, number: written.number };

  if (a.bonusSpent > 0) {
    // Locks the user's row and checks the balance: concurrent orders take turns, never below 0.
    await applyBonus(tx, { userId: user.userId, delta: -a.bonusSpent, reason: 'order-spend', orderId }, now);
  }

  if (a.appliedCouponCode !== null) {
    const code = a.appliedCouponCode;
    // The row lock taken here also serialises the per-user count below across processes.
    const counted = await tx
      .update(coupons)
      .set({ usedCount: sql`${coupons.usedCount} + 1` })
      .where(
        and(
          eq(coupons.code, code),
          sql`(${coupons.usageLimit} is null or ${coupons.usedCount} < ${coupons.usageLimit})`,
        ),
      )
      .returning({ perUserLimit: coupons.perUserLimit });
    const limits = counted[0];
    if (!limits) throw unprocessable(COUPON_MESSAGES.limit, 'coupon-refused');
    if (limits.perUserLimit !== null && (await countCouponUses(tx, code, user.userId)) >= limits.perUserLimit) {
      throw unprocessable(COUPON_MESSAGES.limit, 'coupon-refused');
    }
    await tx.insert(couponUses).values({ code, userId: user.userId, orderId, createdAt: now });
  }

  if (body.paymentMethod === 'card' || body.paymentMethod === 'sbp') {
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
