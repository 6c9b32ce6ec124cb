// User events: profile, balance, last order, order history, excluded allergens.
import { z } from 'zod/mini';
import { LastOrder, User } from '../api/entities';
import { Order } from '../api/contract/orders';
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
/** The history page asks for the signed-in customer's orders; the effect GETs /user/{phone}/history. */
export const OrderHistoryRequested = message('OrderHistoryRequested', { phone: z.string() });
/** PRODUCT.md §3 History: the orders with items and modifiers, newest first (the latest 20). */
export const OrderHistoryLoaded = message('OrderHistoryLoaded', { orders: z.array(Order) });
export const OrderHistoryLoadFailed = message('OrderHistoryLoadFailed', { message: z.string() });
export const AllergensChanged = message('AllergensChanged', { codes: z.array(z.string()) });
/** The effect DELETEs /user/{phone} and then sends Logout. */
export const AccountDeletionRequested = message('AccountDeletionRequested', { phone: z.string() });

export const UserEventSchema = z.discriminatedUnion('type', [
  ProfileLoaded,
  ProfileEditRequested,
  BalanceLoaded,
  LastOrderLoaded,
  OrderHistoryRequested,
  OrderHistoryLoaded,
  OrderHistoryLoadFailed,
  AllergensChanged,
  AccountDeletionRequested,
]);
export type UserEvent = z.infer<typeof UserEventSchema>;
