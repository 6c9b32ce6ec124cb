// Checkout. POST /order is idempotent per (user, Idempotency-Key): the key is claimed ('running')
// before any work, and the order, the bonus spending (ledger + balance), the coupon use and the
// stored answer ('done') are written in ONE transaction. A refusal releases the key, so the same
// request may be sent again once the cause is gone. A claim carries its owner, the boot id of the
// process that made it: a claim whose process is gone (restarted, killed) is taken over at once,
// one still being worked on by a live process answers 409, and any claim is taken over after
// IDEMPOTENCY_STALE_MS. Only the claim that still holds the key may store its order, so a
// takeover, right or wrong about the owner, never makes a second order.
//
// The server trusts nothing of the client's money: lines are re-priced from the catalogue, gifts
// granted by the promotion engine, the zone found from the address point (geocoded when the
// client sent none), delivery and the service fee computed here. What is checked, and every
// refusal, is server/services/checkout.ts (assessCheckout), shared with POST /checkout/quote.
import { createHash, randomUUID } from 'node:crypto';
import { and, desc, eq, getTableColumns, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { ownerAliveSql, type Executor } from '../db/database.js';
import { users } from '../db/schema/customers.js';
import {
  couponUses,
  coupons,
  idempotencyKeys,
  orderStatusLog,
  orders,
  type StoredOrderLine,
} from '../db/schema/orders.js';
import { conflict, forbidden, notFound, unprocessable } from '../http/errors.js';
import {
  ORDER_STATUS_NAMES,
  Order as OrderSchema,
  type CreateOrderBody,
  type Order,
} from '../../src/api/contract/orders.js';
import type { LastOrder } from '../../src/api/entities.js';
import { requireCaptcha } from './captcha.js';
import { assessCheckout, isOnlineMethod, prepareCheckout, type PreparedCheckout } from './checkout.js';
import { REFERENCE_VERSION_NAMES, referenceVersionsFrom } from './checkoutReference.js';
import { ORDER_MESSAGES, refusalError } from './checkoutRefusals.js';
import { createPaymentIn } from './payments.js';
import type { PricedLine } from './pricing.js';
import { COUPON_MESSAGES, countCouponUses } from './promo.js';
import type { AuthUser } from './sessions.js';
import { applyBonus } from './users.js';

// Refusal messages live with the checkout assessment; re-exported for the areas that import them from here.
export {
  DEFAULT_SITE_NOT_WORKING_TEXT,
  ORDER_MESSAGES,
  bonusCapMessage,
  orderPriceChangedMessage,
  stoppedMessage,
  streetNotFoundMessage,
  zoneMinSumMessage,
} from './checkoutRefusals.js';
export { normalizeStreet } from '../integrations/geocoder.js';

export const IDEMPOTENCY_STALE_MS = 2 * 60 * 1000;
export const IDEMPOTENCY_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

// ---------------------------------------------------------------------------------------------
// Stored rows → answers

type OrderRow = typeof orders.$inferSelect;

export function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    statusName: ORDER_STATUS_NAMES[row.status],
    cityId: row.cityId,
    deliveryMethod: row.deliveryMethod,
    address: row.address,
    deliveryTerminalId: row.deliveryTerminalId,
    zoneId: row.zoneId,
    items: row.items,
    goodsTotal: row.goodsTotal,
    discountTotal: row.discountTotal,
    deliveryPrice: row.deliveryPrice,
    serviceFee: row.serviceFee,
    bonusSpent: row.bonusSpent,
    total: row.total,
    coupon: row.coupon,
    paymentMethod: row.paymentMethod,
    paymentStatus: row.paymentStatus,
    deliveryTime: row.deliveryTime === 'asap' ? 'asap' : new Date(row.deliveryTime).toISOString(),
    persons: row.persons,
    changeFrom: row.changeFrom,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// Idempotency

/** JSON with object keys sorted, so the same request always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body), 'utf8').digest('hex');
}

export interface StoredAnswer {
  status: number;
  body: Order;
}

/** A claim is (owner, createdAt): the process that made it and when. */
type Claim = { kind: 'claimed'; createdAt: Date } | { kind: 'replay'; answer: StoredAnswer };

async function claimKey(ctx: AppContext, userId: string, key: string, hash: string): Promise<Claim> {
  const now = ctx.clock.now();
  const forgetBefore = new Date(now.getTime() - IDEMPOTENCY_KEEP_MS);
  const owner = ctx.db.bootId;
  return ctx.db.run(async (db) => {
    // One statement (one turn of PGlite's queue): answers are kept for IDEMPOTENCY_KEEP_MS, and
    // the customer's older keys are deleted here (the primary key starts with user_id, so the
    // table stays bounded per customer), then the key is claimed. This key's own expired
    // answer is left to the conflict path below, which takes it over.
    const inserted = await db.execute<{ created_at: string | Date }>(sql`
      with forgotten as (
        delete from ${idempotencyKeys}
        where ${idempotencyKeys.userId} = ${userId} and ${idempotencyKeys.state} = 'done'
          and ${idempotencyKeys.createdAt} < ${forgetBefore.toISOString()} and ${idempotencyKeys.key} <> ${key}
      )
      insert into ${idempotencyKeys} (user_id, key, request_hash, state, created_at, owner)
      values (${userId}, ${key}, ${hash}, 'running', ${now.toISOString()}, ${owner}::bigint)
      on conflict do nothing
      returning created_at`);
    if (inserted.rows[0]) return { kind: 'claimed', createdAt: now };
    const rows = await db
      .select({
        ...getTableColumns(idempotencyKeys),
        ownerAlive: sql<boolean>`${ownerAliveSql(ctx.db, sql`${idempotencyKeys.owner}`)}`,
      })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
      .limit(1);
    const row = rows[0];
    if (!row) throw conflict(ORDER_MESSAGES.inProgress, 'order-in-progress'); // released in between: let the client retry
    if (row.state === 'done' && row.createdAt < forgetBefore) {
      // An answer older than IDEMPOTENCY_KEEP_MS is forgotten: the key is new again.
      const renewed = await db
        .update(idempotencyKeys)
        .set({
          requestHash: hash,
          state: 'running',
          responseStatus: null,
          responseBody: null,
          createdAt: now,
          owner: sql`${owner}::bigint`,
        })
        .where(
          and(
            eq(idempotencyKeys.userId, userId),
            eq(idempotencyKeys.key, key),
            eq(idempotencyKeys.state, 'done'),
            eq(idempotencyKeys.createdAt, row.createdAt),
          ),
        )
        .returning({ createdAt: idempotencyKeys.createdAt });
      if (renewed[0]) return { kind: 'claimed', createdAt: renewed[0].createdAt };
      throw conflict(ORDER_MESSAGES.inProgress, 'order-in-progress');
    }
    if (row.requestHash !== hash) throw unprocessable(ORDER_MESSAGES.keyReused, 'idempotency-key-reused');
    if (row.state === 'done' && row.responseStatus !== null) {
      const stored = OrderSchema.safeParse(row.responseBody);
      if (!stored.success) throw new Error(`stored answer of idempotency key ${key} does not match the contract`);
      return { kind: 'replay', answer: { status: row.responseStatus, body: stored.data } };
    }
    // The owner's process is gone (a restart, a kill; its transaction rolled back), or the
    // claim is older than any attempt should take: take the key over. A claim made before owners
    // were recorded (null) is judged by its age alone.
    const ownerGone = row.owner !== null && !row.ownerAlive;
    if (ownerGone || now.getTime() - row.createdAt.getTime() > IDEMPOTENCY_STALE_MS) {
      const taken = await db
        .update(idempotencyKeys)
        .set({ createdAt: now, owner: sql`${owner}::bigint` })
        .where(
          and(
            eq(idempotencyKeys.userId, userId),
            eq(idempotencyKeys.key, key),
            eq(idempotencyKeys.state, 'running'),
            eq(idempotencyKeys.createdAt, row.createdAt),
            sql`${idempotencyKeys.owner} is not distinct from ${row.owner === null ? null : row.owner.toString()}::bigint`,
          ),
        )
        .returning({ createdAt: idempotencyKeys.createdAt });
      if (taken[0]) return { kind: 'claimed', createdAt: taken[0].createdAt };
    }
    throw conflict(ORDER_MESSAGES.inProgress, 'order-in-progress');
  });
}

/** SQL true for the row of this claim (and no other process's claim of the same key). */
function ownClaim(ctx: AppContext, claimedAt: Date): SQL {
  return sql`${idempotencyKeys.state} = 'running' and ${idempotencyKeys.owner} = ${ctx.db.bootId}::bigint and ${idempotencyKeys.createdAt} = ${claimedAt.toISOString()}`;
}

async function releaseKey(ctx: AppContext, userId: string, key: string, claimedAt: Date): Promise<void> {
  await ctx.db.run((db) =>
    db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), ownClaim(ctx, claimedAt))),
  );
}

