// The effects of ./afterFirstPaint (sign-in, addresses, profile, likes, balance polling, page
// age, highlight, promo recalculation, informational pages, order history) off the first load (issue 4), with the pattern
// of ./checkoutLazy: one chunk, imported on the first event one of them acts on whatever the
// state, or when the page is first idle, whichever comes first. Until then the events are kept
// and handed over in order (./lazy).
//
// The trigger events, by the effect that acts on them:
// - sign-in: CodeRequested, CodeSubmitted;
// - promo recalculation: what effects/promo `needsPromoRecalc` names but SessionStarted,
//   SignedIn among them. SessionStarted comes with every boot: as a trigger it loaded the chunk
//   while the first paint's picture and data were still on their way (Lighthouse on /: LCP 3.1 →
//   3.5 s). The promo call is for signed-in customers only, so the chunk loads at once when the
//   page starts signed in (`restoredSignedIn`), and an anonymous first visit waits for idle;
// - highlight: LineHighlighted; likes: ProductLiked, ProductUnliked;
// - addresses: AddressCreateRequested, AddressCreated, AddressDeleteRequested;
// - profile: ProfileEditRequested, AccountDeletionRequested;
// - informational pages: PageRequested; order history: OrderHistoryRequested (a page asks for
//   its data as it mounts: the chunk must not wait for idle);
// - page age: PageExpired (it follows a command of that effect itself, so it is here for
//   completeness);
// - hints that one of the above is about to come: the sign-in form opening (AuthRequired, the
//   'auth' modal) and the profile form opening (the 'userEdit' modal).
// Sign-in's user-data load and balance polling act on the state, not on an event: for a session
// restored from storage they start with the chunk, at once (`restoredSignedIn`). A missed trigger only
// delays (./lazy), so the list is an optimisation; a test keeps the promo part in step with
// needsPromoRecalc, which is not imported here so that the promo effect stays in its chunk.
import { filter, merge, take } from 'rxjs';
import type { AppEvent, AppEventType } from '../events';
import type { AppState } from '../projections/store';
import type { AfterFirstPaintOptions } from './afterFirstPaint';
import type { Effect } from './deps';
import { lazyEffect, whenIdle$ } from './lazy';
import { eventsOf } from './operators';

/** Event types the chunk's effects act on whatever the state (see the module header). */
export const AFTER_FIRST_PAINT_TRIGGERS = [
  'CodeRequested',
  'CodeSubmitted',
  'ItemAdded',
  'ItemMerged',
  'ItemQuantityChanged',
  'ItemRemoved',
  'ItemsInvalidated',
  'CouponApplied',
  'CouponRemoved',
  'DeliveryMethodChanged',
  'SpendBonusChanged',
  'SignedIn',
  'CitySelected',
  'LineHighlighted',
  'ProductLiked',
  'ProductUnliked',
  'AddressCreateRequested',
  'AddressCreated',
  'AddressDeleteRequested',
  'ProfileEditRequested',
  'AccountDeletionRequested',
  'PageRequested',
  'OrderHistoryRequested',
  'PageExpired',
  'AuthRequired',
] as const satisfies readonly AppEventType[];

const triggers: ReadonlySet<AppEventType> = new Set(AFTER_FIRST_PAINT_TRIGGERS);

/**
 * A page that starts signed in (a token restored from storage) needs the chunk at once: its
 * account data (addresses, likes, last order, balance) is refreshed and a restored cart re-quoted
 * by the chunk's effects, and the cart page shows the old quote until then (after a city change,
 * a coupon the new city does not take). An anonymous first visit has nothing of the kind.
 */
export function restoredSignedIn(state: AppState): boolean {
  return state.auth.token !== null;
}

/** Seeing this event, the chunk's code is needed now. */
export function wantsAfterFirstPaint(event: AppEvent): boolean {
  if (event.type === 'ModalOpened') return event.data.modal.kind === 'auth' || event.data.modal.kind === 'userEdit';
  return triggers.has(event.type);
}

export type LazyAfterFirstPaintOptions = AfterFirstPaintOptions & {
  /** At most this long after subscription before the chunk loads without a trigger event. */
  idleTimeoutMs?: number;
};

export function lazyAfterFirstPaint$(options: LazyAfterFirstPaintOptions = {}): Effect {
  const { idleTimeoutMs, ...chunkOptions } = options;
  return lazyEffect(() => import('./afterFirstPaint').then((m) => m.afterFirstPaint$(chunkOptions)), {
    name: 'after first paint',
    startWhen: (event$, state$) =>
      merge(
        eventsOf(event$).pipe(filter(wantsAfterFirstPaint)),
        state$.pipe(take(1), filter(restoredSignedIn)),
        whenIdle$(idleTimeoutMs),
      ),
  });
}
