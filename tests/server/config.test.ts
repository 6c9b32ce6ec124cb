// The configuration as printed at start: no password, API secret or database credential.
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  describeConfig,
  loadConfig,
  nearMissMessage,
  nearMisses,
  productionConfigProblems,
  redactedConfig,
} from '../../server/config.js';

/** An environment NODE_ENV=production starts with: real payments, SMS and captcha, an https public URL. */
const PRODUCTION_READY = {
  PAYMENTS_PROVIDER: 'cloudpayments',
  CLOUDPAYMENTS_PUBLIC_ID: 'pk_public',
  CLOUDPAYMENTS_API_SECRET: 'cp-secret-789',
  SMS_HTTP_URL: 'https://smsc.example/send.php',
  CAPTCHA_SECRET: 'captcha-secret-000',
  PUBLIC_URL: 'https://sushi.example.ru',
};

describe('redactedConfig', () => {
  it('names the providers but never prints a secret', () => {
    const config = loadConfig({
      ...PRODUCTION_READY,
      DATABASE_URL: 'postgres://shop:db-pass-123@db.internal:5432/shop',
      SMS_LOGIN: 'chain',
      SMS_PASSWORD: 'sms-pass-456',
      YANDEX_GEOCODER_KEY: 'geo-key-111',
      ADMIN_PASSWORD: 'admin-pass-222',
    });
    const printed = JSON.stringify(redactedConfig(config));
    for (const secret of [
      'db-pass-123',
      'sms-pass-456',
      PRODUCTION_READY.CLOUDPAYMENTS_API_SECRET,
      PRODUCTION_READY.CAPTCHA_SECRET,
      'geo-key-111',
      'admin-pass-222',
    ]) {
      expect(printed).not.toContain(secret);
    }
    expect(redactedConfig(config)).toMatchObject({
      database: 'postgres://***@db.internal:5432/shop',
      sms: 'http',
      payments: 'cloudpayments',
      geocoder: 'yandex',
      captcha: 'smartcaptcha',
    });
  });
});

describe('productionConfigProblems (NODE_ENV=production refuses to start with them)', () => {
  it('a fresh machine (every offline stand-in) has four problems, each naming its variable', () => {
    const problems = productionConfigProblems(loadConfig({}));
    expect(problems).toHaveLength(4);
    expect(problems[0]).toMatch(/^PAYMENTS_PROVIDER=cloudpayments is required: the built-in test gateway lets anyone/);
    expect(problems[1]).toMatch(/^SMS_HTTP_URL is required/);
    expect(problems[2]).toMatch(/^CAPTCHA_SECRET is required/);
    expect(problems[3]).toMatch(/^PUBLIC_URL must be/);
  });

  it('a configuration with real payments, SMS, bot check and public address has none', () => {
    expect(productionConfigProblems(loadConfig(PRODUCTION_READY))).toEqual([]);
  });

  it('CloudPayments without any account, or a plain-http public address, is a problem', () => {
    const { CLOUDPAYMENTS_PUBLIC_ID: _id, CLOUDPAYMENTS_API_SECRET: _secret, ...noAccount } = PRODUCTION_READY;
    expect(productionConfigProblems(loadConfig(noAccount))).toEqual([
      expect.stringMatching(/^CLOUDPAYMENTS_PUBLIC_ID and CLOUDPAYMENTS_API_SECRET/),
    ]);
    expect(
      productionConfigProblems(
        loadConfig({ ...noAccount, CLOUDPAYMENTS_ACCOUNTS: '{"term-1":{"publicId":"pk","apiSecret":"s"}}' }),
      ),
    ).toEqual([]);
    expect(
      productionConfigProblems(loadConfig({ ...PRODUCTION_READY, PUBLIC_URL: 'http://sushi.example.ru' })),
    ).toHaveLength(1);
  });
});

describe('sign-in code budget per address (OTP_CODES_PER_IP_10_MIN, OTP_CODES_PER_IP_DAY)', () => {
  it('defaults to 30 per 10 minutes and 200 a day, and takes positive whole numbers', () => {
    expect(loadConfig({}).otp).toEqual({ ipCodesPer10Min: 30, ipCodesPerDay: 200 });
    expect(loadConfig({ OTP_CODES_PER_IP_10_MIN: ' 120 ', OTP_CODES_PER_IP_DAY: '5000' }).otp).toEqual({
      ipCodesPer10Min: 120,
      ipCodesPerDay: 5000,
    });
  });

  it('an unreadable value stops the start with a message naming the variable', () => {
    for (const bad of ['0', '-5', '2.5', 'thirty', '1e400']) {
      expect(() => loadConfig({ OTP_CODES_PER_IP_10_MIN: bad })).toThrow(
        `OTP_CODES_PER_IP_10_MIN must be a positive whole number, not "${bad}"`,
      );
      expect(() => loadConfig({ OTP_CODES_PER_IP_DAY: bad })).toThrow(
        `OTP_CODES_PER_IP_DAY must be a positive whole number, not "${bad}"`,
      );
    }
  });
});

