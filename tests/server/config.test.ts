// The configuration as printed at start: no password, API secret or database credential.
import { describe, expect, it } from 'vitest';
import { loadConfig, productionConfigProblems, redactedConfig } from '../../server/config.js';

describe('redactedConfig', () => {
  it('names the providers but never prints a secret', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://shop:db-pass-123@db.internal:5432/shop',
      SMS_HTTP_URL: 'https://smsc.example/send.php',
      SMS_LOGIN: 'chain',
      SMS_PASSWORD: 'sms-pass-456',
      PAYMENTS_PROVIDER: 'cloudpayments',
      CLOUDPAYMENTS_PUBLIC_ID: 'pk_public',
      CLOUDPAYMENTS_API_SECRET: 'cp-secret-789',
      CAPTCHA_SECRET: 'captcha-secret-000',
      YANDEX_GEOCODER_KEY: 'geo-key-111',
      ADMIN_PASSWORD: 'admin-pass-222',
    });
    const printed = JSON.stringify(redactedConfig(config));
    for (const secret of [
      'db-pass-123',
      'sms-pass-456',
      'cp-secret-789',
      'captcha-secret-000',
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
  const ready = {
    PAYMENTS_PROVIDER: 'cloudpayments',
    CLOUDPAYMENTS_PUBLIC_ID: 'pk_public',
    CLOUDPAYMENTS_API_SECRET: 'cp-secret',
    SMS_HTTP_URL: 'https://smsc.example/send.php',
    CAPTCHA_SECRET: 'captcha-secret',
    PUBLIC_URL: 'https://sushi.example.ru',
  };

  it('a fresh machine (every offline stand-in) has four problems, each naming its variable', () => {
    const problems = productionConfigProblems(loadConfig({}));
    expect(problems).toHaveLength(4);
    expect(problems[0]).toMatch(/^PAYMENTS_PROVIDER=cloudpayments is required: the built-in test gateway lets anyone/);
    expect(problems[1]).toMatch(/^SMS_HTTP_URL is required/);
    expect(problems[2]).toMatch(/^CAPTCHA_SECRET is required/);
    expect(problems[3]).toMatch(/^PUBLIC_URL must be/);
  });

  it('a configuration with real payments, SMS, bot check and public address has none', () => {
    expect(productionConfigProblems(loadConfig(ready))).toEqual([]);
  });

  it('CloudPayments without any account, or a plain-http public address, is a problem', () => {
    const { CLOUDPAYMENTS_PUBLIC_ID: _id, CLOUDPAYMENTS_API_SECRET: _secret, ...noAccount } = ready;
    expect(productionConfigProblems(loadConfig(noAccount))).toEqual([
      expect.stringMatching(/^CLOUDPAYMENTS_PUBLIC_ID and CLOUDPAYMENTS_API_SECRET/),
    ]);
    expect(
      productionConfigProblems(
        loadConfig({ ...noAccount, CLOUDPAYMENTS_ACCOUNTS: '{"term-1":{"publicId":"pk","apiSecret":"s"}}' }),
      ),
    ).toEqual([]);
    expect(productionConfigProblems(loadConfig({ ...ready, PUBLIC_URL: 'http://sushi.example.ru' }))).toHaveLength(1);
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
    expect(loadConfig({})).toMatchObject({ databaseConnectTimeoutS: 60, shutdownGraceS: 10 });
    expect(loadConfig({ DATABASE_CONNECT_TIMEOUT_S: ' 0 ', SHUTDOWN_GRACE_S: '45' })).toMatchObject({
      databaseConnectTimeoutS: 0,
      shutdownGraceS: 45,
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
