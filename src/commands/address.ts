// address commands: zod schemas and types. The decider is in address.decide.ts.
import { z } from 'zod/mini';
import { Address } from '../api/entities';
import { message } from '../events/define';
import { AddressDraft } from '../events/address';

export const ApplyAddresses = message('ApplyAddresses', { addresses: z.array(Address) });
export const SelectAddress = message('SelectAddress', { addressId: z.string() });
export const CreateAddress = message('CreateAddress', { address: AddressDraft });
export const RecordAddressCreated = message('RecordAddressCreated', { address: Address });
export const DeleteAddress = message('DeleteAddress', { addressId: z.string() });
export const RecordAddressDeleted = message('RecordAddressDeleted', { addressId: z.string() });
export const AddressCommandSchema = z.discriminatedUnion('type', [
  ApplyAddresses,
  SelectAddress,
  CreateAddress,
  RecordAddressCreated,
  DeleteAddress,
  RecordAddressDeleted,
]);
export type AddressCommand = z.infer<typeof AddressCommandSchema>;
