// Server configuration from the environment: the only place in server/ that reads it. One zod
// schema (`envSchema`) holds every variable with its default, what it accepts and what it means;
// a value it cannot read stops the start with a message naming the variable, never a silent
// default. Every knob has a default that works offline on a fresh machine; secrets are read here
// and never logged or printed (`redactedConfig`, `describeConfig`, masked refusals).
import { createECDH } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/** PGlite's and pino's levels; `silent` turns the log off. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * Fastify's `trustProxy`: off, every proxy (the leftmost X-Forwarded-For address is the client),
 * a number of proxy hops in front of the server, or the proxies' addresses and ranges.
 */
export type TrustProxy = boolean | number | string[];

/** Admin uploads live in DATA_DIR/<this> and are served as /img/<this>/<kind>/<file>. */
export const UPLOADS_DIR_NAME = 'uploads';

export interface Config {
  port: number;
  host: string;
  /** PGlite data directory, used when no DATABASE_URL is set. */
  dataDir: string;
  /** A PostgreSQL server; when set, PGlite is not used. */
  databaseUrl: string | null;
  /** Where built client files live (vite build output). */
  clientDir: string;
  /** Resized images cache. */
  imageCacheDir: string;
  sms: { provider: 'outbox' } | { provider: 'http'; url: string; login: string; password: string; sender: string };
  /** Base URL customers reach the storefront at (payment return URLs, links in SMS). */
  publicUrl: string;
  /** NODE_ENV=production: answers are not re-checked against the contract, stand-ins refused. */
  isProduction: boolean;
  /** TRUST_PROXY: whose X-Forwarded-For gives request.ip, which every per-IP limit counts by. */
  trustProxy: TrustProxy;
  logLevel: LogLevel;
  /** PG_POOL_SIZE: connections per process with DATABASE_URL. */
  pgPoolSize: number;
  /** DATABASE_CONNECT_TIMEOUT_S: how long the start waits for the database to answer. */
  databaseConnectTimeoutSeconds: number;
  /** SHUTDOWN_GRACE_S: how long a SIGTERM lets requests in flight finish. */
  shutdownGraceSeconds: number;
  /**
   * CONTENT_VERSION_MAX_AGE_MS (default 1000): how long a process trusts its last read of the
   * catalogue version before reading it again; 0 reads on every request (the tests' setting).
   */
  contentVersionMaxAgeMs: number;
  /** Online payments (docs/CHECKOUT.md). */
  payments: PaymentsConfig;
  /** Address geocoding: the embedded street reference, or Yandex when a key is set here or in MAPS_KEY. */
  geocoder: GeocoderConfig;
  /** Bot check of POST /auth/code and POST /order: off without a secret. */
  captcha: CaptchaConfig;
  /** Sign-in codes per client address (server/services/otp.ts). */
  otp: OtpConfig;
  /** CAMPAIGN_SMS_PER_MINUTE: the send rate of advertising campaigns, all processes together. */
  campaignSmsPerMinute: number;
  /**
   * The first admin, created at the first start on a database without staff (docs/ADMIN.md):
   * ADMIN_LOGIN (default 'admin') and ADMIN_PASSWORD (at least 10 characters; when unset, a
   * password is generated and printed once to stdout). Never logged.
   */
  admin: { login: string; password: string | null };
  /**
   * CORS_ORIGINS: origins whose pages may call /api/v1 across origins (the chain's Capacitor app:
   * capacitor://localhost, https://localhost), comma-separated; empty = same-origin only. Never
   * /api/v1/admin, never with cookies (server/http/cors.ts).
   */
  corsOrigins: string[];
  /** The chain's iikoCloud account (docs/IIKO.md); null: the embedded POS (our database). */
  iiko: IikoConfig | null;
  /**
   * Where the storefront loads the web counters' scripts from once a visitor consents and the
   * counter ids are set (docs/ANALYTICS.md): METRIKA_SCRIPT_URL and GA4_SCRIPT_URL, the real
   * services by default, a local fake in tests.
   */
  analytics: AnalyticsScripts;
  /** Web push of order statuses (docs/PUSH.md). */
  webPush: WebPushConfig;
}

export interface WebPushConfig {
  /**
   * VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY (base64url, set together); null: a pair generated once
   * and kept in the database (vapid_keys), which every process then reads.
   */
  vapid: { publicKey: string; privateKey: string } | null;
  /** VAPID_SUBJECT: a mailto: or https: contact push services may write to; null: PUBLIC_URL when https. */
  subject: string | null;
  /** WEB_PUSH_TIMEOUT_MS: how long one push service may take before the send is given up. */
  timeoutMs: number;
}

export interface IikoConfig {
  /** IIKO_API_URL (default https://api-ru.iiko.services); tests and the demo point it at the fake. */
  apiUrl: string;
  /** IIKO_API_LOGIN: the apiLogin from iikoWeb. Never logged. */
  apiLogin: string;
  /** IIKO_ORGANIZATION_ID: one or more, comma-separated. */
  organizationIds: string[];
  /** IIKO_WEBHOOK_TOKEN: the authToken set for the webhook in iikoWeb; empty: no webhook, statuses are polled. */
  webhookToken: string;
  /** How long one iiko call may take (not an env setting). */
  timeoutMs: number;
  /**
   * IIKO_HANDOFF_GIVE_UP_MINUTES in ms: how long a hand-off failing on iiko's side (no answer,
   * timeouts, 5xx) is retried before the order is flagged 'не передан на кухню'.
   */
  handoffGiveUpMs: number;
}

