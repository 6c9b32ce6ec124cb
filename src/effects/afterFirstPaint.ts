// The effects nothing on the first paint needs (the first load of / within 120 KB gzip):
// one chunk (LAZY_AREAS.account in src/views/app/lazyAreas.ts), loaded on the first event one of
// them acts on, at once for a page that starts signed in, or when the page is first idle. Until
// then their events are kept and handed over in order (./lazy); what they do merely starts later.
// Why each one can wait:
// - sign-in (./auth): a code request or a code check comes from the user, after the page is up.
//   Its other part loads a signed-in user's addresses, likes, last order and balance from the
//   state; the page first shows those as saved locally, and refreshes them once the chunk runs.
// - addresses (./address), profile (./user), likes (./likes): each answers a user's action.
//   The token revocation at logout is not here (./tokenRevocation says why).
// - balance polling (./balance): the first poll is 120 s after sign-in or start.
// - page age (./pageAge): its first check is 60 s in, its reload 24 h in.
// - highlight (./highlight): clears a line's highlight 1 s after an add to the cart.
// - promo recalculation (./promo): its first call follows SessionStarted for a signed-in user with
//   a saved cart; the cart shows the saved totals meanwhile, and the call is a network round trip
//   anyway. The chunk loads at once for a page that starts signed in.
// - informational pages (./page) and the order history (./user): only the pages that show them
//   ask (InfoPage, HistoryPage), and those are lazy chunks themselves, never the menu's first
//   paint. Their request events (PageRequested, OrderHistoryRequested) load this chunk at once,
//   and the server preloads it with those pages' own chunk (PAGE_EFFECT_MODULES in
//   src/api/pageModules.ts), so landing on /about does not wait for it after the page ran.
//   In the first load they would cost its budget for pages a first visit to the menu never opens.
// Kept in the first load (./index): boot, settings, catalogue, cart validation, city selection,
// the version checks, persistence, the token revocation, and the generic lazy effect (./lazy). The version checks' first answer is the baseline a change is measured against: taken
// when this chunk loads, a stop-list change made in between would be that baseline, and the
// catalogue shown would never be reloaded for it.
import { merge, type SchedulerLike } from 'rxjs';
import { addresses$ } from './address';
import { signIn$ } from './auth';
import { balancePolling$ } from './balance';
import type { CaptchaRunner } from './captcha';
import { sharedBrowserCaptchaRunner } from './captchaBrowser';
import type { Effect } from './deps';
import { guarded } from './guarded';
import { highlight$ } from './highlight';
import { likes$ } from './likes';
import { pages$ } from './page';
import { pageAge$ } from './pageAge';
import { promoRecalc$ } from './promo';
import { orderHistory$, profile$ } from './user';
import { decideSignIn } from '../commands/signIn.decide';
import { decideUser } from '../commands/user.decide';
import { decideAddress } from '../commands/address.decide';
import { decidePage } from '../commands/page.decide';
import type { ChunkDeciders } from '../commands/onDemand';

export const deciders: ChunkDeciders = {
  signIn: decideSignIn,
  user: decideUser,
  address: decideAddress,
  page: decidePage,
};

export type AfterFirstPaintOptions = {
  /** Every timer and debounce runs on this scheduler (a TestScheduler in tests). */
  scheduler?: SchedulerLike;
  promoDebounceMs?: number;
  pageAgeCheckMs?: number;
  balancePollMs?: number;
  highlightMs?: number;
  /** The bot check of sign-in (default: the page's one runner, shared with checkout; none outside a browser). */
  captcha?: CaptchaRunner;
};

/** Each effect of the chunk by name, with the given timings (defaults: PRODUCT.md §9). */
export function afterFirstPaintEffects(t: AfterFirstPaintOptions = {}): Record<string, Effect> {
  const s = t.scheduler === undefined ? {} : { scheduler: t.scheduler };
  const captcha = t.captcha ?? sharedBrowserCaptchaRunner();
  return {
    pageAge: pageAge$({ ...s, ...(t.pageAgeCheckMs === undefined ? {} : { periodMs: t.pageAgeCheckMs }) }),
    balancePolling: balancePolling$({ ...s, ...(t.balancePollMs === undefined ? {} : { periodMs: t.balancePollMs }) }),
    highlight: highlight$({ ...s, ...(t.highlightMs === undefined ? {} : { durationMs: t.highlightMs }) }),
    promoRecalc: promoRecalc$({ ...s, ...(t.promoDebounceMs === undefined ? {} : { debounceMs: t.promoDebounceMs }) }),
    likes: likes$(),
    signIn: signIn$(captcha === undefined ? {} : { captcha }),
    addresses: addresses$(),
    profile: profile$(),
    pages: pages$(),
    orderHistory: orderHistory$(),
  };
}

/**
 * The chunk's effects merged, each guarded on its own: a bug in one restarts that one, not the
 * others (nor the chunk's load).
 */
export function afterFirstPaint$(t: AfterFirstPaintOptions = {}): Effect {
  const effects = Object.entries(afterFirstPaintEffects(t)).map(([name, effect]) => guarded(name, effect));
  return (event$, state$, deps) => merge(...effects.map((effect) => effect(event$, state$, deps)));
}
