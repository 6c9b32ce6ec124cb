// The staff lockout across two server processes on one PostgreSQL (docs/ADMIN.md "Lockout"): the
// counters live in the database, so a guessing address locked through one process is locked on
// the other, the right password from another address signs in through either, and a guess spread
// over 50 addresses and both processes at once is held to the login's budget of 10 checked
// guesses (the advisory locks count parallel attempts before their passwords are checked), while
// the browser that signed in before still signs in.
//
// Needs a PostgreSQL server (TEST_DATABASE_URL): `npm run test:pg`, or
// `bash tools/pg-test-server.sh run npx vitest run tests/server/admin/lockout.pg.test.ts`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgTestDatabase, testDatabaseUrl, type PgTestDatabase } from '../pgTestDatabase.js';
import { spawnServer, type ServerProcess } from '../serverProcess.js';

const baseUrl = testDatabaseUrl('lockout.pg.test.ts');

const ADMIN_PASSWORD = 'first admin password';
const LOGIN = 'chief';

describe('the staff lockout on two processes', () => {
  let database: PgTestDatabase;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    database = await createPgTestDatabase(baseUrl, 'storefront_lockout_mp');
    // TRUST_PROXY: the tests speak for many client addresses through X-Forwarded-For
    const env = () => database.serverEnv({ ADMIN_LOGIN: LOGIN, ADMIN_PASSWORD, TRUST_PROXY: 'true' });
    [a, b] = await Promise.all([spawnServer(await env()), spawnServer(await env())]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
  });

  const login = (server: ServerProcess, password: string, ip: string, cookie?: string) =>
    fetch(`${server.url}/api/v1/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ login: LOGIN, password }),
    });

  let cookie = '';

  it('a browser signs in and gets its device cookie', async () => {
    const res = await login(a, ADMIN_PASSWORD, '203.0.113.1');
    expect(res.status).toBe(200);
    cookie = res.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    expect(cookie).toMatch(/^staff_device_[0-9a-f]{16}=/);
  });

  it('the guessing address, locked through one process, is locked on the other; the right password from another address signs in', async () => {
    const attacker = '198.51.100.7';
    const codes: number[] = [];
    // the 5th failure starts the 30 s lock, on the servers' clock (this machine's), not before this
    let fifthSentAt = 0;
    for (let i = 0; i < 8; i++) {
      if (i === 4) fifthSentAt = Date.now();
      codes.push((await login(i % 2 === 0 ? a : b, `wrong-${i}`, attacker)).status);
    }
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const locked = await login(b, ADMIN_PASSWORD, attacker);
    const elapsedMs = Date.now() - fifthSentAt;
    expect(locked.status).toBe(429);
    // what is left of the lock: a whole number of seconds, at most its 30, less what has passed
    const { message } = (await locked.json()) as { message: string };
    const seconds = Number(/^Слишком много неудачных попыток входа\. Повторите через (\d+) с$/.exec(message)?.[1]);
    expect(locked.headers.get('retry-after')).toBe(String(seconds));
    expect(seconds).toBeLessThanOrEqual(30);
    expect(seconds).toBeGreaterThanOrEqual(Math.ceil(30 - elapsedMs / 1000));
    const owner = await login(b, ADMIN_PASSWORD, '203.0.113.2');
    expect(owner.status).toBe(200);
    expect(((await owner.json()) as { failedAttempts: number }).failedAttempts).toBe(5);
  });

  it('50 addresses guessing at once through both processes get 10 checked guesses; the known device still signs in', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        login(i % 2 === 0 ? a : b, `guess-${i}`, `192.0.2.${i + 1}`).then((res) => res.status),
      ),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
    // an unknown device waits, from an address with no failures, on either process…
    expect((await login(a, ADMIN_PASSWORD, '203.0.113.50')).status).toBe(429);
    expect((await login(b, ADMIN_PASSWORD, '203.0.113.51')).status).toBe(429);
    // …and the browser that signed in before does not
    const known = await login(b, ADMIN_PASSWORD, '203.0.113.52', cookie);
    expect(known.status).toBe(200);
    expect(((await known.json()) as { failedAttempts: number }).failedAttempts).toBe(10);
  });
});