/** IIKO_HANDOFF_GIVE_UP_MINUTES's default: an hour of retries (5 s, 10 s … every 2 minutes). */
export const DEFAULT_HANDOFF_GIVE_UP_MINUTES = 60;

export interface AnalyticsScripts {
  metrikaScriptUrl: string;
  ga4ScriptUrl: string;
}

export const DEFAULT_METRIKA_SCRIPT_URL = 'https://mc.yandex.ru/metrika/tag.js';
export const DEFAULT_GA4_SCRIPT_URL = 'https://www.googletagmanager.com/gtag/js';

export interface CloudPaymentsAccount {
  publicId: string;
  apiSecret: string;
}

export interface PaymentsConfig {
  /** PAYMENTS_PROVIDER: 'test' (built-in test gateway, default) or 'cloudpayments'. */
  provider: 'test' | 'cloudpayments';
  cloudpayments: {
    /** CLOUDPAYMENTS_API_URL (default https://api.cloudpayments.ru), for refunds. */
    apiUrl: string;
    /** CLOUDPAYMENTS_PUBLIC_ID / CLOUDPAYMENTS_API_SECRET: the account of restaurants without their own. */
    defaultAccount: CloudPaymentsAccount | null;
    /** CLOUDPAYMENTS_ACCOUNTS: JSON {"<deliveryTerminalId>": {"publicId": "…", "apiSecret": "…"}}. */
    accounts: Record<string, CloudPaymentsAccount>;
    /** CLOUDPAYMENTS_SKIN: the widget skin. */
    skin: CloudPaymentsSkin;
  };
}

export interface GeocoderConfig {
  /** YANDEX_GEOCODER_KEY; when empty, the MAPS_KEY setting is used; both empty → embedded reference. */
  yandexKey: string;
  /** YANDEX_GEOCODER_URL (default https://geocode-maps.yandex.ru/1.x/). */
  yandexUrl: string;
  /** How long a Yandex call may take before the street reference answers instead (not an env setting). */
  timeoutMs: number;
}

export interface CaptchaConfig {
  /** CAPTCHA_PROVIDER: 'smartcaptcha' (Yandex, default) or 'recaptcha' (any siteverify-compatible). */
  provider: 'smartcaptcha' | 'recaptcha';
  /** CAPTCHA_SECRET: the server key; empty → no verification. Never sent to clients or logged. */
  secret: string;
  /** CAPTCHA_VERIFY_URL: default per provider. */
  verifyUrl: string;
}

export interface OtpConfig {
  /**
   * OTP_CODES_PER_IP_10_MIN (default 30) and OTP_CODES_PER_IP_DAY (default 200): codes one client
   * address may have sent without a bot check. Sized for carrier NAT and shared Wi-Fi, where many
   * customers sign in from one address; the per-phone limits are fixed.
   */
  ipCodesPer10Min: number;
  ipCodesPerDay: number;
}

export const CLOUDPAYMENTS_SKINS = ['classic', 'modern', 'mini'] as const;
export type CloudPaymentsSkin = (typeof CLOUDPAYMENTS_SKINS)[number];

/** What README's table and .env.example say about a variable; `accepts` ends a refusal. */
export interface VariableDoc {
  /** The default as documented ('—' for none). */
  default: string;
  /** What the schema reads, as in "PORT must be <accepts>, not "abc"". */
  accepts: string;
  meaning: string;
  /** Shown masked everywhere: the whole value, or a URL's password. */
  secret?: 'value' | 'url-password';
  /** The refusal in the operator's words, instead of "must be <accepts>": "NAME: <refusal>, а не "abc"". */
  refusal?: string;
}

export const variableDocs = z.registry<VariableDoc>();

/**
 * One variable: unset or blank gives `fallback` (a blank line in an env file means "unset");
 * anything else goes through `read`, and `undefined` from it refuses the value.
 */
function variable<T>(doc: VariableDoc, fallback: T, read: (raw: string) => T | undefined) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): T => {
      if (raw === undefined || raw.trim() === '') return fallback;
      const value = read(raw);
      if (value === undefined) {
        ctx.issues.push({ code: 'custom', message: doc.accepts, input: raw });
        return z.NEVER;
      }
      return value;
    })
    .register(variableDocs, doc);
}

/** Digits only (no sign, exponent, hex or fraction), so an accepted number is the one written. */
const wholeNumber =
  (min: number, max = Number.MAX_SAFE_INTEGER) =>
  (raw: string): number | undefined => {
    const text = raw.trim();
    if (!/^\d+$/.test(text)) return undefined;
    const n = Number(text);
    return Number.isSafeInteger(n) && n >= min && n <= max ? n : undefined;
  };

const oneOf =
  <T extends string>(values: readonly T[]) =>
  (raw: string): T | undefined =>
    values.find((v) => v === raw.trim().toLowerCase());

const httpUrl = (raw: string): string | undefined => {
  const text = raw.trim();
  if (!URL.canParse(text)) return undefined;
  const { protocol, hostname } = new URL(text);
  return (protocol === 'http:' || protocol === 'https:') && hostname !== '' ? text : undefined;
};

/** A directory, resolved against the working directory the server starts in. */
const directory = (raw: string): string | undefined =>
  raw.includes('\0') ? undefined : path.resolve(process.cwd(), raw.trim());

const text = (raw: string): string => raw.trim();
/** Secrets are taken as written: a space may be part of a password. */
const verbatim = (raw: string): string => raw;

/** base64url without padding, as VAPID keys are written (web-push's generateVAPIDKeys). */
const base64urlBytes =
  (length: number, first?: number) =>
  (raw: string): string | undefined => {
    const value = raw.trim();
    if (!/^[A-Za-z0-9_-]+$/.test(value)) return undefined;
    const bytes = Buffer.from(value, 'base64url');
    if (bytes.length !== length || (first !== undefined && bytes[0] !== first)) return undefined;
    return value;
  };

