// Server configuration from the environment. Every knob has a default that works offline on
// a fresh machine; secrets are read here and never logged (see `redactedConfig`).
import path from 'node:path';

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
  isProduction: boolean;
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
  /**
   * DATABASE_CONNECT_TIMEOUT_S (default 60): how long the start keeps retrying a DATABASE_URL that
   * does not answer yet (a process manager may start PostgreSQL after the server); 0 tries once.
   */
  databaseConnectTimeoutS: number;
  /**
   * SHUTDOWN_GRACE_S (default 10): after SIGTERM, how long readiness answers 503 while requests are
   * still served, so the load balancer stops routing here before the process closes (docs/DEPLOY.md).
   */
  shutdownGraceS: number;
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
}

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
    /** CLOUDPAYMENTS_SKIN: the widget skin ('classic', 'modern', 'mini'). */
    skin: string;
  };
}

export interface GeocoderConfig {
  /** YANDEX_GEOCODER_KEY; when empty, the MAPS_KEY setting is used; both empty → embedded reference. */
  yandexKey: string;
  /** YANDEX_GEOCODER_URL (default https://geocode-maps.yandex.ru/1.x/). */
  yandexUrl: string;
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

function cloudPaymentsAccounts(json: string | undefined): Record<string, CloudPaymentsAccount> {
  if (!json) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new Error('CLOUDPAYMENTS_ACCOUNTS is not valid JSON');
  }
  const out: Record<string, CloudPaymentsAccount> = {};
  if (parsed === null || typeof parsed !== 'object') throw new Error('CLOUDPAYMENTS_ACCOUNTS must be a JSON object');
  for (const [terminal, value] of Object.entries(parsed as Record<string, unknown>)) {
    const v = value as { publicId?: unknown; apiSecret?: unknown } | null;
    if (!v || typeof v.publicId !== 'string' || typeof v.apiSecret !== 'string') {
      throw new Error(`CLOUDPAYMENTS_ACCOUNTS.${terminal} needs publicId and apiSecret`);
    }
    out[terminal] = { publicId: v.publicId, apiSecret: v.apiSecret };
  }
  return out;
}

/**
 * CORS_ORIGINS as a list of exact origins ('scheme://host[:port]', lowercased as browsers send
 * them). Anything else stops the start: a typo would silently lock the app out, and '*' or a
 * path would open more than meant.
 */
export function corsOriginsFrom(value: string | undefined): string[] {
  if (value === undefined || value.trim() === '') return [];
  const origins: string[] = [];
  for (const raw of value.split(',')) {
    const origin = raw.trim().toLowerCase();
    if (origin === '') continue;
    if (!/^[a-z][a-z0-9+.-]*:\/\/[a-z0-9.-]+(:\d{1,5})?$/.test(origin)) {
      throw new Error(
        `CORS_ORIGINS: "${raw.trim()}" is not an origin (scheme://host[:port] without a path, e.g. capacitor://localhost); separate origins with commas`,
      );
    }
    if (!origins.includes(origin)) origins.push(origin);
  }
  return origins;
}

function intFrom(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

function nonNegativeIntFrom(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : fallback;
}

/** A positive whole number, or `fallback` when unset; anything else stops the start, naming the variable. */
function positiveIntSetting(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = env[name];
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value.trim());
  if (!Number.isSafeInteger(n) || n <= 0)
    throw new Error(`${name} must be a positive whole number, not ${JSON.stringify(value)}`);
  return n;
}

/** A whole number ≥ 0, or `fallback` when unset; anything else stops the start, naming the variable. */
function nonNegativeIntSetting(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = env[name];
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value.trim());
  if (!Number.isSafeInteger(n) || n < 0)
    throw new Error(`${name} must be a whole number of seconds (0 or more), not ${JSON.stringify(value)}`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = process.cwd();
  const dataDir = path.resolve(root, env.DATA_DIR ?? 'data');
  const port = intFrom(env.PORT, 3333);
  const host = env.HOST ?? '0.0.0.0';
  const smsUrl = env.SMS_HTTP_URL;
  const captchaProvider: CaptchaConfig['provider'] =
    env.CAPTCHA_PROVIDER === 'recaptcha' ? 'recaptcha' : 'smartcaptcha';
  return {
    port,
    host,
    dataDir,
    databaseUrl: env.DATABASE_URL && env.DATABASE_URL.length > 0 ? env.DATABASE_URL : null,
    clientDir: path.resolve(root, env.CLIENT_DIR ?? 'dist/client'),
    imageCacheDir: path.resolve(dataDir, 'img-cache'),
    sms: smsUrl
      ? {
          provider: 'http',
          url: smsUrl,
          login: env.SMS_LOGIN ?? '',
          password: env.SMS_PASSWORD ?? '',
          sender: env.SMS_SENDER ?? '',
        }
      : { provider: 'outbox' },
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    isProduction: env.NODE_ENV === 'production',
    contentVersionMaxAgeMs: nonNegativeIntFrom(env.CONTENT_VERSION_MAX_AGE_MS, 1000),
    payments: {
      provider: env.PAYMENTS_PROVIDER === 'cloudpayments' ? 'cloudpayments' : 'test',
      cloudpayments: {
        apiUrl: (env.CLOUDPAYMENTS_API_URL ?? 'https://api.cloudpayments.ru').replace(/\/+$/, ''),
        defaultAccount:
          env.CLOUDPAYMENTS_PUBLIC_ID && env.CLOUDPAYMENTS_API_SECRET
            ? { publicId: env.CLOUDPAYMENTS_PUBLIC_ID, apiSecret: env.CLOUDPAYMENTS_API_SECRET }
            : null,
        accounts: cloudPaymentsAccounts(env.CLOUDPAYMENTS_ACCOUNTS),
        skin: env.CLOUDPAYMENTS_SKIN ?? 'classic',
      },
    },
    geocoder: {
      yandexKey: env.YANDEX_GEOCODER_KEY ?? '',
      yandexUrl: env.YANDEX_GEOCODER_URL ?? 'https://geocode-maps.yandex.ru/1.x/',
    },
    captcha: {
      provider: captchaProvider,
      secret: env.CAPTCHA_SECRET ?? '',
      verifyUrl:
        env.CAPTCHA_VERIFY_URL ??
        (captchaProvider === 'smartcaptcha'
          ? 'https://smartcaptcha.yandexcloud.net/validate'
          : 'https://www.google.com/recaptcha/api/siteverify'),
    },
    otp: {
      ipCodesPer10Min: positiveIntSetting(env, 'OTP_CODES_PER_IP_10_MIN', 30),
      ipCodesPerDay: positiveIntSetting(env, 'OTP_CODES_PER_IP_DAY', 200),
    },
    databaseConnectTimeoutS: nonNegativeIntSetting(env, 'DATABASE_CONNECT_TIMEOUT_S', 60),
    shutdownGraceS: nonNegativeIntSetting(env, 'SHUTDOWN_GRACE_S', 10),
    admin: {
      login: env.ADMIN_LOGIN && env.ADMIN_LOGIN.trim().length > 0 ? env.ADMIN_LOGIN.trim().toLowerCase() : 'admin',
      password: env.ADMIN_PASSWORD && env.ADMIN_PASSWORD.length > 0 ? env.ADMIN_PASSWORD : null,
    },
    corsOrigins: corsOriginsFrom(env.CORS_ORIGINS),
  };
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
    corsOrigins: config.corsOrigins,
  };
}