describe('start and shutdown timing (DATABASE_CONNECT_TIMEOUT_S, SHUTDOWN_GRACE_S)', () => {
  it('defaults to 60 s of connection retries and a 10 s grace, and takes whole numbers from 0', () => {
    expect(loadConfig({})).toMatchObject({ databaseConnectTimeoutSeconds: 60, shutdownGraceSeconds: 10 });
    expect(loadConfig({ DATABASE_CONNECT_TIMEOUT_S: ' 0 ', SHUTDOWN_GRACE_S: '45' })).toMatchObject({
      databaseConnectTimeoutSeconds: 0,
      shutdownGraceSeconds: 45,
    });
  });

  it('an unreadable value stops the start with a message naming the variable', () => {
    for (const bad of ['-1', '2.5', 'ten', '1e400']) {
      expect(() => loadConfig({ DATABASE_CONNECT_TIMEOUT_S: bad })).toThrow(
        `DATABASE_CONNECT_TIMEOUT_S must be a whole number of seconds (0 or more), not "${bad}"`,
      );
      expect(() => loadConfig({ SHUTDOWN_GRACE_S: bad })).toThrow(
        `SHUTDOWN_GRACE_S must be a whole number of seconds (0 or more), not "${bad}"`,
      );
    }
  });
});

describe('values the schema cannot read stop the start', () => {
  function problemsOf(env: Record<string, string>): string[] {
    try {
      loadConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    throw new Error('the configuration was accepted');
  }

  it('refuses every unreadable value at once, naming the variable, the value and what is accepted', () => {
    const problems = problemsOf({
      TRUST_PROXY: 'maybe',
      PORT: 'abc',
      LOG_LEVEL: 'verbose',
      PAYMENTS_PROVIDER: 'cloudpaymnets',
      CAPTCHA_PROVIDER: 'recapcha',
      PG_POOL_SIZE: 'abc',
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'PORT must be a port number from 1 to 65535, not "abc"',
        'PG_POOL_SIZE must be a positive whole number, not "abc"',
        expect.stringMatching(
          /^TRUST_PROXY must be true or false \(1\/0, yes\/no\), a hop count of 2 or more, or a comma-separated list of proxy addresses and CIDR ranges, not "maybe"$/,
        ),
        'PAYMENTS_PROVIDER must be test or cloudpayments, not "cloudpaymnets"',
        'CAPTCHA_PROVIDER must be smartcaptcha or recaptcha, not "recapcha"',
        'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not "verbose"',
      ]),
    );
    expect(problems).toHaveLength(6);
  });

  it('masks secrets in a refusal: a password, key or gateway secret, and the password of DATABASE_URL', () => {
    const problems = problemsOf({
      DATABASE_URL: 'mysql://shop:db-pass-123@db.internal/shop',
      CLOUDPAYMENTS_ACCOUNTS: '{"term-1": {"publicId": "pk", "apiSecret": "cp-secret-789"',
      ADMIN_PASSWORD: 'short-pw',
    });
    expect(problems).toEqual([
      'DATABASE_URL must be a postgres:// or postgresql:// address, not "mysql://shop:***@db.internal/shop"',
      'ADMIN_PASSWORD must be a password of at least 10 characters, not ***',
      expect.stringMatching(/^CLOUDPAYMENTS_ACCOUNTS must be a JSON object .*, not \*\*\*$/),
    ]);
    for (const secret of ['db-pass-123', 'cp-secret-789', 'short-pw'])
      expect(problems.join('\n')).not.toContain(secret);
  });

  it('a CloudPayments public ID without its secret (or the reverse) is no account, so it is refused', () => {
    expect(problemsOf({ CLOUDPAYMENTS_PUBLIC_ID: 'pk_public' })).toEqual([
      expect.stringMatching(
        /^CLOUDPAYMENTS_PUBLIC_ID and CLOUDPAYMENTS_API_SECRET must be set together, not only CLOUDPAYMENTS_PUBLIC_ID/,
      ),
    ]);
    expect(problemsOf({ CLOUDPAYMENTS_API_SECRET: 'cp-secret' })).toEqual([
      expect.stringMatching(/not only CLOUDPAYMENTS_API_SECRET/),
    ]);
  });

  it('keeps the defaults of a fresh machine, and reads the settings added with the schema', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3333,
      host: '0.0.0.0',
      databaseUrl: null,
      publicUrl: 'http://localhost:3333',
      isProduction: false,
      contentVersionMaxAgeMs: 1000,
      sms: { provider: 'outbox' },
      payments: {
        provider: 'test',
        cloudpayments: { apiUrl: 'https://api.cloudpayments.ru', defaultAccount: null, accounts: {}, skin: 'classic' },
      },
      captcha: { provider: 'smartcaptcha', secret: '', verifyUrl: 'https://smartcaptcha.yandexcloud.net/validate' },
      admin: { login: 'admin', password: null },
      trustProxy: false,
      logLevel: 'info',
      pgPoolSize: 10,
      databaseConnectTimeoutSeconds: 60,
      shutdownGraceSeconds: 10,
    });
    expect(
      loadConfig({
        PG_POOL_SIZE: '25',
        LOG_LEVEL: 'WARN',
        DATABASE_CONNECT_TIMEOUT_S: '0',
        SHUTDOWN_GRACE_S: '30',
        PAYMENTS_PROVIDER: 'CloudPayments',
        CLOUDPAYMENTS_ACCOUNTS: '{}',
      }),
    ).toMatchObject({
      pgPoolSize: 25,
      logLevel: 'warn',
      databaseConnectTimeoutSeconds: 0,
      shutdownGraceSeconds: 30,
      payments: { provider: 'cloudpayments' },
    });
  });
});

