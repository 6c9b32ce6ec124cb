// Checkout events: the /checkout form, the order submission with its refusals, online
// payment, and the placed order /complete follows live.
import { z } from 'zod/mini';
import { Id, IsoDateTime } from '../api/entities';
import { Street } from '../api/contract/cladr';
import { CaptchaInfo, CheckoutQuote, CheckoutRefusal, RefusalCode } from '../api/contract/checkout';
import { GeocodeAnswer } from '../api/contract/geocode';
import { CreateOrderBody, Order, OrderStatus, PaymentMethod } from '../api/contract/orders';
import { PaymentSession } from '../api/contract/payments';
import { AddressDraft } from './address';
import { bare, message } from './define';

/**
 * A refusal as the server words it (POST /checkout/quote, POST /order 422), or one the client found
 * itself with the same code and text. 'other': a 422 with a code the contract does not list.
 */
export const OrderProblem = z.extend(CheckoutRefusal, { code: z.union([RefusalCode, z.literal('other')]) });
export type OrderProblem = z.infer<typeof OrderProblem>;

export const PaymentRejectionReason = z.enum(['online-payment-disabled', 'courier-card-self']);

/** The /checkout page was opened: streets are loaded for the address form. */
export const CheckoutOpened = bare('CheckoutOpened');
export const CheckoutLeft = bare('CheckoutLeft');
export const StreetsLoaded = message('StreetsLoaded', { cityIikoId: Id, streets: z.array(Street) });
export const PaymentMethodChanged = message('PaymentMethodChanged', { method: PaymentMethod });
export const PaymentMethodRejected = message('PaymentMethodRejected', {
  method: z.string(),
  reason: PaymentRejectionReason,
});
export const PersonsChanged = message('PersonsChanged', { persons: z.int().check(z.nonnegative()) });
/** Cash: the banknote the courier brings change for; null for no change. */
export const ChangeFromChanged = message('ChangeFromChanged', {
  changeFrom: z.nullable(z.int().check(z.nonnegative())),
});
export const OrderCommentChanged = message('OrderCommentChanged', { comment: z.string() });
export const ConsentChanged = message('ConsentChanged', { given: z.boolean() });
/** The server's record of the customer's consent: `required` when it does not cover the current /legal text. */
export const ConsentStatusLoaded = message('ConsentStatusLoaded', { version: z.string(), required: z.boolean() });
/** 'Оформить заказ' was refused before anything was sent (or the server refused it). */
export const OrderRefused = message('OrderRefused', {
  problems: z.array(OrderProblem).check(z.minLength(1)),
  source: z.enum(['client', 'server']),
});
/** The quote effect asked POST /checkout/quote for this body (JSON, to tell a stale answer). */
export const QuoteRequested = message('QuoteRequested', { key: z.string() });
export const QuoteReceived = message('QuoteReceived', { key: z.string(), quote: CheckoutQuote });
export const QuoteFailed = message('QuoteFailed', { key: z.string(), message: z.string() });
/** The street and house the address form checks (its command and events carry them alike). */
export const CHECKED_ADDRESS = { street: z.string(), home: z.string() };
/** The address form asked POST /geocode. */
export const AddressCheckRequested = message('AddressCheckRequested', CHECKED_ADDRESS);
export const AddressChecked = message('AddressChecked', { ...CHECKED_ADDRESS, answer: GeocodeAnswer });
export const AddressCheckFailed = message('AddressCheckFailed', { ...CHECKED_ADDRESS, message: z.string() });
/**
 * The customer delivers to this address without saving it ('Сохранить адрес' unticked): the quote
 * and the order carry it instead of a saved address's id, until a saved one is chosen.
 */
