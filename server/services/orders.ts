// Checkout. POST /order is idempotent per (user, Idempotency-Key): the key is claimed ('running')
// before any work, and the order, the bonus spending (ledger + balance), the coupon use and the
// stored answer ('done') are written in ONE transaction. A refusal releases the key, so the same
// request may be sent again once the cause is gone; a crash leaves 'running', taken over after
// IDEMPOTENCY_STALE_MS.
//
// The server trusts nothing of the client's money: lines are re-priced from the catalogue, gifts
// granted by the promotion engine, the zone found from the address point (geocoded from the
// street reference when the client sent none), delivery and the service fee computed here.
import { createHash, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/database.js';
import { cities, deliveryZones, restaurants, stopList, streets } from '../db/schema/catalog.js';
import { addresses, users } from '../db/schema/customers.js';
import { couponUses, coupons, idempotencyKeys, orderStatusLog, orders, type StoredAddress, type StoredOrderLine } from '../db/schema/orders.js';
import { conflict, forbidden, notFound, unprocessable } from '../http/errors.js';
import { ORDER_STATUS_NAMES, Order as OrderSchema, type CreateOrderBody, type Order } from '../../src/api/contract/orders.js';
import type { LastOrder } from '../../src/api/entities.js';
import { findZone } from '../../src/domain/deliveryZone.js';
import { formatPrice } from '../../src/domain/price.js';
import { isOpenAt } from '../../src/domain/workingHours.js';
import { MODIFIER_GONE_MESSAGE, loadPricingCatalog, priceItem, priceItems, type PricedLine, type PricingCatalog } from './pricing.js';
import {
  COUPON_MESSAGES,
  countCouponUses,
  evaluatePromo,
  findCoupon,
  giftInfoFrom,
  loadGiftRules,
  loadOrderSettings,
  normalizeCouponCode,
  type GrantedGift,
} from './promo.js';
import type { AuthUser } from './sessions.js';
import { cityWorkTime } from './settings.js';
import { applyBonus, getBalance } from './users.js';

export const DEFAULT_SITE_NOT_WORKING_TEXT = 'По техническим причинам прием заказов временно невозможен приносим свои извинения';
export const ORDER_MESSAGES = {
  noIdempotencyKey: 'Не указан ключ идемпотентности',
  keyReused: 'Ключ идемпотентности уже использован для другого заказа',
  inProgress: 'Заказ уже оформляется',
  closed: 'Сейчас нерабочее время, приносим свои извинения.',
  slotClosed: 'Выбранное время вне часов работы ресторана',
  slotPast: 'Выбранное время уже прошло',
  slotTooFar: 'Заказ можно оформить не более чем на 7 дней вперёд',
  cityNotFound: 'Город не найден',
  outsideZone: 'Адрес вне зоны доставки',
  noAddress: 'Укажите адрес доставки',
  addressNotFound: 'Адрес не найден',
  noRestaurant: 'Выберите ресторан для самовывоза',
  onlinePaymentOff: 'Онлайн-оплата сейчас недоступна, выберите оплату при получении',
  courierCardSelf: 'Оплата картой курьеру возможна только при доставке',
  changeTooSmall: 'Сумма, с которой нужна сдача, меньше суммы заказа',
  orderNotFound: 'Заказ не найден',
} as const;

export const IDEMPOTENCY_STALE_MS = 2 * 60 * 1000;
export const IDEMPOTENCY_KEEP_MS = 7 * 24 * 60 * 60 * 1000;
const MAX_DAYS_AHEAD = 7;
const PAST_SLACK_MS = 60 * 1000;

export function zoneMinSumMessage(zoneName: string, minSum: number): string {
  return `Минимальная сумма заказа для доставки в зону «${zoneName}» — ${formatPrice(minSum)} (без учёта доставки)`;
}
export function orderPriceChangedMessage(total: number, expected: number): string {
  return `Цены изменились: сумма заказа теперь ${formatPrice(total)} вместо ${formatPrice(expected)}. Проверьте корзину`;
}
export function stoppedMessage(names: readonly string[]): string {
  return `Нет в наличии в выбранном ресторане: ${names.map((n) => `«${n}»`).join(', ')}`;
}
export function bonusCapMessage(cap: number): string {
  return `Бонусами можно оплатить не более ${formatPrice(cap)} этого заказа`;
}
export function streetNotFoundMessage(street: string, cityName: string): string {
  return `Не удалось найти улицу «${street}» в городе ${cityName}. ${ORDER_MESSAGES.outsideZone}`;
}

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

type Claim = { kind: 'claimed'; createdAt: Date } | { kind: 'replay'; answer: StoredAnswer };

async function claimKey(ctx: AppContext, userId: string, key: string, hash: string): Promise<Claim> {
  const now = ctx.clock.now();
  return ctx.db.run(async (db) => {
    // Answers are kept for IDEMPOTENCY_KEEP_MS; the customer's older keys go here (the primary
    // key starts with user_id, so this is cheap and the table stays bounded per customer).
    await db
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.userId, userId),
          eq(idempotencyKeys.state, 'done'),
          lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEEP_MS)),
        ),
      );
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ userId, key, requestHash: hash, state: 'running', createdAt: now })
      .onConflictDoNothing()
      .returning({ createdAt: idempotencyKeys.createdAt });
    if (inserted[0]) return { kind: 'claimed', createdAt: inserted[0].createdAt };
    const rows = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
      .limit(1);
    const row = rows[0];
    if (!row) throw conflict(ORDER_MESSAGES.inProgress, 'order-in-progress'); // released in between: let the client retry
    if (row.requestHash !== hash) throw unprocessable(ORDER_MESSAGES.keyReused, 'idempotency-key-reused');
    if (row.state === 'done' && row.responseStatus !== null) {
      const stored = OrderSchema.safeParse(row.responseBody);
      if (!stored.success) throw new Error(`stored answer of idempotency key ${key} does not match the contract`);
      return { kind: 'replay', answer: { status: row.responseStatus, body: stored.data } };
    }
    if (now.getTime() - row.createdAt.getTime() > IDEMPOTENCY_STALE_MS) {
      // The first attempt died mid-way (its transaction rolled back): take the key over.
      const taken = await db
        .update(idempotencyKeys)
        .set({ createdAt: now })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), eq(idempotencyKeys.state, 'running'), eq(idempotencyKeys.createdAt, row.createdAt)))
        .returning({ createdAt: idempotencyKeys.createdAt });
      if (taken[0]) return { kind: 'claimed', createdAt: taken[0].createdAt };
    }
    throw conflict(ORDER_MESSAGES.inProgress, 'order-in-progress');
  });
}

