// Modal projection: a stack of open modals (the last is on top), their titles and texts.
import { produce, type Draft } from 'immer';
import type { Settings } from '../api/entities';
import { CLOSED_TEXT, DEFAULT_SITE_NOT_WORKING_TEXT } from '../domain/siteTexts';
import type { AppEvent, Modal, ModalKind } from '../events';
import { applyCase, type CaseReducers } from './define';

export type ModalState = { stack: Modal[] };
export const initialModal: ModalState = { stack: [] };

// PRODUCT.md §2 / §8 texts.
export const TITLE_CITY = 'Выберите свой город';
export const TITLE_USER_EDIT = 'Редактирование информации';
export const TITLE_CATALOG_MENU = 'Меню:';
export const TITLE_DELIVERY_METHOD = 'Доставить или заберёте?';
export const TITLE_RESTAURANTS = 'Выберите ресторан';
export const TITLE_MODIFIER = 'Выберите ролл';
/** The half-and-half builder (docs/HALF-PIZZA.md). */
export const TITLE_HALF_PIZZA = 'Пицца из половинок';
export const TITLE_SNACK_GIFT = 'При заказе 3х любых закусок - картофель фри в подарок';
/** The server refuses an order outside working hours with the same words. */
export const TEXT_WORK_TIME = CLOSED_TEXT;
export const TEXT_SITE_NOT_WORKING_DEFAULT = DEFAULT_SITE_NOT_WORKING_TEXT;
/** Button of the cart-validation confirm modal (PRODUCT.md §4). */
export const CONFIRM_OK = 'Ок';

export const MODAL_TITLES: Partial<Record<ModalKind, string>> = {
  city: TITLE_CITY,
  userEdit: TITLE_USER_EDIT,
  catalogMenu: TITLE_CATALOG_MENU,
  deliveryMethod: TITLE_DELIVERY_METHOD,
  restaurants: TITLE_RESTAURANTS,
  modifier: TITLE_MODIFIER,
  snackGift: TITLE_SNACK_GIFT,
  halfPizza: TITLE_HALF_PIZZA,
  workTime: TEXT_WORK_TIME,
};

/** The not-working modal's text: TEXT_SITE_NOT_WORKING when set, else the default. */
export function notWorkingText(settings: Settings | null): string {
  const text = settings?.TEXT_SITE_NOT_WORKING.trim() ?? '';
  return text === '' ? TEXT_SITE_NOT_WORKING_DEFAULT : text;
}

/** Modals that have no close button (PRODUCT.md §2: the city modal). */
export const UNCLOSABLE: readonly ModalKind[] = ['city'];

/** Field-by-field equality of two modals (payloads are flat, except confirm's messages). */
export function sameModal(a: Modal, b: Modal): boolean {
  if (a.kind !== b.kind) return false;
  const ra: Record<string, unknown> = a;
  const rb: Record<string, unknown> = b;
  const keys = Object.keys(ra);
  if (keys.length !== Object.keys(rb).length) return false;
  return keys.every((k) => {
    const x = ra[k];
    const y = rb[k];
    if (Array.isArray(x) && Array.isArray(y)) return x.length === y.length && x.every((v, i) => v === y[i]);
    return x === y;
  });
}

/** A private copy of a modal payload (cheap: no structuredClone per event). */
const copyModal = (m: Modal): Modal => (m.kind === 'confirm' ? { ...m, messages: [...m.messages] } : { ...m });

/** Puts the modal on top; an equal modal already open moves to the top instead of doubling. */
function push(d: Draft<ModalState>, modal: Modal): void {
  const i = d.stack.findIndex((m) => sameModal(m, modal));
  if (i >= 0) {
    if (i === d.stack.length - 1) return;
    d.stack.splice(i, 1);
  }
  d.stack.push(copyModal(modal));
}
/** Removes the topmost modal of a kind. */
function close(d: Draft<ModalState>, kind: string): void {
  for (let i = d.stack.length - 1; i >= 0; i--) {
    if (d.stack[i]?.kind === kind) {
      d.stack.splice(i, 1);
      return;
    }
  }
}

export const modalReducers: CaseReducers<ModalState> = {
  ModalOpened: (d, e) => push(d, e.data.modal),
  ModalClosed: (d, e) => close(d, e.data.kind),
  ItemRejected: (d, e) => {
    if (e.data.reason === 'site-not-working') push(d, { kind: 'siteNotWorking' });
    if (e.data.reason === 'outside-working-hours') push(d, { kind: 'workTime' });
  },
  AuthRequired: (d) => push(d, { kind: 'auth' }),
  ModifierChoiceRequested: (d, e) => push(d, { kind: 'modifier', ...e.data }),
  SnackGiftOffered: (d) => push(d, { kind: 'snackGift' }),
  // The half-and-half builder closes once its pizza is in the cart.
  HalfPizzaAdded: (d) => close(d, 'halfPizza'),
  HalfPizzaMerged: (d) => close(d, 'halfPizza'),
  HalfPizzaRejected: (d, e) => {
    if (e.data.reason === 'site-not-working') push(d, { kind: 'siteNotWorking' });
    if (e.data.reason === 'outside-working-hours') push(d, { kind: 'workTime' });
  },
  ItemAdded: (d, e) => {
    // The modifier modal of this product closes once it has been added.
    const i = d.stack.findIndex((m) => m.kind === 'modifier' && m.productId === e.data.line.product.id);
    if (i >= 0) d.stack.splice(i, 1);
  },
  DeliveryMethodChanged: (d, e) => {
    close(d, 'deliveryMethod');
    push(d, e.data.method === 'self' ? { kind: 'restaurants' } : { kind: 'address' });
  },
  RestaurantSelected: (d) => close(d, 'restaurants'),
  AddressSelected: (d) => close(d, 'address'),
  AddressCreated: (d) => close(d, 'address'),
  OneOffAddressChosen: (d) => close(d, 'address'),
  DeliveryTimeChanged: (d) => close(d, 'time'),
  CityPromptShown: (d) => push(d, { kind: 'city' }),
  CitySelected: (d) => close(d, 'city'),
  ItemsInvalidated: (d, e) =>
    push(d, { kind: 'confirm', title: null, messages: e.data.lines.map((l) => l.message), confirmText: CONFIRM_OK }),
  CartOpened: (d) => void (d.stack = d.stack.filter((m) => UNCLOSABLE.includes(m.kind))),
  SignedIn: (d) => close(d, 'auth'),
  SignInCancelled: (d) => close(d, 'auth'),
  ProfileLoaded: (d) => close(d, 'userEdit'),
  LoggedOut: (d) => void (d.stack = d.stack.filter((m) => UNCLOSABLE.includes(m.kind))),
};

export function applyModal(draft: Draft<ModalState>, event: AppEvent): void {
  applyCase(modalReducers, draft, event);
}
export function evolveModal(state: ModalState, event: AppEvent): ModalState {
  return produce(state, (d) => applyModal(d, event));
}

export const selectCurrentModal = (modal: ModalState): Modal | null => modal.stack[modal.stack.length - 1] ?? null;
