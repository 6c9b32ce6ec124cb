// checkout commands: zod schemas and types. The decider, the order inputs built from
// the state and the refusals the client sees itself are in checkout.decide.ts.
import { z } from 'zod/mini';
import { CheckoutQuote } from '../api/contract/checkout';
import { Street } from '../api/contract/cladr';
import { GeocodeAnswer } from '../api/contract/geocode';
import { Order } from '../api/contract/orders';
import { PaymentSession } from '../api/contract/payments';
import { bare, message } from '../events/define';
import { AddressDraft } from '../events/address';
import { CHECKED_ADDRESS, PushDeviceState } from '../events/checkout';

export const OpenCheckout = bare('OpenCheckout');
/** The /checkout page was left: no more quotes. */
export const LeaveCheckout = bare('LeaveCheckout');
export const ApplyStreets = message('ApplyStreets', {
  cityIikoId: z.string().check(z.minLength(1)),
  streets: z.array(Street),
});
export const ChangePaymentMethod = message('ChangePaymentMethod', { method: z.string() });
export const ChangePersons = message('ChangePersons', { persons: z.number() });
/** Cash: the banknote to bring change for; null: no change needed. */
export const ChangeCashChange = message('ChangeCashChange', { changeFrom: z.nullable(z.number()) });
export const ChangeOrderComment = message('ChangeOrderComment', { comment: z.string() });
export const ChangeConsent = message('ChangeConsent', { given: z.boolean() });
/** GET/POST /consent answered: whether the customer's consent covers the current /legal text. */
export const ApplyConsentStatus = message('ApplyConsentStatus', { version: z.string(), required: z.boolean() });
/** Sent by the quote effect as POST /checkout/quote goes out for the body whose JSON is `key`. */
export const StartQuote = message('StartQuote', { key: z.string() });
export const ApplyQuote = message('ApplyQuote', { key: z.string(), quote: CheckoutQuote });
export const ReportQuoteFailure = message('ReportQuoteFailure', { key: z.string(), message: z.string() });
/** The address form: geocode this street and house and show its zone. */
export const CheckAddress = message('CheckAddress', CHECKED_ADDRESS);
export const ApplyAddressCheck = message('ApplyAddressCheck', { ...CHECKED_ADDRESS, answer: GeocodeAnswer });
export const ReportAddressCheckFailure = message('ReportAddressCheckFailure', {
  ...CHECKED_ADDRESS,
  message: z.string(),
});
/** The address form with 'Сохранить адрес' unticked: deliver there without saving it. */
export const UseOneOffAddress = message('UseOneOffAddress', { address: AddressDraft });
/** 'Оформить заказ'. */
export const PlaceOrder = bare('PlaceOrder');
/** POST /order answered with the stored order. */
export const CompleteOrderPlacement = message('CompleteOrderPlacement', { order: Order });
/** POST /order refused (4xx): the server's code and Russian message. */
export const ReportOrderRefusal = message('ReportOrderRefusal', {
  status: z.int(),
  code: z.nullable(z.string()),
  message: z.nullable(z.string()),
});
/** POST /order got no answer (network, 5xx, 409 in progress): the next click retries with the same key. */
export const ReportOrderFailure = message('ReportOrderFailure', { message: z.string() });
export const ApplyPaymentSession = message('ApplyPaymentSession', { session: PaymentSession });
export const ReportPaymentStartFailure = message('ReportPaymentStartFailure', {
  orderId: z.string().check(z.minLength(1)),
  message: z.string(),
});
/** GET /order/:id/payment or its renewal answered for an SBP order. */
export const ApplySbpPayment = message('ApplySbpPayment', { session: PaymentSession });
/** 'Получить новый QR-код' on /complete. */
export const RenewSbpPayment = message('RenewSbpPayment', { orderId: z.string() });
export const ReportSbpPaymentFailure = message('ReportSbpPaymentFailure', {
  orderId: z.string().check(z.minLength(1)),
  message: z.string(),
});
/** /complete, /complete-error: show this order (re-fetched, so a reload keeps the page). */
export const LoadOrder = message('LoadOrder', { orderId: z.string() });
export const ApplyOrder = message('ApplyOrder', { order: Order });
export const ReportOrderLoadFailure = message('ReportOrderLoadFailure', { orderId: z.string(), message: z.string() });
/** order:status_update of the WebSocket. */
export const ApplyOrderStatus = message('ApplyOrderStatus', { orderId: z.string(), status: z.string() });
export const RecordPurchaseTracked = message('RecordPurchaseTracked', { orderId: z.string().check(z.minLength(1)) });
export const StopOrderTracking = message('StopOrderTracking', { orderId: z.string() });
/** Web push of order statuses on /complete (docs/PUSH.md): what this browser can do. */
export const ReportPushDevice = message('ReportPushDevice', { state: PushDeviceState });
/** 'Сообщить, когда заказ будет в пути?' answered yes / no. */
export const EnableOrderPush = bare('EnableOrderPush');
export const DeclineOrderPush = bare('DeclineOrderPush');
/** The browser subscribed and the server stored it. */
export const ConfirmOrderPush = bare('ConfirmOrderPush');
export const ReportOrderPushFailure = message('ReportOrderPushFailure', { message: z.string() });

export const CheckoutCommandSchema = z.discriminatedUnion('type', [
  OpenCheckout,
  LeaveCheckout,
  ApplyStreets,
  ChangePaymentMethod,
  ChangePersons,
  ChangeCashChange,
  ChangeOrderComment,
  ChangeConsent,
  ApplyConsentStatus,
  StartQuote,
  ApplyQuote,
  ReportQuoteFailure,
  CheckAddress,
  ApplyAddressCheck,
  ReportAddressCheckFailure,
  UseOneOffAddress,
  PlaceOrder,
  CompleteOrderPlacement,
  ReportOrderRefusal,
  ReportOrderFailure,
  ApplyPaymentSession,
  ReportPaymentStartFailure,
  ApplySbpPayment,
  RenewSbpPayment,
  ReportSbpPaymentFailure,
  LoadOrder,
  ApplyOrder,
  ReportOrderLoadFailure,
  ApplyOrderStatus,
  RecordPurchaseTracked,
  StopOrderTracking,
  ReportPushDevice,
  EnableOrderPush,
  DeclineOrderPush,
  ConfirmOrderPush,
  ReportOrderPushFailure,
]);
export type CheckoutCommand = z.infer<typeof CheckoutCommandSchema>;
