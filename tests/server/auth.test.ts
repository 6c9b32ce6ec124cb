// Sign-in by a one-time SMS code (DESIGN "The server": the earlier storefront's 4-digit codes
// had no attempt limit, were not used up and its tokens never expired).
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../server/db/schema/customers.js';
import { expectRefusal, testServerPerFile } from './helpers.js';
import { lastCode, nextIp, nextPhone, requestCode, signIn, callApi } from './customers.js';
import { hashToken } from '../../server/services/sessions.js';

const server = testServerPerFile();

const MINUTE = 60_000;

function token(phone: string, code: string, extra: Record<string, unknown> = {}) {
  return server.app.inject({
    method: 'POST',
    url: '/api/v1/auth/token',
    payload: {
      phone,
      code,
      name: 'Иван',
      personalData: true,
      PUSHNotifications: true,
      receiveAdvertisingInformation: false,
      ...extra,
    },
  });
}

/** A phone that has not signed in before, and the code just sent to it by SMS. */
async function codeSentToNewPhone(): Promise<{ phone: string; code: string }> {
  const phone = nextPhone();
  await requestCode(server, phone);
  return { phone, code: lastCode(server, phone) };
}

const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /auth/code', () => {
  it("validates the phone with PRODUCT.md §5: 'Введите номер телефона' and 'Неверный формат телефона' as 422", async () => {
    for (const phone of ['', '   ', undefined]) {
      const r = await server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/code',
        payload: phone === undefined ? {} : { phone },
      });
      expectRefusal(r, 422, 'Введите номер телефона');
    }
    const bad = await server.app.inject({ method: 'POST', url: '/api/v1/auth/code', payload: { phone: '+7 999 12' } });
    expectRefusal(bad, 422, 'Неверный формат телефона');
    expect(server.sms).toHaveLength(0);
  });

  it("sends a 6-digit 'Код для входа: XXXXXX' and answers the masked phone, 60 s resend and 300 s validity", async () => {
    const r = await requestCode(server, '8 (999) 000-11-22');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ sentTo: '+7 (***) ***-**-22', resendAfterSeconds: 60, expiresInSeconds: 300 });
    const last = server.sms.at(-1);
    expect(last?.phone).toBe('+79990001122');
    expect(last?.text).toMatch(/^Код для входа: \d{6}$/);
  });

  it('stores only a hash of the code: the plain code is nowhere in otp_codes', async () => {
    const { phone, code } = await codeSentToNewPhone();
    const rows = await server.db.run((db) => db.execute(sql`select * from otp_codes where phone = ${phone}`));
    const dump = JSON.stringify(rows);
    expect(dump).toContain(phone);
    expect(dump).not.toContain(code);
    expect(dump).toMatch(/[0-9a-f]{64}/);
  });

  it("allows one send per 60 s per phone: 429 'Повторная отправка кода возможна через N с' with Retry-After", async () => {
    const phone = nextPhone();
    expect((await requestCode(server, phone)).statusCode).toBe(200);
    server.clock.advance(18_000);
    const again = await requestCode(server, phone); // another IP: the phone limit alone refuses
    expectRefusal(again, 429, 'Повторная отправка кода возможна через 42 с');
    expect(again.headers['retry-after']).toBe('42');
    server.clock.advance(42_000);
    expect((await requestCode(server, phone)).statusCode).toBe(200);
  });

  it('holds the 60 s limit under concurrent requests (the counters live in the database)', async () => {
    const phone = nextPhone();
    const answers = await Promise.all(Array.from({ length: 4 }, () => requestCode(server, phone)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429]);
  });

  it('10 phones behind one address (carrier NAT, shared Wi-Fi) all get codes within a minute; the same phone again waits its 60 s', async () => {
    const ip = nextIp();
    const phones = Array.from({ length: 10 }, () => nextPhone());
    for (const phone of phones) {
      const r = await requestCode(server, phone, ip);
      expect(r.statusCode, r.body).toBe(200);
      server.clock.advance(5_000);
    }
    for (const phone of phones) expect(lastCode(server, phone)).toMatch(/^\d{6}$/);
    // t = 50 s since the first phone's code: it alone is refused, with the Russian wait.
    const again = await requestCode(server, phones[0] ?? '', ip);
    expectRefusal(again, 429, 'Повторная отправка кода возможна через 10 с');
    expect(again.headers['retry-after']).toBe('10');
  });

  it('allows 5 sends per hour per phone, then 429 until the oldest leaves the hour', async () => {
    const phone = nextPhone();
    for (let i = 0; i < 5; i++) {
      expect((await requestCode(server, phone)).statusCode).toBe(200);
      server.clock.advance(MINUTE);
    }
    // 5 sends at t = 0, 1, 2, 3, 4 min; now t = 5 min: the next is allowed at t = 60 min.
    const sixth = await requestCode(server, phone);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers['retry-after']).toBe(String(55 * 60));
    expect(sixth.json().message).toBe('Повторная отправка кода возможна через 55 мин');
    server.clock.advance(55 * MINUTE);
    expect((await requestCode(server, phone)).statusCode).toBe(200);
  });

  it("an address gets 30 codes per 10 minutes (the default budget); past it, with no captcha configured, 429 'Слишком много запросов кода из вашей сети' with Retry-After", async () => {
    const ip = nextIp();
    for (let i = 0; i < 30; i++) {
      const r = await requestCode(server, nextPhone(), ip);
      expect(r.statusCode, `send ${i + 1}: ${r.body}`).toBe(200);
      server.clock.advance(10_000);
    }
    // 30 sends at t = 0 … 290 s; now t = 300 s: the next is allowed when the first leaves the 10 minutes.
    const over = await requestCode(server, nextPhone(), ip);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({
      message: 'Слишком много запросов кода из вашей сети. Попробуйте через 5 мин',
      code: 'rate-limited',
    });
    expect(over.headers['retry-after']).toBe('300');
    expect((await requestCode(server, nextPhone())).statusCode).toBe(200); // other addresses are not held back
    server.clock.advance(300_000);
    expect((await requestCode(server, nextPhone(), ip)).statusCode).toBe(200);
  });

  it(
    'an address gets 200 codes a day (the default budget), then 429 until the first leaves the day',
    { timeout: 60_000 },
    async () => {
      const ip = nextIp();
      // 25 sends every 10 minutes stay within the 10-minute budget: 200 at t = 0 … 70 min.
      for (let batch = 0; batch < 8; batch++) {
        for (let i = 0; i < 25; i++) expect((await requestCode(server, nextPhone(), ip)).statusCode).toBe(200);
        server.clock.advance(10 * MINUTE);
      }
      const over = await requestCode(server, nextPhone(), ip);
      expect(over.statusCode).toBe(429);
      expect(over.headers['retry-after']).toBe(String(24 * 60 * 60 - 80 * 60));
      expect(over.json().message).toBe('Слишком много запросов кода из вашей сети. Попробуйте через 23 ч');
      server.clock.advance((24 * 60 - 80) * MINUTE);
      expect((await requestCode(server, nextPhone(), ip)).statusCode).toBe(200);
    },
  );

  it('keeps code rows a day, then sweeps them whatever the phone', async () => {
    const phone = nextPhone();
    expect((await requestCode(server, phone)).statusCode).toBe(200);
    const count = async () =>
      Number(
        (
          await server.db.run((db) =>
            db.execute<{ n: number }>(sql`select count(*)::int as n from otp_codes where phone = ${phone}`),
          )
        ).rows[0]?.n,
      );
    server.clock.advance(24 * 60 * MINUTE - 1_000);
    expect((await requestCode(server, nextPhone())).statusCode).toBe(200);
    expect(await count()).toBe(1);
    server.clock.advance(2_000);
    expect((await requestCode(server, nextPhone())).statusCode).toBe(200);
    expect(await count()).toBe(0);
  });

  it("answers 502 'Не удалось отправить SMS. Попробуйте позже' when the gateway fails; the failure voids the code, skips the 60 s wait but counts per hour", async () => {
    const phone = nextPhone();
    const sms = server.ctx.sms;
    server.ctx.sms = {
      send: async () => {
        throw new Error('gateway down');
      },
    };
    try {
      for (let i = 0; i < 5; i++) {
        const r = await requestCode(server, phone);
        expectRefusal(r, 502, 'Не удалось отправить SMS. Попробуйте позже');
      }
    } finally {
      server.ctx.sms = sms;
    }
    const sixth = await requestCode(server, phone);
    expect(sixth.statusCode).toBe(429);
    server.clock.advance(60 * MINUTE);
    expect((await requestCode(server, phone)).statusCode).toBe(200);
  });
});

