// address commands: zod schemas and types. The decider is in address.decide.ts.
import { z } from 'zod/mini';
import { Address } from '../api/entities';
import { messageUnion } from '../events/define';
import { AddressDraft } from '../events/address';

export const AddressCommandSchema = messageUnion({
  ApplyAddresses: { addresses: z.array(Address) },
  SelectAddress: { addressId: z.string() },
  CreateAddress: { address: AddressDraft },
  RecordAddressCreated: { address: Address },
  DeleteAddress: { addressId: z.string() },
  RecordAddressDeleted: { addressId: z.string() },
});
export type AddressCommand = z.infer<typeof AddressCommandSchema>;