/** VAPID_SUBJECT: push services want a way to reach the sender, a mailto: or an https: URL. */
const vapidSubject = (raw: string): string | undefined => {
  const value = raw.trim();
  if (!URL.canParse(value)) return undefined;
  const url = new URL(value);
  if (url.protocol === 'mailto:') return /^[^@\s]+@[^@\s]+$/.test(url.pathname) ? value : undefined;
  return url.protocol === 'https:' && url.hostname !== '' ? value : undefined;
};

const hostName = (raw: string): string | undefined => {
  const host = raw.trim();
  if (isIP(host) !== 0) return host;
  return /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i.test(host)
    ? host
    : undefined;
};

const databaseUrl = (raw: string): string | undefined => {
  const text = raw.trim();
  if (!URL.canParse(text)) return undefined;
  const url = new URL(text);
  return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== '' ? text : undefined;
};

/** IIKO_ORGANIZATION_ID: ids separated by commas, blanks dropped; an id with spaces inside is refused. */
export function organizationIdsFrom(value: string): string[] | undefined {
  const ids: string[] = [];
  for (const raw of value.split(',')) {
    const id = raw.trim();
    if (id === '') continue;
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return undefined;
    if (!ids.includes(id)) ids.push(id);
  }
  return ids.length > 0 ? ids : undefined;
}

/**
 * CORS_ORIGINS as exact origins ('scheme://host[:port]', lowercased as browsers send them), or
 * undefined to refuse: a typo would silently lock the app out, and '*' or a path would open more.
 */
export function corsOriginsFrom(value: string): string[] | undefined {
  const origins: string[] = [];
  for (const raw of value.split(',')) {
    const origin = raw.trim().toLowerCase();
    if (origin === '') continue;
    if (!/^[a-z][a-z0-9+.-]*:\/\/[a-z0-9.-]+(:\d{1,5})?$/.test(origin)) return undefined;
    if (!origins.includes(origin)) origins.push(origin);
  }
  return origins;
}

/** proxy-addr's names for the private ranges, accepted by Fastify like addresses. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  // a zone (fe80::1%eth0) is left out: node reads it, Fastify's address matching may not
  if (family === 0 || rest.length > 0 || address.includes('%')) return false;
  if (prefix === undefined) return true;
  // a /0 range is refused by Fastify's address matching: trusting everyone is TRUST_PROXY=true
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) < 1 || Number(prefix) > (family === 4 ? 32 : 128)) return false;
  try {
    new BlockList().addSubnet(address, Number(prefix), family === 4 ? 'ipv4' : 'ipv6');
    return true;
  } catch {
    return false;
  }
}

/**
 * TRUST_PROXY: true/false (1/0, yes/no), a hop count of 2 or more (1 reads as true, as it
 * always has in env files), or a comma-separated list of proxy addresses and CIDR ranges.
 */
export function readTrustProxy(raw: string): TrustProxy | undefined {
  const value = raw.trim().toLowerCase();
  if (value === 'true' || value === '1' || value === 'yes') return true;
  if (value === 'false' || value === '0' || value === 'no') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    // "01" or "002" would be a count of 1 or 2 that does not read as one: refused
    return /^[1-9]/.test(value) && Number.isSafeInteger(hops) && hops >= 2 ? hops : undefined;
  }
  const entries = raw.split(',').map((entry) => entry.trim());
  return entries.every(isProxyAddress) ? entries : undefined;
}

function cloudPaymentsAccounts(raw: string): Record<string, CloudPaymentsAccount> | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const out: Record<string, CloudPaymentsAccount> = {};
  for (const [terminal, value] of Object.entries(parsed)) {
    if (value === null || typeof value !== 'object') return undefined;
    const { publicId, apiSecret } = value as { publicId?: unknown; apiSecret?: unknown };
    if (typeof publicId !== 'string' || typeof apiSecret !== 'string' || publicId === '' || apiSecret === '')
      return undefined;
    out[terminal] = { publicId, apiSecret };
  }
  return out;
}

const ADMIN_LOGIN_PATTERN = /^[a-z0-9._-]{3,64}$/;
/** As MIN_PASSWORD_LENGTH in services/admin/staff.ts, which checks it again when it creates the admin. */
const ADMIN_PASSWORD_MIN = 10;

/**
 * Every variable the server reads, one entry each: its reader, default and documentation. README's
 * configuration table and .env.example list exactly these (tests/server/config.test.ts checks).
 */
