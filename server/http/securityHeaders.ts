// Security headers on every answer (helmet): CSP, HSTS and the rest.
// See docs/SERVER.md «Security headers».
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
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

/** The web counters' hosts (their own CSP guides), opened only while a counter id is set. */
const COUNTERS = {
  metrika: {
    script: ['https://mc.yandex.ru', 'https://yastatic.net'],
    connect: ['https://mc.yandex.ru'],
    img: ['https://mc.yandex.ru'],
  },
  ga4: {
    script: ['https://*.googletagmanager.com'],
    connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
    img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  },
} as const;

/** Which web counters have an id in the settings (read per page, so an edit in /admin applies at once). */
export type ActiveCounters = { metrika: boolean; ga4: boolean };
type CounterSources = { script: string; connect: string; img: string };
const NO_COUNTERS: CounterSources = { script: '', connect: '', img: '' };

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

/** A browser's navigation to a page (not the API, a script, a picture or a fetch). */
function isPageRequest(request: IncomingMessage): boolean {
  const accept = request.headers.accept ?? '';
  return request.method === 'GET' && accept.includes('text/html') && !(request.url ?? '').startsWith('/api/');
}

function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The hosts of the counters whose id is set, plus the origin their script is configured to load
 * from (a local fake in tests, which also receives what the script sends).
 */
export function counterSources(config: Pick<Config, 'analytics'>, active: ActiveCounters): CounterSources {
  const script: string[] = [];
  const connect: string[] = [];
  const img: string[] = [];
  const add = (hosts: (typeof COUNTERS)[keyof typeof COUNTERS], url: string) => {
    const own = originOf(url);
    const extra = own === null || hosts.script.some((h) => h === own) ? [] : [own];
    script.push(...hosts.script, ...extra);
    connect.push(...hosts.connect, ...extra);
    img.push(...hosts.img, ...extra);
  };
  if (active.metrika) add(COUNTERS.metrika, config.analytics.metrikaScriptUrl);
  if (active.ga4) add(COUNTERS.ga4, config.analytics.ga4ScriptUrl);
  const list = (items: string[]) => [...new Set(items)].join(' ');
  return { script: list(script), connect: list(connect), img: list(img) };
}

/**
 * `counters` says which web counters are on (docs/ANALYTICS.md); it is asked for pages only (an
 * HTML navigation), and without it or when it fails the policy names none of their hosts.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: Config,
  counters?: () => Promise<ActiveCounters>,
  /** The hashes of the styles rendered pages carry inline (server/routes/pageStyles.ts). */
  pageStyleHashes: () => readonly string[] = () => [],
): Promise<void> {
  const https = config.publicUrl.startsWith('https://');
  const payments = config.payments.provider === 'cloudpayments' ? CLOUDPAYMENTS : null;
  const captcha = config.captcha.secret === '' ? null : CAPTCHA[config.captcha.provider];
  const indexHashes = indexHashesOf(config.clientDir);
  const gatewayStyle = sha256(TEST_GATEWAY_STYLE);
  const thirdParty = payments !== null || captcha !== null;
  // the test gateway's buttons post to the API, which redirects to PUBLIC_URL's pages
  const publicOrigin = originOf(config.publicUrl);

  // What a page's policy adds for the counters, found before helmet writes the header.
  const pageCounters = new WeakMap<ServerResponse, CounterSources>();
  const countersOf = (res: ServerResponse) => pageCounters.get(res) ?? NO_COUNTERS;
  if (counters !== undefined)
    app.addHook('onRequest', async (request, reply) => {
      if (!isPageRequest(request.raw)) return;
      try {
        const active = await counters();
        if (active.metrika || active.ga4) pageCounters.set(reply.raw, counterSources(config, active));
      } catch (error) {
        request.log.warn({ err: error }, 'counter ids unavailable: the page’s policy names no counter');
      }
    });

  const scriptHashes = () => indexHashes().scripts.join(' ');
  const styleHashes = () => [...indexHashes().styles, gatewayStyle, ...pageStyleHashes()].join(' ');
  const none = (list: string[]) => (list.length === 0 ? ["'none'"] : list);

  // The policy's middleware is built once: @fastify/helmet builds every middleware again for each
  // request (helmet(options) per request), and parsing this policy was most of helmet's cost.
  const contentSecurityPolicy = helmet.contentSecurityPolicy({
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: [
        "'self'",
        scriptHashes,
        ...(payments ? [payments.script] : []),
        ...(captcha?.script ?? []),
        (_req: IncomingMessage, res: ServerResponse) => countersOf(res).script,
      ],
      styleSrc: ["'self'", ...(thirdParty ? ["'unsafe-inline'"] : [styleHashes])],
      imgSrc: ["'self'", 'data:', 'blob:', (_req: IncomingMessage, res: ServerResponse) => countersOf(res).img],
      fontSrc: ["'self'", 'data:'],
      connectSrc: [
        "'self'",
        ...(payments ? [payments.connect] : []),
        ...(captcha?.connect ?? []),
        (_req: IncomingMessage, res: ServerResponse) => countersOf(res).connect,
      ],
      frameSrc: none([...(payments ? [payments.frame] : []), ...(captcha?.frame ?? [])]),
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'", ...(publicOrigin ? [publicOrigin] : [])],
      frameAncestors: ["'none'"],
      ...(https ? { upgradeInsecureRequests: [] } : {}),
    },
  });

  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: false,
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
  app.addHook('onRequest', (request, reply, done) => contentSecurityPolicy(request.raw, reply.raw, done));

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
