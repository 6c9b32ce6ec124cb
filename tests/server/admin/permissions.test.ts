// Permissions of /api/v1/admin/*: every admin route of the contract refuses a
// caller without a staff session (401), a customer's token (403), and an operator on the
// admin-only routes and on the managers' ones (403); the server registers exactly the routes of the contract.
import { describe, expect, it } from 'vitest';
import * as contract from '../../../src/api/contract/index.js';
import { isRouteDef } from '../../../src/api/openapi.js';
import {
  isAdminRouteDef,
  roleReaches,
  STAFF_ROLES,
  type AdminRouteDef,
} from '../../../src/api/contract/admin/common.js';
import type { RouteDef } from '../../../src/api/route.js';
import { registeredAdminRoutes } from '../../../server/routes/admin/adminRoute.js';
import { testServerPerFile } from '../helpers.js';
import { auth, signedInUser } from '../ordersFixtures.js';
import { signInStaff, staffPerFile } from './staffFixtures.js';

let customerToken: string;
const server = testServerPerFile({
  afterStart: async (started) => {
    customerToken = (await signedInUser(started.db)).token;
  },
});
const operator = staffPerFile(server, 'operator');
const admin = staffPerFile(server, 'admin');
const manager = staffPerFile(server, 'manager');

/** Every route of the contract under /admin (other areas' staff routes included). */
const adminRoutes: RouteDef[] = Object.values(contract as Record<string, unknown>)
  .filter(isRouteDef)
  .filter((def) => def.path.startsWith('/admin/'));
const guarded = adminRoutes.filter((def) => !(isAdminRouteDef(def) && def.role === 'public'));
const adminOnly = adminRoutes.filter((def): def is AdminRouteDef => isAdminRouteDef(def) && def.role === 'admin');
const managerRoutes = adminRoutes.filter((def): def is AdminRouteDef => isAdminRouteDef(def) && def.role === 'manager');

function url(def: RouteDef): string {
  return `/api/v1${def.path.replace(/:([A-Za-z_]+)/g, 'x1')}`;
}

/** The route called with `headers`, and an empty body where it takes one. */
const call = (def: RouteDef, headers: Record<string, string> = {}) =>
  server.app.inject({ method: def.method, url: url(def), headers, payload: def.body ? {} : undefined });

/** Each route lets `who` past the guard: neither 401 nor 403, and no crash on the empty body. */
async function expectPastTheGuard(routes: readonly RouteDef[], who: { auth: Record<string, string> }, role = '') {
  for (const def of routes) {
    const res = await call(def, who.auth);
    const where = `${role}${def.method} ${def.path}: ${res.body}`;
    expect([401, 403], where).not.toContain(res.statusCode);
    expect(res.statusCode, where).toBeLessThan(500);
  }
}

/** Every admin-only route refuses `who` with 403 «Действие доступно только администратору». */
async function expectAdminOnlyRefused(who: { auth: Record<string, string> }) {
  for (const def of adminOnly) {
    const res = await call(def, who.auth);
    expect(res.statusCode, `${def.method} ${def.path}`).toBe(403);
    expect(res.json<{ message: string }>().message).toBe('Действие доступно только администратору');
  }
}