async function releaseKey(ctx: AppContext, userId: string, key: string): Promise<void> {
  await ctx.db.run((db) =>
    db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), eq(idempotencyKeys.state, 'running'))),
  );
}

/** POST /order: the stored answer of this key, or a new order. */
export async function placeOrder(ctx: AppContext, user: AuthUser, key: string, body: CreateOrderBody): Promise<StoredAnswer> {
  const hash = requestHash(body);
  const claim = await claimKey(ctx, user.userId, key, hash);
  if (claim.kind === 'replay') return claim.answer;
  let order: Order;
  try {
    order = await ctx.db.transaction((tx) => createOrderIn(tx, ctx.db, ctx.clock.now(), user, key, body));
  } catch (error) {
    await releaseKey(ctx, user.userId, key).catch(() => undefined);
    throw error;
  }
  await ctx.push.publish({ type: 'order:status_update', userId: user.userId, orderId: order.id, status: order.status }).catch(() => undefined);
  return { status: 200, body: order };
}

// ---------------------------------------------------------------------------------------------
// Building the order

/** Lower case, ё → е, no punctuation and no street-kind words: 'ул. Карла Маркса' ~ 'улица Карла Маркса'. */
export function normalizeStreet(name: string): string {
  const KINDS = new Set(['улица', 'ул', 'проспект', 'пр', 'пр-т', 'просп', 'бульвар', 'б-р', 'бул', 'микрорайон', 'мкр', 'мкрн', 'мкр-н', 'квартал', 'кв-л', 'переулок', 'пер', 'проезд', 'пр-д', 'площадь', 'пл', 'шоссе', 'ш']);
  return name
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[.,;:«»"()]/g, ' ')
    .split(/\s+/)
    .filter((word) => word.length > 0 && !KINDS.has(word))
    .join(' ');
}

async function geocodeStreet(tx: Executor, cityIikoId: string, street: string): Promise<{ lat: number; lon: number } | null> {
  const rows = await tx.select({ name: streets.name, lat: streets.lat, lon: streets.lon }).from(streets).where(eq(streets.cityIikoId, cityIikoId));
  const wanted = normalizeStreet(street);
  const hit = rows.find((r) => normalizeStreet(r.name) === wanted);
  return hit ? { lat: hit.lat, lon: hit.lon } : null;
}

/** The first choice of every required modifier group: the gift pizza when the customer chose nothing. */
function defaultMods(catalog: PricingCatalog, productId: string): { id: string; amount: number; groupId: string }[] {
  const product = catalog.products.get(productId);
  if (!product) return [];
  return product.groupModifiers.flatMap((g) => {
    const first = g.modifiers.find((m) => catalog.products.has(m.modifierId));
    return g.required && first ? [{ id: first.modifierId, amount: 1, groupId: g.id }] : [];
  });
}

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

function giftLines(catalog: PricingCatalog, gifts: readonly GrantedGift[], body: CreateOrderBody): PricedLine[] {
  const lines: PricedLine[] = [];
  for (const gift of gifts) {
    const asked = body.items.find((i) => i.isGift && i.productId === gift.productId && i.mods.length > 0);
    const mods = gift.hasModifiers ? (asked?.mods ?? defaultMods(catalog, gift.productId)) : [];
    const line = priceItem(catalog, { productId: gift.productId, amount: gift.amount, mods }, { free: true });
    if (typeof line === 'string') {
      // The gift product itself left the catalogue: no gift. Bad modifiers the customer chose: refuse.
      if (asked) throw unprocessable(MODIFIER_GONE_MESSAGE, 'item-unavailable');
      continue;
    }
    lines.push(line);
  }
  return lines;
}

async function createOrderIn(tx: Executor, cacheOwner: object, now: Date, user: AuthUser, key: string, body: CreateOrderBody): Promise<Order> {
  const nowIso = now.toISOString();
  // The customer's row first, FOR UPDATE: one order of a customer at a time. Taken later, it would
  // deadlock on PostgreSQL against the KEY SHARE locks the foreign keys of concurrent inserts
  // (orders, coupon_uses, bonus_ledger → users) hold on the same row.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, user.userId)).for('update');
  const settings = await loadOrderSettings(tx);
  if (settings.isSiteNotWorking) {
    throw unprocessable(settings.textSiteNotWorking.trim() || DEFAULT_SITE_NOT_WORKING_TEXT, 'site-not-working');
  }

  const city = (await tx.select().from(cities).where(eq(cities.id, body.cityId)).limit(1))[0];
  if (!city) throw unprocessable(ORDER_MESSAGES.cityNotFound, 'city-not-found');
  const cityRestaurants = await tx
    .select()
    .from(restaurants)
    .where(and(eq(restaurants.cityId, city.id), eq(restaurants.isActive, true)))
    .orderBy(asc(restaurants.position));
  // WORK_TIME of the city, as GET /setting shows it.
  const workTime = cityWorkTime(cityRestaurants.map((r) => r.hours));
  if (!isOpenAt(workTime, nowIso, city.timeZone)) throw unprocessable(ORDER_MESSAGES.closed, 'outside-working-hours');
  let deliveryTime = 'asap';
  if (body.deliveryTime !== 'asap') {
    const at = Date.parse(body.deliveryTime);
    if (at < now.getTime() - PAST_SLACK_MS) throw unprocessable(ORDER_MESSAGES.slotPast, 'slot-past');
    if (at > now.getTime() + MAX_DAYS_AHEAD * 24 * 60 * 60 * 1000) throw unprocessable(ORDER_MESSAGES.slotTooFar, 'slot-too-far');
    if (!isOpenAt(workTime, at, city.timeZone)) throw unprocessable(ORDER_MESSAGES.slotClosed, 'slot-outside-working-hours');
    deliveryTime = new Date(at).toISOString();
  }

  // Lines, re-priced.
  const catalog = await loadPricingCatalog(tx, cacheOwner);
  const priced = priceItems(catalog, body.items.filter((i) => !i.isGift));
  if (!priced.ok) throw unprocessable(priced.message, 'item-unavailable');
  const lines = priced.lines;
  if (lines.length === 0) throw unprocessable('Корзина пуста', 'empty-cart');

  // Where it goes and which restaurant cooks it.
  let address: StoredAddress | null = null;
  let zone: typeof deliveryZones.$inferSelect | null = null;
  let terminalId: string;
  if (body.deliveryMethod === 'delivery') {
    if (body.addressId !== null) {
      const saved = (await tx.select().from(addresses).where(eq(addresses.id, body.addressId)).limit(1))[0];
      if (!saved) throw unprocessable(ORDER_MESSAGES.addressNotFound, 'address-not-found');
      if (saved.userId !== user.userId) throw forbidden();
      address = {
        city: saved.city,
        street: saved.street,
        home: saved.home,
        apartment: saved.apartment,
        entrance: saved.entrance,
        floor: saved.floor,
        intercom: saved.intercom,
        comment: saved.comment,
        location: saved.lat !== null && saved.lon !== null ? { lat: saved.lat, lon: saved.lon } : null,
      };
    } else if (body.address !== null) {
      address = { ...body.address, city: body.address.city || city.name };
    } else {
      throw unprocessable(ORDER_MESSAGES.noAddress, 'no-address');
    }
    const point = address.location ?? (await geocodeStreet(tx, city.iikoId, address.street));
    if (!point) throw unprocessable(streetNotFoundMessage(address.street, city.name), 'street-not-found');
    const zones = await tx.select().from(deliveryZones).where(eq(deliveryZones.cityId, city.id)).orderBy(asc(deliveryZones.position), asc(deliveryZones.id));
    zone = findZone(zones, point);
    if (!zone) throw unprocessable(ORDER_MESSAGES.outsideZone, 'outside-zone');
    address = { ...address, location: point };
    terminalId = zone.deliveryTerminalId;
  } else {
    const restaurant = cityRestaurants.find((r) => r.deliveryTerminalId === body.deliveryTerminalId);
    if (!restaurant) throw unprocessable(ORDER_MESSAGES.noRestaurant, 'no-restaurant');
    terminalId = restaurant.deliveryTerminalId;
  }

  // Stop list of that restaurant: goods and their modifiers.
  const wanted = [...new Set(lines.flatMap((l) => [l.productId, ...l.mods.map((m) => m.id)]))];
  const stoppedRows = await tx
    .select({ productId: stopList.productId })
    .from(stopList)
    .where(and(eq(stopList.deliveryTerminalId, terminalId), inArray(stopList.productId, wanted)));
  if (stoppedRows.length > 0) {
    const stopped = new Set(stoppedRows.map((r) => r.productId));
    const names = [...new Set(lines.flatMap((l) => [...(stopped.has(l.productId) ? [l.name] : []), ...l.mods.filter((m) => stopped.has(m.id)).map((m) => `${l.name}: ${m.name}`)]))];
    throw unprocessable(stoppedMessage(names), 'stop-list');
  }

  // Promotions: coupon, gifts, the bonus cap.
  const couponCode = normalizeCouponCode(body.coupon);
  const coupon = await findCoupon(tx, couponCode);
  const usesByUser = coupon ? await countCouponUses(tx, coupon.code, user.userId) : 0;
  const balance = await getBalance(tx, user.userId);
  const rules = await loadGiftRules(tx, settings);
  const promo = evaluatePromo({
    lines,
    requestedGifts: [],
    couponCode,
    coupon,
    couponUsesByUser: usesByUser,
    user: { id: user.userId, balance },
    cityId: city.id,
    deliveryMethod: body.deliveryMethod,
    now: nowIso,
    spendBonus: body.spendBonus,
    bonusSpendCap: settings.bonusSpendCap,
    rules,
    giftInfo: giftInfoFrom(catalog, rules),
    clientGoodsTotal: null,
  });
  if (promo.couponError !== null) throw unprocessable(promo.couponError, 'coupon-refused');
  const goodsTotal = promo.goodsTotal;
  const discountTotal = promo.discountTotal;

  if (zone && goodsTotal - discountTotal < zone.minSum) throw unprocessable(zoneMinSumMessage(zone.name, zone.minSum), 'below-min-sum');

  const cityData = settings.citiesData[city.iikoId];
  const deliveryPrice = zone ? (cityData && goodsTotal >= cityData.freeDeliveryFrom ? 0 : zone.deliveryPrice) : 0;
  const serviceFee = cityData?.serviceFeeId ? (catalog.products.get(cityData.serviceFeeId)?.price ?? 0) : 0;

  if (body.spendBonus > promo.bonusCap) throw unprocessable(bonusCapMessage(promo.bonusCap), 'bonus-cap');
  const bonusSpent = body.spendBonus;
  const total = goodsTotal - discountTotal + deliveryPrice + serviceFee - bonusSpent;
  if (body.expectedTotal !== null && Math.abs(body.expectedTotal - total) >= 0.01) {
    throw unprocessable(orderPriceChangedMessage(total, body.expectedTotal), 'price-changed');
  }

  // Payment.
  const online = body.paymentMethod === 'card' || body.paymentMethod === 'sbp';
  if (online) {
    const restaurant = cityRestaurants.find((r) => r.deliveryTerminalId === terminalId);
    if (settings.isOnlinePaymentDisable[body.deliveryMethod] || restaurant?.isOnlinePaymentDisabled) {
      throw unprocessable(ORDER_MESSAGES.onlinePaymentOff, 'online-payment-disabled');
    }
  }
  if (body.paymentMethod === 'courier-card' && body.deliveryMethod !== 'delivery') throw unprocessable(ORDER_MESSAGES.courierCardSelf, 'courier-card-self');
  const changeFrom = body.paymentMethod === 'cash' ? body.changeFrom : null;
  if (changeFrom !== null && changeFrom < total) throw unprocessable(ORDER_MESSAGES.changeTooSmall, 'change-too-small');

  // Gifts the order qualifies for; a gift the restaurant cannot cook now is left out.
  const stoppedHere = new Set(
    (await tx.select({ productId: stopList.productId }).from(stopList).where(eq(stopList.deliveryTerminalId, terminalId))).map((r) => r.productId),
  );
  const gifts = giftLines(catalog, promo.gifts, body).filter((g) => !stoppedHere.has(g.productId));

  // Writes: order, status log, bonus spending, coupon use, the idempotent answer.
  const orderId = randomUUID();
  const inserted = await tx
    .insert(orders)
    .values({
      id: orderId,
      userId: user.userId,
      cityId: city.id,
      status: 'Unconfirmed',
      deliveryMethod: body.deliveryMethod,
      address,
      deliveryTerminalId: terminalId,
      zoneId: zone?.id ?? null,
      items: [...lines.map((l) => toStoredLine(l, false)), ...gifts.map((g) => toStoredLine(g, true))],
      goodsTotal,
      discountTotal,
      deliveryPrice,
      serviceFee,
      bonusSpent,
      total,
      coupon: promo.appliedCoupon?.code ?? null,
      paymentMethod: body.paymentMethod,
      paymentStatus: online ? 'pending' : 'none',
      deliveryTime,
      persons: body.persons,
      changeFrom,
      comment: body.comment,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const row = inserted[0];
  if (!row) throw new Error('insert into orders returned nothing');
  await tx.insert(orderStatusLog).values({ orderId, status: 'Unconfirmed', at: now, actor: 'customer' });

  if (bonusSpent > 0) {
    // Locks the user's row and checks the balance: concurrent orders take turns, never below 0.
    await applyBonus(tx, { userId: user.userId, delta: -bonusSpent, reason: 'order-spend', orderId }, now);
  }

  if (promo.appliedCoupon) {
    const code = promo.appliedCoupon.code;
    // The row lock taken here also serialises the per-user count below across processes.
    const counted = await tx
      .update(coupons)
      .set({ usedCount: sql`${coupons.usedCount} + 1` })
      .where(and(eq(coupons.code, code), sql`(${coupons.usageLimit} is null or ${coupons.usedCount} < ${coupons.usageLimit})`))
      .returning({ perUserLimit: coupons.perUserLimit });
    const limits = counted[0];
    if (!limits) throw unprocessable(COUPON_MESSAGES.limit, 'coupon-refused');
    if (limits.perUserLimit !== null && (await countCouponUses(tx, code, user.userId)) >= limits.perUserLimit) {
      throw unprocessable(COUPON_MESSAGES.limit, 'coupon-refused');
    }
    await tx.insert(couponUses).values({ code, userId: user.userId, orderId, createdAt: now });
  }

  const answer = toOrder(row);
  await tx
    .update(idempotencyKeys)
    .set({ state: 'done', responseStatus: 200, responseBody: answer })
    .where(and(eq(idempotencyKeys.userId, user.userId), eq(idempotencyKeys.key, key)));
  return answer;
}

// ---------------------------------------------------------------------------------------------
// Reading

/** GET /order/:id: 404 for no such order, 403 for another customer's. */
export async function readOrder(ctx: AppContext, user: AuthUser, orderId: string): Promise<Order> {
  const row = await ctx.db.run(async (db) => (await db.select().from(orders).where(eq(orders.id, orderId)).limit(1))[0]);
  if (!row) throw notFound(ORDER_MESSAGES.orderNotFound, 'order-not-found');
  if (row.userId !== user.userId) throw forbidden();
  return toOrder(row);
}

/** The customer's orders, newest first. */
export async function orderHistory(db: Executor, userId: string, limit: number, before: number | undefined): Promise<{ orders: Order[]; nextBefore: number | null }> {
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
