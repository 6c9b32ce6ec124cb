// Staff sign-in: argon2 passwords, sessions with revocation, roles, the first admin,
// and the lockout with back-off per (login, address) and per address (kept in the database;
// lockout.test.ts has the rest of it).
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { staff } from '../../../server/db/schema/admin.js';
import { callApi } from '../customers.js';
import { backoffSeconds, ensureFirstAdmin, verifyPassword } from '../../../server/services/admin/staff.js';
import type { StaffMember } from '../../../src/api/contract/admin/auth.js';
import { createTestServer, type TestServer, expectRefusal } from '../helpers.js';
import {
  STAFF_PASSWORD,
  createStaffRow,
  nextStaffIp,
  signInStaff,
  type SignedInStaff,
  useStaffServer,
} from './staffFixtures.js';

let server: TestServer;
let admin: SignedInStaff;

useStaffServer((started, signedIn) => {
  server = started;
  admin = signedIn;
});

const login = (loginName: string, password: string, ip = '10.1.1.1') =>
  server.app.inject({
    method: 'POST',
    url: '/api/v1/admin/auth/login',
    payload: { login: loginName, password },
    remoteAddress: ip,
  });
const me = (token: string) =>
  server.app.inject({ method: 'GET', url: '/api/v1/admin/auth/me', headers: { authorization: `Bearer ${token}` } });

describe('sign-in', () => {
  it('answers a staff token and the member; the password is stored as an argon2id hash only', async () => {
    const row = await createStaffRow(server, 'operator');
    const res = await login(row.login.toUpperCase(), STAFF_PASSWORD, nextStaffIp());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ token: string; staff: StaffMember }>();
    expect(body.token).toMatch(/^st_[A-Za-z0-9_-]{43}$/);
    expect(body.staff).toMatchObject({ id: row.id, login: row.login, role: 'operator', isActive: true });
    expect((await me(body.token)).json<StaffMember>().id).toBe(row.id);
    const stored = await server.db.run((db) =>
      db
        .select({ hash: staff.passwordHash })
        .from(staff)
        .where(sql`${staff.id} = ${row.id}`),
    );
    expect(stored[0]?.hash).toMatch(/^\$argon2id\$/);
    expect(stored[0]?.hash).not.toContain(STAFF_PASSWORD);
  });

  it('401 «Неверный логин или пароль» for a wrong password or an unknown login, alike', async () => {
    const row = await createStaffRow(server, 'operator');
    const wrong = await login(row.login, 'not the password', nextStaffIp());
    const unknown = await login('nobody-here', STAFF_PASSWORD, nextStaffIp());
    for (const res of [wrong, unknown]) {
      expectRefusal(res, 401, 'Неверный логин или пароль');
    }
  });

  it('a customer cannot sign in to /admin with a phone session, and a staff token is no customer token', async () => {
    const res = await callApi(server, 'GET', '/user/+79990000000/balance', admin.auth);
    expect(res.statusCode).toBe(401);
  });
});

