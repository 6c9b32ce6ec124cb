// Contract of the checkout before submission: the quote and the time slots.
// See docs/CHECKOUT.md «Endpoints» and «Time slots».
import { z } from 'zod/mini';
import { defineRoute } from '../route.js';
import { CaptchaProvider, DeliveryMethod, GeoPoint, Id, IsoDateTime } from '../entities.js';
import { CreateOrderBody, OrderItemInput, OrderLine, orderMoney, PaymentMethod } from './orders.js';
import { RefusalCode } from './orderCodes.js';

export { RefusalCode } from './orderCodes.js';

/** What the customer can do about a refusal; the client maps it to a button or a modal. */
export const RefusalAction = z.enum([
  /** Add goods to reach the minimum sum (go to the catalogue). */
  'add-items',
  /** Remove or replace the named items (stop list, gone from the menu). */
  'remove-items',
  /** Re-check the cart: prices changed (reload the catalogue and revalidate). */
  'review-cart',
  /** Enter or change the delivery address. */
  'change-address',
  /** Choose another restaurant (pickup). */
  'change-restaurant',
  /** Switch between delivery and pickup. */
  'change-method',
  /** Choose another time slot. */
  'change-time',
  /** Choose another payment method. */
  'change-payment',
  /** Change or remove the coupon. */
  'change-coupon',
  /** Spend fewer bonuses. */
  'change-bonus',
  /** Fix a form field (change-from sum, consent…). */
  'fix-form',
  /** Sign in by phone. */
  'sign-in',
  /** Nothing to do now but wait (site switched off, closed hours). */
  'wait',
]);
export type RefusalAction = z.infer<typeof RefusalAction>;

export const CheckoutRefusal = z.object({
  code: RefusalCode,
  /** Russian text to show, exactly what POST /order would answer as `message`. */
  message: z.string(),
  action: RefusalAction,
  /** Russian hint for the button or the line under the message ('Добавьте товаров ещё на 150 ₽'). */
  actionText: z.string(),
  /** For 'add-items': how many roubles are missing to reach the minimum sum. */
  missingSum: z._default(z.nullable(z.number().check(z.nonnegative())), null),
  /** For 'remove-items': the product ids concerned. */
  productIds: z._default(z.array(Id), []),
});
export type CheckoutRefusal = z.infer<typeof CheckoutRefusal>;

/** The delivery zone an address falls in, as the checkout shows it. */
export const ZoneQuote = z.object({
  id: Id,
  name: z.string(),
  /** Minimum sum of goods after discounts, without delivery and the service fee. */
  minSum: z.number().check(z.nonnegative()),
  /** Delivery price below the city's free-delivery threshold. */
  deliveryPrice: z.number().check(z.nonnegative()),
  /** CITIES_DATA freeDeliveryFrom of the city (goods total from which delivery is free); null when none. */
  freeDeliveryFrom: z.nullable(z.number().check(z.nonnegative())),
  /** Delivery time of the zone, minutes. */
  deliveryMinutes: z.int().check(z.positive()),
  deliveryTerminalId: Id,
});
export type ZoneQuote = z.infer<typeof ZoneQuote>;

export const RestaurantQuote = z.object({
  deliveryTerminalId: Id,
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  cookingMinutes: z.int().check(z.positive()),
  isOpenNow: z.boolean(),
  /** Today's hours as text: 'сегодня 10:00–02:00' or 'сегодня закрыто'. */
  hoursText: z.string(),
  isOnlinePaymentDisabled: z.boolean(),
  /** Names of cart goods (and modifiers) this restaurant cannot cook now (stop list); empty when it can cook the whole cart. */
  stopped: z.array(z.string()),
});
export type RestaurantQuote = z.infer<typeof RestaurantQuote>;

export const TimeSlot = z.object({
  /** Start instant (ISO, UTC): the value to send as deliveryTime. */
  start: IsoDateTime,
  end: IsoDateTime,
  /** 'HH:MM–HH:MM' in the city's time zone. */
  label: z.string(),
});
export type TimeSlot = z.infer<typeof TimeSlot>;

export const SlotDay = z.object({
  /** Local date in the city's time zone, 'YYYY-MM-DD'. */
  date: z.string(),
  /** 'Сегодня', 'Завтра' or 'понедельник, 23 ноября'. */
  title: z.string(),
  slots: z.array(TimeSlot),
});
export type SlotDay = z.infer<typeof SlotDay>;

