// The browser's bot check (PRODUCT.md §7) and the script loader it shares with the payment widget: the
// provider's script is loaded on the first sign-in code or order that needs it. Off the first
// load: sign-in (./afterFirstPaint) and checkout (./checkoutBrowser) are two lazily loaded chunks
// that both import this module (the bundler puts it in a chunk of its own, shared by the two), and
// both take the one runner of `sharedBrowserCaptchaRunner`.
import type { CaptchaInfo } from '../api/contract/checkout';
import type { CaptchaRunner } from './captcha';

type WidgetApi = {
  render(container: HTMLElement, options: Record<string, unknown>): number;
  execute(widgetId?: number): void;
  reset?(widgetId?: number): void;
};
type CaptchaWindow = Window & {
  smartCaptcha?: WidgetApi & { subscribe?(widgetId: number, event: string, cb: () => void): void };
  grecaptcha?: WidgetApi & { ready?(cb: () => void): void };
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
 * The invisible, Russian-language bot check (PRODUCT.md §7): the script is loaded on the first sign-in code or order that
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
              const id = api.render(container, {
                sitekey: info.siteKey,
                invisible: true,
                hl: 'ru',
                callback: done,
                hideShield: true,
              });
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

/** The browser's runner; none outside a browser (tests pass their own). */
export function browserCaptchaRunner(): CaptchaRunner | undefined {
  return typeof window === 'undefined' || typeof document === 'undefined' ? undefined : browserCaptcha();
}

let shared: { runner: CaptchaRunner | undefined } | null = null;

/**
 * The page's one runner, created on first ask: whichever of sign-in and checkout loads first
 * creates it, the other gets the same. (Tests pass their own runner instead.)
 */
export function sharedBrowserCaptchaRunner(): CaptchaRunner | undefined {
  shared ??= { runner: browserCaptchaRunner() };
  return shared.runner;
}
