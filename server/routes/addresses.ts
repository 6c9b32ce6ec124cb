// Saved addresses (SPEC §7). Owner only: 401 without a token, 403 for another customer's
// user id or address. Geocoding happens elsewhere; location stays null unless the client gave it.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { asc, count, eq } from 'drizzle-orm';
import {
  MAX_ADDRESSES_PER_USER,
  createAddress,
  deleteAddress,
  listAddressesByUser,
} from '../../src/api/contract/addresses.js';
import { addresses } from '../db/schema/customers.js';
import { forbidden, notFound, unprocessable } from '../http/errors.js';
import { route } from '../http/route.js';
import { lockKey } from '../db/advisoryLock.js';
import { ensureOwnerById, requireUser } from '../services/sessions.js';
import { toAddress } from '../services/users.js';

export const TOO_MANY_ADDRESSES_MESSAGE = `Можно сохранить не больше ${MAX_ADDRESSES_PER_USER} адресов`;
export const ADDRESS_NOT_FOUND_MESSAGE = 'Адрес не найден';

export async function registerAddresses(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  route(app, listAddressesByUser, async ({ params, request }) => {
    const user = await requireUser(ctx, request);
    ensureOwnerById(user, params.userId);
    const rows = await ctx.db.run((db) =>
      db
        .select()
        .from(addresses)
        .where(eq(addresses.userId, user.userId))
        .orderBy(asc(addresses.createdAt), asc(addresses.id)),
    );
    return rows.map(toAddress);
  });

  // The spec's path ends in '/'; the same call without it is accepted too.
  for (const def of [createAddress, { ...createAddress, path: '/address' }]) {
    route(app, def, async ({ body, request, reply }) => {
      const user = await requireUser(ctx, request);
      ensureOwnerById(user, body.userId);
      const now = ctx.clock.now();
      const row = await ctx.db.transaction(async (tx) => {
        await lockKey(tx, `addresses:${user.userId}`);
        const [existing] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, user.userId));
        if ((existing?.n ?? 0) >= MAX_ADDRESSES_PER_USER) return null;
        const inserted = await tx
          .insert(addresses)
          .values({
            id: randomUUID(),
            userId: user.userId,
            city: body.city,
            street: body.street,
            home: body.home,
            apartment: body.apartment,
            entrance: body.entrance,
            floor: body.floor,
            intercom: body.intercom,
            comment: body.comment,
            lat: body.location?.lat ?? null,
            lon: body.location?.lon ?? null,
            createdAt: now,
          })
          .returning();
        return inserted[0] ?? null;
      });
      if (!row) throw unprocessable(TOO_MANY_ADDRESSES_MESSAGE, 'too-many-addresses');
      void reply.code(201);
      return toAddress(row);
    });
  }

  route(app, deleteAddress, async ({ params, request }) => {
    const user = await requireUser(ctx, request);
    const found = await ctx.db.transaction(async (tx) => {
      const rows = await tx
        .select({ userId: addresses.userId })
        .from(addresses)
        .where(eq(addresses.id, params.id))
        .limit(1);
      const owner = rows[0]?.userId;
      if (owner === undefined) return 'missing' as const;
      if (owner !== user.userId) return 'foreign' as const;
      await tx.delete(addresses).where(eq(addresses.id, params.id));
      return 'deleted' as const;
    });
    if (found === 'missing') throw notFound(ADDRESS_NOT_FOUND_MESSAGE);
    if (found === 'foreign') throw forbidden();
  });
}
