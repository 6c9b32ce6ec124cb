// The effects the first paint does not need, one lazily loaded chunk (LAZY_AREAS.account).
// See docs/ARCHITECTURE.md «What waits for the account chunk».
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
import { ratings$ } from './ratings';
import { orderHistory$, profile$ } from './user';
import { pushConsent$ } from './pushConsent';
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
    pushConsent: pushConsent$,
    ratings: ratings$(),
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
