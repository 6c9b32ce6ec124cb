// Address projection (PRODUCT.md §4 Addresses): the list and the selected one.
import { produce, type Draft } from 'immer';
import type { Address } from '../api/entities';
import type { AppEvent } from '../events';
import { applyCase, type CaseReducers } from './define';

export type AddressState = { status: 'idle' | 'loaded'; list: Address[]; selectedId: string | null };
export const initialAddress: AddressState = { status: 'idle', list: [], selectedId: null };

export const addressReducers: CaseReducers<AddressState> = {
  AddressesLoaded: (d, e) => {
    d.list = structuredClone(e.data.addresses);
    d.selectedId = e.data.selectedId;
    d.status = 'loaded';
  },
  AddressSelected: (d, e) => void (d.selectedId = e.data.addressId),
  AddressCreated: (d, e) => {
    if (!d.list.some((a) => a.id === e.data.address.id)) d.list.push(structuredClone(e.data.address));
    d.selectedId = e.data.address.id;
  },
  AddressDeleted: (d, e) => {
    d.list = d.list.filter((a) => a.id !== e.data.addressId);
    d.selectedId = e.data.selectedId;
  },
  AddressLocated: (d, e) => {
    const a = d.list.find((x) => x.id === e.data.addressId);
    if (a !== undefined) a.location = { ...e.data.location };
  },
  LoggedOut: (d) => {
    d.status = 'idle';
    d.list = [];
    d.selectedId = null;
  },
};

export function applyAddress(draft: Draft<AddressState>, event: AppEvent): void {
  applyCase(addressReducers, draft, event);
}
export function evolveAddress(state: AddressState, event: AppEvent): AddressState {
  return produce(state, (d) => applyAddress(d, event));
}

export const selectSelectedAddress = (s: AddressState): Address | undefined =>
  s.list.find((a) => a.id === s.selectedId);
