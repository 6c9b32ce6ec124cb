// Address events (PRODUCT.md §4 Addresses).
import { z } from 'zod/mini';
import { Address, GeoPoint, Id } from '../api/entities';
import { message } from './define';

/** Fields of a new address (POST /api/v1/address/ adds userId). */
export const AddressDraft = z.omit(Address, { id: true, userId: true });
export type AddressDraft = z.infer<typeof AddressDraft>;

/** selectedId: the previously selected one if it still exists, else the first, else null. */
export const AddressesLoaded = message('AddressesLoaded', { addresses: z.array(Address), selectedId: z.nullable(Id) });
export const AddressSelected = message('AddressSelected', { addressId: Id });
export const AddressSelectionRejected = message('AddressSelectionRejected', {
  addressId: z.string(),
  reason: z.enum(['unknown-address']),
});
export const AddressCreateRequested = message('AddressCreateRequested', { userId: Id, address: AddressDraft });
/** The new address is selected; the effect refetches the list. */
export const AddressCreated = message('AddressCreated', { address: Address });
export const AddressDeleteRequested = message('AddressDeleteRequested', { addressId: Id });
/** selectedId: unchanged if another one was selected, else the first remaining, else null. */
export const AddressDeleted = message('AddressDeleted', { addressId: Id, selectedId: z.nullable(Id) });
/**
 * A saved address without a point got the one the server used for it (the quote's location), so
 * the cart can find its delivery zone (one delivery price). Kept on this device only.
 */
export const AddressLocated = message('AddressLocated', { addressId: Id, location: GeoPoint });

export const AddressEventSchema = z.discriminatedUnion('type', [
  AddressesLoaded,
  AddressSelected,
  AddressSelectionRejected,
  AddressCreateRequested,
  AddressCreated,
  AddressDeleteRequested,
  AddressDeleted,
  AddressLocated,
]);
export type AddressEvent = z.infer<typeof AddressEventSchema>;
