// user commands: zod schemas and types. The decider is in user.decide.ts.
import { z } from 'zod/mini';
import { LastOrder, User } from '../api/entities';
import { bare, message } from '../events/define';
import { ProfileChanges } from '../events/user';

export const ApplyProfile = message('ApplyProfile', { user: User });
export const ApplyBalance = message('ApplyBalance', { balance: z.number() });
export const ApplyLastOrder = message('ApplyLastOrder', { lastOrder: z.nullable(LastOrder) });
export const ChangeAllergens = message('ChangeAllergens', { codes: z.array(z.string()) });
export const EditProfile = message('EditProfile', { changes: ProfileChanges });
export const DeleteAccount = bare('DeleteAccount');
export const UserCommandSchema = z.discriminatedUnion('type', [
  ApplyProfile,
  ApplyBalance,
  ApplyLastOrder,
  ChangeAllergens,
  EditProfile,
  DeleteAccount,
]);
export type UserCommand = z.infer<typeof UserCommandSchema>;