describe('every /api/v1/admin route', () => {
  it('the contract has the admin area and marks its routes', () => {
    expect(guarded.length).toBeGreaterThan(40);
    expect(adminOnly.length).toBeGreaterThan(20);
    expect(adminRoutes.filter((def) => isAdminRouteDef(def) && def.role === 'public').map((d) => d.path)).toEqual([
      '/admin/auth/login',
    ]);
  });

  it('every route behind the admin guard is a role-marked route of the contract, with the contract’s role', () => {
    const marked = new Map(adminRoutes.filter(isAdminRouteDef).map((def) => [`${def.method} ${def.path}`, def.role]));
    const registered = registeredAdminRoutes(server.ctx);
    expect(registered.size).toBeGreaterThan(40);
    for (const [key, role] of registered) expect(marked.get(key), key).toBe(role);
  });

  it('every role-marked route of the contract answers (none is missing on the server: no 404)', async () => {
    for (const def of adminRoutes.filter(isAdminRouteDef)) {
      const res = await call(def);
      expect(res.json<{ message: string }>().message, `${def.method} ${def.path}`).not.toBe('Метод API не найден');
    }
  });

  it('401 «Требуется вход в панель управления» without a token', async () => {
    for (const def of guarded) {
      const res = await call(def);
      expect(res.statusCode, `${def.method} ${def.path}`).toBe(401);
      if (isAdminRouteDef(def))
        expect(res.json<{ message: string }>().message).toBe('Требуется вход в панель управления');
    }
  });

  it('401 with a forged staff token', async () => {
    for (const def of guarded.filter(isAdminRouteDef)) {
      const res = await call(def, auth(`st_${'A'.repeat(43)}`));
      expect(res.statusCode, `${def.method} ${def.path}`).toBe(401);
    }
  });

  it('403 «Доступ только для сотрудников» with a customer token', async () => {
    for (const def of guarded) {
      const res = await call(def, auth(customerToken));
      expect(res.statusCode, `${def.method} ${def.path}`).toBe(403);
      if (isAdminRouteDef(def)) expect(res.json<{ message: string }>().message).toBe('Доступ только для сотрудников');
    }
  });

  it('403 «Действие доступно только администратору» for an operator on admin-only routes (settings, staff …)', async () => {
    expect(adminOnly.map((d) => d.path)).toEqual(
      expect.arrayContaining(['/admin/settings/:name', '/admin/staff', '/admin/staff/:id', '/admin/audit']),
    );
    await expectAdminOnlyRefused(operator);
  });

  it('an admin gets past the guard on every admin-only route (no 401/403)', async () => {
    await expectPastTheGuard(adminOnly, admin);
  });

  it('an operator gets past the guard on the operator routes', async () => {
    const operatorRoutes = adminRoutes.filter(
      (def) => isAdminRouteDef(def) && def.role === 'operator' && def.path !== '/admin/auth/logout',
    );
    await expectPastTheGuard(operatorRoutes, operator);
  });

  it('every staff role reaches exactly the routes its role reaches (manager, call centre, courier included)', async () => {
    const marked = guarded.filter(isAdminRouteDef).filter((def) => def.path !== '/admin/auth/logout');
    // stated outright, not through roleReaches: a courier reaches its own routes and its account only
    expect(
      marked
        .filter((def) => roleReaches('courier', def.role))
        .map((def) => `${def.method} ${def.path}`)
        .sort(),
    ).toEqual([
      'GET /admin/auth/me',
      'GET /admin/courier/orders',
      'POST /admin/auth/password',
      'POST /admin/courier/orders/:id/delivered',
      'POST /admin/courier/orders/:id/picked-up',
    ]);
    expect(marked.filter((def) => roleReaches('operator', def.role) && def.role === 'manager')).toEqual([]);
    for (const role of STAFF_ROLES) {
      const member = await signInStaff(server, role);
      await expectPastTheGuard(
        marked.filter((def) => roleReaches(role, def.role)),
        member,
        `${role}: `,
      );
      for (const def of marked.filter((d) => !roleReaches(role, d.role))) {
        const res = await call(def, member.auth);
        expect(res.statusCode, `${role}: ${def.method} ${def.path}: ${res.body}`).toBe(403);
      }
    }
  });

  it('403 «Раздел доступен только менеджеру и администратору» for an operator on the dashboard and the exports', async () => {
    expect(managerRoutes.map((d) => d.path)).toEqual(expect.arrayContaining(['/admin/dashboard']));
    for (const def of managerRoutes) {
      const res = await call(def, operator.auth);
      expect(res.statusCode, `${def.method} ${def.path}`).toBe(403);
      expect(res.json<{ message: string }>().message).toBe('Раздел доступен только менеджеру и администратору');
    }
  });

  it('a manager gets past the guard on the manager and operator routes, and not on the admin-only ones', async () => {
    const allowed = adminRoutes.filter(
      (def) =>
        isAdminRouteDef(def) &&
        (def.role === 'manager' || def.role === 'operator') &&
        def.path !== '/admin/auth/logout',
    );
    await expectPastTheGuard(allowed, manager);
    await expectAdminOnlyRefused(manager);
  });
});
