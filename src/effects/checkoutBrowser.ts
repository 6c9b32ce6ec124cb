// The browser's side of the checkout effect: the CloudPayments widget and the WebSocket of the live
// order status, reached only through the interfaces of ./checkout so tests
// substitute fakes. This module and ./checkout are the checkout chunk (LAZY_AREAS.checkout in
// src/views/app/lazyAreas.ts), loaded only when needed; the bot check (./captchaBrowser) is a chunk
// shared with sign-in, and both take the page's one runner.
import type { CloudPaymentsWidget } from '../api/contract/payments';
import { loadScript, sharedBrowserCaptchaRunner } from './captchaBrowser';
import {
  checkout$,
  type CheckoutEffectOptions,
  type LiveSocket,
  type OpenSocket,
  type PaymentWidget,
} from './checkout';
import type { Effect } from './deps';
import { decideCheckout } from '../commands/checkout.decide';
import { decideUser } from '../commands/user.decide';
import type { ChunkDeciders } from '../commands/onDemand';

// user: the live order history re-reads itself (LoadOrderHistory, ./checkout/historyStatus.ts).
export const deciders: ChunkDeciders = { checkout: decideCheckout, user: decideUser };

type CheckoutWindow = Window & {
  cp?: {
    CloudPayments: new (options?: Record<string, unknown>) => {
      pay(kind: string, params: unknown, callbacks: Record<string, (...args: unknown[]) => void>): void;
    };
  };
};

const CLOUDPAYMENTS_SRC = 'https://widget.cloudpayments.ru/bundles/cloudpayments.js';

/** CloudPayments' widget: pay('charge', …) with the server's parameters. */
export function cloudPaymentsWidget(): PaymentWidget {
  return {
    async pay(widget: CloudPaymentsWidget) {
      await loadScript(CLOUDPAYMENTS_SRC);
      const cp = (window as CheckoutWindow).cp;
      if (cp === undefined) throw new Error('CloudPayments widget is missing');
      return new Promise<'success' | 'fail'>((resolve) => {
        new cp.CloudPayments({ language: 'ru-RU' }).pay('charge', widget, {
          onSuccess: () => resolve('success'),
          onFail: () => resolve('fail'),
        });
      });
    },
  };
}

/** A WebSocket to this origin. */
export const browserSocket: OpenSocket = (path: string): LiveSocket => {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const ws = new WebSocket(`${scheme}://${window.location.host}${path}`);
  const socket: LiveSocket = {
    onmessage: null,
    onclose: null,
    close: () => ws.close(),
  };
  ws.onmessage = (event) => socket.onmessage?.({ data: event.data });
  ws.onclose = (event) => socket.onclose?.({ code: event.code });
  return socket;
};

/** The real adapters in a browser, with the bot check runner sign-in shares; none elsewhere. */
export function browserCheckoutAdapters(): CheckoutEffectOptions {
  if (typeof window === 'undefined' || typeof document === 'undefined') return {};
  const captcha = sharedBrowserCaptchaRunner();
  return {
    ...(captcha === undefined ? {} : { captcha }),
    widget: cloudPaymentsWidget(),
    ...(typeof WebSocket === 'undefined' ? {} : { openSocket: browserSocket }),
  };
}

/** The checkout effect with the browser's adapters; `options` (timings, a test's captcha runner) win. */
export function browserCheckout$(options: CheckoutEffectOptions = {}): Effect {
  return checkout$({ ...browserCheckoutAdapters(), ...options });
}
