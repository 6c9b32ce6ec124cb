// Orders: checkout (POST /order, idempotent by the Idempotency-Key header), one order for its
// owner, the last order to repeat and the order history (PRODUCT.md §3 Last order / History, §6).
// The server re-prices everything; `expectedTotal` only feeds a price-changed check.
// Every refusal is 422 { message, code } with a code of RefusalCode (contract/checkout.ts);
// POST /checkout/quote lists the same refusals before submission.
import { z } from 'zod/mini';
import { defineRoute, type RouteDef, type RouteLine, type RouteSchemas } from '../route.js';
import {
  CartMod,
  DeliveryMethod,
  GeoPoint,
  HalfPizzaChoice,
  Id,
  IdParams,
  IsoDateTime,
  LastOrder,
} from '../entities.js';
import { OrderStatus, PaymentMethod } from './orderCodes.js';
import { StorableIdParams } from './text.js';

export { ORDER_STATUSES, OrderStatus, PaymentMethod } from './orderCodes.js';

/** Header every POST /order must carry: a fresh random string per checkout attempt (e.g. a UUID). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** What the customer reads for each status. */
export const ORDER_STATUS_NAMES: Readonly<Record<OrderStatus, string>> = {
  Unconfirmed: 'принят',
  WaitCooking: 'принят',
  CookingStarted: 'готовится',
  CookingCompleted: 'готов',
  OnWay: 'в пути',
  Delivered: 'доставлен',
  Waiting: 'ожидает выдачи',
  Closed: 'выполнен',
  Cancelled: 'отменён',
};

/** The forward path of each delivery method; Cancelled may follow any status before Closed. */
export const ORDER_STATUS_FLOW: Readonly<Record<DeliveryMethod, readonly OrderStatus[]>> = {
  delivery: ['Unconfirmed', 'WaitCooking', 'CookingStarted', 'CookingCompleted', 'OnWay', 'Delivered', 'Closed'],
  self: ['Unconfirmed', 'WaitCooking', 'CookingStarted', 'CookingCompleted', 'Waiting', 'Closed'],
};

/** 'refunded' only once the provider confirmed the refund: a Cancelled order still 'paid' has its money owed back. */
export const PaymentStatus = z.enum(['none', 'pending', 'paid', 'failed', 'refunded']);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

/** What the customer and the staff read for an order's payment status, and for one payment's state. */
export const PAYMENT_STATUS_NAMES: Readonly<Record<PaymentStatus, string>> = {
  none: 'при получении',
  pending: 'ожидает оплаты',
  paid: 'оплачен',
  failed: 'оплата не прошла',
  refunded: 'деньги возвращены',
};

const text = (max: number) => z.string().check(z.trim(), z.maxLength(max));
const optionalText = (max: number) => z._default(z.nullable(text(max)), null);

export const OrderAddress = z.object({
  city: z._default(text(100), ''),
  street: text(200).check(z.minLength(1)),
  home: text(20).check(z.minLength(1)),
  apartment: optionalText(20),
  entrance: optionalText(20),
  floor: optionalText(20),
  intercom: optionalText(20),
  comment: optionalText(500),
  /** A point from the map, when the customer picked one; otherwise the server geocodes the street. */
  location: z._default(z.nullable(GeoPoint), null),
});
export type OrderAddress = z.infer<typeof OrderAddress>;

export const OrderItemInput = z.object({
  productId: Id,
  amount: z.int().check(z.minimum(1), z.maximum(99)),
  mods: z._default(
    z
      .array(z.object({ id: Id, amount: z.int().check(z.minimum(1), z.maximum(20)), groupId: Id }))
      .check(z.maxLength(30)),
    [],
  ),
  /** A gift line (GIFT_IDS); the server grants gifts itself and only reads a gift's chosen modifiers. */
  isGift: z._default(z.boolean(), false),
  /**
   * A half-and-half pizza (docs/HALF-PIZZA.md): the server prices it from these halves by the
   * HALF_PIZZA rule; `productId` is then the line's own 'half-…' id and `mods` is empty.
   */
  halfPizza: z.optional(HalfPizzaChoice),
});

export const CreateOrderBody = z.object({
  cityId: Id,
  deliveryMethod: DeliveryMethod,
  items: z.array(OrderItemInput).check(z.minLength(1), z.maxLength(100)),
  coupon: z._default(z.nullable(z.string().check(z.trim(), z.maxLength(64))), null),
  /** Bonuses to spend, whole roubles (at most what POST /promo answered as allowedBonus). */
  spendBonus: z._default(z.int().check(z.nonnegative()), 0),
  /** Delivery: the address, or the id of a saved one. */
  address: z._default(z.nullable(OrderAddress), null),
  addressId: z._default(z.nullable(Id), null),
  /** Pickup: the restaurant. */
  deliveryTerminalId: z._default(z.nullable(Id), null),
  /** 'asap' or the `start` of a slot of GET /checkout/slots (or the quote's `slots`). */
  deliveryTime: z._default(z.union([z.literal('asap'), IsoDateTime]), 'asap'),
  /** 'card' / 'sbp' are paid online afterwards through POST /order/:id/payment (contract/payments.ts). */
  paymentMethod: PaymentMethod,
  /** Persons / cutlery sets. */
  persons: z._default(z.int().check(z.minimum(0), z.maximum(50)), 1),
  /** Cash: the banknote the courier should bring change for. */
  changeFrom: z._default(z.nullable(z.int().check(z.nonnegative())), null),
  comment: z._default(text(500), ''),
  /** The total the customer saw; a different server total refuses the order ('Цены изменились: …'). */
  expectedTotal: z._default(z.nullable(z.number().check(z.nonnegative())), null),
  /** Bot-check token; required when the quote's `captcha.required` is true. */
  captchaToken: z._default(z.nullable(z.string().check(z.maxLength(4000))), null),
  /**
   * Consent to the processing of personal data (the checkout checkbox): send true when ticked;
   * false is refused ('consent-required'); null (not asked) is accepted.
   */
  consent: z._default(z.nullable(z.boolean()), null),
});
export type CreateOrderBody = z.infer<typeof CreateOrderBody>;