export const OneOffAddressChosen = message('OneOffAddressChosen', { address: AddressDraft });
/** An attempt left: POST /order with this Idempotency-Key and body. */
export const OrderSubmitted = message('OrderSubmitted', {
  idempotencyKey: z.string().check(z.minLength(1)),
  body: CreateOrderBody,
  /** The bot check to run for a token before sending (the quote's `captcha` when required), or null. */
  captcha: z.nullable(CaptchaInfo),
});
/** The attempt did not get an answer (network, 5xx): the same key is reused by the next click. */
export const OrderSubmissionFailed = message('OrderSubmissionFailed', {
  idempotencyKey: z.string(),
  message: z.string(),
});
/** The server stored a cash / courier-card order: the cart is cleared with it. */
export const OrderPlaced = message('OrderPlaced', { order: Order });
/** The server stored an online order (payment pending): the cart stays until the payment is confirmed. */
export const OrderAwaitingPayment = message('OrderAwaitingPayment', { order: Order });
/** POST /order/:id/payment answered: the customer goes to pay. */
export const PaymentStarted = message('PaymentStarted', { session: PaymentSession });
export const PaymentStartFailed = message('PaymentStartFailed', { orderId: Id, message: z.string() });
/**
 * The SBP payment of the shown order (its QR and bank link, or that it expired), read or renewed;
 * `deadline` is when its QR expires by this device's clock (the server's time left, counted from now).
 */
export const SbpPaymentShown = message('SbpPaymentShown', { session: PaymentSession, deadline: IsoDateTime });
/** The customer asked for a new SBP QR (the previous one expired). */
export const SbpRenewalRequested = message('SbpRenewalRequested', { orderId: Id });
/** Reading or renewing the SBP payment failed. */
export const SbpPaymentFailed = message('SbpPaymentFailed', { orderId: Id, message: z.string() });
/** /complete or /complete-error asked for an order (the id in the URL survives a reload). */
export const OrderLoadRequested = message('OrderLoadRequested', { orderId: Id });
export const OrderLoaded = message('OrderLoaded', { order: Order });
export const OrderLoadFailed = message('OrderLoadFailed', { orderId: z.string(), message: z.string() });
/** order:status_update from the WebSocket. */
export const OrderStatusUpdated = message('OrderStatusUpdated', { orderId: Id, status: OrderStatus });
/** The purchase event of this order went to window.dataLayer. */
export const PurchaseTracked = message('PurchaseTracked', { orderId: Id });
/** /complete was left: live status stops. */
export const OrderTrackingStopped = message('OrderTrackingStopped', { orderId: z.string() });
/** Web push of order statuses (docs/PUSH.md). */
export const PushDeviceState = z.enum(['unsupported', 'denied', 'subscribed', 'available']);
export type PushDeviceState = z.infer<typeof PushDeviceState>;
export const PushDeviceReported = message('PushDeviceReported', { state: PushDeviceState });
export const OrderPushRequested = bare('OrderPushRequested');
export const OrderPushDeclined = bare('OrderPushDeclined');
export const OrderPushEnabled = bare('OrderPushEnabled');
export const OrderPushFailed = message('OrderPushFailed', { message: z.string() });

export const CheckoutEventSchema = z.discriminatedUnion('type', [
  CheckoutOpened,
  CheckoutLeft,
  StreetsLoaded,
  PaymentMethodChanged,
  PaymentMethodRejected,
  PersonsChanged,
  ChangeFromChanged,
  OrderCommentChanged,
  ConsentChanged,
  ConsentStatusLoaded,
  OrderRefused,
  QuoteRequested,
  QuoteReceived,
  QuoteFailed,
  AddressCheckRequested,
  AddressChecked,
  AddressCheckFailed,
  OneOffAddressChosen,
  OrderSubmitted,
  OrderSubmissionFailed,
  OrderPlaced,
  OrderAwaitingPayment,
  PaymentStarted,
  PaymentStartFailed,
  SbpPaymentShown,
  SbpRenewalRequested,
  SbpPaymentFailed,
  OrderLoadRequested,
  OrderLoaded,
  OrderLoadFailed,
  OrderStatusUpdated,
  PurchaseTracked,
  OrderTrackingStopped,
  PushDeviceReported,
  OrderPushRequested,
  OrderPushDeclined,
  OrderPushEnabled,
  OrderPushFailed,
]);
export type CheckoutEvent = z.infer<typeof CheckoutEventSchema>;