describe('lockout with back-off', () => {
  it('after 5 failures of a login from one address the next attempt from there waits 30 s, then 60 s after the next failure (429 + Retry-After)', async () => {
    const row = await createStaffRow(server, 'operator');
    const ip = nextStaffIp();
    for (let i = 0; i < 5; i++) expect((await login(row.login, `wrong-${i}`, ip)).statusCode).toBe(401);
    const locked = await login(row.login, STAFF_PASSWORD, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('30');
    expect(locked.json<{ message: string }>().message).toBe(
      'Слишком много неудачных попыток входа. Повторите через 30 с',
    );

    server.clock.advance(31_000);
    expect((await login(row.login, 'wrong-again', ip)).statusCode).toBe(401);
    const longer = await login(row.login, STAFF_PASSWORD, ip);
    expect(longer.statusCode).toBe(429);
    expect(longer.headers['retry-after']).toBe('60');

    server.clock.advance(61_000);
    expect((await login(row.login, STAFF_PASSWORD, ip)).statusCode).toBe(200);
    // a success from that address starts its count again
    expect((await login(row.login, 'wrong', ip)).statusCode).toBe(401);
    expect((await login(row.login, STAFF_PASSWORD, ip)).statusCode).toBe(200);
  });

  it('one IP failing 20 times over any logins is held back too', async () => {
    const ip = nextStaffIp();
    for (let i = 0; i < 20; i++) expect((await login(`guess-${i}`, 'wrong', ip)).statusCode).toBe(401);
    const row = await createStaffRow(server, 'operator');
    expect((await login(row.login, STAFF_PASSWORD, ip)).statusCode).toBe(429);
    expect((await login(row.login, STAFF_PASSWORD, nextStaffIp())).statusCode).toBe(200);
  });

  it('the back-off doubles and stops at 1 h', () => {
    expect([4, 5, 6, 7].map((n) => backoffSeconds(n, 5))).toEqual([0, 30, 60, 120]);
    expect(backoffSeconds(40, 5)).toBe(3600);
  });
});

describe('sessions', () => {
  it('logout ends the session at once', async () => {
    const op = await signInStaff(server, 'operator');
    expect((await callApi(server, 'POST', '/admin/auth/logout', op.auth)).statusCode).toBe(204);
    expect((await me(op.token)).statusCode).toBe(401);
  });

  it('an admin revokes another member’s sessions, and disabling a member signs them out', async () => {
    const op = await signInStaff(server, 'operator');
    const list = await callApi(server, 'GET', `/admin/staff/${op.id}/sessions`, admin.auth);
    expect(list.json<{ sessions: unknown[] }>().sessions).toHaveLength(1);
    const revoke = await callApi(server, 'POST', `/admin/staff/${op.id}/sessions/revoke`, admin.auth, {});
    expect(revoke.json()).toEqual({ revoked: 1 });
    expect((await me(op.token)).statusCode).toBe(401);

    const op2 = await signInStaff(server, 'operator');
    const off = await callApi(server, 'PATCH', `/admin/staff/${op2.id}`, admin.auth, { isActive: false });
    expect(off.statusCode, off.body).toBe(200);
    expect((await me(op2.token)).statusCode).toBe(401);
    const again = await login(op2.login, STAFF_PASSWORD, nextStaffIp());
    expectRefusal(again, 401, 'Учётная запись отключена');
  });

  it('a session unused for 12 hours stops working', async () => {
    const op = await signInStaff(server, 'operator');
    server.clock.advance(12 * 60 * 60 * 1000 + 1000);
    expect((await me(op.token)).statusCode).toBe(401);
  });

  it('changing one’s password keeps this session and ends the others', async () => {
    const op = await signInStaff(server, 'operator');
    const other = await login(op.login, STAFF_PASSWORD, nextStaffIp());
    const otherToken = other.json<{ token: string }>().token;
    const bad = await callApi(server, 'POST', '/admin/auth/password', op.auth, {
      currentPassword: 'nope',
      newPassword: 'a brand new password',
    });
    expectRefusal(bad, 422, 'Текущий пароль указан неверно');
    const ok = await callApi(server, 'POST', '/admin/auth/password', op.auth, {
      currentPassword: STAFF_PASSWORD,
      newPassword: 'a brand new password',
    });
    expect(ok.statusCode, ok.body).toBe(204);
    expect((await me(op.token)).statusCode).toBe(200);
    expect((await me(otherToken)).statusCode).toBe(401);
    expect((await login(op.login, 'a brand new password', nextStaffIp())).statusCode).toBe(200);
  });
});

describe('staff accounts', () => {
  let boss: SignedInStaff;
  beforeAll(async () => {
    boss = await signInStaff(server, 'admin'); // the first admin's session went idle above
  });

  it('an admin creates an operator (409 for a taken login), and the audit log records it without the password', async () => {
    const body = { login: 'new.operator', name: 'Ольга', role: 'operator', password: 'long enough password' };
    const res = await callApi(server, 'POST', '/admin/staff', boss.auth, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StaffMember>()).toMatchObject({ login: 'new.operator', role: 'operator' });
    const again = await callApi(server, 'POST', '/admin/staff', boss.auth, body);
    expectRefusal(again, 409, 'Сотрудник с таким логином уже есть');
    const audit = await callApi(server, 'GET', '/admin/audit?action=staff.create', boss.auth);
    expect(audit.body).toContain('new.operator');
    expect(audit.body).not.toContain('long enough password');
  });

  it('an empty change of a member answers the member as they are', async () => {
    const created = await callApi(server, 'POST', '/admin/staff', boss.auth, {
      login: 'unchanged.operator',
      name: 'Пётр',
      role: 'operator',
      password: 'long enough password',
    });
    const member = created.json<StaffMember>();
    const res = await callApi(server, 'PATCH', `/admin/staff/${member.id}`, boss.auth, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StaffMember>()).toMatchObject({ login: 'unchanged.operator', name: 'Пётр', role: 'operator' });
  });

  it('a password shorter than 10 characters is refused', async () => {
    const res = await callApi(server, 'POST', '/admin/staff', boss.auth, {
      login: 'short.pw',
      role: 'operator',
      password: 'short',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('the first admin', () => {
  it('is created once from ADMIN_LOGIN/ADMIN_PASSWORD, or with a generated password to print; it cannot demote itself', async () => {
    const fresh = await createTestServer({ seed: false });
    try {
      const now = new Date('2026-11-20T05:00:00Z');
      await expect(ensureFirstAdmin(fresh.db, { login: 'boss', password: 'short' }, now)).rejects.toThrow(
        /ADMIN_PASSWORD/,
      );
      const generated = await ensureFirstAdmin(fresh.db, { login: 'Boss', password: null }, now);
      expect(generated?.login).toBe('boss');
      expect(generated?.generatedPassword?.length).toBeGreaterThanOrEqual(16);
      expect(await ensureFirstAdmin(fresh.db, { login: 'other', password: 'another long password' }, now)).toBeNull();
      const res = await fresh.app.inject({
        method: 'POST',
        url: '/api/v1/admin/auth/login',
        payload: { login: 'boss', password: generated?.generatedPassword ?? '' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{ token: string; staff: StaffMember }>();
      expect(body.staff.role).toBe('admin');
      const demote = await fresh.app.inject({
        method: 'PATCH',
        url: `/api/v1/admin/staff/${body.staff.id}`,
        headers: { authorization: `Bearer ${body.token}` },
        payload: { role: 'operator' },
      });
      expectRefusal(demote, 409, 'Нельзя отключить или понизить последнего администратора');
    } finally {
      await fresh.close();
    }
  });

  it('takes the password from the configuration when given', async () => {
    const row = await server.db.run((db) => db.select().from(staff).limit(1));
    expect(row.length).toBe(1); // staff exist here: the environment is not read again
    expect(
      await ensureFirstAdmin(server.db, { login: 'admin', password: 'from the environment' }, new Date()),
    ).toBeNull();
    const fresh = await createTestServer({ seed: false });
    try {
      const created = await ensureFirstAdmin(
        fresh.db,
        { login: 'admin', password: 'from the environment' },
        new Date(),
      );
      expect(created).toEqual({ login: 'admin', generatedPassword: null });
      const rows = await fresh.db.run((db) => db.select().from(staff));
      expect(await verifyPassword(rows[0]?.passwordHash ?? '', 'from the environment')).toBe(true);
    } finally {
      await fresh.close();
    }
  });
});
