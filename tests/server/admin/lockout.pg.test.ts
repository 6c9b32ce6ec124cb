// The staff lockout across two server processes on one PostgreSQL (docs/ADMIN.md "Lockout"): the
// counters live in the database, so a guessing address locked through one process is locked on
// the other, the right password from another address signs in through either, and a guess spread
// over 50 addresses and both processes at once is held to the login's budget of 10 checked
// guesses (the advisory locks count parallel attempts before their passwords are checked), while
// the browser that signed in before still signs in.
//
// Needs a PostgreSQL server (TEST_DATABASE_URL): `npm run test:pg`, or
// `bash tools/pg-test-server.sh run npx vitest run tests/server/admin/lockout.pg.test.ts`.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClientDir, freePort, spawnServer, type ServerProcess } from '../serverProcess.js';

const baseUrl = process.env.TEST_DATABASE_URL ?? '';
if (!baseUrl) throw new Error('lockout.pg.test.ts needs TEST_DATABASE_URL: run it with `npm run test:pg`');

const ADMIN_PASSWORD = 'first admin password';
const LOGIN = 'chief';

describe('the staff lockout on two processes', () => {
  const name = `storefront_lockout_mp_${randomBytes(6).toString('hex')}`;
  let root: pg.Client;
  let a: ServerProcess;
  let b: ServerProcess;
  const dirs: string[] = [];

  beforeAll(async () => {
    root = new pg.Client({ connectionString: baseUrl });
    await root.connect();
    await root.query(`create database ${name}`);
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    const clientDir = fakeClientDir();
    dirs.push(clientDir);
    const env = async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-lockout-mp-'));
      dirs.push(dataDir);
      // TRUST_PROXY: the tests speak for many client addresses through X-Forwarded-For
      return {
        DATABASE_URL: url.toString(),
        PORT: String(await freePort()),
        DATA_DIR: dataDir,
        CLIENT_DIR: clientDir,
        ADMIN_LOGIN: LOGIN,
        ADMIN_PASSWORD,
        TRUST_PROXY: 'true',
      };
    };
    [a, b] = await Promise.all([spawnServer(await env()), spawnServer(await env())]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await root?.query(`drop database if exists ${name} with (force)`);
    await root?.end();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
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
    for (let i = 0; i < 8; i++) codes.push((await login(i % 2 === 0 ? a : b, `wrong-${i}`, attacker)).status);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const locked = await login(b, ADMIN_PASSWORD, attacker);
    expect(locked.status).toBe(429);
    expect(((await locked.json()) as { message: string }).message).toBe(
      'Слишком много неудачных попыток входа. Повторите через 30 с',
    );
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
