// Orders taken by phone (docs/ADMIN.md «Phone orders»). The call centre acts for a customer: the
// quote and the order are the storefront's own (quoteCheckout, prepareCheckout, createOrderIn and
// its assessCheckout) run as that customer, so prices, promotions, bonuses, zones, slots, stop
// lists and every refusal are the same. Only the idempotency claim, the phone_orders row and the
// audit entry are particular to the call centre.
import type { CheckoutQuote } from '../../../src/api/contract/checkout.js';
import type { AdminOrderDetail } from '../../../src/api/contract/admin/orders.js';
import {
  PHONE_ORDER_MESSAGES,
  PHONE_PAYMENT_METHODS,
  type PhoneOrderDetail,
  type adminPhoneCreateCustomer,
  type adminPlacePhoneOrder,
  type adminPhoneQuote,
  type PhoneCustomer,
} from '../../../src/api/contract/admin/phoneOrders.js';
import type { PaymentMethod } from '../../../src/api/contract/orders.js';
import type { Catalog } from '../../../src/api/entities.js';
import { validatePhone } from '../../../src/domain/phone.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/database.js';
import { notFound, unprocessable } from '../../http/errors.js';
import { addressesOfUser } from '../../repositories/addresses.js';
import { findCity } from '../../repositories/catalog.js';
import { lockKey } from '../../repositories/locks.js';
import { insertPhoneOrder, isTakenByPhone, phoneTakerIdOf } from '../../repositories/phoneOrders.js';
import { findRestaurant } from '../../repositories/restaurants.js';
import { buildCatalog } from '../catalog.js';
import { recentCheckoutReference } from '../checkoutReference.js';
import { claimKey, requestHash } from '../order/idempotency.js';
import { createOrderIn, placeUnderClaim, type OrderOrigin } from '../order/place.js';
import { prepareCheckout } from '../order/prepare.js';
import { quoteCheckout } from '../order/quote.js';
import type { AuthUser } from '../sessions.js';
import { findUser, findUserByPhone, insertUser, toAddress } from '../users.js';
import type { Actor, BodyOf } from './actor.js';
import { audit } from './audit.js';
import { withCounts } from './customers.js';
import { orderDetail } from './ordersRead.js';

type UserRow = NonNullable<Awaited<ReturnType<typeof findUser>>>;

/** The phone in '+7XXXXXXXXXX', or 422 with the storefront's own phone message. */
function phoneOf(raw: string): string {
  const checked = validatePhone(raw);
  if (!checked.ok) throw unprocessable(checked.message, 'phone-invalid');
  return checked.phone;
}

async function phoneCustomer(db: Executor, row: UserRow): Promise<PhoneCustomer> {
  const [customer] = await withCounts(db, [row]);
  if (!customer) throw new Error(`customer ${row.id} vanished`);
  return { customer, addresses: (await addressesOfUser(db, row.id)).map(toAddress) };
}

/** GET /admin/phone-orders/customer: the customer of a full phone number, or null. */
export async function findPhoneCustomer(
  ctx: AppContext,
  raw: string,
): Promise<{ phone: string; found: PhoneCustomer | null }> {
  const phone = phoneOf(raw);
  return ctx.db.run(async (db) => {
    const row = await findUserByPhone(db, phone);
    return { phone, found: row ? await phoneCustomer(db, row) : null };
  });
}

/**
 * POST /admin/phone-orders/customers: the account the storefront's phone sign-in would create
 * (same table, same fields), so the customer later signs in with this phone and finds it. Under
 * the sign-in's own lock on the phone, so a sign-in at the same moment cannot make a second one.
 */
export async function createPhoneCustomer(
  { ctx, ip, staff }: Actor,
  body: BodyOf<typeof adminPhoneCreateCustomer>,
): Promise<PhoneCustomer & { created: boolean }> {
  const phone = phoneOf(body.phone);
  return ctx.db.transaction(async (tx) => {
    await lockKey(tx, `otp-phone:${phone}`);
    const existing = await findUserByPhone(tx, phone);
    if (existing) return { ...(await phoneCustomer(tx, existing)), created: false };
    if (!body.consent) throw unprocessable(PHONE_ORDER_MESSAGES.consentRequired, 'consent-required');
    const now = ctx.clock.now();
    const row = await insertUser(
      tx,
      { phone, name: body.name, personalData: true, PUSHNotifications: false, receiveAdvertisingInformation: false },
      now,
    );
    await audit(
      tx,
      staff,
      ip,
      {
        action: 'customer.create',
        entity: 'customer',
        entityId: row.id,
        before: null,
        after: { phone, name: body.name },
      },
      now,
    );
    return { ...(await phoneCustomer(tx, row)), created: true };
  });
}

