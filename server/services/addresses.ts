// Saved addresses (PRODUCT.md §7). Geocoding happens elsewhere; location stays null unless the client
// gave it. Routes check the owner's id; deleting checks the address's owner here.
import { randomUUID } from 'node:crypto';
import type { z } from 'zod/mini';
import { MAX_ADDRESSES_PER_USER, type NewAddress } from '../../src/api/contract/addresses.js';
import type { Address } from '../../src/api/entities.js';
import type { AppContext } from '../context.js';
import { lockKey } from '../repositories/locks.js';
import { forbidden, notFound, unprocessable } from '../http/errors.js';
import {
  addressOwner,
  addressesOfUser,
  countAddresses,
  deleteAddressRow,
  insertAddress,
} from '../repositories/addresses.js';
import { toAddress } from './users.js';
import { ACCOUNT_MESSAGES, tooManyAddressesMessage } from '../../src/domain/messages.js';

export const TOO_MANY_ADDRESSES_MESSAGE = tooManyAddressesMessage(MAX_ADDRESSES_PER_USER);
export const ADDRESS_NOT_FOUND_MESSAGE = ACCOUNT_MESSAGES.addressNotFound;

export async function listAddresses(ctx: AppContext, userId: string): Promise<Address[]> {
  return (await ctx.db.run((db) => addressesOfUser(db, userId))).map(toAddress);
}

/** Saves a new address; 422 beyond MAX_ADDRESSES_PER_USER. */
export async function saveAddress(
  ctx: AppContext,
  userId: string,
  body: z.output<typeof NewAddress>,
): Promise<Address> {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    await lockKey(tx, `addresses:${userId}`);
    if ((await countAddresses(tx, userId)) >= MAX_ADDRESSES_PER_USER) return null;
    return (
      (await insertAddress(tx, {
        id: randomUUID(),
        userId,
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
      })) ?? null
    );
  });
  if (!row) throw unprocessable(TOO_MANY_ADDRESSES_MESSAGE, 'too-many-addresses');
  return toAddress(row);
}

/** 404 for an unknown address, 403 for another customer's. */
export async function deleteAddress(ctx: AppContext, userId: string, id: string): Promise<void> {
  const found = await ctx.db.transaction(async (tx) => {
    const owner = await addressOwner(tx, id);
    if (owner === undefined) return 'missing' as const;
    if (owner !== userId) return 'foreign' as const;
    await deleteAddressRow(tx, id);
    return 'deleted' as const;
  });
  if (found === 'missing') throw notFound(ADDRESS_NOT_FOUND_MESSAGE);
  if (found === 'foreign') throw forbidden();
}
