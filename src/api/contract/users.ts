// User routes of PRODUCT.md §7. Every one needs a token and answers only for its owner
// (401 without a valid token, 403 for another customer's phone or id).
import { z } from 'zod/mini';
import { defineRoute } from '../route.js';
import { User } from '../entities.js';
import { storable } from './text.js';

/** '+79991234567', '79991234567' or '89991234567' (URL-encoded '+' accepted). */
export const PhoneParams = z.object({ phone: storable(z.string().check(z.minLength(1), z.maxLength(64))) });

const Name = storable(z.string().check(z.trim(), z.maxLength(100)));
const AllergenCode = storable(z.string().check(z.trim(), z.minLength(1), z.maxLength(64)));

export const UserProfilePatch = z.object({
  name: z.optional(Name),
  personalData: z.optional(z.boolean()),
  PUSHNotifications: z.optional(z.boolean()),
  receiveAdvertisingInformation: z.optional(z.boolean()),
  userAllergens: z.optional(z.array(AllergenCode).check(z.maxLength(50))),
});

export const getUserByPhone = defineRoute('user', 'GET /user/:phone', {
  summary: 'The signed-in customer',
  params: PhoneParams,
  response: User,
});

/**
 * Kept for compatibility with PRODUCT.md §7: accounts are created by POST /auth/token. For the
 * signed-in customer's own phone this updates the profile and returns the user.
 */
export const postUser = defineRoute('user', 'POST /user', {
  summary: 'Updates the signed-in customer (accounts are created by POST /auth/token)',
  body: z.extend(UserProfilePatch, { phone: z.nullish(storable(z.string().check(z.maxLength(64)))) }),
  response: User,
});

export const patchUserByPhone = defineRoute('user', 'PATCH /user/:phone', {
  summary: 'Changes profile fields of the signed-in customer',
  params: PhoneParams,
  body: UserProfilePatch,
  response: User,
});

export const deleteUserByPhone = defineRoute('user', 'DELETE /user/:phone', {
  summary: 'Deletes the account: personal data erased, addresses and likes removed, all sessions revoked',
  params: PhoneParams,
  response: null,
});

export const UserBalance = z.object({ balance: z.int().check(z.nonnegative()) });

export const getUserBalance = defineRoute('user', 'GET /user/:phone/balance', {
  summary: 'Bonus balance of the signed-in customer, whole roubles',
  params: PhoneParams,
  response: UserBalance,
});