export const envSchema = z.object({
  PORT: variable(
    { default: '3333', accepts: 'a port number from 1 to 65535', meaning: 'the port the server listens on' },
    3333,
    wholeNumber(1, 65535),
  ),
  HOST: variable(
    { default: '0.0.0.0', accepts: 'an IP address or a host name', meaning: 'the address the server listens on' },
    '0.0.0.0',
    hostName,
  ),
  DATA_DIR: variable(
    {
      default: './data',
      accepts: 'a directory path',
      meaning: 'PGlite database and resized image cache; one process per directory',
    },
    path.resolve(process.cwd(), 'data'),
    directory,
  ),
  DATABASE_URL: variable(
    {
      default: '—',
      accepts: 'a postgres:// or postgresql:// address',
      meaning: 'a PostgreSQL server instead of PGlite; several processes may share it',
      secret: 'url-password',
    },
    null,
    databaseUrl,
  ),
  PG_POOL_SIZE: variable(
    { default: '10', accepts: 'a positive whole number', meaning: 'connections per process with DATABASE_URL' },
    10,
    wholeNumber(1),
  ),
  DATABASE_CONNECT_TIMEOUT_S: variable(
    {
      default: '60',
      accepts: 'a whole number of seconds (0 or more)',
      meaning: 'how long the start waits for the database to answer',
    },
    60,
    wholeNumber(0),
  ),
  SHUTDOWN_GRACE_S: variable(
    {
      default: '10',
      accepts: 'a whole number of seconds (0 or more)',
      meaning: 'how long SIGTERM lets requests in flight finish',
    },
    10,
    wholeNumber(0),
  ),
  CLIENT_DIR: variable(
    { default: 'dist/client', accepts: 'a directory path', meaning: 'the built client' },
    path.resolve(process.cwd(), 'dist/client'),
    directory,
  ),
  PUBLIC_URL: variable(
    {
      default: 'http://localhost:PORT',
      accepts: 'an http:// or https:// address',
      meaning: 'the address customers reach (payment return links)',
    },
    null,
    httpUrl,
  ),
  TRUST_PROXY: variable(
    {
      default: 'false',
      accepts:
        'true or false (1/0, yes/no), a hop count of 2 or more, or a comma-separated list of proxy addresses and CIDR ranges',
      meaning: "which proxies' X-Forwarded-For gives the client's address to per-IP limits",
    },
    false as TrustProxy,
    readTrustProxy,
  ),
  SMS_HTTP_URL: variable(
    {
      default: '—',
      accepts: 'an http:// or https:// address',
      meaning: 'an smsc.ru-compatible HTTP gateway for sign-in codes instead of the outbox',
    },
    null,
    httpUrl,
  ),
  SMS_LOGIN: variable(
    { default: '—', accepts: 'the gateway login', meaning: 'login at the SMS gateway', secret: 'value' },
    '',
    verbatim,
  ),
  SMS_PASSWORD: variable(
    { default: '—', accepts: 'the gateway password', meaning: 'password at the SMS gateway', secret: 'value' },
    '',
    verbatim,
  ),
  SMS_SENDER: variable({ default: '—', accepts: 'a sender name', meaning: 'the sender name SMS show' }, '', text),
  CONTENT_VERSION_MAX_AGE_MS: variable(
    {
      default: '1000',
      accepts: 'a whole number of milliseconds (0 or more)',
      meaning: 'how long a process trusts its last read of the catalogue version and promotion rules',
    },
    1000,
    wholeNumber(0),
  ),
  ADMIN_LOGIN: variable(
    {
      default: 'admin',
      accepts: '3–64 characters a-z 0-9 . _ -',
      meaning: 'the first admin, created on the first start',
    },
    'admin',
    (raw) => {
      const login = raw.trim().toLowerCase();
      return ADMIN_LOGIN_PATTERN.test(login) ? login : undefined;
    },
  ),
  ADMIN_PASSWORD: variable(
    {
      default: '—',
      accepts: `a password of at least ${ADMIN_PASSWORD_MIN} characters`,
      meaning: "the first admin's password (else one is generated and printed once)",
      secret: 'value',
    },
    null,
    (raw) => (raw.length >= ADMIN_PASSWORD_MIN ? raw : undefined),
  ),
  PAYMENTS_PROVIDER: variable(
    {
      default: 'test',
      accepts: 'test or cloudpayments',
      meaning: 'online payments: the built-in test gateway or CloudPayments',
    },
    'test' as PaymentsConfig['provider'],
    oneOf(['test', 'cloudpayments'] as const),
  ),
  CLOUDPAYMENTS_API_URL: variable(
    {
      default: 'https://api.cloudpayments.ru',
      accepts: 'an http:// or https:// address',
      meaning: 'CloudPayments API (refunds)',
    },
    'https://api.cloudpayments.ru',
    (raw) => httpUrl(raw)?.replace(/\/+$/, ''),
  ),
  CLOUDPAYMENTS_PUBLIC_ID: variable(
    {
      default: '—',
      accepts: 'a CloudPayments public ID',
      meaning: "the chain's CloudPayments account (with CLOUDPAYMENTS_API_SECRET)",
    },
    null,
    text,
  ),
  CLOUDPAYMENTS_API_SECRET: variable(
    {
      default: '—',
      accepts: 'a CloudPayments API secret',
      meaning: "the chain's CloudPayments API secret (with CLOUDPAYMENTS_PUBLIC_ID)",
      secret: 'value',
    },
    null,
    verbatim,
  ),
  CLOUDPAYMENTS_ACCOUNTS: variable(
    {
      default: '{}',
      accepts: 'a JSON object {"<deliveryTerminalId>": {"publicId": "…", "apiSecret": "…"}}',
      meaning: "restaurants' own CloudPayments accounts by delivery terminal",
      secret: 'value',
    },
    {} as Record<string, CloudPaymentsAccount>,
    cloudPaymentsAccounts,
  ),
  CLOUDPAYMENTS_SKIN: variable(
    {
      default: 'classic',
      accepts: CLOUDPAYMENTS_SKINS.join(', ').replace(/, (?=[^,]*$)/, ' or '),
      meaning: 'the payment widget skin',
    },
    'classic' as CloudPaymentsSkin,
    oneOf(CLOUDPAYMENTS_SKINS),
  ),
  YANDEX_GEOCODER_KEY: variable(
    {
      default: '—',
      accepts: 'a Yandex Geocoder key',
      meaning: 'Yandex geocoding (else the MAPS_KEY setting; both empty: the seeded street reference)',
      secret: 'value',
    },
    '',
    text,
  ),
  YANDEX_GEOCODER_URL: variable(
    {
      default: 'https://geocode-maps.yandex.ru/1.x/',
      accepts: 'an http:// or https:// address',
      meaning: 'Yandex Geocoder API',
    },
    'https://geocode-maps.yandex.ru/1.x/',
    httpUrl,
  ),
  CAPTCHA_PROVIDER: variable(
    {
      default: 'smartcaptcha',
      accepts: 'smartcaptcha or recaptcha',
      meaning: 'the bot check: Yandex SmartCaptcha or any siteverify-compatible service',
    },
    'smartcaptcha' as CaptchaConfig['provider'],
    oneOf(['smartcaptcha', 'recaptcha'] as const),
  ),
  CAPTCHA_SECRET: variable(
    {
      default: '—',
      accepts: 'the captcha server key',
      meaning: 'the bot check on sign-in codes and orders (off without it)',
      secret: 'value',
    },
    '',
    verbatim,
  ),
  CAPTCHA_VERIFY_URL: variable(
    {
      default: 'per provider',
      accepts: 'an http:// or https:// address',
      meaning: 'where captcha tokens are verified',
    },
    null,
    httpUrl,
  ),
  OTP_CODES_PER_IP_10_MIN: variable(
    {
      default: '30',
      accepts: 'a positive whole number',
      meaning: 'sign-in codes one client address may have sent per 10 minutes before the bot check',
    },
    30,
    wholeNumber(1),
  ),
  OTP_CODES_PER_IP_DAY: variable(
    {
      default: '200',
      accepts: 'a positive whole number',
      meaning: 'sign-in codes one client address may have sent per 24 hours before the bot check',
    },
    200,
    wholeNumber(1),
  ),
  CAMPAIGN_SMS_PER_MINUTE: variable(
    {
      default: '60',
      accepts: 'a positive whole number',
      meaning: 'advertising SMS sent per minute, all server processes together',
    },
    60,
    wholeNumber(1),
  ),
  CORS_ORIGINS: variable(
    {
      default: '—',
      accepts: 'comma-separated origins, scheme://host[:port] without a path (e.g. capacitor://localhost)',
      meaning: 'origins whose pages may call /api/v1 across origins; empty: same-origin only',
    },
    [] as string[],
    corsOriginsFrom,
  ),
  IIKO_API_URL: variable(
    {
      default: 'https://api-ru.iiko.services',
      accepts: 'an http:// or https:// address',
      meaning: 'iikoCloud API (with IIKO_API_LOGIN; the local fake of `npm run fake:iiko` for a demo)',
    },
    'https://api-ru.iiko.services',
    (raw) => httpUrl(raw)?.replace(/\/+$/, ''),
  ),
  IIKO_API_LOGIN: variable(
    {
      default: '—',
      accepts: 'an iikoCloud apiLogin',
      meaning:
        "the chain's iikoCloud apiLogin (with IIKO_ORGANIZATION_ID): menu, stop lists and orders go through iiko",
      secret: 'value',
    },
    null,
    verbatim,
  ),
  IIKO_ORGANIZATION_ID: variable(
    {
      default: '—',
      accepts: 'comma-separated iiko organization ids',
      meaning: 'the iiko organizations this storefront serves (with IIKO_API_LOGIN)',
    },
    [] as string[],
    organizationIdsFrom,
  ),
  IIKO_WEBHOOK_TOKEN: variable(
    {
      default: '—',
      accepts: 'the authToken of the iiko webhook',
      meaning: "iiko's webhook to /api/v1/pos/iiko/webhook (orders, stop lists, menu); without it statuses are polled",
      secret: 'value',
    },
    '',
    verbatim,
  ),
  IIKO_HANDOFF_GIVE_UP_MINUTES: variable(
    {
      default: String(DEFAULT_HANDOFF_GIVE_UP_MINUTES),
      accepts: 'a whole number of minutes from 1 to 10080',
      meaning:
        "how long an order's hand-off to iiko is retried while iiko fails (no answer, timeouts, 5xx) before it is flagged «не передан на кухню» in /admin",
      refusal: 'нужно целое число минут от 1 до 10080 (неделя): столько времени повторяется передача заказа в iiko',
    },
    DEFAULT_HANDOFF_GIVE_UP_MINUTES,
    wholeNumber(1, 10_080),
  ),
  METRIKA_SCRIPT_URL: variable(
    {
      default: DEFAULT_METRIKA_SCRIPT_URL,
      accepts: 'an http:// or https:// address',
      meaning: 'the Yandex Metrika counter script (loaded only with a counter id and the visitor’s consent)',
    },
    DEFAULT_METRIKA_SCRIPT_URL,
    httpUrl,
  ),
  GA4_SCRIPT_URL: variable(
    {
      default: DEFAULT_GA4_SCRIPT_URL,
      accepts: 'an http:// or https:// address',
      meaning: 'the Google Analytics 4 (gtag.js) script (loaded only with a measurement id and consent)',
    },
    DEFAULT_GA4_SCRIPT_URL,
    httpUrl,
  ),
  VAPID_PUBLIC_KEY: variable(
    {
      default: '—',
      accepts: 'an uncompressed P-256 public key in base64url (65 bytes, as web-push generate-vapid-keys prints it)',
      meaning:
        'the VAPID public key of web push (with VAPID_PRIVATE_KEY); unset: a pair generated once and kept in the database',
    },
    null,
    base64urlBytes(65, 4),
  ),
  VAPID_PRIVATE_KEY: variable(
    {
      default: '—',
      accepts: 'a P-256 private key in base64url (32 bytes)',
      meaning: 'the VAPID private key of web push (with VAPID_PUBLIC_KEY)',
      secret: 'value',
    },
    null,
    base64urlBytes(32),
  ),
  VAPID_SUBJECT: variable(
    {
      default: '—',
      accepts: 'a mailto: address or an https:// URL',
      meaning: 'the contact push services see in every VAPID token (unset: PUBLIC_URL when it is https)',
    },
    null,
    vapidSubject,
  ),
  WEB_PUSH_TIMEOUT_MS: variable(
    {
      default: '5000',
      accepts: 'a whole number of milliseconds from 100 to 60000',
      meaning: 'how long one push service may take before a push is given up',
    },
    5000,
    wholeNumber(100, 60_000),
  ),
  LOG_LEVEL: variable(
    { default: 'info', accepts: `one of ${LOG_LEVELS.join(', ')}`, meaning: 'pino log level' },
    'info' as LogLevel,
    oneOf(LOG_LEVELS),
  ),
  NODE_ENV: variable(
    {
      default: '—',
      accepts: 'production, development or test',
      meaning: 'production: refuses offline stand-ins, answers not re-checked against the contract',
    },
    null,
    oneOf(['production', 'development', 'test'] as const),
  ),
});

