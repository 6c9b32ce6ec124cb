// An address typed field by field: the storefront's address form, and the staff's phone order and
// order edit. Empty details are sent as null, every field trimmed.
import type { OrderAddress } from '../../api/contract/orders';

export type AddressFields = Record<
  'street' | 'home' | 'apartment' | 'entrance' | 'floor' | 'intercom' | 'comment',
  string
>;

/** The fields of a stored address, or empty ones. */
export const addressFieldsOf = (a: OrderAddress | null): AddressFields => ({
  street: a?.street ?? '',
  home: a?.home ?? '',
  apartment: a?.apartment ?? '',
  entrance: a?.entrance ?? '',
  floor: a?.floor ?? '',
  intercom: a?.intercom ?? '',
  comment: a?.comment ?? '',
});

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** The typed fields as an address in `city` at `location` (the server geocodes the street when null). */
export function typedAddress(f: AddressFields, city: string, location: OrderAddress['location']): OrderAddress {
  return {
    city,
    street: f.street.trim(),
    home: f.home.trim(),
    apartment: orNull(f.apartment),
    entrance: orNull(f.entrance),
    floor: orNull(f.floor),
    intercom: orNull(f.intercom),
    comment: orNull(f.comment),
    location,
  };
}
