// What the checkout effects share: the options checkout$ passes to each, the browser interfaces
// (widget, socket) tests substitute, the timings and storage keys, and the end of an
// order's tracking.
import { filter, type Observable, type SchedulerLike } from 'rxjs';
import type { CloudPaymentsWidget } from '../../api/contract/payments';
import type { AppEvent } from '../../events';
import type { CaptchaRunner } from '../captcha';

export type { CaptchaRunner } from '../captcha';
/** CloudPayments' widget: resolves 'success' or 'fail' when the customer is done with it. */
export interface PaymentWidget {
  pay(widget: CloudPaymentsWidget): Promise<'success' | 'fail'>;
}
/** What the live status needs of a WebSocket. */
export interface LiveSocket {
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  close(): void;
}
export type OpenSocket = (path: string) => LiveSocket;

export type CheckoutEffectOptions = {
  scheduler?: SchedulerLike;
  quoteDebounceMs?: number;
  /** Re-read a pending online payment this often. */
  paymentPollMs?: number;
  /** At most this many re-reads. */
  paymentPolls?: number;
  /** Wait before reconnecting a dropped WebSocket. */
  reconnectMs?: number;
  captcha?: CaptchaRunner;
  widget?: PaymentWidget;
  openSocket?: OpenSocket;
};

export const QUOTE_DEBOUNCE_MS = 250;
export const PAYMENT_POLL_MS = 2_000;
export const PAYMENT_POLLS = 30;
export const RECONNECT_MS = 3_000;
export const WS_PATH = '/api/v1/ws';
/** Storage key: the online order being paid for. */
export const AWAITING_PAYMENT_KEY = 'storefront:awaiting-payment';

/** An order's `OrderTrackingStopped`: the customer left the page that followed it. */
export const trackingStopped$ = (events$: Observable<AppEvent>, orderId: string) =>
  events$.pipe(filter((e) => e.type === 'OrderTrackingStopped' && e.data.orderId === orderId));
