// The configuration as printed at start: no password, API secret or database credential.
import { describe, expect, it } from 'vitest';
import { loadConfig, redactedConfig } from '../../server/config.js';

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
    for (const secret of ['db-pass-123', 'sms-pass-456', 'cp-secret-789', 'captcha-secret-000', 'geo-key-111', 'admin-pass-222']) {
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
