// The combined client state: AppState, initialState, evolve and the batch evolveAll.
import { produce, type Draft } from 'immer';
import type { City, CityData, Settings } from '../api/entities';
import type { AppEvent } from '../events';
import { applyCase, type CaseReducers } from './define';
import { addressReducers, initialAddress, type AddressState } from './address';
import { authReducers, initialAuth, type AuthState } from './auth';
import { cartReducers, initialCart, type CartState } from './cart';
import { catalogReducers, initialCatalog, type CatalogState } from './catalog';
import { checkoutReducers, initialCheckout, type CheckoutState } from './checkout';
import { cityReducers, initialCity, type CityState } from './city';
import { modalReducers, initialModal, type ModalState } from './modal';
import { pageReducers, initialPage, type PageState } from './page';
import { settingReducers, initialSetting, type SettingState } from './setting';
import { userReducers, initialUser, type UserState } from './user';
import { viewReducers, initialView, type ViewState } from './view';

/** The nine state areas of PRODUCT.md §3, with checkout and the informational pages. Plain JSON. */
export type AppState = {
  address: AddressState;
  auth: AuthState;
  cart: CartState;
  catalog: CatalogState;
  checkout: CheckoutState;
  city: CityState;
  modal: ModalState;
  page: PageState;
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
  checkout: initialCheckout,
  city: initialCity,
  modal: initialModal,
  page: initialPage,
  setting: initialSetting,
  user: initialUser,
  view: initialView,
};

/** One area's lane: which events it handles, how to copy it, how to apply an event to a copy. */
function lane<A extends Area>(area: A, reducers: CaseReducers<AppState[A]>) {
  return {
    area,
    handles: (event: AppEvent) => reducers[event.type] !== undefined,
    /** Replaces the area in `work` with a private mutable deep copy. */
    copy(work: AppState): void {
      work[area] = structuredClone(work[area]);
    },
    /** Applies the event to `work[area]`, which must be a draft or a private copy. */
    apply(work: AppState | Draft<AppState>, event: AppEvent): void {
      applyCase(reducers, work[area] as Draft<AppState[A]>, event);
    },
  };
}

const lanes = [
  lane('address', addressReducers),
  lane('auth', authReducers),
  lane('cart', cartReducers),
  lane('catalog', catalogReducers),
  lane('checkout', checkoutReducers),
  lane('city', cityReducers),
  lane('modal', modalReducers),
  lane('page', pageReducers),
  lane('setting', settingReducers),
  lane('user', userReducers),
  lane('view', viewReducers),
];

/** Batches up to this size go through immer drafts (structural sharing inside each area). */
export const DRAFT_BATCH_LIMIT = 32;

/**
 * Applies many events inside ONE produce call, freezing the result once, so replaying a long log
 * stays linear. Every area's case reducers see every event, in order.
 *
 * Small batches (a dispatch) mutate immer drafts, so unchanged parts of an area keep their
 * identity. Larger batches (replay) skip per-event proxy work: each area an event touches is
 * deep-copied once and mutated as plain data, areas nothing touches keep their identity, and
 * immer freezes what the recipe returns. Both paths run the same case reducers.
 */
export function evolveAll(state: AppState, events: readonly AppEvent[]): AppState {
  if (events.length === 0) return state;
  if (events.length <= DRAFT_BATCH_LIMIT) {
    return produce(state, (d) => {
      for (const event of events) for (const l of lanes) l.apply(d, event);
      const hidden = d.modal.stack.length > 0;
      if (d.view.hiddenScroll !== hidden) d.view.hiddenScroll = hidden;
    });
  }
  return produce(state, () => {
    const work: AppState = { ...state };
    const copied = new Set<Area>();
    const touch = (l: (typeof lanes)[number]) => {
      if (!copied.has(l.area)) {
        l.copy(work);
        copied.add(l.area);
      }
    };
    for (const event of events) {
      for (const l of lanes) {
        if (!l.handles(event)) continue;
        touch(l);
        l.apply(work, event);
      }
    }
    const hidden = work.modal.stack.length > 0;
    if (work.view.hiddenScroll !== hidden) {
      const viewLane = lanes.find((l) => l.area === 'view');
      if (viewLane !== undefined) touch(viewLane);
      work.view.hiddenScroll = hidden;
    }
    return copied.size === 0 ? undefined : work;
  });
}

export function evolve(state: AppState, event: AppEvent): AppState {
  return evolveAll(state, [event]);
}

// ---- cross-area selectors (also the deciders' context) ----

/** Signed in: a token and a profile (PRODUCT.md §6 "has a phone"). */
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
