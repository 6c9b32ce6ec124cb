// checkout commands: zod schemas and types. The decider, the order inputs built from
// the state and the refusals the client sees itself are in checkout.decide.ts.
import { z } from 'zod/mini';
import { CheckoutQuote } from '../api/contract/checkout';
import { Street } from '../api/contract/cladr';
import { GeocodeAnswer } from '../api/contract/geocode';
import { Order } from '../api/contract/orders';
import { PaymentSession } from '../api/contract/payments';
import { messageUnion } from '../events/define';
import { AddressDraft } from '../events/address';
import { CHECKED_ADDRESS, PushDeviceState } from '../events/checkout';

export const CheckoutCommandSchema = messageUnion({
  OpenCheckout: {},
  /** The /checkout page was left: no more quotes. */
  LeaveCheckout: {},
  ApplyStreets: {
    cityIikoId: z.string().check(z.minLength(1)),
    streets: z.array(Street),
  },
  ChangePaymentMethod: { method: z.string() },
  ChangePersons: { persons: z.number() },
  /** Cash: the banknote to bring change for; null: no change needed. */
  ChangeCashChange: { changeFrom: z.nullable(z.number()) },
  ChangeOrderComment: { comment: z.string() },
  ChangeConsent: { given: z.boolean() },
  /** GET/POST /consent answered: whether the customer's consent covers the current /legal text. */
  ApplyConsentStatus: { version: z.string(), required: z.boolean() },
  /** Sent by the quote effect as POST /checkout/quote goes out for the body whose JSON is `key`. */
  StartQuote: { key: z.string() },
  ApplyQuote: { key: z.string(), quote: CheckoutQuote },
  ReportQuoteFailure: { key: z.string(), message: z.string() },
  /** The address form: geocode this street and house and show its zone. */
  CheckAddress: CHECKED_ADDRESS,
  ApplyAddressCheck: { ...CHECKED_ADDRESS, answer: GeocodeAnswer },
  ReportAddressCheckFailure: {
    ...CHECKED_ADDRESS,
    message: z.string(),
  },
  /** The address form with 'Сохранить адрес' unticked: deliver there without saving it. */
  UseOneOffAddress: { address: AddressDraft },
  /** 'Оформить заказ'. */
  PlaceOrder: {},
  /** POST /order answered with the stored order. */
  CompleteOrderPlacement: { order: Order },
  /** POST /order refused (4xx): the server's code and Russian message. */
  ReportOrderRefusal: {
    status: z.int(),
    code: z.nullable(z.string()),
    message: z.nullable(z.string()),
  },
  /** POST /order got no answer (network, 5xx, 409 in progress): the next click retries with the same key. */
  ReportOrderFailure: { message: z.string() },
  ApplyPaymentSession: { session: PaymentSession },
  ReportPaymentStartFailure: {
    orderId: z.string().check(z.minLength(1)),
    message: z.string(),
  },
  /** GET /order/:id/payment or its renewal answered for an SBP order. */
  ApplySbpPayment: { session: PaymentSession },
  /** 'Получить новый QR-код' on /complete. */
  RenewSbpPayment: { orderId: z.string() },
  ReportSbpPaymentFailure: {
    orderId: z.string().check(z.minLength(1)),
    message: z.string(),
  },
  /** /complete, /complete-error: show this order (re-fetched, so a reload keeps the page). */
  LoadOrder: { orderId: z.string() },
  ApplyOrder: { order: Order },
  ReportOrderLoadFailure: { orderId: z.string(), message: z.string() },
  /** order:status_update of the WebSocket. */
  ApplyOrderStatus: { orderId: z.string(), status: z.string() },
  RecordPurchaseTracked: { orderId: z.string().check(z.minLength(1)) },
  StopOrderTracking: { orderId: z.string() },
  /** Web push of order statuses on /complete (docs/PUSH.md): what this browser can do. */
  ReportPushDevice: { state: PushDeviceState },
  /** 'Сообщить, когда заказ будет в пути?' answered yes / no. */
  EnableOrderPush: {},
  DeclineOrderPush: {},
  /** The browser subscribed and the server stored it. */
  ConfirmOrderPush: {},
  ReportOrderPushFailure: { message: z.string() },
});
export type CheckoutCommand = z.infer<typeof CheckoutCommandSchema>;
