// User projection: profile (with balance and excluded allergens) and the last order.
import { produce, type Draft } from 'immer';
import type { LastOrder, User } from '../api/entities';
import type { AppEvent } from '../events';
import { applyCase, type CaseReducers } from './define';

export type UserState = { profile: User | null; lastOrder: LastOrder | null };
export const initialUser: UserState = { profile: null, lastOrder: null };

export const userReducers: CaseReducers<UserState> = {
  SignedIn: (d, e) => void (d.profile = structuredClone(e.data.user)),
  ProfileLoaded: (d, e) => void (d.profile = structuredClone(e.data.user)),
  BalanceLoaded: (d, e) => {
    if (d.profile !== null) d.profile.balance = e.data.balance;
  },
  LastOrderLoaded: (d, e) => void (d.lastOrder = e.data.lastOrder === null ? null : structuredClone(e.data.lastOrder)),
  AllergensChanged: (d, e) => {
    if (d.profile !== null) d.profile.userAllergens = [...e.data.codes];
  },
  LoggedOut: (d) => {
    d.profile = null;
    d.lastOrder = null;
  },
};

export function applyUser(draft: Draft<UserState>, event: AppEvent): void {
  applyCase(userReducers, draft, event);
}
export function evolveUser(state: UserState, event: AppEvent): UserState {
  return produce(state, (d) => applyUser(d, event));
}
