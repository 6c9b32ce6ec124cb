// address: the decider. It imports only types from the schemas (address.ts): the first load runs
// it without them.
import type { AppEvent } from '../events';
import type { AppState } from '../projections/store';
import type { AddressCommand } from './address';
import type { Meta } from './types';

/**
 * SPEC §4 Addresses: after a fetch the selected one is kept if it still exists, else the first;
 * after a delete the first remaining (SPEC literally) or none; after a create the new one.
 */
export function decideAddress(command: AddressCommand, state: AppState, _meta: Meta): AppEvent[] {
  const { list, selectedId } = state.address;
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
      return [{ type: 'AddressesLoaded', data: { addresses, selectedId: next } }];
    }
    case 'SelectAddress': {
      const id = command.data.addressId;
      if (!list.some((a) => a.id === id))
        return [{ type: 'AddressSelectionRejected', data: { addressId: id, reason: 'unknown-address' } }];
      // The selected one again still counts while a one-off address is in use: it goes back to it.
      return id === selectedId && state.checkout.oneOffAddress === null
        ? []
        : [{ type: 'AddressSelected', data: { addressId: id } }];
    }
    case 'CreateAddress': {
      const profile = state.user.profile;
      if (profile === null) return [{ type: 'AuthRequired', data: { reason: 'address' } }];
      return [{ type: 'AddressCreateRequested', data: { userId: profile.id, address: command.data.address } }];
    }
    case 'RecordAddressCreated': {
      const a = command.data.address;
      if (selectedId === a.id && list.some((x) => x.id === a.id)) return [];
      return [{ type: 'AddressCreated', data: { address: a } }];
    }
    case 'DeleteAddress':
      return list.some((a) => a.id === command.data.addressId)
        ? [{ type: 'AddressDeleteRequested', data: { addressId: command.data.addressId } }]
        : [];
    case 'RecordAddressDeleted': {
      const id = command.data.addressId;
      if (!list.some((a) => a.id === id)) return [];
      const remaining = list.filter((a) => a.id !== id);
      return [{ type: 'AddressDeleted', data: { addressId: id, selectedId: remaining[0]?.id ?? null } }];
    }
    default: {
      const unreachable: never = command;
      throw new Error(`unknown address command ${JSON.stringify(unreachable)}`);
    }
  }
}