export type Env = z.output<typeof envSchema>;
export type VariableName = keyof typeof envSchema.shape;
export const VARIABLE_NAMES = Object.keys(envSchema.shape) as VariableName[];

export function variableDoc(name: VariableName): VariableDoc {
  const doc = variableDocs.get(envSchema.shape[name]);
  if (!doc) throw new Error(`${name} has no documentation in envSchema`);
  return doc;
}

/** A URL's password as ***, also in a value that does not parse (it may still hold one). */
export function maskUrlPassword(value: string): string {
  const scheme = value.indexOf('://');
  const rest = scheme >= 0 ? value.slice(scheme + 3) : value;
  const at = rest.lastIndexOf('@');
  if (at < 0) return value;
  const userinfo = rest.slice(0, at);
  const colon = userinfo.indexOf(':');
  const masked = colon >= 0 ? `${userinfo.slice(0, colon)}:***` : '***';
  return `${scheme >= 0 ? value.slice(0, scheme + 3) : ''}${masked}${rest.slice(at)}`;
}

/** A raw value as it may be printed: quoted, secrets masked. */
export function shownValue(name: VariableName, raw: string): string {
  const secret = variableDoc(name).secret;
  if (secret === 'value') return '***';
  return JSON.stringify(secret === 'url-password' ? maskUrlPassword(raw) : raw);
}