describe('POST /auth/token', () => {
  it('signs in end to end with the code from the SMS, creates the user, and the code is used up', async () => {
    const { phone, code } = await codeSentToNewPhone();
    const r = await token(phone, code);
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toMatchObject({
      phone,
      name: 'Иван',
      balance: 0,
      personalData: true,
      PUSHNotifications: true,
      receiveAdvertisingInformation: false,
      userAllergens: [],
    });
    const me = await server.app.inject({
      url: `/api/v1/user/${encodeURIComponent(phone)}`,
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(body.user.id);

    const again = await token(phone, code);
    expectRefusal(again, 422, 'Код не запрошен или уже использован. Запросите новый код');
  });

  it('stores only the sha-256 of the token', async () => {
    const { token: t, user } = await signIn(server);
    const rows = await server.db.run((db) =>
      db.execute(sql`select token_hash from sessions where user_id = ${user.id}`),
    );
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(t);
    expect(dump).toContain(hashToken(t));
  });

  it('signs an existing user in again (same id) and patches the profile as PRODUCT.md §5 describes', async () => {
    const first = await signIn(server, nextPhone(), 'Анна');
    server.clock.advance(MINUTE);
    await requestCode(server, first.phone);
    const r = await token(first.phone, lastCode(server, first.phone), {
      name: 'Анна Петровна',
      receiveAdvertisingInformation: true,
      personalData: false,
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().user).toMatchObject({
      id: first.user.id,
      name: 'Анна Петровна',
      receiveAdvertisingInformation: true,
      personalData: true,
    });
    expect(r.json().token).not.toBe(first.token);
  });

  it("refuses to create an account without consent: 422 'Необходимо согласие на обработку персональных данных', code kept", async () => {
    const { phone, code } = await codeSentToNewPhone();
    const r = await token(phone, code, { personalData: false });
    expectRefusal(r, 422, 'Необходимо согласие на обработку персональных данных');
    const rows = await server.db.run((db) => db.select().from(users).where(eq(users.phone, phone)));
    expect(rows).toHaveLength(0);
    expect((await token(phone, code)).statusCode).toBe(200);
  });

  it("answers 'Неверный код' with the tries left, and voids the code after 5 wrong tries", async () => {
    const { phone, code } = await codeSentToNewPhone();
    const wrong = wrongCodeFor(code);
    for (let left = 4; left >= 1; left--) {
      const r = await token(phone, wrong);
      expectRefusal(r, 422, `Неверный код. Осталось попыток: ${left}`);
    }
    const fifth = await token(phone, 'abc');
    expect(fifth.json().message).toBe('Неверный код. Превышено число попыток ввода кода. Запросите новый код');
    const right = await token(phone, code);
    expectRefusal(right, 422, 'Превышено число попыток ввода кода. Запросите новый код');
  });

  it("expires the code after 5 minutes: 'Срок действия кода истёк. Запросите новый код'", async () => {
    const { phone, code } = await codeSentToNewPhone();
    server.clock.advance(5 * MINUTE);
    const r = await token(phone, code);
    expectRefusal(r, 422, 'Срок действия кода истёк. Запросите новый код');
  });

  it('accepts the code at 4 min 59 s', async () => {
    const phone = nextPhone();
    await requestCode(server, phone);
    server.clock.advance(5 * MINUTE - 1_000);
    expect((await token(phone, lastCode(server, phone))).statusCode).toBe(200);
  });

  it('only the newest code is valid', async () => {
    const phone = nextPhone();
    await requestCode(server, phone);
    const old = lastCode(server, phone);
    server.clock.advance(MINUTE);
    await requestCode(server, phone);
    const fresh = lastCode(server, phone);
    if (old !== fresh) expect((await token(phone, old)).statusCode).toBe(422);
    expect((await token(phone, fresh)).statusCode).toBe(200);
  });

  it('uses a code up once even when two sign-ins race with it', async () => {
    const { phone, code } = await codeSentToNewPhone();
    const answers = await Promise.all([token(phone, code), token(phone, code)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
  });

  it('refuses a code for a phone that never asked for one', async () => {
    const r = await token(nextPhone(), '123456');
    expectRefusal(r, 422, 'Код не запрошен или уже использован. Запросите новый код');
  });
});

describe('POST /auth/logout', () => {
  it('revokes the token: the same token then gets 401', async () => {
    const me = await signIn(server);
    const url = `/api/v1/user/${encodeURIComponent(me.phone)}`;
    expect((await server.app.inject({ url, headers: me.auth })).statusCode).toBe(200);
    const out = await callApi(server, 'POST', '/auth/logout', me.auth);
    expect(out.statusCode).toBe(204);
    const after = await server.app.inject({ url, headers: me.auth });
    expectRefusal(after, 401, 'Требуется вход по номеру телефона');
  });

  it('leaves the other sessions of the user alive', async () => {
    const phone = nextPhone();
    const a = await signIn(server, phone);
    server.clock.advance(MINUTE);
    const b = await signIn(server, phone);
    await callApi(server, 'POST', '/auth/logout', a.auth);
    expect((await server.app.inject({ url: `/api/v1/user/${phone}`, headers: b.auth })).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    expect((await server.app.inject({ method: 'POST', url: '/api/v1/auth/logout' })).statusCode).toBe(401);
  });

  it('ignores ?token= on plain HTTP requests (tokens stay out of URLs)', async () => {
    const me = await signIn(server);
    const r = await server.app.inject({ url: `/api/v1/user/${me.phone}?token=${me.token}` });
    expect(r.statusCode).toBe(401);
  });
});

describe('session lifetime', () => {
  it('a session unused for 90 days stops working; using it keeps it alive', async () => {
    const used = await signIn(server);
    const idle = await signIn(server);
    const me = (s: { phone: string; auth: Record<string, string> }) =>
      server.app.inject({ url: `/api/v1/user/${s.phone}`, headers: s.auth });
    for (let day = 0; day < 3; day++) {
      server.clock.advance(45 * 24 * 60 * MINUTE);
      expect((await me(used)).statusCode).toBe(200);
    }
    expect((await me(idle)).statusCode).toBe(401);
  });
});
