// Any string in any variable either configures the server, read as written, or is refused with a
// problem naming that variable: readConfig never throws and never falls back to a default for a
// value it was given (a blank value counts as unset, as documented).
import path from 'node:path';
import fc from 'fast-check';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { readConfig, VARIABLE_NAMES, type Config, type VariableName } from '../../server/config.js';
import { numRuns } from '../domain/fcRuns.js';

const lower = (raw: string) => raw.trim().toLowerCase();
const whole = (raw: string) => Number(raw.trim());

/** What an accepted value must have become: one check per variable, so a new one needs its own. */
const readBack: Record<VariableName, (config: Config, raw: string) => void> = {
  PORT: (c, raw) => expect(c.port).toBe(whole(raw)),
  METRIKA_SCRIPT_URL: (c, raw) => expect(c.analytics.metrikaScriptUrl).toBe(raw.trim()),
  GA4_SCRIPT_URL: (c, raw) => expect(c.analytics.ga4ScriptUrl).toBe(raw.trim()),
  HOST: (c, raw) => expect(c.host).toBe(raw.trim()),
  DATA_DIR: (c, raw) => expect(c.dataDir).toBe(path.resolve(raw.trim())),
  DATABASE_URL: (c, raw) => expect(c.databaseUrl).toBe(raw.trim()),
  PG_POOL_SIZE: (c, raw) => expect(c.pgPoolSize).toBe(whole(raw)),
  DATABASE_CONNECT_TIMEOUT_S: (c, raw) => expect(c.databaseConnectTimeoutSeconds).toBe(whole(raw)),
  SHUTDOWN_GRACE_S: (c, raw) => expect(c.shutdownGraceSeconds).toBe(whole(raw)),
  CLIENT_DIR: (c, raw) => expect(c.clientDir).toBe(path.resolve(raw.trim())),
  PUBLIC_URL: (c, raw) => expect(c.publicUrl).toBe(raw.trim()),
  TRUST_PROXY: (c, raw) => {
    const value = lower(raw);
    if (['true', '1', 'yes'].includes(value)) expect(c.trustProxy).toBe(true);
    else if (['false', '0', 'no'].includes(value)) expect(c.trustProxy).toBe(false);
    else if (typeof c.trustProxy === 'number') expect(c.trustProxy).toBe(whole(raw));
    else expect(c.trustProxy).toEqual(raw.split(',').map((entry) => entry.trim()));
  },
  SMS_HTTP_URL: (c, raw) => expect(c.sms).toMatchObject({ provider: 'http', url: raw.trim() }),
  SMS_LOGIN: (c, raw) => expect(c.sms).toMatchObject({ login: raw }),
  SMS_PASSWORD: (c, raw) => expect(c.sms).toMatchObject({ password: raw }),
  SMS_SENDER: (c, raw) => expect(c.sms).toMatchObject({ sender: raw.trim() }),
  CONTENT_VERSION_MAX_AGE_MS: (c, raw) => expect(c.contentVersionMaxAgeMs).toBe(whole(raw)),
  ADMIN_LOGIN: (c, raw) => expect(c.admin.login).toBe(lower(raw)),
  ADMIN_PASSWORD: (c, raw) => expect(c.admin.password).toBe(raw),
  PAYMENTS_PROVIDER: (c, raw) => expect(c.payments.provider).toBe(lower(raw)),
  CLOUDPAYMENTS_API_URL: (c, raw) => expect(c.payments.cloudpayments.apiUrl).toBe(raw.trim().replace(/\/+$/, '')),
  CLOUDPAYMENTS_PUBLIC_ID: (c, raw) => expect(c.payments.cloudpayments.defaultAccount?.publicId).toBe(raw.trim()),
  CLOUDPAYMENTS_API_SECRET: (c, raw) => expect(c.payments.cloudpayments.defaultAccount?.apiSecret).toBe(raw),
  CLOUDPAYMENTS_ACCOUNTS: (c, raw) => expect(c.payments.cloudpayments.accounts).toEqual(JSON.parse(raw)),
  CLOUDPAYMENTS_SKIN: (c, raw) => expect(c.payments.cloudpayments.skin).toBe(lower(raw)),
  YANDEX_GEOCODER_KEY: (c, raw) => expect(c.geocoder.yandexKey).toBe(raw.trim()),
  YANDEX_GEOCODER_URL: (c, raw) => expect(c.geocoder.yandexUrl).toBe(raw.trim()),
  CAPTCHA_PROVIDER: (c, raw) => expect(c.captcha.provider).toBe(lower(raw)),
  CAPTCHA_SECRET: (c, raw) => expect(c.captcha.secret).toBe(raw),
  CAPTCHA_VERIFY_URL: (c, raw) => expect(c.captcha.verifyUrl).toBe(raw.trim()),
  OTP_CODES_PER_IP_10_MIN: (c, raw) => expect(c.otp.ipCodesPer10Min).toBe(whole(raw)),
  OTP_CODES_PER_IP_DAY: (c, raw) => expect(c.otp.ipCodesPerDay).toBe(whole(raw)),
  CAMPAIGN_SMS_PER_MINUTE: (c, raw) => expect(c.campaignSmsPerMinute).toBe(whole(raw)),
  CORS_ORIGINS: (c, raw) =>
    expect(c.corsOrigins).toEqual([
      ...new Set(
        raw
          .split(',')
          .map((o) => o.trim().toLowerCase())
          .filter((o) => o !== ''),
      ),
    ]),
  IIKO_API_URL: (c, raw) => expect(c.iiko?.apiUrl).toBe(raw.trim().replace(/\/+$/, '')),
  IIKO_API_LOGIN: (c, raw) => expect(c.iiko?.apiLogin).toBe(raw),
  IIKO_ORGANIZATION_ID: (c, raw) =>
    expect(c.iiko?.organizationIds).toEqual([
      ...new Set(
        raw
          .split(',')
          .map((id) => id.trim())
          .filter((id) => id !== ''),
      ),
    ]),
  IIKO_WEBHOOK_TOKEN: (c, raw) => expect(c.iiko?.webhookToken).toBe(raw),
  IIKO_HANDOFF_GIVE_UP_MINUTES: (c, raw) => expect(c.iiko?.handoffGiveUpMs).toBe(Number(raw.trim()) * 60_000),
  VAPID_PUBLIC_KEY: (c, raw) => expect(c.webPush.vapid?.publicKey).toBe(raw.trim()),
  VAPID_PRIVATE_KEY: (c, raw) => expect(c.webPush.vapid?.privateKey).toBe(raw.trim()),
  VAPID_SUBJECT: (c, raw) => expect(c.webPush.subject).toBe(raw.trim()),
  WEB_PUSH_TIMEOUT_MS: (c, raw) => expect(c.webPush.timeoutMs).toBe(whole(raw)),
  LOG_LEVEL: (c, raw) => expect(c.logLevel).toBe(lower(raw)),
  NODE_ENV: (c, raw) => expect(c.isProduction).toBe(lower(raw) === 'production'),
};