/** The environment a value was read from: only our names, blank counted as unset. */
function setValue(env: NodeJS.ProcessEnv, name: VariableName): string | undefined {
  const raw = env[name];
  return raw === undefined || raw.trim() === '' ? undefined : raw;
}

/** The refusal of one of two settings set without the other (naming both); null when both or neither are. */
function halfPairProblem(
  env: NodeJS.ProcessEnv,
  first: VariableName,
  second: VariableName,
  why: string,
): string | null {
  const firstSet = setValue(env, first) !== undefined;
  if (firstSet === (setValue(env, second) !== undefined)) return null;
  return `${first} and ${second} must be set together, not only ${firstSet ? first : second}: ${why}`;
}

/** Settings that only mean something together; each refusal names both. */
function pairProblems(env: NodeJS.ProcessEnv): string[] {
  const problems = [
    halfPairProblem(env, 'CLOUDPAYMENTS_PUBLIC_ID', 'CLOUDPAYMENTS_API_SECRET', 'one without the other is no account'),
    halfPairProblem(env, 'IIKO_API_LOGIN', 'IIKO_ORGANIZATION_ID', 'iiko needs both'),
    halfPairProblem(
      env,
      'VAPID_PUBLIC_KEY',
      'VAPID_PRIVATE_KEY',
      'a push is signed with the one and checked with the other',
    ),
  ].filter((problem) => problem !== null);
  const publicKey = setValue(env, 'VAPID_PUBLIC_KEY');
  const privateKey = setValue(env, 'VAPID_PRIVATE_KEY');
  if (
    publicKey !== undefined &&
    privateKey !== undefined &&
    // an unreadable key is refused by its own variable already
    base64urlBytes(65, 4)(publicKey) !== undefined &&
    base64urlBytes(32)(privateKey) !== undefined &&
    !vapidKeysMatch(publicKey, privateKey)
  )
    problems.push('VAPID_PUBLIC_KEY must be the public key of VAPID_PRIVATE_KEY: they are not one pair');
  return problems;
}

/** Whether the public key is the private key's point (both base64url); false for anything unreadable. */
export function vapidKeysMatch(publicKey: string, privateKey: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey.trim(), 'base64url'));
    return ecdh.getPublicKey().equals(Buffer.from(publicKey.trim(), 'base64url'));
  } catch {
    return false;
  }
}

export interface ConfigReading {
  /** Null when any value cannot be read: the server must not start. */
  config: Config | null;
  env: Env | null;
  /** One line per refused value, naming the variable, the value (masked) and what is accepted. */
  problems: string[];
  /** Variables spelled almost like ours, for a warning each. */
  nearMisses: NearMiss[];
}

