// Saved addresses (PRODUCT.md §7; rules in services/addresses.ts). Owner only: 401 without a token,
// 403 for another customer's user id or address.
import type { FastifyInstance } from 'fastify';
import { createAddress, deleteAddress, listAddressesByUser } from '../../src/api/contract/addresses.js';
import { requireOwner, requireUser } from '../http/requestAuth.js';
import { route } from '../http/route.js';
import { deleteAddress as removeAddress, listAddresses, saveAddress } from '../services/addresses.js';

export async function registerAddresses(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  route(app, listAddressesByUser, async ({ params, request }) => {
    const user = await requireOwner(ctx, request, params.userId);
    return listAddresses(ctx, user.userId);
  });

  // The spec's path ends in '/'; the same call without it is accepted too.
  for (const def of [createAddress, { ...createAddress, path: '/address' }]) {
    route(app, def, async ({ body, request, reply }) => {
      const user = await requireOwner(ctx, request, body.userId);
      const address = await saveAddress(ctx, user.userId, body);
      void reply.code(201);
      return address;
    });
  }

  route(app, deleteAddress, async ({ params, request }) => {
    const user = await requireUser(ctx, request);
    await removeAddress(ctx, user.userId, params.id);
  });
}