/**
 * POST /order: the stored answer of this key, or a new order. The captcha token is not part of
 * the request hash (a retry may carry a fresh one) and is checked only when the key is new.
 */
export async function placeOrder(
  ctx: AppContext,
  user: AuthUser,
  key: string,
  body: CreateOrderBody,
  ip = '',
): Promise<StoredAnswer> {
  const hash = requestHash({ ...body, captchaToken: null });
  const claim = await claimKey(ctx, user.userId, key, hash);
  if (claim.kind === 'replay') return claim.answer;
  let order: Order;
  try {
    await requireCaptcha(ctx, body.captchaToken, ip);
    // Geocoding may do HTTP: before the transaction.
    const prepared = await prepareCheckout(ctx, user, body, ip);
    order = await ctx.db.transaction((tx) =>
      createOrderIn(ctx, tx, ctx.clock.now(), user, key, claim.createdAt, body, prepared),
    );
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

// ---------------------------------------------------------------------------------------------
// Building the order

function toStoredLine(line: PricedLine, isGift: boolean): StoredOrderLine {
  return {
    productId: line.productId,
    name: line.name,
    amount: line.amount,
    price: line.unitPrice,
    sum: line.sum,
    mods: line.mods.map((m) => ({ id: m.id, name: m.name, amount: m.amount, price: m.price, groupId: m.groupId })),
    isGift,
  };
}

async function createOrderIn(
  ctx: AppContext,
  tx: Executor,
  now: Date,
  user: AuthUser,
  key: string,
  claimedAt: Date,
  body: CreateOrderBody,
  prepared: PreparedCheckout,
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
  const city = a.city;
  const terminalId = a.terminalId;
  if (!city || !terminalId) throw new Error('checkout assessment without refusals lacks a city or a restaurant');
  const online = isOnlineMethod(body.paymentMethod);

  // Writes: order, status log and the idempotent answer (one statement), then bonus spending,
  // coupon use and payment; a throw rolls all of it back.
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
    items: [...a.lines.map((l) => toStoredLine(l, false)), ...a.gifts.map((g) => toStoredLine(g, true))],
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
  } satisfies typeof orders.$inferInsert;
  // Every column is given but the number (a sequence): the stored answer takes it in SQL.
  const answer0 = toOrder({ ...values, number: 0 });
  // The answer is stored only by the claim that still holds the key: one taken over meanwhile
  // (its owner was thought gone, or it ran past IDEMPOTENCY_STALE_MS) rolls this order back.
  // The customer's push is NOTIFYed here too, delivered at the commit (no statement of its own).
  const pushed = ctx.push.notifyOnCommit?.({
    type: 'order:status_update',
    userId: user.userId,
    orderId,
    status: values.status,
  });
  const written = await tx.execute<{ number: string | number; answered: number }>(sql`
    with placed as (${tx.insert(orders).values(values).returning({ number: orders.number }).getSQL()}),
    logged as (
      insert into ${orderStatusLog} (order_id, status, at, actor) values (${orderId}, 'Unconfirmed', ${now.toISOString()}, 'customer')
    ),
    answered as (
      update ${idempotencyKeys}
      set state = 'done', response_status = 200,
        response_body = jsonb_set(${JSON.stringify(answer0)}::jsonb, '{number}', to_jsonb((select number from placed)))
      where user_id = ${user.userId} and key = ${key} and ${ownClaim(ctx, claimedAt)}
      returning 1
    )
    select number, (select count(*) from answered)::int as answered${pushed ? sql`, ${pushed} as pushed` : sql``} from placed`);
  const number = written.rows[0]?.number;
  if (number === undefined) throw new Error('insert into orders returned nothing');
  if (written.rows[0]?.answered !== 1) throw conflict(ORDER_MESSAGES.inProgress, 'order-in-progress');
  const answer: Order = { ...answer0, number: Number(number) };

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
      { id: orderId, userId: user.userId, total: a.total, paymentMethod: body.paymentMethod },
      a.paymentAccount,
      now,
    );
  }

  return answer;
}