/** Reads every variable at once, so an operator sees all refusals in one start. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ConfigReading {
  const input: Partial<Record<VariableName, string>> = {};
  for (const name of VARIABLE_NAMES) {
    const raw = env[name];
    if (raw !== undefined) input[name] = raw;
  }
  const parsed = envSchema.safeParse(input);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = issue.path[0];
      if (typeof name === 'string' && name in envSchema.shape) {
        const known = name as VariableName;
        const doc = variableDoc(known);
        const shown = shownValue(known, input[known] ?? '');
        problems.push(
          doc.refusal === undefined
            ? `${known} must be ${doc.accepts}, not ${shown}`
            : `${known}: ${doc.refusal}, а не ${shown}`,
        );
      } else {
        problems.push(issue.message);
      }
    }
  }
  problems.push(...pairProblems(env));
  const misses = nearMisses(env);
  if (!parsed.success || problems.length > 0)
    return { config: null, env: parsed.success ? parsed.data : null, problems, nearMisses: misses };
  return { config: configFrom(parsed.data), env: parsed.data, problems: [], nearMisses: misses };
}

/** Refused configuration: `problems` as readConfig gives them. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

/** The configuration, or a ConfigError listing every value it cannot read. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const reading = readConfig(env);
  if (reading.config === null) throw new ConfigError(reading.problems);
  return reading.config;
}

/** What a pair of settings makes when both are set; null when neither is (pairProblems refuses one alone). */
function bothSet<T>(first: string | null, second: string | null, make: (first: string, second: string) => T): T | null {
  return first !== null && second !== null ? make(first, second) : null;
}

function configFrom(env: Env): Config {
  const captchaProvider = env.CAPTCHA_PROVIDER;
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    clientDir: env.CLIENT_DIR,
    imageCacheDir: path.resolve(env.DATA_DIR, 'img-cache'),
    sms: env.SMS_HTTP_URL
      ? {
          provider: 'http',
          url: env.SMS_HTTP_URL,
          login: env.SMS_LOGIN,
          password: env.SMS_PASSWORD,
          sender: env.SMS_SENDER,
        }
      : { provider: 'outbox' },
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    isProduction: env.NODE_ENV === 'production',
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    pgPoolSize: env.PG_POOL_SIZE,
    databaseConnectTimeoutSeconds: env.DATABASE_CONNECT_TIMEOUT_S,
    shutdownGraceSeconds: env.SHUTDOWN_GRACE_S,
    contentVersionMaxAgeMs: env.CONTENT_VERSION_MAX_AGE_MS,
    payments: {
      provider: env.PAYMENTS_PROVIDER,
      cloudpayments: {
        apiUrl: env.CLOUDPAYMENTS_API_URL,
        defaultAccount: bothSet(env.CLOUDPAYMENTS_PUBLIC_ID, env.CLOUDPAYMENTS_API_SECRET, (publicId, apiSecret) => ({
          publicId,
          apiSecret,
        })),
        accounts: env.CLOUDPAYMENTS_ACCOUNTS,
        skin: env.CLOUDPAYMENTS_SKIN,
      },
    },
    geocoder: { yandexKey: env.YANDEX_GEOCODER_KEY, yandexUrl: env.YANDEX_GEOCODER_URL, timeoutMs: 5000 },
    captcha: {
      provider: captchaProvider,
      secret: env.CAPTCHA_SECRET,
      verifyUrl:
        env.CAPTCHA_VERIFY_URL ??
        (captchaProvider === 'smartcaptcha'
          ? 'https://smartcaptcha.yandexcloud.net/validate'
          : 'https://www.google.com/recaptcha/api/siteverify'),
    },
    otp: { ipCodesPer10Min: env.OTP_CODES_PER_IP_10_MIN, ipCodesPerDay: env.OTP_CODES_PER_IP_DAY },
    campaignSmsPerMinute: env.CAMPAIGN_SMS_PER_MINUTE,
    admin: { login: env.ADMIN_LOGIN, password: env.ADMIN_PASSWORD },
    corsOrigins: env.CORS_ORIGINS,
    iiko:
      env.IIKO_API_LOGIN !== null && env.IIKO_ORGANIZATION_ID.length > 0
        ? {
            apiUrl: env.IIKO_API_URL,
            apiLogin: env.IIKO_API_LOGIN,
            organizationIds: env.IIKO_ORGANIZATION_ID,
            webhookToken: env.IIKO_WEBHOOK_TOKEN,
            timeoutMs: 15_000,
            handoffGiveUpMs: env.IIKO_HANDOFF_GIVE_UP_MINUTES * 60_000,
          }
        : null,
    analytics: { metrikaScriptUrl: env.METRIKA_SCRIPT_URL, ga4ScriptUrl: env.GA4_SCRIPT_URL },
    webPush: {
      vapid: bothSet(env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY, (publicKey, privateKey) => ({
        publicKey,
        privateKey,
      })),
      subject: env.VAPID_SUBJECT,
      timeoutMs: env.WEB_PUSH_TIMEOUT_MS,
    },
  };
}

/** Shell and system variables that happen to be spelled like ours (HOME is two letters from HOST). */
const SYSTEM_VARIABLES = new Set([
  'PATH',
  'HOME',
  'USER',
  'SHELL',
  'PWD',
  'OLDPWD',
  'LANG',
  'LANGUAGE',
  'TERM',
  'HOSTNAME',
  'HOSTTYPE',
  'LOGNAME',
  'TMPDIR',
  'TEMP',
  'TMP',
  'TZ',
  'SHLVL',
  'MAIL',
  'EDITOR',
  'DISPLAY',
  'COLORTERM',
  'NODE_OPTIONS',
  'NODE_PATH',
  'CI',
  'INIT_CWD',
  'COLUMNS',
  'LINES',
  'OSTYPE',
]);

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number): number => d[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      const row = d[i];
      if (row) row[j] = best;
    }
  }
  return at(a.length, b.length);
}

export interface NearMiss {
  variable: string;
  known: VariableName;
}

/**
 * Variables spelled within two letters of one we read (TRUSTPROXY, DATABASE_ULR): most likely a
 * typo that leaves the setting at its default, so the start warns about each.
 */
