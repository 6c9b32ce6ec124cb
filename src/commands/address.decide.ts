// address: the decider. It imports only types from the schemas (address.ts): the first load runs
// it without them. A command that changes where the order goes also reprices the cart's delivery
// line (PRODUCT.md §4), from the address it picks.
import type { Address } from '../api/entities';
import type { AppEvent } from '../events';
import type { AppState } from '../projections/store';
import type { AddressCommand } from './address';
import { deliveryLineMoved } from './deliveryLine';
import type { Meta } from './types';

const pointOf = (address: Address | undefined) => address?.location ?? null;

/**
 * PRODUCT.md §4 Addresses: after a fetch the selected one is kept if it still exists, else the first;
 * after a delete the first remaining (PRODUCT.md §4) or none; after a create the new one.
 */
export function decideAddress(command: AddressCommand, state: AppState, meta: Meta): AppEvent[] {
  const { list, selectedId } = state.address;
  const oneOff = state.checkout.oneOffAddress;
  switch (command.type) {
    case 'ApplyAddresses': {
      // A point learnt on this device (AddressLocated) stays while the server's copy has none.
      const addresses = command.data.addresses.map((a) =>
        a.location === null ? { ...a, location: list.find((x) => x.id === a.id)?.location ?? null } : a,
      );
      const keep = selectedId !== null && addresses.some((a) => a.id === selectedId);
      const next = keep ? selectedId : (addresses[0]?.id ?? null);
      if (
        state.address.status === 'loaded' &&
        next === selectedId &&
        JSON.stringify(list) === JSON.stringify(addresses)
      )
        return [];
      // A one-off address, while in use, stays where the order goes.
      const point = oneOff !== null ? oneOff.location : pointOf(addresses.find((a) => a.id === next));
      return [
        { type: 'AddressesLoaded', data: { addresses, selectedId: next } },
        ...deliveryLineMoved(state, meta, { point }),
      ];
    }
    case 'SelectAddress': {
      const id = command.data.addressId;
      if (!list.some((a) => a.id === id))
        return [{ type: 'AddressSelectionRejected', data: { addressId: id, reason: 'unknown-address' } }];
      // The selected one again still counts while a one-off address is in use: it goes back to it.
      if (id === selectedId && oneOff === null) return [];
      return [
        { type: 'AddressSelected', data: { addressId: id } },
        ...deliveryLineMoved(state, meta, { point: pointOf(list.find((a) => a.id === id)) }),
      ];
    }
    case 'CreateAddress': {
      const profile = state.user.profile;
      if (profile === null) return [{ type: 'AuthRequired', data: { reason: 'address' } }];
      return [{ type: 'AddressCreateRequested', data: { userId: profile.id, address: command.data.address } }];
    }
    case 'RecordAddressCreated': {
      const a = command.data.address;
      if (selectedId === a.id && list.some((x) => x.id === a.id)) return [];
      // The list keeps its own copy of an address it already has.
      const point = pointOf(list.find((x) => x.id === a.id) ?? a);
      return [{ type: 'AddressCreated', data: { address: a } }, ...deliveryLineMoved(state, meta, { point })];
    }
    case 'DeleteAddress':
      return list.some((a) => a.id === command.data.addressId)
        ? [{ type: 'AddressDeleteRequested', data: { addressId: command.data.addressId } }]
        : [];
    case 'RecordAddressDeleted': {
      const id = command.data.addressId;
      if (!list.some((a) => a.id === id)) return [];
      const remaining = list.filter((a) => a.id !== id);
      const point = oneOff !== null ? oneOff.location : pointOf(remaining[0]);
      return [
        { type: 'AddressDeleted', data: { addressId: id, selectedId: remaining[0]?.id ?? null } },
        ...deliveryLineMoved(state, meta, { point }),
      ];
    }
    default: {
      const unreachable: never = command;
      throw new Error(`unknown address command ${JSON.stringify(unreachable)}`);
    }
  }
}
