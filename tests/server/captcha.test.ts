// The bot check: the verification adapter against a local fake (SmartCaptcha and
// reCAPTCHA-style siteverify), and its use on POST /auth/code and POST /order: required only
// with a secret configured and IS_WITHOUT_RECAPTCHA off; the site key reaches the client, the
// secret never does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CheckoutQuote } from '../../src/api/contract/checkout.js';
import { Order } from '../../src/api/contract/orders.js';
import { createHttpCaptcha } from '../../server/integrations/captcha.js';
import { requireCaptcha } from '../../server/services/captcha.js';
import { createTestServer, type TestServer } from './helpers.js';
import { auth, deliveryBody, newKey, postOrder, signedInUser } from './ordersFixtures.js';
import { startFakeCaptcha } from '../fakes/captcha.js';
import { fakePerFile } from '../fakes/fakePerFile.js';
import { sendJson, startLocalHttpServer } from '../fakes/localHttpServer.js';

const fake = fakePerFile(startFakeCaptcha);

describe('captcha verification adapter', () => {
  it('SmartCaptcha: POST /validate with secret, token and ip; "ok" passes, "failed" and a wrong secret fail', async () => {
    fake.mode = 'ok';
    const verifier = createHttpCaptcha({ provider: 'smartcaptcha', secret: fake.secret, verifyUrl: fake.validateUrl });
    fake.valid.add('good-token');
    expect(await verifier.verify('good-token', '10.1.2.3')).toBe('ok');
    const sent = fake.received[fake.received.length - 1];
    expect(Object.fromEntries(sent ?? [])).toEqual({ secret: fake.secret, token: 'good-token', ip: '10.1.2.3' });
    // One use per token, like the real service.
    expect(await verifier.verify('good-token', '10.1.2.3')).toBe('failed');
    expect(await verifier.verify('made-up', '10.1.2.3')).toBe('failed');
    fake.valid.add('good-2');
    const wrongSecret = createHttpCaptcha({ provider: 'smartcaptcha', secret: 'wrong', verifyUrl: fake.validateUrl });
    expect(await wrongSecret.verify('good-2', '10.1.2.3')).toBe('failed');
  });

  it('reCAPTCHA-compatible siteverify: response and remoteip; success true/false', async () => {
    fake.mode = 'ok';
    const verifier = createHttpCaptcha({ provider: 'recaptcha', secret: fake.secret, verifyUrl: fake.siteverifyUrl });
    fake.valid.add('g-token');
    expect(await verifier.verify('g-token', '10.9.9.9')).toBe('ok');
    expect(Object.fromEntries(fake.received[fake.received.length - 1] ?? [])).toEqual({
      secret: fake.secret,
      response: 'g-token',
      remoteip: '10.9.9.9',
    });
    expect(await verifier.verify('g-token', '10.9.9.9')).toBe('failed');
  });

  it('a provider that cannot answer (HTTP 500, garbage, nobody listening) is "unavailable", not "failed"', async () => {
    const verifier = createHttpCaptcha({ provider: 'smartcaptcha', secret: fake.secret, verifyUrl: fake.validateUrl });
    fake.mode = 'http-500';
    expect(await verifier.verify('x', '1.1.1.1')).toBe('unavailable');
    fake.mode = 'garbage';
    expect(await verifier.verify('x', '1.1.1.1')).toBe('unavailable');
    fake.mode = 'ok';
    const nowhere = createHttpCaptcha({
      provider: 'smartcaptcha',
      secret: 's',
      verifyUrl: 'http://127.0.0.1:9/validate',
      timeoutMs: 2000,
    });
    expect(await nowhere.verify('x', '1.1.1.1')).toBe('unavailable');
  });

  it('a verifier that takes the request and never answers is "unavailable" after timeoutMs', async () => {
    const silent = await startLocalHttpServer(() => undefined);
    try {
      const verifier = createHttpCaptcha({
        provider: 'smartcaptcha',
        secret: 's',
        verifyUrl: `${silent.origin}/validate`,
        timeoutMs: 200,
      });
      expect(await verifier.verify('x', '1.1.1.1')).toBe('unavailable');
    } finally {
      await silent.close();
    }
  });

  it('keeps the connection to the verifier for the next call (every order makes one)', async () => {
    const verifierServer = await startLocalHttpServer((_request, _body, response) =>
      sendJson(response, 200, { status: 'ok', message: '', host: '' }),
    );
    try {
      const verifier = createHttpCaptcha({
        provider: 'smartcaptcha',
        secret: 's',
        verifyUrl: `${verifierServer.origin}/validate`,
      });
      for (const token of ['k-1', 'k-2', 'k-3']) expect(await verifier.verify(token, '10.1.2.3')).toBe('ok');
      expect(verifierServer.connections).toBe(1);
    } finally {
      await verifierServer.close();
    }
  });
});