/** A modifier as an order keeps it: the cart's modifier without its code and group name. */
export const OrderLineMod = z.pick(CartMod, { id: true, name: true, amount: true, price: true, groupId: true });
/** One half as an order keeps it: the pizza, the whole pizza's price at the size, its modifiers (size first). */
export const OrderHalf = z.object({
  productId: Id,
  name: z.string(),
  price: z.number().check(z.nonnegative()),
  mods: z.array(OrderLineMod),
});
/** Both halves of a half-and-half line, in the order the customer chose them. */
export const OrderHalfPizza = z.object({ sizeId: Id, sizeName: z.string(), halves: z.tuple([OrderHalf, OrderHalf]) });
export type OrderHalfPizza = z.infer<typeof OrderHalfPizza>;

export const OrderLine = z.object({
  productId: Id,
  name: z.string(),
  amount: z.int().check(z.positive()),
  /** One unit with its modifiers; 0 for a gift. */
  price: z.number().check(z.nonnegative()),
  sum: z.number().check(z.nonnegative()),
  mods: z.array(OrderLineMod),
  isGift: z.boolean(),
  /** A half-and-half pizza ('Половинки: A + B'): its halves; absent for any other line. */
  halfPizza: z.optional(OrderHalfPizza),
});
export type OrderLine = z.infer<typeof OrderLine>;

/**
 * What the customer still owes after an operator raised the total of an order paid online
 * (docs/ORDER-EDITING.md): «Ожидает доплаты N ₽» until it is paid. `payUrl` is where it is paid
 * (the gateway's page or link), null until the gateway gave one.
 */
export const OrderSurcharge = z.object({
  amount: z.number().check(z.positive()),
  payUrl: z.nullable(z.string()),
});
export type OrderSurcharge = z.infer<typeof OrderSurcharge>;

const roubles = z.number().check(z.nonnegative());

/** An order's money in roubles: what the quote prices and the order keeps. */
export const orderMoney = {
  /** Σ paid lines, before discounts. */
  goodsTotal: roubles,
  discountTotal: roubles,
  deliveryPrice: roubles,
  serviceFee: roubles,
  bonusSpent: roubles,
  /** To pay: goods − discount + delivery + service fee − bonuses. */
  total: roubles,
};

export const Order = z.object({
  id: Id,
  /** The number the customer and the restaurant speak of. */
  number: z.int().check(z.positive()),
  status: OrderStatus,
  /** ORDER_STATUS_NAMES[status]. */
  statusName: z.string(),
  cityId: Id,
  deliveryMethod: DeliveryMethod,
  address: z.nullable(OrderAddress),
  deliveryTerminalId: Id,
  zoneId: z.nullable(Id),
  items: z.array(OrderLine),
  ...orderMoney,
  coupon: z.nullable(z.string()),
  paymentMethod: PaymentMethod,
  paymentStatus: PaymentStatus,
  deliveryTime: z.union([z.literal('asap'), IsoDateTime]),
  persons: z.int().check(z.nonnegative()),
  changeFrom: z.nullable(z.int().check(z.nonnegative())),
  comment: z.string(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  /** A surcharge awaiting payment; absent or null when nothing is owed. */
  surcharge: z.optional(z.nullable(OrderSurcharge)),
});
export type Order = z.infer<typeof Order>;

/** The order's id in the path of a call on one of the customer's orders. */
export const OrderIdParams = StorableIdParams;

/** A call on one order of the signed-in customer (`/order/:id…`): only its owner may make it. */
export function defineOwnOrderRoute<B extends z.ZodMiniType = z.ZodMiniType, R extends z.ZodMiniType = z.ZodMiniType>(
  line: RouteLine<`/order/:id${string}`>,
  schemas: Pick<RouteSchemas<typeof OrderIdParams, z.ZodMiniType, B, R>, 'summary' | 'body' | 'response'>,
): RouteDef<typeof OrderIdParams, z.ZodMiniType, B, R> {
  return defineRoute('user', line, { ...schemas, params: OrderIdParams });
}

export const createOrder = defineRoute('user', 'POST /order', {
  summary: 'Places an order (header Idempotency-Key required; a repeat answers the first result)',
  body: CreateOrderBody,
  response: Order,
});

export const getOrder = defineOwnOrderRoute('GET /order/:id', {
  summary: 'One order of the signed-in customer',
  response: Order,
});

export const getLastOrder = defineRoute('user', 'GET /user/:id/last-order', {
  summary: 'Products of the customer’s last (not cancelled) order, to repeat it',
  params: IdParams,
  response: LastOrder,
});

export const OrderHistory = z.object({
  orders: z.array(Order),
  /** Pass as `before` for the next page; null on the last page. */
  nextBefore: z.nullable(z.int().check(z.positive())),
});

export const getOrderHistory = defineRoute('user', 'GET /user/:phone/history', {
  summary: 'The customer’s orders with items and modifiers, newest first',
  params: z.object({ phone: z.string().check(z.minLength(1), z.maxLength(32)) }),
  query: z.object({
    limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 20),
    /** Orders with a number below this. */
    before: z.optional(z.coerce.number().check(z.int(), z.positive())),
  }),
  response: OrderHistory,
});
