// Orders: checkout (POST /order, idempotent by the Idempotency-Key header), one order for its
// owner, the last order to repeat and the order history (SPEC §3 Last order / History, §6).
// The server re-prices everything; `expectedTotal` only feeds a price-changed check.
// Every refusal is 422 { message, code } with a code of RefusalCode (contract/checkout.ts);
// POST /checkout/quote lists the same refusals before submission.
import { z } from 'zod';
import { defineRoute } from '../route.js';
import { DeliveryMethod, GeoPoint, Id, IsoDateTime, LastOrder } from '../entities.js';

/** Header every POST /order must carry: a fresh random string per checkout attempt (e.g. a UUID). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export const ORDER_STATUSES = [
  'Unconfirmed',
  'WaitCooking',
  'CookingStarted',
  'CookingCompleted',
  'OnWay',
  'Delivered',
  'Waiting',
  'Closed',
  'Cancelled',
] as const;
/** Order statuses modelled on iiko's. */
export const OrderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatus>;

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

export const PaymentMethod = z.enum(['cash', 'courier-card', 'card', 'sbp']);
export type PaymentMethod = z.infer<typeof PaymentMethod>;
export const PaymentStatus = z.enum(['none', 'pending', 'paid', 'failed', 'refunded']);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) => text(max).nullable().default(null);

export const OrderAddress = z.object({
  city: text(100).default(''),
  street: text(200).min(1),
  home: text(20).min(1),
  apartment: optionalText(20),
  entrance: optionalText(20),
  floor: optionalText(20),
  intercom: optionalText(20),
  comment: optionalText(500),
  /** A point from the map, when the customer picked one; otherwise the server geocodes the street. */
  location: GeoPoint.nullable().default(null),
});
export type OrderAddress = z.infer<typeof OrderAddress>;

export const OrderItemInput = z.object({
  productId: Id,
  amount: z.number().int().min(1).max(99),
  mods: z
    .array(z.object({ id: Id, amount: z.number().int().min(1).max(20), groupId: Id }))
    .max(30)
    .default([]),
  /** A gift line (GIFT_IDS); the server grants gifts itself and only reads a gift's chosen modifiers. */
  isGift: z.boolean().default(false),
});

export const CreateOrderBody = z.object({
  cityId: Id,
  deliveryMethod: DeliveryMethod,
  items: z.array(OrderItemInput).min(1).max(100),
  coupon: z.string().trim().max(64).nullable().default(null),
  /** Bonuses to spend, whole roubles (at most what POST /promo answered as allowedBonus). */
  spendBonus: z.number().int().nonnegative().default(0),
  /** Delivery: the address, or the id of a saved one. */
  address: OrderAddress.nullable().default(null),
  addressId: Id.nullable().default(null),
  /** Pickup: the restaurant. */
  deliveryTerminalId: Id.nullable().default(null),
  /** 'asap' or the `start` of a slot of GET /checkout/slots (or the quote's `slots`). */
  deliveryTime: z.union([z.literal('asap'), IsoDateTime]).default('asap'),
  /** 'card' / 'sbp' are paid online afterwards through POST /order/:id/payment (contract/payments.ts). */
  paymentMethod: PaymentMethod,
  /** Persons / cutlery sets. */
  persons: z.number().int().min(0).max(50).default(1),
  /** Cash: the banknote the courier should bring change for. */
  changeFrom: z.number().int().nonnegative().nullable().default(null),
  comment: text(500).default(''),
  /** The total the customer saw; a different server total refuses the order ('Цены изменились: …'). */
  expectedTotal: z.number().nonnegative().nullable().default(null),
  /** Bot-check token; required when the quote's `captcha.required` is true. */
  captchaToken: z.string().max(4000).nullable().default(null),
  /**
   * Consent to the processing of personal data (the checkout checkbox): send true when ticked;
   * false is refused ('consent-required'); null (not asked) is accepted.
   */
  consent: z.boolean().nullable().default(null),
});
export type CreateOrderBody = z.infer<typeof CreateOrderBody>;

export const OrderLineMod = z.object({ id: Id, name: z.string(), amount: z.number().int().positive(), price: z.number().nonnegative(), groupId: Id });
export const OrderLine = z.object({
  productId: Id,
  name: z.string(),
  amount: z.number().int().positive(),
  /** One unit with its modifiers; 0 for a gift. */
  price: z.number().nonnegative(),
  sum: z.number().nonnegative(),
  mods: z.array(OrderLineMod),
  isGift: z.boolean(),
});
export type OrderLine = z.infer<typeof OrderLine>;

export const Order = z.object({
  id: Id,
  /** The number the customer and the restaurant speak of. */
  number: z.number().int().positive(),
  status: OrderStatus,
  /** ORDER_STATUS_NAMES[status]. */
  statusName: z.string(),
  cityId: Id,
  deliveryMethod: DeliveryMethod,
  address: OrderAddress.nullable(),
  deliveryTerminalId: Id,
  zoneId: Id.nullable(),
  items: z.array(OrderLine),
  /** Σ paid lines, before discounts. */
  goodsTotal: z.number().nonnegative(),
  discountTotal: z.number().nonnegative(),
  deliveryPrice: z.number().nonnegative(),
  serviceFee: z.number().nonnegative(),
  bonusSpent: z.number().nonnegative(),
  /** To pay: goods − discount + delivery + service fee − bonuses. */
  total: z.number().nonnegative(),
  coupon: z.string().nullable(),
  paymentMethod: PaymentMethod,
  paymentStatus: PaymentStatus,
  deliveryTime: z.union([z.literal('asap'), IsoDateTime]),
  persons: z.number().int().nonnegative(),
  changeFrom: z.number().int().nonnegative().nullable(),
  comment: z.string(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type Order = z.infer<typeof Order>;

export const createOrder = defineRoute({
  method: 'POST',
  path: '/order',
  summary: 'Places an order (header Idempotency-Key required; a repeat answers the first result)',
  auth: 'user',
  body: CreateOrderBody,
  response: Order,
});

export const getOrder = defineRoute({
  method: 'GET',
  path: '/order/:id',
  summary: 'One order of the signed-in customer',
  auth: 'user',
  params: z.object({ id: Id }),
  response: Order,
});

export const getLastOrder = defineRoute({
  method: 'GET',
  path: '/user/:id/last-order',
  summary: 'Products of the customer’s last (not cancelled) order, to repeat it',
  auth: 'user',
  params: z.object({ id: Id }),
  response: LastOrder,
});

export const OrderHistory = z.object({
  orders: z.array(Order),
  /** Pass as `before` for the next page; null on the last page. */
  nextBefore: z.number().int().positive().nullable(),
});

export const getOrderHistory = defineRoute({
  method: 'GET',
  path: '/user/:phone/history',
  summary: 'The customer’s orders with items and modifiers, newest first',
  auth: 'user',
  params: z.object({ phone: z.string().min(1).max(32) }),
  query: z.object({
    limit: z.coerce.number().int().min(1).max(100).default(20),
    /** Orders with a number below this. */
    before: z.coerce.number().int().positive().optional(),
  }),
  response: OrderHistory,
});