// ---------------------------------------------------------------------------------------------
// Reading

/** GET /order/:id: 404 for no such order, 403 for another customer's. */
export async function readOrder(ctx: AppContext, user: AuthUser, orderId: string): Promise<Order> {
  const row = await ctx.db.run(
    async (db) => (await db.select().from(orders).where(eq(orders.id, orderId)).limit(1))[0],
  );
  if (!row) throw notFound(ORDER_MESSAGES.orderNotFound, 'order-not-found');
  if (row.userId !== user.userId) throw forbidden();
  return toOrder(row);
}

/** The customer's orders, newest first. */
export async function orderHistory(
  db: Executor,
  userId: string,
  limit: number,
  before: number | undefined,
): Promise<{ orders: Order[]; nextBefore: number | null }> {
  const rows = await db
    .select()
    .from(orders)
    .where(before === undefined ? eq(orders.userId, userId) : and(eq(orders.userId, userId), lt(orders.number, before)))
    .orderBy(desc(orders.number))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { orders: page.map(toOrder), nextBefore: rows.length > limit && last ? last.number : null };
}

/** The last order that was not cancelled, as the client repeats it. */
export async function lastOrder(db: Executor, userId: string): Promise<LastOrder> {
  const rows = await db
    .select({ items: orders.items })
    .from(orders)
    .where(and(eq(orders.userId, userId), ne(orders.status, 'Cancelled')))
    .orderBy(desc(orders.number))
    .limit(1);
  const items = rows[0]?.items ?? [];
  return {
    products: items.map((line) => ({
      productId: line.productId,
      isGift: line.isGift,
      amount: line.amount,
      name: line.name,
      mods: line.mods.map((m) => ({ id: m.id, amount: m.amount, groupId: m.groupId, price: m.price })),
    })),
  };
}