describe('TRUST_PROXY', () => {
  const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;

  it('reads true/false, 1/0 and yes/no as on and off', () => {
    for (const on of ['true', 'TRUE', '1', 'yes', ' Yes ']) expect(trust(on)).toBe(true);
    for (const off of ['false', '0', 'no', '']) expect(trust(off)).toBe(false);
  });

  it('reads 2 and more as a hop count', () => {
    expect(trust('2')).toBe(2);
    expect(trust('12')).toBe(12);
  });

  it('reads a comma-separated list of addresses and CIDR ranges', () => {
    expect(trust('10.0.0.0/8, 192.168.1.7,::1, fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses what is none of these, rather than turning the setting off', () => {
    for (const bad of [
      'on',
      'maybe',
      '01',
      '-1',
      '2.5',
      '10.0.0.0/33',
      '::1/129',
      '300.1.1.1',
      '10.0.0.1,',
      '10.0.0.0/8,lb.internal',
      '10.0.0.0/8/8',
      '0.0.0.0/0',
    ]) {
      expect(() => trust(bad), bad).toThrow(/^TRUST_PROXY must be true or false/);
    }
  });
});

describe('near misses of variable names (a warning at start)', () => {
  it('names a variable within two letters of a known one, and the one it was likely meant to be', () => {
    expect(
      nearMisses({ TRUSTPROXY: 'true', DATABASE_ULR: 'postgres://db/shop', PGPOOL_SIZE: '5', LOG_LEVLE: 'debug' }),
    ).toEqual([
      { variable: 'TRUSTPROXY', known: 'TRUST_PROXY' },
      { variable: 'DATABASE_ULR', known: 'DATABASE_URL' },
      { variable: 'PGPOOL_SIZE', known: 'PG_POOL_SIZE' },
      { variable: 'LOG_LEVLE', known: 'LOG_LEVEL' },
    ]);
    expect(nearMissMessage({ variable: 'TRUSTPROXY', known: 'TRUST_PROXY' })).toBe(
      'TRUSTPROXY is not a setting the server reads: did you mean TRUST_PROXY?',
    );
  });

  it('leaves alone known names, system variables, lowercase names and names far from ours', () => {
    expect(
      nearMisses({
        TRUST_PROXY: '1',
        PORT: '80',
        HOME: '/root',
        PATH: '/bin',
        trust_proxy: '1',
        npm_config_cache: 'x',
        TEST_DATABASE_URL: 'x',
        FC_RUNS: '10',
      }),
    ).toEqual([]);
  });
});

describe('describeConfig (npm start -- --check-config)', () => {
  it('prints every variable with secrets masked, and says the start would go ahead', () => {
    const { ok, text } = describeConfig({
      DATABASE_URL: 'postgres://shop:db-pass-123@db.internal/shop',
      SMS_HTTP_URL: 'https://smsc.example/send.php',
      SMS_LOGIN: 'chain-login',
      SMS_PASSWORD: 'sms-pass-456',
      TRUST_PROXY: '10.0.0.0/8',
      TRUSTPROXY: '1',
    });
    expect(ok).toBe(true);
    for (const secret of ['db-pass-123', 'chain-login', 'sms-pass-456']) expect(text).not.toContain(secret);
    expect(text).toContain('DATABASE_URL=postgres://shop:***@db.internal/shop');
    expect(text).toContain('SMS_PASSWORD=*** (set)');
    expect(text).toContain('TRUST_PROXY=10.0.0.0/8');
    expect(text).toContain('PORT=3333 (default)');
    expect(text).toContain('TRUSTPROXY is not a setting the server reads: did you mean TRUST_PROXY?');
  });

  it('fails with the refusals of an unreadable value, or of production with stand-ins', () => {
    const unreadable = describeConfig({ PORT: 'abc' });
    expect(unreadable.ok).toBe(false);
    expect(unreadable.text).toContain('PORT must be a port number from 1 to 65535, not "abc"');
    const production = describeConfig({ NODE_ENV: 'production' });
    expect(production.ok).toBe(false);
    expect(production.text).toContain('CAPTCHA_SECRET is required');
  });
});
