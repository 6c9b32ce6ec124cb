// Bot check verification (PRODUCT.md §7): Yandex SmartCaptcha or a reCAPTCHA-style siteverify.
// See docs/CHECKOUT.md «Bot check».
import { z } from 'zod/mini';
import type { CaptchaConfig } from '../config.js';

export type CaptchaVerdict = 'ok' | 'failed' | 'unavailable';

export interface CaptchaVerifier {
  readonly provider: 'smartcaptcha' | 'recaptcha';
  verify(token: string, ip: string): Promise<CaptchaVerdict>;
}

const SmartCaptchaAnswer = z.object({ status: z.string(), message: z.optional(z.string()) });
const SiteverifyAnswer = z.object({ success: z.boolean() });

export interface HttpCaptchaOptions extends CaptchaConfig {
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export function createHttpCaptcha(options: HttpCaptchaOptions): CaptchaVerifier {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 5000;
  return {
    provider: options.provider,
    async verify(token, ip) {
      const form =
        options.provider === 'smartcaptcha'
          ? new URLSearchParams({ secret: options.secret, token, ip })
          : new URLSearchParams({ secret: options.secret, response: token, remoteip: ip });
      let json: unknown;
      try {
        const response = await doFetch(options.verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (response.status !== 200) return 'unavailable';
        json = await response.json();
      } catch {
        return 'unavailable';
      }
      if (options.provider === 'smartcaptcha') {
        const parsed = SmartCaptchaAnswer.safeParse(json);
        if (!parsed.success) return 'unavailable';
        return parsed.data.status === 'ok' ? 'ok' : 'failed';
      }
      const parsed = SiteverifyAnswer.safeParse(json);
      if (!parsed.success) return 'unavailable';
      return parsed.data.success ? 'ok' : 'failed';
    },
  };
}
