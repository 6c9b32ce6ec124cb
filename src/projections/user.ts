// User projection: profile (with balance and excluded allergens), the last order and the order
// history. The history is fetched when the history page is shown and is not persisted with the
// rest of the area (src/effects/persistence.ts).
import { produce, type Draft } from 'immer';
import type { Order } from '../api/contract/orders';
import type { OrderRating, RatingPrompt } from '../api/contract/ratings';
import type { LastOrder, User } from '../api/entities';
import type { AppEvent } from '../events';
import { applyCase, type CaseReducers } from './define';

/**
 * PRODUCT.md §3 History: the latest orders, newest first. 'loaded' stays while the history is asked for
 * again and when that refresh fails: what was shown stays shown.
 */
export type OrderHistoryState = { status: 'idle' | 'loading' | 'loaded' | 'failed'; orders: Order[] };
/** A rating form while it is sent, or the Russian reason it was refused. */
export type RatingFormState = { status: 'sending' } | { status: 'refused'; message: string };
/**
 * docs/CHECKOUT.md «Rating after delivery»: the customer's ratings by order, the deliveries to offer
 * this visit, and the forms being sent. 'idle' until the first answer of the visit (the prompt
 * opens only then). Not persisted: every visit asks the server again.
 */
export type RatingsState = {
  status: 'idle' | 'loaded';
  byOrder: Record<string, OrderRating>;
  prompts: RatingPrompt[];
  forms: Record<string, RatingFormState>;
};
export type UserState = {
  profile: User | null;
  lastOrder: LastOrder | null;
  history: OrderHistoryState;
  ratings: RatingsState;
};
export const initialOrderHistory: OrderHistoryState = { status: 'idle', orders: [] };
export const initialRatings: RatingsState = { status: 'idle', byOrder: {}, prompts: [], forms: {} };
export const initialUser: UserState = {
  profile: null,
  lastOrder: null,
  history: initialOrderHistory,
  ratings: initialRatings,
};

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
  RatingsLoaded: (d, e) => {
    const byOrder: Record<string, OrderRating> = {};
    for (const rating of e.data.ratings) byOrder[rating.orderId] = structuredClone(rating);
    // a rating given while the list was on its way stays
    Object.assign(byOrder, d.ratings.byOrder);
    d.ratings.status = 'loaded';
    d.ratings.byOrder = byOrder;
    d.ratings.prompts = e.data.prompts.filter((p) => byOrder[p.orderId] === undefined).map((p) => ({ ...p }));
  },
  OrderRatingSubmitted: (d, e) => void (d.ratings.forms[e.data.orderId] = { status: 'sending' }),
  OrderRated: (d, e) => {
    const orderId = e.data.rating.orderId;
    d.ratings.byOrder[orderId] = structuredClone(e.data.rating);
    delete d.ratings.forms[orderId];
    d.ratings.prompts = d.ratings.prompts.filter((p) => p.orderId !== orderId);
  },
  OrderRatingRejected: (d, e) =>
    void (d.ratings.forms[e.data.orderId] = { status: 'refused', message: e.data.message }),
  RatingPromptDismissed: (d, e) => {
    d.ratings.prompts = d.ratings.prompts.filter((p) => p.orderId !== e.data.orderId);
  },
  LoggedOut: (d) => {
    d.profile = null;
    d.lastOrder = null;
    d.history = { status: 'idle', orders: [] };
    d.ratings = { status: 'idle', byOrder: {}, prompts: [], forms: {} };
  },
};

export function applyUser(draft: Draft<UserState>, event: AppEvent): void {
  applyCase(userReducers, draft, event);
}
export function evolveUser(state: UserState, event: AppEvent): UserState {
  return produce(state, (d) => applyUser(d, event));
}

/** The customer's rating of the order, or null. */
export const selectOrderRating = (user: UserState, orderId: string): OrderRating | null =>
  user.ratings.byOrder[orderId] ?? null;

export const selectRatingForm = (user: UserState, orderId: string): RatingFormState | null =>
  user.ratings.forms[orderId] ?? null;
