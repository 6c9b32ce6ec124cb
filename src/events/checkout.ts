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
import { messageUnion } from './define';

/**
 * A refusal as the server words it (POST /checkout/quote, POST /order 422), or one the client found
 * itself with the same code and text. 'other': a 422 with a code the contract does not list.
 */
export const OrderProblem = z.extend(CheckoutRefusal, { code: z.union([RefusalCode, z.literal('other')]) });
export type OrderProblem = z.infer<typeof OrderProblem>;

export const PaymentRejectionReason = z.enum(['online-payment-disabled', 'courier-card-self']);

/** The street and house the address form checks (its command and events carry them alike). */
export const CHECKED_ADDRESS = { street: z.string(), home: z.string() };
/** Web push of order statuses (docs/PUSH.md). */
export const PushDeviceState = z.enum(['unsupported', 'denied', 'subscribed', 'available']);
export type PushDeviceState = z.infer<typeof PushDeviceState>;

export const CheckoutEventSchema = messageUnion({
  /** The /checkout page was opened: streets are loaded for the address form. */
  CheckoutOpened: {},
  CheckoutLeft: {},
  StreetsLoaded: { cityIikoId: Id, streets: z.array(Street) },
  PaymentMethodChanged: { method: PaymentMethod },
  PaymentMethodRejected: {
    method: z.string(),
    reason: PaymentRejectionReason,
  },
  PersonsChanged: { persons: z.int().check(z.nonnegative()) },
  /** Cash: the banknote the courier brings change for; null for no change. */
  ChangeFromChanged: {
    changeFrom: z.nullable(z.int().check(z.nonnegative())),
  },
  OrderCommentChanged: { comment: z.string() },
  ConsentChanged: { given: z.boolean() },
  /** The server's record of the customer's consent: `required` when it does not cover the current /legal text. */
  ConsentStatusLoaded: { version: z.string(), required: z.boolean() },
  /** 'Оформить заказ' was refused before anything was sent (or the server refused it). */
  OrderRefused: {
    problems: z.array(OrderProblem).check(z.minLength(1)),
    source: z.enum(['client', 'server']),
  },
  /** The quote effect asked POST /checkout/quote for this body (JSON, to tell a stale answer). */
  QuoteRequested: { key: z.string() },
  QuoteReceived: { key: z.string(), quote: CheckoutQuote },
  QuoteFailed: { key: z.string(), message: z.string() },
  /** The address form asked POST /geocode. */
  AddressCheckRequested: CHECKED_ADDRESS,
  AddressChecked: { ...CHECKED_ADDRESS, answer: GeocodeAnswer },
  AddressCheckFailed: { ...CHECKED_ADDRESS, message: z.string() },
  /**
   * The customer delivers to this address without saving it ('Сохранить адрес' unticked): the quote
   * and the order carry it instead of a saved address's id, until a saved one is chosen.
   */
  OneOffAddressChosen: { address: AddressDraft },
  /** An attempt left: POST /order with this Idempotency-Key and body. */
  OrderSubmitted: {
    idempotencyKey: z.string().check(z.minLength(1)),
    body: CreateOrderBody,
    /** The bot check to run for a token before sending (the quote's `captcha` when required), or null. */
    captcha: z.nullable(CaptchaInfo),
  },
  /** The attempt did not get an answer (network, 5xx): the same key is reused by the next click. */
  OrderSubmissionFailed: {
    idempotencyKey: z.string(),
    message: z.string(),
  },
  /** The server stored a cash / courier-card order: the cart is cleared with it. */
  OrderPlaced: { order: Order },
  /** The server stored an online order (payment pending): the cart stays until the payment is confirmed. */
  OrderAwaitingPayment: { order: Order },
  /** POST /order/:id/payment answered: the customer goes to pay. */
  PaymentStarted: { session: PaymentSession },
  PaymentStartFailed: { orderId: Id, message: z.string() },
  /**
   * The SBP payment of the shown order (its QR and bank link, or that it expired), read or renewed;
   * `deadline` is when its QR expires by this device's clock (the server's time left, counted from now).
   */
  SbpPaymentShown: { session: PaymentSession, deadline: IsoDateTime },
  /** The customer asked for a new SBP QR (the previous one expired). */
  SbpRenewalRequested: { orderId: Id },
  /** Reading or renewing the SBP payment failed. */
  SbpPaymentFailed: { orderId: Id, message: z.string() },
  /** /complete or /complete-error asked for an order (the id in the URL survives a reload). */
  OrderLoadRequested: { orderId: Id },
  OrderLoaded: { order: Order },
  OrderLoadFailed: { orderId: z.string(), message: z.string() },
  /** order:status_update from the WebSocket. */
  OrderStatusUpdated: { orderId: Id, status: OrderStatus },
  /** The purchase event of this order went to window.dataLayer. */
  PurchaseTracked: { orderId: Id },
  /** /complete was left: live status stops. */
  OrderTrackingStopped: { orderId: z.string() },
  PushDeviceReported: { state: PushDeviceState },
  OrderPushRequested: {},
  OrderPushDeclined: {},
  OrderPushEnabled: {},
  OrderPushFailed: { message: z.string() },
});
export type CheckoutEvent = z.infer<typeof CheckoutEventSchema>;
