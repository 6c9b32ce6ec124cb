// Staff sign-in that a guesser cannot block (docs/ADMIN.md "Lockout"): the guessing address is
// locked, not the account; a guess spread over many addresses is held to the login's budget, yet
// a browser that signed in before (its device cookie) still signs in; an unknown device past the
// budget steps up to the captcha when one is configured. Runs on PGlite and, with
// `npm run test:pg`, on PostgreSQL; lockout.pg.test.ts runs it across two server processes.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { CaptchaVerifier } from '../../../server/integrations/captcha.js';
import { callApi } from '../customers.js';
import { serverSecrets } from '../../../server/db/schema/admin.js';
import type { AuditEntry } from '../../../src/api/contract/admin/audit.js';
import { enterAttempt } from '../../../server/services/admin/staffLockout.js';
import { createTestServer, type TestServer, expectRefusal } from '../helpers.js';
import { STAFF_PASSWORD, createStaffRow, nextStaffIp, type SignedInStaff, useStaffServer } from './staffFixtures.js';

const LOCK_30 = 'Слишком много неудачных попыток входа. Повторите через 30 с';

let server: TestServer;
let admin: SignedInStaff;

useStaffServer((started, signedIn) => {
  server = started;
  admin = signedIn;
});

function login(s: TestServer, loginName: string, password: string, ip: string, cookie?: string, captchaToken?: string) {
  return s.app.inject({
    method: 'POST',
    url: '/api/v1/admin/auth/login',
    payload: { login: loginName, password, ...(captchaToken === undefined ? {} : { captchaToken }) },
    remoteAddress: ip,
    headers: cookie === undefined ? {} : { cookie },
  });
}

/** The `name=value` of the device cookie a sign-in answer set. */
function deviceCookie(res: LightMyRequestResponse): string {
  const header = res.headers['set-cookie'];
  const first = Array.isArray(header) ? header[0] : header;
  if (first === undefined) throw new Error('no device cookie was set');
  return first.split(';')[0] ?? '';
}

async function lockoutAudit(loginName: string): Promise<AuditEntry[]> {
  const res = await callApi(
    server,
    'GET',
    `/admin/audit?action=staff.lockout&entityId=${loginName}&limit=200`,
    admin.auth,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ entries: AuditEntry[] }>().entries;
}

describe('the guessing address is locked, not the account', () => {
  it('8 wrong passwords from one address: 401 ×5, then 429 «…Повторите через 30 с» for that address, and the lock is audited with the address', async () => {
    const row = await createStaffRow(server, 'operator');
    const attacker = nextStaffIp();
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) codes.push((await login(server, row.login, `wrong-${i}`, attacker)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const locked = await login(server, row.login, STAFF_PASSWORD, attacker);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('30');
    expect(locked.json<{ message: string }>().message).toBe(LOCK_30);

    const entries = await lockoutAudit(row.login);
    expect(entries).toHaveLength(1); // the 5th failure started the lock; refused attempts add none
    expect(entries[0]).toMatchObject({
      ip: attacker,
      staffLogin: 'system',
      entity: 'staff-login',
      entityId: row.login,
    });
    expect(entries[0]?.after).toMatchObject({ scope: 'login-address', ip: attacker, failures: 5, seconds: 30 });
  });

  it('the right password from another address signs in during that lock, and is told of the 5 failed attempts', async () => {
    const row = await createStaffRow(server, 'operator');
    const attacker = nextStaffIp();
    for (let i = 0; i < 5; i++) expect((await login(server, row.login, `wrong-${i}`, attacker)).statusCode).toBe(401);
    expect((await login(server, row.login, 'wrong-again', attacker)).statusCode).toBe(429);

    const res = await login(server, row.login, STAFF_PASSWORD, nextStaffIp());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ failedAttempts: number }>().failedAttempts).toBe(5);
    // the attacker's address stays locked, and the count starts again after this sign-in
    expect((await login(server, row.login, STAFF_PASSWORD, attacker)).statusCode).toBe(429);
    const next = await login(server, row.login, STAFF_PASSWORD, nextStaffIp());
    expect(next.json<{ failedAttempts: number }>().failedAttempts).toBe(0);
  });

  it('repeating 5 guesses each time the lock ends never keeps the owner out', async () => {
    const row = await createStaffRow(server, 'operator');
    const attacker = nextStaffIp();
    const owner = nextStaffIp();
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 5; i++) await login(server, row.login, `wrong-${round}-${i}`, attacker);
      expect((await login(server, row.login, STAFF_PASSWORD, owner)).statusCode).toBe(200);
      server.clock.advance(3_600_000);
    }
  });
});

