// Security headers on every answer (helmet): CSP, HSTS and the rest.
// See docs/SERVER.md «Security headers».
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { TEST_GATEWAY_STYLE } from '../integrations/testGateway.js';

const CLOUDPAYMENTS = {
  script: 'https://widget.cloudpayments.ru',
  frame: 'https://widget.cloudpayments.ru',
  connect: 'https://api.cloudpayments.ru',
};
const CAPTCHA = {
  smartcaptcha: {
    script: ['https://smartcaptcha.yandexcloud.net'],
    frame: ['https://smartcaptcha.yandexcloud.net'],
    connect: ['https://smartcaptcha.yandexcloud.net'],
  },
  recaptcha: {
    script: ['https://www.google.com', 'https://www.gstatic.com'],
    frame: ['https://www.google.com', 'https://recaptcha.google.com'],
    connect: ['https://www.google.com'],
  },
} as const;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** CSP hashes of the inline <style> and <script> blocks of an HTML page. */
export function inlineHashes(html: string): { styles: string[]; scripts: string[] } {
  const styles = [...html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/gi)].map((m) => sha256(m[1] ?? ''));
  const scripts = [...html.matchAll(/<script(?![^>]*\ssrc=)(?:\s[^>]*)?>([\s\S]*?)<\/script>/gi)].map((m) =>
    sha256(m[1] ?? ''),
  );
  return { styles, scripts };
}

/** The built index.html's inline hashes, re-read when the file changes (checked every few seconds). */
function indexHashesOf(clientDir: string): () => { styles: string[]; scripts: string[] } {
  const file = path.join(clientDir, 'index.html');
  let known = { styles: [] as string[], scripts: [] as string[] };
  let mtimeMs = -1;
  let checkedAt = -Infinity;
  return () => {
    if (Date.now() - checkedAt < 2_000) return known;
    checkedAt = Date.now();
    try {
      const stat = fs.statSync(file);
      if (stat.mtimeMs !== mtimeMs) {
        known = inlineHashes(fs.readFileSync(file, 'utf8'));
        mtimeMs = stat.mtimeMs;
      }
    } catch {
      known = { styles: [], scripts: [] };
      mtimeMs = -1;
    }
    return known;
  };
}

function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const https = config.publicUrl.startsWith('https://');
  const payments = config.payments.provider === 'cloudpayments' ? CLOUDPAYMENTS : null;
  const captcha = config.captcha.secret === '' ? null : CAPTCHA[config.captcha.provider];
  const indexHashes = indexHashesOf(config.clientDir);
  const gatewayStyle = sha256(TEST_GATEWAY_STYLE);
  const thirdParty = payments !== null || captcha !== null;
  // the test gateway's buttons post to the API, which redirects to PUBLIC_URL's pages
  const publicOrigin = originOf(config.publicUrl);

  const scriptHashes = () => indexHashes().scripts.join(' ');
  const styleHashes = () => [...indexHashes().styles, gatewayStyle].join(' ');
  const none = (list: string[]) => (list.length === 0 ? ["'none'"] : list);

  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", scriptHashes, ...(payments ? [payments.script] : []), ...(captcha?.script ?? [])],
        styleSrc: ["'self'", ...(thirdParty ? ["'unsafe-inline'"] : [styleHashes])],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(payments ? [payments.connect] : []), ...(captcha?.connect ?? [])],
        frameSrc: none([...(payments ? [payments.frame] : []), ...(captcha?.frame ?? [])]),
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...(publicOrigin ? [publicOrigin] : [])],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // COEP would block the payment and captcha frames; with CORS_ORIGINS the mobile app shows
    // our /img pictures from its own origin, which CORP 'same-origin' would block
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: config.corsOrigins.length > 0 ? 'cross-origin' : 'same-origin' },
    // the payment widget's pop-ups (3-D Secure) need to keep their opener
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // the bot check and the payment widget see where they run; other sites only our origin
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    xFrameOptions: { action: 'deny' },
    xContentTypeOptions: true,
  });

  const permissions = [
    'camera=()',
    'microphone=()',
    'geolocation=()',
    payments ? `payment=(self "${payments.frame}")` : 'payment=(self)',
  ].join(', ');
  app.addHook('onRequest', async (_request, reply) => {
    void reply.header('permissions-policy', permissions);
  });
}
