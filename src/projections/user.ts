// User projection: profile (with balance and excluded allergens), the last order and the order
// history. The history is fetched when the history page is shown and is not persisted with the
// rest of the area (src/effects/persistence.ts).
import { produce, type Draft } from 'immer';
import type { Order } from '../api/contract/orders';
import type { LastOrder, User } from '../api/entities';
import type { AppEvent } from '../events';
import { applyCase, type CaseReducers } from './define';

/**
 * PRODUCT.md §3 History: the latest orders, newest first. 'loaded' stays while the history is asked for
 * again and when that refresh fails: what was shown stays shown.
 */
export type OrderHistoryState = { status: 'idle' | 'loading' | 'loaded' | 'failed'; orders: Order[] };
export type UserState = { profile: User | null; lastOrder: LastOrder | null; history: OrderHistoryState };
export const initialOrderHistory: OrderHistoryState = { status: 'idle', orders: [] };
export const initialUser: UserState = { profile: null, lastOrder: null, history: initialOrderHistory };

export const userReducers: CaseReducers<UserState> = {
  SignedIn: (d, e) => void (d.profile = structuredClone(e.data.user)),
  ProfileLoaded: (d, e) => void (d.profile = structuredClone(e.data.user)),
  BalanceLoaded: (d, e) => {
    if (d.profile !== null) d.profile.balance = e.data.balance;
  },
  LastOrderLoaded: (d, e) => void (d.lastOrder = e.data.lastOrder === null ? null : structuredClone(e.data.lastOrder)),
  OrderHistoryRequested: (d) => {
    if (d.history.status !== 'loaded') d.history = { status: 'loading', orders: [] };
  },
  OrderHistoryLoaded: (d, e) => void (d.history = { status: 'loaded', orders: structuredClone(e.data.orders) }),
  OrderHistoryLoadFailed: (d) => {
    if (d.history.status !== 'loaded') d.history = { status: 'failed', orders: [] };
  },
  AllergensChanged: (d, e) => {
    if (d.profile !== null) d.profile.userAllergens = [...e.data.codes];
  },
  LoggedOut: (d) => {
    d.profile = null;
    d.lastOrder = null;
    d.history = { status: 'idle', orders: [] };
  },
};

export function applyUser(draft: Draft<UserState>, event: AppEvent): void {
  applyCase(userReducers, draft, event);
}
export function evolveUser(state: UserState, event: AppEvent): UserState {
  return produce(state, (d) => applyUser(d, event));
}
