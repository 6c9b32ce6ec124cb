// States for effect tests, folded from real events over the shared client-core fixtures.
import type { CartMod, PromoResponse } from '../../src/api/entities';
import type { AppEvent } from '../../src/events';
import type { AppState } from '../../src/projections/store';
import { MOD, PRODUCT } from '../fixtures/catalog';
import { line as cartLine } from '../commands/helpers';
import { readyState } from '../fixtures/state';

export { USER, TOKEN } from '../fixtures/state';
export { ANGARSK, SHELEKHOV } from '../fixtures/settings';

export { cartLine };

export const SIZE_30: CartMod = {
  id: MOD.size30,
  name: '30 см',
  amount: 1,
  price: 500,
  code: 'm-size-30',
  groupId: 'g-mod-size',
  groupName: 'Размер',
};

/** Two Филадельфия (450) and a 30 cm Пепперони (100 + 500), plus the hidden delivery line. */
export const CART_EVENTS: AppEvent[] = [
  { type: 'ItemAdded', data: { line: cartLine('l1', PRODUCT.phila, 2) } },
  { type: 'ItemAdded', data: { line: cartLine('l2', PRODUCT.pizza, 1, { mods: [SIZE_30] }) } },
  { type: 'DeliveryLineAdded', data: { line: cartLine('l3', PRODUCT.delivery, 1, { isHidden: true }) } },
];

export const signedInWithCart = (more: AppEvent[] = []): AppState =>
  readyState({ signedIn: true }, [...CART_EVENTS, ...more]);
export const signedOutWithCart = (): AppState => readyState({ signedIn: false }, CART_EVENTS);
export const signedInEmptyCart = (): AppState => readyState({ signedIn: true });
export const signedIn = (more: AppEvent[] = []): AppState => readyState({ signedIn: true }, more);
export const signedOut = (more: AppEvent[] = []): AppState => readyState({ signedIn: false }, more);

export const PROMO_ANSWER: PromoResponse = {
  freeProducts: [],
  discountTotal: 100,
  lostGift: [],
  loyaltyProgramErrors: [],
  allowedBonus: 0,
};
