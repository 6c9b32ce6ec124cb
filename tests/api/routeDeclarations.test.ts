// The contract's route declarations: who may call, the request line, then the schemas, giving the
// same RouteDef as the form that spells every field out.
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { defineAdminRoute } from '../../src/api/contract/admin/common.js';
import { defineOwnOrderRoute, OrderIdParams } from '../../src/api/contract/orders.js';
import { defineRoute, splitRouteLine } from '../../src/api/route.js';

const Answer = z.object({ ok: z.boolean() });

describe('route declarations', () => {
  it('splits a request line into its method and path', () => {
    expect(splitRouteLine('DELETE /like/:userId/:productId')).toEqual({
      method: 'DELETE',
      path: '/like/:userId/:productId',
    });
  });

  it('declares a customer route from its auth and request line like the spelt-out form', () => {
    const params = z.object({ id: z.string() });
    const compact = defineRoute('user', 'GET /user/:id/like', { summary: 'likes', params, response: Answer });
    const spelt = defineRoute({
      method: 'GET',
      path: '/user/:id/like',
      summary: 'likes',
      auth: 'user',
      params,
      response: Answer,
    });
    expect(compact).toEqual(spelt);
  });

  it('gives an admin route its role, and staff auth unless it is the public sign-in', () => {
    const list = defineAdminRoute('operator', 'GET /admin/couriers', { summary: 'couriers', response: Answer });
    expect(list).toEqual({
      method: 'GET',
      path: '/admin/couriers',
      summary: 'couriers',
      auth: 'staff',
      response: Answer,
      role: 'operator',
    });
    const login = defineAdminRoute('public', 'POST /admin/auth/login', { summary: 'login', response: Answer });
    expect(login.auth).toBe('none');
    const spelt = defineAdminRoute('operator', {
      method: 'GET',
      path: '/admin/couriers',
      summary: 'couriers',
      response: Answer,
    });
    expect(spelt).toEqual(list);
  });

  it("refuses an admin route outside /admin (the request line's type already asks for /admin/)", () => {
    const outside = { method: 'GET', path: '/couriers', summary: 'x', response: null } as const;
    expect(() => defineAdminRoute('operator', outside)).toThrow('admin route outside /admin: /couriers');
  });

  it("fixes an own-order route's sign-in and id parameter", () => {
    const pay = defineOwnOrderRoute('POST /order/:id/payment', { summary: 'pay', response: Answer });
    expect(pay).toMatchObject({ method: 'POST', path: '/order/:id/payment', auth: 'user', params: OrderIdParams });
  });
});
