// Saved delivery addresses (PRODUCT.md §3 Address, §7 calls). Owner only.
import { z } from 'zod/mini';
import { defineRoute } from '../route.js';
import { Address, GeoPoint } from '../entities.js';
import { StorableId as Id, StorableIdParams, storable } from './text.js';

const Required = (max: number) => storable(z.string().check(z.trim(), z.minLength(1), z.maxLength(max)));
/** Optional text: '' and null both mean "not given". */
const Optional = (max: number) =>
  z.pipe(
    z.nullish(storable(z.string().check(z.trim(), z.maxLength(max)))),
    z.transform((value) => (value ? value : null)),
  );

export const MAX_ADDRESSES_PER_USER = 20;

export const NewAddress = z.object({
  userId: Id,
  city: Required(100),
  street: Required(200),
  home: Required(20),
  apartment: Optional(20),
  entrance: Optional(20),
  floor: Optional(20),
  intercom: Optional(20),
  comment: Optional(500),
  location: z.nullish(GeoPoint),
});

export const listAddressesByUser = defineRoute('user', 'GET /address/by-user-id/:userId', {
  summary: 'Saved addresses of the signed-in customer, oldest first',
  params: z.object({ userId: Id }),
  response: z.array(Address),
});

export const createAddress = defineRoute('user', 'POST /address/', {
  summary: `Saves an address (at most ${MAX_ADDRESSES_PER_USER}); location stays null unless given`,
  body: NewAddress,
  response: Address,
});

export const deleteAddress = defineRoute('user', 'DELETE /address/:id', {
  summary: 'Deletes a saved address',
  params: StorableIdParams,
  response: null,
});
