// User events: profile, balance, last order, excluded allergens.
import { z } from 'zod/mini';
import { LastOrder, User } from '../api/entities';
import { message } from './define';

export const ProfileChanges = z.object({
  name: z.optional(z.string().check(z.maxLength(100))),
  personalData: z.optional(z.boolean()),
  PUSHNotifications: z.optional(z.boolean()),
  receiveAdvertisingInformation: z.optional(z.boolean()),
});
export type ProfileChanges = z.infer<typeof ProfileChanges>;

export const ProfileLoaded = message('ProfileLoaded', { user: User });
/** The effect PATCHes /user/{phone} and answers ApplyProfile. */
export const ProfileEditRequested = message('ProfileEditRequested', { phone: z.string(), changes: ProfileChanges });
export const BalanceLoaded = message('BalanceLoaded', { balance: z.number() });
export const LastOrderLoaded = message('LastOrderLoaded', { lastOrder: z.nullable(LastOrder) });
export const AllergensChanged = message('AllergensChanged', { codes: z.array(z.string()) });
/** The effect DELETEs /user/{phone} and then sends Logout. */
export const AccountDeletionRequested = message('AccountDeletionRequested', { phone: z.string() });

export const UserEventSchema = z.discriminatedUnion('type', [
  ProfileLoaded,
  ProfileEditRequested,
  BalanceLoaded,
  LastOrderLoaded,
  AllergensChanged,
  AccountDeletionRequested,
]);
export type UserEvent = z.infer<typeof UserEventSchema>;