export const DeliverySlots = z.object({
  timeZone: z.string(),
  /** Minutes from the order to the earliest slot start (before rounding to the 30-minute grid). */
  leadMinutes: z.int().check(z.nonnegative()),
  asap: z.object({
    /** 'Как можно скорее' may be chosen: the restaurant is open now. */
    available: z.boolean(),
    /** Roughly when the order is ready or delivered (now + lead time), when available. */
    estimate: z.nullable(IsoDateTime),
    /** Why it is not available, in Russian; null when available. */
    message: z.nullable(z.string()),
  }),
  /** Days that have at least one slot, in order; closed days are left out. */
  days: z.array(SlotDay),
});
export type DeliverySlots = z.infer<typeof DeliverySlots>;

export const PaymentMethodTitle: Readonly<Record<PaymentMethod, string>> = {
  card: 'Картой онлайн',
  sbp: 'СБП (Система быстрых платежей)',
  cash: 'Наличными',
  'courier-card': 'Картой курьеру',
};

export const PaymentOption = z.object({
  method: PaymentMethod,
  /** Russian title (PaymentMethodTitle). */
  title: z.string(),
  online: z.boolean(),
  /** False: hide it (IS_ONLINE_PAYMENT_DISABLE of the method, the restaurant's switch, courier card on pickup). */
  available: z.boolean(),
  /** Why it is unavailable, in Russian; null when available. */
  reason: z.nullable(z.string()),
});
export type PaymentOption = z.infer<typeof PaymentOption>;

/** The bot check the client must run before POST /auth/code and POST /order. */
export const CaptchaInfo = z.object({
  /** False when IS_WITHOUT_RECAPTCHA is set or the server has no captcha secret: send no token. */
  required: z.boolean(),
  provider: z.nullable(CaptchaProvider),
  /** Public site key for the widget (CAPTCHA_SITE_KEY); never the secret. */
  siteKey: z.string(),
});
export type CaptchaInfo = z.infer<typeof CaptchaInfo>;

// The quote takes the order's own fields (one definition of each), with an empty cart allowed
// (it answers 'empty-cart') and no payment method required yet. Where POST /order refuses (a
// different expectedTotal, consent false), the quote lists the same refusal instead.
export const CheckoutQuoteBody = z.extend(
  z.pick(CreateOrderBody, {
    cityId: true,
    deliveryMethod: true,
    coupon: true,
    spendBonus: true,
    address: true,
    addressId: true,
    deliveryTerminalId: true,
    deliveryTime: true,
    changeFrom: true,
    expectedTotal: true,
    consent: true,
  }),
  {
    items: z.array(OrderItemInput).check(z.maxLength(100)),
    /** The method chosen so far; null checks none. */
    paymentMethod: z._default(z.nullable(PaymentMethod), null),
  },
);
export type CheckoutQuoteBody = z.infer<typeof CheckoutQuoteBody>;

export const CheckoutQuote = z.object({
  cityId: Id,
  deliveryMethod: DeliveryMethod,
  /** Delivery: the zone of the address; null when no address, not found or out of zone. */
  zone: z.nullable(ZoneQuote),
  /** Delivery: the address point used (geocoded when the client sent none). */
  location: z.nullable(GeoPoint),
  /** The restaurant that would cook the order (pickup: the chosen one; delivery: the zone's). */
  restaurant: z.nullable(RestaurantQuote),
  /** Pickup: every active restaurant of the city, for 'Выберите ресторан'. */
  restaurants: z.array(RestaurantQuote),
  /** Re-priced goods and gift lines (what POST /order would store). */
  lines: z.array(OrderLine),
  ...orderMoney,
  /** Most bonuses this order may take (0 when not signed in). */
  bonusCap: z.number().check(z.nonnegative()),
  paymentMethods: z.array(PaymentOption),
  /** CHECKOUT_DELIVERY_TEXT of the chosen method. */
  deliveryText: z.string(),
  captcha: CaptchaInfo,
  slots: DeliverySlots,
  /** Everything POST /order would refuse now; empty → canSubmit. */
  refusals: z.array(CheckoutRefusal),
  canSubmit: z.boolean(),
});
export type CheckoutQuote = z.infer<typeof CheckoutQuote>;

export const quoteCheckout = defineRoute('optional', 'POST /checkout/quote', {
  summary:
    'Checkout precheck: zone, restaurant, totals, payment methods, slots and every refusal POST /order would give',
  body: CheckoutQuoteBody,
  response: CheckoutQuote,
});

export const SlotsQuery = z.object({
  cityId: Id,
  deliveryMethod: DeliveryMethod,
  /** Pickup: the restaurant; delivery: the zone's restaurant (or give zoneId). */
  deliveryTerminalId: z.optional(Id),
  /** Delivery: the zone (its delivery minutes are the lead time). */
  zoneId: z.optional(Id),
});

export const getDeliverySlots = defineRoute('none', 'GET /checkout/slots', {
  summary: 'Time slots: ASAP or 30-minute slots today and the next 7 days, in the city’s time zone',
  query: SlotsQuery,
  response: DeliverySlots,
});
