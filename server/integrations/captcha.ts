// Bot check verification (PRODUCT.md §7): Yandex SmartCaptcha or a reCAPTCHA-style siteverify.
// See docs/CHECKOUT.md «Bot check».
import http from 'node:http';
import https from 'node:https';
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
}

/** Verification answers are small; a longer one is not a verifier's. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * POSTs a form over node:http(s) with kept-alive connections, answering status and text. Every
 * order makes this call: global fetch (undici: streams, Request/Response, AbortSignal) cost about
 * 0.7 ms of CPU per call under load, several times this.
 */
function postForm(url: URL, form: string, timeoutMs: number, retry = true): Promise<{ status: number; text: string }> {
  const secure = url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request(
      url,
      {
        method: 'POST',
        agent: secure ? httpsAgent : httpAgent,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(form) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) request.destroy(new Error('verification answer too long'));
          else chunks.push(chunk);
        });
        response.on('end', () => {
          clearTimeout(timer);
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
        });
        response.on('error', fail);
      },
    );
    function fail(error: Error) {
      clearTimeout(timer);
      // A kept-alive connection the verifier closed meanwhile: once more on a new one (node's advice).
      const reset = 'code' in error && error.code === 'ECONNRESET';
      if (retry && reset && request.reusedSocket) resolve(postForm(url, form, timeoutMs, false));
      else reject(error);
    }
    const timer = setTimeout(() => request.destroy(new Error('verification timed out')), timeoutMs);
    request.on('error', fail);
    request.end(form);
  });
}
const httpAgent = new http.Agent({ keepAlive: true });
const httpsAgent = new https.Agent({ keepAlive: true });

export function createHttpCaptcha(options: HttpCaptchaOptions): CaptchaVerifier {
  const timeoutMs = options.timeoutMs ?? 5000;
  const url = URL.canParse(options.verifyUrl) ? new URL(options.verifyUrl) : null;
  return {
    provider: options.provider,
    async verify(token, ip) {
      const form =
        options.provider === 'smartcaptcha'
          ? new URLSearchParams({ secret: options.secret, token, ip })
          : new URLSearchParams({ secret: options.secret, response: token, remoteip: ip });
      let json: unknown;
      try {
        if (url === null) return 'unavailable';
        const response = await postForm(url, form.toString(), timeoutMs);
        if (response.status !== 200) return 'unavailable';
        json = JSON.parse(response.text);
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