/** GET /admin/phone-orders/menu: the storefront's catalogue and the cities to order in. */
export async function phoneMenu(
  ctx: AppContext,
): Promise<{ catalog: Catalog; cities: { id: string; name: string }[] }> {
  const reference = await recentCheckoutReference(ctx.db, ctx.config.contentVersionMaxAgeMs);
  const cities = [...reference.settings.cities.values()]
    .sort((a, b) => a.position - b.position || a.name.localeCompare(b.name, 'ru'))
    .map((c) => ({ id: c.id, name: c.name }));
  return { catalog: await ctx.db.run((db) => buildCatalog(db)), cities };
}

async function customerOf(ctx: AppContext, customerId: string): Promise<AuthUser> {
  const row = await ctx.db.run((db) => findUser(db, customerId));
  if (!row?.phone) throw notFound(PHONE_ORDER_MESSAGES.customerNotFound, 'customer-not-found');
  return { userId: row.id, phone: row.phone };
}

/** POST /admin/phone-orders/quote: the storefront's quote as this customer would get it. */
export async function phoneQuote({ ctx, ip }: Actor, body: BodyOf<typeof adminPhoneQuote>): Promise<CheckoutQuote> {
  const user = await customerOf(ctx, body.customerId);
  return quoteCheckout(ctx, user, body.order, ip);
}

const isPhonePayment = (method: PaymentMethod): boolean =>
  (PHONE_PAYMENT_METHODS as readonly PaymentMethod[]).includes(method);

/** What a phone order adds to POST /order's: its taker as the actor, the phone_orders row, the audit entry. */
function byPhone(staff: Actor['staff'], ip: string, now: Date): OrderOrigin {
  return {
    actor: `staff:${staff.staffId}`,
    alsoWrite: async (tx, written) => {
      await insertPhoneOrder(tx, {
        orderId: written.id,
        staffId: staff.staffId,
        staffLogin: staff.login,
        takenAt: now,
      });
      await audit(
        tx,
        staff,
        ip,
        { action: 'order.phone', entity: 'order', entityId: written.id, before: null, after: written },
        now,
      );
    },
  };
}

/**
 * POST /admin/phone-orders: the order through POST /order's transaction (createOrderIn: the same
 * assessment, its first refusal with the same message and code), plus the phone_orders row and
 * the audit entry in that transaction. Idempotent per (customer, key) like POST /order, under the
 * same claim (placeUnderClaim: a throw releases the key, a new order is pushed to the customer);
 * the key is namespaced so that it never meets one of the customer's own storefront keys.
 */
export async function placePhoneOrder(
  { ctx, ip, staff }: Actor,
  body: BodyOf<typeof adminPlacePhoneOrder>,
): Promise<AdminOrderDetail> {
  const order = body.order;
  if (!isPhonePayment(order.paymentMethod)) throw unprocessable(PHONE_ORDER_MESSAGES.paymentMethod, 'payment-method');
  const user = await customerOf(ctx, body.customerId);
  const key = `phone:${body.idempotencyKey}`;
  const claim = await claimKey(ctx, user.userId, key, requestHash({ ...order, captchaToken: null }));
  const placed =
    claim.kind === 'replay'
      ? claim.answer.body
      : await placeUnderClaim(ctx, user.userId, key, claim.createdAt, async () => {
          const prepared = await prepareCheckout(ctx, user, order, ip);
          return ctx.db.transaction((tx) => {
            const now = ctx.clock.now();
            return createOrderIn(ctx, tx, now, user, key, claim.createdAt, order, prepared, byPhone(staff, ip, now));
          });
        });
  return ctx.db.run((db) => orderDetail(db, placed.id));
}

/** Who took the order by phone (their staff id), null for a storefront order or when it cannot be read. */
export function phoneTakerOf(ctx: AppContext, orderId: string): Promise<string | null> {
  return ctx.db.run((db) => phoneTakerIdOf(db, orderId)).catch(() => null);
}

/** Whether an order was taken by phone: the call centre's staff socket hears only of those. */
export function isPhoneOrder(ctx: AppContext, orderId: string): Promise<boolean> {
  return ctx.db.run((db) => isTakenByPhone(db, orderId)).catch(() => false);
}

/**
 * GET /admin/phone-orders/orders/:id: a phone order's card with the names of its city and
 * restaurant, so the call centre names them without the operators' lists.
 */
export async function phoneOrderDetail(db: Executor, id: string): Promise<PhoneOrderDetail> {
  const order = await orderDetail(db, id, 'phone');
  const city = await findCity(db, order.cityId);
  const restaurant = await findRestaurant(db, order.deliveryTerminalId);
  return { ...order, cityName: city?.name ?? null, restaurantName: restaurant?.name ?? null };
}