describe('guessing spread over many addresses', () => {
  it('50 addresses get the login’s budget of 10 checked guesses, then 429; a browser that signed in before still signs in', async () => {
    const row = await createStaffRow(server, 'operator');
    const first = await login(server, row.login, STAFF_PASSWORD, nextStaffIp());
    expect(first.statusCode, first.body).toBe(200);
    const cookie = deviceCookie(first);

    const codes: number[] = [];
    for (let i = 0; i < 50; i++) codes.push((await login(server, row.login, `guess-${i}`, nextStaffIp())).statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.slice(10).every((c) => c === 429)).toBe(true);
    // an unknown device waits too, even from an address with no failures of its own…
    expect((await login(server, row.login, STAFF_PASSWORD, nextStaffIp())).statusCode).toBe(429);
    // …but the device cookie passes, from any address, and its owner learns of the 10 guesses
    const known = await login(server, row.login, STAFF_PASSWORD, nextStaffIp(), cookie);
    expect(known.statusCode, known.body).toBe(200);
    expect(known.json<{ failedAttempts: number }>().failedAttempts).toBe(10);
    expect((await lockoutAudit(row.login)).some((e) => (e.after as { scope?: string }).scope === 'login')).toBe(true);
  });

  it('an attempt stamped before a failure that took the lock first is not held back below the limits, nor past their back-off', async () => {
    // Each request reads the clock before it waits for the login's lock, so under load the
    // attempts are entered out of the order of their times.
    const row = await createStaffRow(server, 'operator');
    const ip = nextStaffIp();
    const start = server.clock.now().getTime();
    const enter = (offsetMs: number) =>
      server.db.transaction((tx) =>
        enterAttempt(tx, { login: row.login, ip, device: null, now: new Date(start + offsetMs) }, false),
      );
    expect((await enter(2_000)).kind).toBe('open');
    expect((await enter(0)).kind).toBe('open');
    for (let i = 0; i < 3; i++) expect((await enter(2_000)).kind).toBe('open');
    // the 5th failure from this address locks it for 30 s after that failure, never longer
    expect(await enter(0)).toEqual({ kind: 'locked', seconds: 30 });
  });

  it('one address spends at most 2 of the budget, so 4 addresses guessing never hold back a new device', async () => {
    const row = await createStaffRow(server, 'operator');
    const attackers = [nextStaffIp(), nextStaffIp(), nextStaffIp(), nextStaffIp()];
    for (const ip of attackers)
      for (let i = 0; i < 5; i++) expect((await login(server, row.login, `wrong-${i}`, ip)).statusCode).toBe(401);
    expect((await login(server, row.login, STAFF_PASSWORD, nextStaffIp())).statusCode).toBe(200);
  });

  it('a device cookie is held back by its own failures only; a forged or another login’s cookie is no device', async () => {
    const row = await createStaffRow(server, 'operator');
    const other = await createStaffRow(server, 'operator');
    const cookie = deviceCookie(await login(server, row.login, STAFF_PASSWORD, nextStaffIp()));
    const ip = nextStaffIp();
    for (let i = 0; i < 5; i++) expect((await login(server, row.login, `wrong-${i}`, ip, cookie)).statusCode).toBe(401);
    expect((await login(server, row.login, STAFF_PASSWORD, nextStaffIp(), cookie)).statusCode).toBe(429);
    // the device's failures are not the address's
    expect((await login(server, row.login, STAFF_PASSWORD, ip)).statusCode).toBe(200);

    const [name, value] = cookie.split('=') as [string, string];
    const forged = `${name}=${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`;
    const otherCookie = deviceCookie(await login(server, other.login, STAFF_PASSWORD, nextStaffIp()));
    for (let i = 0; i < 50; i++) await login(server, row.login, `guess-${i}`, nextStaffIp());
    expect((await login(server, row.login, STAFF_PASSWORD, nextStaffIp(), forged)).statusCode).toBe(429);
    // another login's genuine cookie under this login's cookie name
    expect(
      (await login(server, row.login, STAFF_PASSWORD, nextStaffIp(), `${name}=${otherCookie.split('=')[1] ?? ''}`))
        .statusCode,
    ).toBe(429);
  });

  it('the cookie: httpOnly, SameSite=Strict, path /api/v1/admin, Secure with an https PUBLIC_URL; its key lives in the database', async () => {
    const row = await createStaffRow(server, 'operator');
    const plain = (await login(server, row.login, STAFF_PASSWORD, nextStaffIp())).headers['set-cookie'];
    expect(plain).toMatch(
      /^staff_device_[0-9a-f]{16}=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}\.\d+\.[A-Za-z0-9_-]{43}; Max-Age=15552000; Path=\/api\/v1\/admin; HttpOnly; SameSite=Strict$/,
    );
    const config = server.ctx.config;
    server.ctx.config = { ...config, publicUrl: 'https://shop.example' };
    try {
      const secure = (await login(server, row.login, STAFF_PASSWORD, nextStaffIp())).headers['set-cookie'];
      expect(secure).toMatch(/; Secure$/);
    } finally {
      server.ctx.config = config;
    }
    const keys = await server.db.run((db) => db.select().from(serverSecrets));
    expect(keys.map((k) => k.name)).toEqual(['staff-device-cookie']);
    expect(keys[0]?.value).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('with a captcha configured, an unknown device past the budget steps up instead of waiting', () => {
  let captchaServer: TestServer;
  const verifier: CaptchaVerifier = {
    provider: 'smartcaptcha',
    verify: async (token) => (token === 'human' ? 'ok' : 'failed'),
  };
  beforeAll(async () => {
    captchaServer = await createTestServer();
    captchaServer.ctx.captcha = verifier;
    const set = (name: string, value: unknown) =>
      captchaServer.db.run((db) =>
        db.execute(sql`update settings set value = ${JSON.stringify(value)}::jsonb where name = ${name}`),
      );
    await set('IS_WITHOUT_RECAPTCHA', false);
    await set('CAPTCHA_SITE_KEY', 'ysc1_public_site_key');
  });
  afterAll(async () => {
    await captchaServer?.close();
  });

  it('422 «Подтвердите, что вы не робот» (captcha-required); with a good token the right password signs in, a bad token is refused', async () => {
    const row = await createStaffRow(captchaServer, 'operator');
    // the captcha is not asked for while the budget lasts
    expect((await login(captchaServer, row.login, STAFF_PASSWORD, nextStaffIp())).statusCode).toBe(200);
    const codes: number[] = [];
    for (let i = 0; i < 50; i++)
      codes.push((await login(captchaServer, row.login, `guess-${i}`, nextStaffIp())).statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.slice(10).every((c) => c === 422)).toBe(true);

    const ask = await login(captchaServer, row.login, STAFF_PASSWORD, nextStaffIp());
    expect(ask.statusCode).toBe(422);
    expect(ask.json()).toEqual({ message: 'Подтвердите, что вы не робот', code: 'captcha-required' });
    const bad = await login(captchaServer, row.login, STAFF_PASSWORD, nextStaffIp(), undefined, 'robot');
    expectRefusal(bad, 422, 'Проверка на робота не пройдена. Попробуйте ещё раз');
    const good = await login(captchaServer, row.login, STAFF_PASSWORD, nextStaffIp(), undefined, 'human');
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json<{ failedAttempts: number }>().failedAttempts).toBe(10);
  });
});
