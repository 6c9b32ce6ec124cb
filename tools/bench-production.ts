// Production mode for the benchmarks: the real adapters pointed at the local fakes.
// See docs/ARCHITECTURE.md «7. Tools: replay and benchmarks».
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/database.js';
import { startFakeCaptcha, type FakeCaptcha } from '../tests/fakes/captcha.js';
import { startFakeCloudPayments, type FakeCloudPayments } from '../tests/fakes/cloudpayments.js';
import { startFakeSmsGateway, type FakeSmsGateway } from '../tests/fakes/sms-gateway.js';

const SMS_LOGIN = 'bench';
const SMS_PASSWORD = 'bench-sms-password';
const CLOUDPAYMENTS_PUBLIC_ID = 'pk_bench';
const CLOUDPAYMENTS_API_SECRET = 'bench-cloudpayments-secret';
const CAPTCHA_SECRET = 'bench-captcha-secret';
/** The storefront's public address: only links are built from it. */
export const BENCH_PUBLIC_URL = 'https://storefront.bench.invalid';
/** The public site key the widget would use; setting it (with IS_WITHOUT_RECAPTCHA off) turns the check on. */
const CAPTCHA_SITE_KEY = 'bench-site-key';

export interface ProductionFakes {
  /** Environment for `node server/main.ts` with NODE_ENV=production against the fakes. */
  env: Record<string, string>;
  /** A token the fake captcha accepts once. */
  captchaToken(): string;
  /** How many verifications the fake captcha has answered: shows the check really ran. */
  captchaChecks(): number;
  /** The latest sign-in code the fake SMS gateway received for '+7…', waiting up to 5 s. */
  signInCode(phone: string): Promise<string | null>;
  close(): Promise<void>;
}

export async function startProductionFakes(): Promise<ProductionFakes> {
  const started: { close(): Promise<void> }[] = [];
  try {
    const sms: FakeSmsGateway = await startFakeSmsGateway({ login: SMS_LOGIN, password: SMS_PASSWORD });
    started.push(sms);
    const payments: FakeCloudPayments = await startFakeCloudPayments({
      [CLOUDPAYMENTS_PUBLIC_ID]: CLOUDPAYMENTS_API_SECRET,
    });
    started.push(payments);
    const captcha: FakeCaptcha = await startFakeCaptcha(CAPTCHA_SECRET);
    started.push(captcha);
    const close = async () => {
      await Promise.all(started.map((s) => s.close()));
    };
    return {
      env: {
        NODE_ENV: 'production',
        PUBLIC_URL: BENCH_PUBLIC_URL,
        SMS_HTTP_URL: sms.url,
        SMS_LOGIN,
        SMS_PASSWORD,
        SMS_SENDER: 'Bench',
        PAYMENTS_PROVIDER: 'cloudpayments',
        CLOUDPAYMENTS_PUBLIC_ID,
        CLOUDPAYMENTS_API_SECRET,
        CLOUDPAYMENTS_ACCOUNTS: '',
        CLOUDPAYMENTS_API_URL: payments.apiUrl,
        CAPTCHA_PROVIDER: 'smartcaptcha',
        CAPTCHA_SECRET,
        CAPTCHA_VERIFY_URL: captcha.validateUrl,
        // a key inherited from the caller's shell would send geocoding to Yandex
        YANDEX_GEOCODER_KEY: '',
      },
      captchaToken() {
        const token = randomUUID();
        captcha.valid.add(token);
        return token;
      },
      captchaChecks: () => captcha.received.length,
      async signInCode(phone) {
        const to = phone.replace(/^\+/, '');
        // bounded: 100 polls of 50 ms
        for (let i = 0; i < 100; i++) {
          const message = sms.received.filter((m) => m.phones === to).at(-1);
          const code = /(\d{6})/.exec(message?.mes ?? '')?.[1];
          if (code !== undefined) return code;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        return null;
      },
      close,
    };
  } catch (error) {
    await Promise.all(started.map((s) => s.close()));
    throw error;
  }
}

/** Every day open from 00:00 to 00:01 the next day, so orders do not depend on the hour. */
const OPEN_ALL_DAY = JSON.stringify(
  Array.from({ length: 7 }, () => ({ open: '00:00', close: '00:01', isNextDay: true })),
);

/**
 * Prepares a seeded benchmark database: restaurants open around the clock and, with `captcha`,
 * the bot check on as a production chain has it (a site key set, IS_WITHOUT_RECAPTCHA off; the
 * seed leaves it off), so every sign-in code and order carries a token the server verifies.
 */
export async function prepareBenchDatabase(db: Database, options: { captcha: boolean }): Promise<void> {
  await db.run((x) => x.execute(sql`update restaurants set hours = ${OPEN_ALL_DAY}::jsonb`));
  if (options.captcha) {
    await db.run((x) => x.execute(sql`update settings set value = 'false'::jsonb where name = 'IS_WITHOUT_RECAPTCHA'`));
    await db.run((x) =>
      x.execute(
        sql`update settings set value = ${JSON.stringify(CAPTCHA_SITE_KEY)}::jsonb where name = 'CAPTCHA_SITE_KEY'`,
      ),
    );
  }
}