describe('the bot check on POST /auth/code and POST /order', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await createTestServer({
      config: {
        captcha: { provider: 'smartcaptcha', secret: fake.secret, verifyUrl: fake.validateUrl },
        otp: { ipCodesPer10Min: 3, ipCodesPerDay: 5 },
      },
    });
    server.clock.set('2026-11-20T05:00:00.000Z');
    token = (await signedInUser(server.db)).token;
  });
  afterAll(async () => {
    await server.close();
  });

  const setting = (name: string, value: unknown) =>
    server.db.run((db) =>
      db.execute(sql`update settings set value = ${JSON.stringify(value)}::jsonb where name = ${name}`),
    );
  const requestCode = (phone: string, captchaToken: string | null, ip: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/code',
      remoteAddress: ip,
      payload: { phone, captchaToken },
    });
  const quoteCaptcha = async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/checkout/quote',
      headers: auth(token),
      payload: { ...deliveryBody(), persons: undefined, comment: undefined },
    });
    return CheckoutQuote.parse(res.json()).captcha;
  };
  /** For one phone and address: no token asks for the captcha, a forged one fails it, neither sends a code; a good token (`human`) sends it. */
  const expectAskedThenPassed = async (phone: string, ip: string, human: string) => {
    const smsBefore = server.sms.length;
    const none = await requestCode(phone, null, ip);
    expect(none.statusCode).toBe(422);
    expect(none.json()).toEqual({ message: 'Подтвердите, что вы не робот', code: 'captcha-required' });
    const bad = await requestCode(phone, 'forged', ip);
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      message: 'Проверка на робота не пройдена. Попробуйте ещё раз',
      code: 'captcha-failed',
    });
    expect(server.sms.length).toBe(smsBefore);
    fake.valid.add(human);
    const good = await requestCode(phone, human, ip);
    expect(good.statusCode, good.body).toBe(200);
    expect(server.sms.length).toBe(smsBefore + 1);
    expect(server.sms.at(-1)?.phone).toBe(phone);
  };

  it('IS_WITHOUT_RECAPTCHA (the seeded default) skips it even with a secret', async () => {
    expect(await quoteCaptcha()).toEqual({ required: false, provider: 'smartcaptcha', siteKey: '' });
    const res = await requestCode('+79990000101', null, '10.0.0.1');
    expect(res.statusCode, res.body).toBe(200);
  });

  it('required: the quote names the provider and the public site key; the secret is never sent to the client', async () => {
    await setting('IS_WITHOUT_RECAPTCHA', false);
    // No site key: the widget cannot run, so nothing is required (a misconfiguration must not lock everyone out).
    expect((await quoteCaptcha()).required).toBe(false);
    await setting('CAPTCHA_SITE_KEY', 'ysc1_public_site_key');
    expect(await quoteCaptcha()).toEqual({ required: true, provider: 'smartcaptcha', siteKey: 'ysc1_public_site_key' });
    const settings = await server.app.inject({ method: 'GET', url: '/api/v1/setting' });
    expect(settings.body).toContain('ysc1_public_site_key');
    // The sign-in form has no quote: it learns the provider from the settings.
    expect(settings.json()).toMatchObject({
      CAPTCHA_PROVIDER: 'smartcaptcha',
      CAPTCHA_SITE_KEY: 'ysc1_public_site_key',
      IS_WITHOUT_RECAPTCHA: false,
    });
    expect(settings.body).not.toContain(fake.secret);
    expect(JSON.stringify(await quoteCaptcha())).not.toContain(fake.secret);
  });

  it("sign-in code: no token 'Подтвердите, что вы не робот', a bad token 'Проверка на робота не пройдена. Попробуйте ещё раз', a good one sends the SMS", async () => {
    await expectAskedThenPassed('+79990000102', '10.0.0.2', 'human-1');
  });

  it('order: refused without a valid token; a retry of the same Idempotency-Key replays the order without checking the used token again', async () => {
    const none = await postOrder(server, token, deliveryBody());
    expect(none.json()).toEqual({ message: 'Подтвердите, что вы не робот', code: 'captcha-required' });
    const bad = await postOrder(server, token, deliveryBody({ captchaToken: 'forged' }));
    expect(bad.json().message).toBe('Проверка на робота не пройдена. Попробуйте ещё раз');
    fake.valid.add('human-2');
    const key = newKey();
    const placed = await postOrder(server, token, deliveryBody({ captchaToken: 'human-2' }), key);
    expect(placed.statusCode, placed.body).toBe(200);
    const replay = await postOrder(server, token, deliveryBody({ captchaToken: 'human-2' }), key);
    expect(replay.statusCode).toBe(200);
    expect(Order.parse(replay.json()).id).toBe(Order.parse(placed.json()).id);
  });

  it('a provider that cannot answer lets the request through; without a secret nothing is checked', async () => {
    fake.mode = 'http-500';
    try {
      const res = await requestCode('+79990000103', 'anything', '10.0.0.3');
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      fake.mode = 'ok';
    }
    const noSecret = {
      ...server.ctx,
      config: { ...server.ctx.config, captcha: { ...server.ctx.config.captcha, secret: '' } },
    };
    await expect(requireCaptcha(noSecret, null, '10.0.0.4')).resolves.toBeUndefined();
    await expect(requireCaptcha(server.ctx, null, '10.0.0.4')).rejects.toThrow('Подтвердите, что вы не робот');
  });

  describe('past the budget of codes of one address (3 per 10 minutes in this suite)', () => {
    const flood = async (ip: string, phones: number) => {
      for (let i = 0; i < phones; i++) {
        const r = await requestCode(
          `+7999100${ip.split('.').join('').slice(-2)}${String(i).padStart(2, '0')}`,
          null,
          ip,
        );
        expect(r.statusCode, r.body).toBe(200);
      }
    };

    it("asks for the captcha instead of refusing: 422 'Подтвердите, что вы не робот' (code captcha-required); a good token sends, the phone limits still apply", async () => {
      await setting('IS_WITHOUT_RECAPTCHA', true);
      await setting('CAPTCHA_SITE_KEY', 'ysc1_public_site_key');
      await flood('10.0.1.11', 3);
      await expectAskedThenPassed('+79991002001', '10.0.1.11', 'human-3');
      fake.valid.add('human-4');
      const samePhone = await requestCode('+79991002001', 'human-4', '10.0.1.11');
      expect(samePhone.statusCode).toBe(429);
      expect(samePhone.json().message).toBe('Повторная отправка кода возможна через 60 с');
      // Another address is not asked anything.
      expect((await requestCode('+79991002002', null, '10.0.1.12')).statusCode).toBe(200);
    });

    it('with the check on every send, a verified token is never held back by the budget', async () => {
      await setting('IS_WITHOUT_RECAPTCHA', false);
      await setting('CAPTCHA_SITE_KEY', 'ysc1_public_site_key');
      try {
        for (let i = 0; i < 5; i++) {
          fake.valid.add(`every-${i}`);
          const r = await requestCode(`+7999100300${i}`, `every-${i}`, '10.0.1.13');
          expect(r.statusCode, r.body).toBe(200);
        }
      } finally {
        await setting('IS_WITHOUT_RECAPTCHA', true);
      }
    });

    it("refuses with 429 'Слишком много запросов кода из вашей сети' when no captcha can be asked: no site key, or a provider that cannot answer", async () => {
      await setting('CAPTCHA_SITE_KEY', '');
      await flood('10.0.1.14', 3);
      const noWidget = await requestCode('+79991004001', null, '10.0.1.14');
      expect(noWidget.statusCode).toBe(429);
      expect(noWidget.json().message).toBe('Слишком много запросов кода из вашей сети. Попробуйте через 10 мин');
      expect(noWidget.headers['retry-after']).toBe('600');

      await setting('CAPTCHA_SITE_KEY', 'ysc1_public_site_key');
      fake.mode = 'http-500';
      try {
        const silent = await requestCode('+79991004001', 'anything', '10.0.1.14');
        expect(silent.statusCode).toBe(429);
        expect(silent.headers['retry-after']).toBe('600');
      } finally {
        fake.mode = 'ok';
      }
    });
  });
});