/** Settings a variable only shows through: SMS_LOGIN needs a gateway, a CloudPayments ID its secret. */
const companions: Partial<Record<VariableName, Record<string, string>>> = {
  SMS_LOGIN: { SMS_HTTP_URL: 'https://smsc.example/send.php' },
  SMS_PASSWORD: { SMS_HTTP_URL: 'https://smsc.example/send.php' },
  SMS_SENDER: { SMS_HTTP_URL: 'https://smsc.example/send.php' },
  CLOUDPAYMENTS_PUBLIC_ID: { CLOUDPAYMENTS_API_SECRET: 'cp-secret' },
  CLOUDPAYMENTS_API_SECRET: { CLOUDPAYMENTS_PUBLIC_ID: 'pk_public' },
  IIKO_API_URL: { IIKO_API_LOGIN: 'login', IIKO_ORGANIZATION_ID: 'org-1' },
  IIKO_API_LOGIN: { IIKO_ORGANIZATION_ID: 'org-1' },
  IIKO_ORGANIZATION_ID: { IIKO_API_LOGIN: 'login' },
  IIKO_WEBHOOK_TOKEN: { IIKO_API_LOGIN: 'login', IIKO_ORGANIZATION_ID: 'org-1' },
  IIKO_HANDOFF_GIVE_UP_MINUTES: { IIKO_API_LOGIN: 'login', IIKO_ORGANIZATION_ID: 'org-1' },
  // one VAPID pair: a key is accepted only with its other half
  VAPID_PUBLIC_KEY: { VAPID_PRIVATE_KEY: '043WXyQQsjuAE5du4gWg-q3DaOc8TOcBIXJcdgLHD4E' },
  VAPID_PRIVATE_KEY: {
    VAPID_PUBLIC_KEY: 'BPz-tVwM3e3WEsqnVYlGHLP17PCD_AklTHxZdJ8JV-XaMIyKchSDPUl5tSIMfO2a1oPtKsq8A0a9u9kTYKLGCYU',
  },
};

