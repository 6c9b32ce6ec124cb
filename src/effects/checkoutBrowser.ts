// The browser's side of the checkout effects: the bot-check script (loaded on demand), the
// CloudPayments widget, the WebSocket of the live order status, and window.dataLayer. Each is
// reached only through the interfaces of ./checkout, so tests substitute fakes.
import type { CaptchaInfo } from '../api/contract/checkout';
import type { CloudPaymentsWidget } from '../api/contract/payments';
import type { CaptchaRunner, CheckoutEffectOptions, DataLayer, LiveSocket, OpenSocket, PaymentWidget } from './checkout';

type WidgetApi = {
  render(container: HTMLElement, options: Record<string, unknown>): number;
  execute(widgetId?: number): void;
  reset?(widgetId?: number): void;
};
type CaptchaWindow = Window & {
  smartCaptcha?: WidgetApi & { subscribe?(widgetId: number, event: string, cb: () => void): void };
  grecaptcha?: WidgetApi & { ready?(cb: () => void): void };
  cp?: { CloudPayments: new (options?: Record<string, unknown>) => { pay(kind: string, params: unknown, callbacks: Record<string, (...args: unknown[]) => void>): void } };
  dataLayer?: unknown[];
};

const scripts = new Map<string, Promise<void>>();

/** Adds a <script> once; resolves when loaded. */
export function loadScript(src: string): Promise<void> {
  let loading = scripts.get(src);
  if (loading === undefined) {
    loading = new Promise<void>((resolve, reject) => {
      const el = document.createElement('script');
      el.src = src;
      el.async = true;
      el.onload = () => resolve();
      el.onerror = () => {
        scripts.delete(src);
        reject(new Error(`script ${src} failed to load`));
      };
      document.head.appendChild(el);
    });
    scripts.set(src, loading);
  }
  return loading;
}

const CAPTCHA_TIMEOUT_MS = 60_000;
const SMARTCAPTCHA_READY = '__storefrontSmartCaptchaReady';
const SMARTCAPTCHA_SRC = `https://smartcaptcha.yandexcloud.net/captcha.js?render=onload&onload=${SMARTCAPTCHA_READY}`;

/** SmartCaptcha's advanced method: the script calls `onload` once window.smartCaptcha is usable. */
function loadSmartCaptcha(): Promise<void> {
  const w = window as CaptchaWindow;
  if (w.smartCaptcha !== undefined) return Promise.resolve();
  const ready = new Promise<void>((resolve) => {
    Reflect.set(w, SMARTCAPTCHA_READY, () => resolve());
  });
  return loadScript(SMARTCAPTCHA_SRC).then(() => (w.smartCaptcha !== undefined ? undefined : ready));
}
const RECAPTCHA_SRC = 'https://www.google.com/recaptcha/api.js?render=explicit&hl=ru';

/**
 * The invisible, Russian-language bot check (SPEC §7): the script is loaded on the first sign-in code or order that
 * needs it, a hidden widget is rendered, executed, and its token comes back through the callback.
 */
export function browserCaptcha(): CaptchaRunner {
  return {
    async token(info: CaptchaInfo): Promise<string> {
      const w = window as CaptchaWindow;
      const container = document.createElement('div');
      container.style.display = 'none';
      document.body.appendChild(container);
      try {
        return await new Promise<string>((resolve, reject) => {
          const timeout = setTimeout(() => reject(new Error('bot check timed out')), CAPTCHA_TIMEOUT_MS);
          const done = (token: unknown) => {
            clearTimeout(timeout);
            if (typeof token === 'string' && token !== '') resolve(token);
            else reject(new Error('bot check gave no token'));
          };
          const run = async () => {
            if (info.provider === 'recaptcha') {
              await loadScript(RECAPTCHA_SRC);
              const api = w.grecaptcha;
              if (api === undefined) throw new Error('reCAPTCHA is missing');
              await new Promise<void>((r) => (api.ready === undefined ? r() : api.ready(r)));
              const id = api.render(container, { sitekey: info.siteKey, size: 'invisible', callback: done, hl: 'ru' });
              api.execute(id);
            } else {
              await loadSmartCaptcha();
              const api = w.smartCaptcha;
              if (api === undefined) throw new Error('SmartCaptcha is missing');
              const id = api.render(container, { sitekey: info.siteKey, invisible: true, hl: 'ru', callback: done, hideShield: true });
              api.execute(id);
            }
          };
          run().catch((error: unknown) => {
            clearTimeout(timeout);
            reject(error instanceof Error ? error : new Error(String(error)));
          });
        });
      } finally {
        container.remove();
      }
    },
  };
}

const CLOUDPAYMENTS_SRC = 'https://widget.cloudpayments.ru/bundles/cloudpayments.js';

/** CloudPayments' widget: pay('charge', …) with the server's parameters. */
export function cloudPaymentsWidget(): PaymentWidget {
  return {
    async pay(widget: CloudPaymentsWidget) {
      await loadScript(CLOUDPAYMENTS_SRC);
      const cp = (window as CaptchaWindow).cp;
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

export const browserDataLayer: DataLayer = () => {
  const w = window as CaptchaWindow;
  if (!Array.isArray(w.dataLayer)) w.dataLayer = [];
  return w.dataLayer;
};

/** The real adapters in a browser; none elsewhere (tests pass their own). */
export function browserCheckoutAdapters(): CheckoutEffectOptions {
  if (typeof window === 'undefined' || typeof document === 'undefined') return {};
  return {
    captcha: browserCaptcha(),
    widget: cloudPaymentsWidget(),
    ...(typeof WebSocket === 'undefined' ? {} : { openSocket: browserSocket }),
    dataLayer: browserDataLayer,
  };
}
