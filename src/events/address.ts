// Address events (PRODUCT.md §4 Addresses).
import { z } from 'zod/mini';
import { Address, GeoPoint, Id } from '../api/entities';
import { messageUnion } from './define';

/** Fields of a new address (POST /api/v1/address/ adds userId). */
export const AddressDraft = z.omit(Address, { id: true, userId: true });
export type AddressDraft = z.infer<typeof AddressDraft>;

export const AddressEventSchema = messageUnion({
  /** selectedId: the previously selected one if it still exists, else the first, else null. */
  AddressesLoaded: { addresses: z.array(Address), selectedId: z.nullable(Id) },
  AddressSelected: { addressId: Id },
  AddressSelectionRejected: {
    addressId: z.string(),
    reason: z.enum(['unknown-address']),
  },
  AddressCreateRequested: { userId: Id, address: AddressDraft },
  /** The new address is selected; the effect refetches the list. */
  AddressCreated: { address: Address },
  AddressDeleteRequested: { addressId: Id },
  /** selectedId: unchanged if another one was selected, else the first remaining, else null. */
  AddressDeleted: { addressId: Id, selectedId: z.nullable(Id) },
  /**
   * A saved address without a point got the one the server used for it (the quote's location), so
   * the cart can find its delivery zone (one delivery price). Kept on this device only.
   */
  AddressLocated: { addressId: Id, location: GeoPoint },
});
export type AddressEvent = z.infer<typeof AddressEventSchema>;
