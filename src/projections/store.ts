// The combined client state: AppState, initialState, evolve and the batch evolveAll.
import { produce } from 'immer';
import type { City, CityData, Settings } from '../api/entities';
import type { AppEvent } from '../events';
import { applyAddress, initialAddress, type AddressState } from './address';
import { applyAuth, initialAuth, type AuthState } from './auth';
import { applyCart, initialCart, type CartState } from './cart';
import { applyCatalog, initialCatalog, type CatalogState } from './catalog';
import { applyCity, initialCity, type CityState } from './city';
import { applyModal, initialModal, type ModalState } from './modal';
import { applySetting, initialSetting, type SettingState } from './setting';
import { applyUser, initialUser, type UserState } from './user';
import { applyView, initialView, type ViewState } from './view';

/** The nine state areas of SPEC §3. Plain JSON. */
export type AppState = {
  address: AddressState;
  auth: AuthState;
  cart: CartState;
  catalog: CatalogState;
  city: CityState;
  modal: ModalState;
  setting: SettingState;
  user: UserState;
  view: ViewState;
};
export type Area = keyof AppState;

export const initialState: AppState = {
  address: initialAddress,
  auth: initialAuth,
  cart: initialCart,
  catalog: initialCatalog,
  city: initialCity,
  modal: initialModal,
  setting: initialSetting,
  user: initialUser,
  view: initialView,
};

/**
 * Applies many events inside ONE produce call: immer freezes the result once, so replaying a
 * long log stays linear. Every area's case reducers see every event, in order.
 */
export function evolveAll(state: AppState, events: readonly AppEvent[]): AppState {
  if (events.length === 0) return state;
  return produce(state, (d) => {
    for (const event of events) {
      applyAddress(d.address, event);
      applyAuth(d.auth, event);
      applyCart(d.cart, event);
      applyCatalog(d.catalog, event);
      applyCity(d.city, event);
      applyModal(d.modal, event);
      applySetting(d.setting, event);
      applyUser(d.user, event);
      applyView(d.view, event);
    }
    const hidden = d.modal.stack.length > 0;
    if (d.view.hiddenScroll !== hidden) d.view.hiddenScroll = hidden;
  });
}

export function evolve(state: AppState, event: AppEvent): AppState {
  return evolveAll(state, [event]);
}

// ---- cross-area selectors (also the deciders' context) ----

/** Signed in: a token and a profile (SPEC §6 "has a phone"). */
export const selectIsSignedIn = (s: AppState): boolean => s.auth.token !== null && s.user.profile !== null;
export const selectSettings = (s: AppState): Settings | null => s.setting.settings;
export const selectCity = (s: AppState): City | undefined => s.city.list.find((c) => c.id === s.city.selectedId);
/** CITIES_DATA of the current city (keyed by the city's iikoId). */
export function selectCityData(s: AppState): CityData | undefined {
  const city = selectCity(s);
  const settings = s.setting.settings;
  if (city === undefined || settings === null) return undefined;
  return settings.CITIES_DATA[city.iikoId];
}
