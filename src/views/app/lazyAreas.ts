// Every lazily loaded area of the client core, declared once (the entry's own chunks, the core and the
// staff app, are in ./entryAreas.ts): its loader, what it provides and what
// loads it. The generic pieces live in their layers: `withDeciders` (src/commands/onDemand.ts)
// fills the decider slots a chunk's `deciders` export names, `triggeredEffect`
// (src/effects/lazy.ts) keeps events until an effect's chunk arrives, `lazyCalls`
// (src/api/storefrontApi.ts) forwards API calls to theirs. README "First load" says why each area
// waits; src/api/pageModules.ts names the same modules for the server's preloads (a test keeps them
// in step).
import { filter, switchMap, take } from 'rxjs';
import type { ApiClient } from '../../api/client';
import { lazyCalls, type AccountCalls, type MenuCalls } from '../../api/storefrontApi';
import { withDeciders } from '../../commands/onDemand';
import type { AfterFirstPaintOptions } from '../../effects/afterFirstPaint';
import type { CheckoutEffectOptions } from '../../effects/checkout';
import type { Effect } from '../../effects/deps';
import { CART_REPRICING_EVENTS } from '../../effects/cartRepricing';
import { lazyEffect, triggeredEffect, type Trigger } from '../../effects/lazy';
import { loadAnalyticsArea } from './analyticsLoad';

/** An area of effects: its chunk, the trigger that loads it, and the API calls it brings. */
type EffectArea = { load: () => Promise<unknown>; trigger: Trigger; calls?: (client: ApiClient) => AccountCalls };

/** Checkout: its effect and browser adapters (the bot check is a chunk shared with sign-in). */
const checkout = {
  load: withDeciders(() => import('../../effects/checkoutBrowser')),
  trigger: {
    events: [
      'CheckoutOpened',
      'AddressCheckRequested',
      'OrderSubmitted',
      'OrderAwaitingPayment',
      'PaymentStarted',
      'OrderLoadRequested',
      'OrderLoaded',
      'OrderPlaced',
    ],
    modals: ['address'],
    idle: true,
  },
} satisfies EffectArea;

/**
 * The account: the effects nothing on the first paint needs (src/effects/afterFirstPaint.ts says
 * why each can wait), and the API calls a first visit to the menu does not make, loaded on the
 * first such call. The trigger events, by the effect acting on them: sign-in, promo recalculation
 * (what cart.decide `needsPromoRecalc` names but SessionStarted, which every boot has: the chunk
 * would compete with the first paint; a test keeps them in step), highlight, likes, addresses,
 * profile, informational pages and order history (a page asks for its data as it mounts), page age,
 * and hints that one of them is about to come (the sign-in and profile forms opening). A page that
 * starts signed in loads at once: its account data is refreshed and its cart re-quoted here.
 */
const account = {
  load: withDeciders(() => import('../../effects/afterFirstPaint')),
  calls: (client: ApiClient): AccountCalls =>
    lazyCalls(() => import('../../api/accountCalls').then((m) => m.createAccountCalls(client))),
  trigger: {
    events: [
      'CodeRequested',
      'CodeSubmitted',
      // the promo recalculation is in this chunk
      ...CART_REPRICING_EVENTS,
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
      'OrderRatingSubmitted',
      'RatingPromptDismissed',
      'PageExpired',
      'AuthRequired',
    ],
    modals: ['auth', 'userEdit'],
    signedIn: true,
    idle: true,
  },
} satisfies EffectArea;

/**
 * The web counters and the consent banner (docs/ANALYTICS.md): only once the settings name a
 * counter, then at once for a visitor who consented before, else when the page is first idle; the
 * footer's «Настройки cookie» loads it at once.
 */
const analytics = {
  load: loadAnalyticsArea,
  trigger: { idle: true },
} satisfies EffectArea;

/**
 * The menu's own API calls (settings, cities, catalogue, versions) with the route definitions and
 * answer schemas they check, zod among them: on the first such call. A server-rendered page
 * carries its data, so no first paint waits for them; the account chunk shares zod with it.
 */
const menu = {
  calls: (client: ApiClient): MenuCalls =>
    lazyCalls(() => import('../../api/menuCalls').then((m) => m.createMenuCalls(client))),
};

const loadAnalytics$ = () => analytics.load().then((m) => m.browserAnalytics$());

/** Runs `effect` from the first state whose settings name a web counter; never without one. */
const withCounters =
  (effect: Effect): Effect =>
  (event$, state$, deps) =>
    state$.pipe(
      filter((s) => s.setting.settings?.ANALYTICS != null),
      take(1),
      switchMap(() => effect(event$, state$, deps)),
    );

export const LAZY_AREAS = {
  menu,
  checkout,
  account,
  analytics,
  /**
   * React-DOM and the storefront's views (./storefrontMount): loaded with the core on a
   * server-rendered page (first input or idle), at once on a client-rendered one.
   */
  view: { load: () => import('./storefrontMount') },
  /**
   * The bug-report recorder and reporter, when the page is first idle or at once on an error,
   * Ctrl+Shift+L, a sign-out or the page being hidden (./bugReportStart); the log codec with the
   * schemas comes later still, when a report is made (./bugReportUi imports ./bugReport).
   */
  logTools: { load: () => import('./bugReportUi') },
} as const;

export type LazyAreaOptions = {
  /** The longest wait for an idle moment once an area may load without a trigger (whenIdle$). */
  idleTimeoutMs?: number;
  checkout?: CheckoutEffectOptions;
  account?: AfterFirstPaintOptions;
};

/** The effects of the lazily loaded areas, for createRootEffect. */
export function lazyEffects(o: LazyAreaOptions = {}): { checkout: Effect; afterFirstPaint: Effect; analytics: Effect } {
  return {
    checkout: triggeredEffect(
      'checkout',
      () => checkout.load().then((m) => m.browserCheckout$(o.checkout)),
      checkout.trigger,
      o.idleTimeoutMs,
    ),
    afterFirstPaint: triggeredEffect(
      'after first paint',
      () => account.load().then((m) => m.afterFirstPaint$(o.account)),
      account.trigger,
      o.idleTimeoutMs,
    ),
    // A visitor who consented earlier gets it as soon as the settings name a counter, so the
    // events it reports are judged against the state they happened in (a lazy effect judges kept
    // events against the state at load); anyone else when idle, to be asked.
    analytics: withCounters(
      typeof document !== 'undefined' && /(^|; )analyticsConsent=granted/.test(document.cookie)
        ? lazyEffect(loadAnalytics$)
        : triggeredEffect('analytics', loadAnalytics$, analytics.trigger, o.idleTimeoutMs),
    ),
  };
}