export function nearMisses(env: NodeJS.ProcessEnv): NearMiss[] {
  const known = new Set<string>(VARIABLE_NAMES);
  const misses: NearMiss[] = [];
  for (const variable of Object.keys(env)) {
    if (!/^[A-Z][A-Z0-9_]*$/.test(variable) || known.has(variable) || SYSTEM_VARIABLES.has(variable)) continue;
    let closest: { name: VariableName; distance: number } | null = null;
    for (const name of VARIABLE_NAMES) {
      if (Math.abs(name.length - variable.length) > 2) continue;
      const distance = editDistance(variable, name);
      if (distance <= 2 && (closest === null || distance < closest.distance)) closest = { name, distance };
    }
    if (closest) misses.push({ variable, known: closest.name });
  }
  return misses;
}

export function nearMissMessage(miss: NearMiss): string {
  return `${miss.variable} is not a setting the server reads: did you mean ${miss.known}?`;
}

/**
 * What keeps this configuration from serving real customers: the offline stand-ins that make a
 * fresh machine work are unsafe with real money and real phones. NODE_ENV=production refuses to
 * start while any is left (server/main.ts); empty means ready.
 */
export function productionConfigProblems(config: Config): string[] {
  const problems: string[] = [];
  const { payments } = config;
  if (payments.provider === 'test') {
    problems.push(
      'PAYMENTS_PROVIDER=cloudpayments is required: the built-in test gateway lets anyone with the link mark an order paid',
    );
  } else if (
    payments.cloudpayments.defaultAccount === null &&
    Object.keys(payments.cloudpayments.accounts).length === 0
  ) {
    problems.push(
      'CLOUDPAYMENTS_PUBLIC_ID and CLOUDPAYMENTS_API_SECRET (or CLOUDPAYMENTS_ACCOUNTS) are required: no account takes the payments',
    );
  }
  if (config.sms.provider === 'outbox') {
    problems.push('SMS_HTTP_URL is required: the outbox sends no SMS and writes every sign-in code to the log');
  }
  if (config.captcha.secret === '') {
    problems.push('CAPTCHA_SECRET is required: without it sign-in codes and orders have no bot check');
  }
  let publicUrl: URL | null = null;
  try {
    publicUrl = new URL(config.publicUrl);
  } catch {
    publicUrl = null;
  }
  if (publicUrl === null || publicUrl.protocol !== 'https:' || publicUrl.hostname === 'localhost') {
    problems.push(
      "PUBLIC_URL must be the storefront's public https:// address: payment return links and notification URLs are built from it",
    );
  }
  return problems;
}

/** The configuration as it may be printed: passwords and database credentials removed. */
export function redactedConfig(config: Config): Record<string, unknown> {
  return {
    port: config.port,
    host: config.host,
    database: config.databaseUrl ? config.databaseUrl.replace(/\/\/[^@/]*@/, '//***@') : `PGlite in ${config.dataDir}`,
    sms: config.sms.provider,
    payments: config.payments.provider,
    geocoder: config.geocoder.yandexKey ? 'yandex' : 'embedded street reference',
    captcha: config.captcha.secret ? config.captcha.provider : 'off',
    publicUrl: config.publicUrl,
    trustProxy: config.trustProxy,
    corsOrigins: config.corsOrigins,
    pos: config.iiko
      ? { adapter: 'iiko', apiUrl: config.iiko.apiUrl, organizations: config.iiko.organizationIds }
      : 'embedded',
    webPush: { vapidKeys: config.webPush.vapid ? 'environment' : 'database', timeoutMs: config.webPush.timeoutMs },
  };
}

/** An effective value as `--check-config` prints it: secrets masked, defaults marked. */
function shownEffective(name: VariableName, value: unknown, env: NodeJS.ProcessEnv): string {
  const doc = variableDoc(name);
  const set = setValue(env, name) !== undefined;
  if (!set) return `${doc.default === '—' ? '(unset)' : doc.default} (default)`;
  if (doc.secret === 'value') return '*** (set)';
  const text = Array.isArray(value) ? value.join(',') : String(value);
  return doc.secret === 'url-password' ? maskUrlPassword(text) : text;
}

/**
 * `npm start -- --check-config`: every variable's effective value (secrets masked), the
 * warnings and every reason the start would refuse. `ok` is false when it would refuse.
 */
export function describeConfig(env: NodeJS.ProcessEnv = process.env): { ok: boolean; text: string } {
  const reading = readConfig(env);
  const lines = ['Configuration (secrets masked):'];
  for (const name of VARIABLE_NAMES) {
    const raw = setValue(env, name);
    const refused = reading.problems.some((p) => p.startsWith(`${name} `));
    const value = refused
      ? `${raw === undefined ? '' : shownValue(name, raw)} (refused)`
      : shownEffective(name, reading.env?.[name], env);
    lines.push(`  ${name}=${value}`);
  }
  const warnings = reading.nearMisses.map(nearMissMessage);
  if (warnings.length > 0) lines.push('Warnings:', ...warnings.map((w) => `  ${w}`));
  const problems = [...reading.problems];
  if (reading.config?.isProduction) problems.push(...productionConfigProblems(reading.config));
  if (problems.length > 0) {
    lines.push(
      reading.config === null
        ? 'Refusing to start with settings it cannot read:'
        : 'NODE_ENV=production: refusing to start with test stand-ins:',
      ...problems.map((p) => `  ${p}`),
    );
  } else {
    lines.push('The server would start with this configuration.');
  }
  return { ok: problems.length === 0, text: lines.join('\n') };
}
