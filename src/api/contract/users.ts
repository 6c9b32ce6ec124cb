// User routes of SPEC §7. Every one needs a token and answers only for its owner
// (401 without a valid token, 403 for another customer's phone or id).
import { z } from 'zod';
import { defineRoute } from '../route.js';
import { User } from '../entities.js';
import { StorableId, storable } from './text.js';

/** '+79991234567', '79991234567' or '89991234567' (URL-encoded '+' accepted). */
export const PhoneParams = z.object({ phone: storable(z.string().min(1).max(64)) });
export const UserIdParams = z.object({ id: StorableId });

const Name = storable(z.string().trim().max(100));
const AllergenCode = storable(z.string().trim().min(1).max(64));

export const UserProfilePatch = z.object({
  name: Name.optional(),
  personalData: z.boolean().optional(),
  PUSHNotifications: z.boolean().optional(),
  receiveAdvertisingInformation: z.boolean().optional(),
  userAllergens: z.array(AllergenCode).max(50).optional(),
});

export const getUserByPhone = defineRoute({
  method: 'GET',
  path: '/user/:phone',
  summary: 'The signed-in customer',
  auth: 'user',
  params: PhoneParams,
  response: User,
});

/**
 * Kept for compatibility with SPEC §7: accounts are created by POST /auth/token. For the
 * signed-in customer's own phone this updates the profile and returns the user.
 */
export const postUser = defineRoute({
  method: 'POST',
  path: '/user',
  summary: 'Updates the signed-in customer (accounts are created by POST /auth/token)',
  auth: 'user',
  body: UserProfilePatch.extend({ phone: storable(z.string().max(64)).nullish() }),
  response: User,
});

export const patchUserByPhone = defineRoute({
  method: 'PATCH',
  path: '/user/:phone',
  summary: 'Changes profile fields of the signed-in customer',
  auth: 'user',
  params: PhoneParams,
  body: UserProfilePatch,
  response: User,
});

export const deleteUserByPhone = defineRoute({
  method: 'DELETE',
  path: '/user/:phone',
  summary: 'Deletes the account: personal data erased, addresses and likes removed, all sessions revoked',
  auth: 'user',
  params: PhoneParams,
  response: null,
});

export const UserBalance = z.object({ balance: z.number().int().nonnegative() });

export const getUserBalance = defineRoute({
  method: 'GET',
  path: '/user/:phone/balance',
  summary: 'Bonus balance of the signed-in customer, whole roubles',
  auth: 'user',
  params: PhoneParams,
  response: UserBalance,
});