const padded = (arb: fc.Arbitrary<string>) =>
  fc.tuple(fc.constantFrom('', ' ', '\t'), arb, fc.constantFrom('', ' ')).map(([a, b, c]) => a + b + c);
const words = [
  'true',
  'false',
  'yes',
  'no',
  'on',
  'test',
  'cloudpayments',
  'smartcaptcha',
  'recaptcha',
  'classic',
  'modern',
  'mini',
  'info',
  'debug',
  'verbose',
  'production',
  'loopback',
];
const cidr = fc.oneof(
  fc.ipV4(),
  fc.ipV6(),
  fc.tuple(fc.ipV4(), fc.integer({ min: 0, max: 40 })).map(([ip, bits]) => `${ip}/${bits}`),
);
/** Any string, and strings shaped like what the variables take, so both sides of each reader are hit. */
const anyValue = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  padded(
    fc.oneof(
      fc.nat().map(String),
      fc.integer().map(String),
      fc.double().map(String),
      fc.constantFrom('0', '1', '2', '01', '65535', '65536', '1e3', '0x10'),
    ),
  ),
  padded(fc.constantFrom(...words).chain((w) => fc.constantFrom(w, w.toUpperCase(), w.slice(1)))),
  padded(
    fc.oneof(
      fc.webUrl(),
      fc.webUrl().map((u) => u.replace(/^https?/, 'postgres')),
      fc.domain(),
    ),
  ),
  padded(fc.array(cidr, { minLength: 1, maxLength: 3 }).map((list) => list.join(','))),
  fc.json(),
  fc
    .dictionary(fc.string(), fc.record({ publicId: fc.string(), apiSecret: fc.string() }))
    .map((accounts) => JSON.stringify(accounts)),
);

describe('any value of any variable', () => {
  it('configures the server as written, or is refused naming that variable; never throws', () => {
    const defaults = readConfig({}).config;
    fc.assert(
      fc.property(fc.constantFrom(...VARIABLE_NAMES), anyValue, (name, raw) => {
        const reading = readConfig({ ...companions[name], [name]: raw });
        if (raw.trim() === '') {
          expect(reading.config).toEqual(readConfig({ ...companions[name] }).config);
          return;
        }
        if (reading.config === null) {
          expect(reading.problems.length).toBeGreaterThan(0);
          for (const problem of reading.problems) expect(problem).toContain(name);
          return;
        }
        expect(defaults).not.toBeNull();
        readBack[name](reading.config, raw);
      }),
      { numRuns },
    );
  });

  it('an accepted TRUST_PROXY list is one Fastify can compile', () => {
    fc.assert(
      fc.property(padded(fc.array(cidr, { minLength: 1, maxLength: 4 }).map((list) => list.join(', '))), (raw) => {
        const trust = readConfig({ TRUST_PROXY: raw }).config?.trustProxy;
        if (Array.isArray(trust)) expect(() => Fastify({ trustProxy: trust })).not.toThrow();
      }),
      { numRuns: Math.min(numRuns, 200) },
    );
  });
});
