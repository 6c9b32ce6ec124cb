// All effects of the client, merged, and `runEffects` wiring them to the store: every command an
// effect emits is dispatched. No error ends an effect: each inner stream turns its failures into
// commands, and should one still escape (a bug), it is logged and that effect is resubscribed.
import { catchError, EMPTY, merge, observeOn, queueScheduler, Subscription, type Observable, type SchedulerLike } from 'rxjs';
import type { AppCommand } from '../commands';
import type { AppState } from '../projections/store';
import { addresses$ } from './address';
import { signIn$ } from './auth';
import { balancePolling$ } from './balance';
import { boot$ } from './boot';
import { cartValidation$, catalogLoad$ } from './catalog';
import type { CaptchaRunner } from './captcha';
import { browserCaptchaRunner } from './captchaBrowser';
import { lazyBrowserCheckout$ } from './checkoutLazy';
import { citySelection$ } from './city';
import type { Effect, EffectDeps, EventEnvelope } from './deps';
import { highlight$ } from './highlight';
import { likes$ } from './likes';
import { pageAge$ } from './pageAge';
import { persist$ } from './persist';
import { promoRecalc$ } from './promo';
import { settingsLoad$ } from './setting';
import { profile$ } from './user';
import { versionChecks$ } from './versions';

export type EffectTimings = {
  /** Every timer and debounce runs on this scheduler (a TestScheduler in tests). */
  scheduler?: SchedulerLike;
  promoDebounceMs?: number;
  versionCheckMs?: number;
  pageAgeCheckMs?: number;
  balancePollMs?: number;
  highlightMs?: number;
  persistDebounceMs?: number;
  /** The bot check of sign-in and of the default checkout (default: the browser's runner, none outside a browser). */
  captcha?: CaptchaRunner;
  /**
   * The checkout effect, run as given from the start (tests: `checkout$({ scheduler, captcha, … })`
   * with fakes; a lazy one would load outside virtual time). Default: the browser's, in its own
   * chunk loaded on the first checkout event or when the page is idle (./checkoutLazy), with
   * `captcha` and `scheduler`.
   */
  checkout?: Effect;
};

/** How often `guarded` restarts one effect before giving up on it (a bug that throws at once would loop). */
export const MAX_EFFECT_RESTARTS = 10;

/**
 * Logs an escaped error and resubscribes the effect (NgRx's default), so one bug does not end
 * it; after MAX_EFFECT_RESTARTS restarts the effect is left stopped (logged) instead of looping.
 */
export function guarded(name: string, effect: Effect, maxRestarts: number = MAX_EFFECT_RESTARTS): Effect {
  return (event$, state$, deps) => {
    let restarts = 0;
    return effect(event$, state$, deps).pipe(
      catchError((error: unknown, caught: Observable<AppCommand>) => {
        if (restarts >= maxRestarts) {
          deps.logger.error(`effect ${name} failed ${restarts + 1} times and was stopped`, error);
          return EMPTY;
        }
        restarts += 1;
        deps.logger.error(`effect ${name} failed and was restarted`, error);
        return caught;
      }),
    );
  };
}

/** Every effect by name, with the given timings (defaults: SPEC §9). */
export function createEffects(t: EffectTimings = {}): Record<string, Effect> {
  const s = t.scheduler === undefined ? {} : { scheduler: t.scheduler };
  // One captcha runner for sign-in and checkout: it is created here, in the main bundle, and
  // handed to the checkout chunk when that loads.
  const captcha = t.captcha ?? browserCaptchaRunner();
  const c = captcha === undefined ? {} : { captcha };
  return {
    boot: boot$(),
    settingsLoad: settingsLoad$(),
    catalogLoad: catalogLoad$(),
    cartValidation: cartValidation$(),
    versionChecks: versionChecks$({ ...s, ...(t.versionCheckMs === undefined ? {} : { periodMs: t.versionCheckMs }) }),
    pageAge: pageAge$({ ...s, ...(t.pageAgeCheckMs === undefined ? {} : { periodMs: t.pageAgeCheckMs }) }),
    balancePolling: balancePolling$({ ...s, ...(t.balancePollMs === undefined ? {} : { periodMs: t.balancePollMs }) }),
    highlight: highlight$({ ...s, ...(t.highlightMs === undefined ? {} : { durationMs: t.highlightMs }) }),
    promoRecalc: promoRecalc$({ ...s, ...(t.promoDebounceMs === undefined ? {} : { debounceMs: t.promoDebounceMs }) }),
    likes: likes$(),
    citySelection: citySelection$(),
    signIn: signIn$(c),
    addresses: addresses$(),
    profile: profile$(),
    checkout: t.checkout ?? lazyBrowserCheckout$({ ...s, ...c }),
    persist: persist$({ ...s, ...(t.persistDebounceMs === undefined ? {} : { debounceMs: t.persistDebounceMs }) }),
  };
}

/** All effects merged into one. */
export function createRootEffect(t: EffectTimings = {}): Effect {
  const effects = Object.entries(createEffects(t)).map(([name, effect]) => guarded(name, effect));
  return (event$, state$, deps) => merge(...effects.map((effect) => effect(event$, state$, deps)));
}

/** The root effect with the SPEC §9 timings. */
export const rootEffect: Effect = createRootEffect();

/** What runEffects needs of the store. `state$` must replay the current state on subscription. */
export interface EffectStore {
  readonly events$: Observable<EventEnvelope>;
  readonly state$: Observable<AppState>;
  dispatch(command: AppCommand): unknown;
}

/**
 * Subscribes the effects and dispatches every command they emit. Dispatches go through the
 * queue scheduler: a command emitted while the store is still announcing an earlier dispatch
 * waits for it to finish (no re-entrant dispatch, order kept). Subscribing happens inside a
 * queue action too, so what an effect emits at once (boot's StartSettingsLoad) is dispatched
 * only after every effect listens (the settings loader must see SettingsRequested). A throwing
 * dispatch (a decider bug) is logged and the effects go on.
 */
export function runEffects(store: EffectStore, deps: EffectDeps, effect: Effect = rootEffect): Subscription {
  const subscription = new Subscription();
  queueScheduler.schedule(() => {
    if (subscription.closed) return;
    subscription.add(
      effect(store.events$, store.state$, deps)
        .pipe(observeOn(queueScheduler))
        .subscribe((command) => {
          try {
            store.dispatch(command);
          } catch (error) {
            deps.logger.error(`dispatch of ${command.type} failed`, error);
          }
        }),
    );
  });
  return subscription;
}

export type { Effect, EffectDeps, EventEnvelope } from './deps';
export { COOKIE_NAMES } from './city';
