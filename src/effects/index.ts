// All effects of the client, merged, and `runEffects` wiring them to the store: every command an
// effect emits is dispatched. No error ends an effect: each inner stream turns its failures into
// commands, and should one still escape (a bug), it is logged and that effect is resubscribed
// (./guarded).
import { merge, observeOn, queueScheduler, Subscription, type Observable, type SchedulerLike } from 'rxjs';
import type { AppCommand } from '../commands';
import type { AppState } from '../projections/store';
import { boot$ } from './boot';
import { cartValidation$, catalogLoad$ } from './catalog';
import { citySelection$ } from './city';
import type { Effect, EffectDeps, EventEnvelope } from './deps';
import { guarded } from './guarded';
import { persist$ } from './persist';
import { settingsLoad$ } from './setting';
import { tokenRevocation$ } from './tokenRevocation';
import { versionChecks$ } from './versions';

export type EffectTimings = {
  scheduler?: SchedulerLike;
  persistDebounceMs?: number;
  versionCheckMs?: number;
  /**
   * The checkout effect: in the browser the lazily loaded one (`lazyEffects` of
   * src/views/app/lazyAreas.ts), in tests on virtual time `checkout$(…)` with fakes. None if absent.
   */
  checkout?: Effect;
  /** The effects nothing on the first paint needs (./afterFirstPaint), likewise. None if absent. */
  afterFirstPaint?: Effect;
  /** The web counters (./analytics), likewise. None if absent. */
  analytics?: Effect;
};

export { guarded, MAX_EFFECT_RESTARTS } from './guarded';

/**
 * Every effect by name, with the given timings (defaults: PRODUCT.md §9). The first load holds boot,
 * settings, catalogue, cart validation, city selection, the version checks (their first answer
 * is the baseline: ./afterFirstPaint says why), the token revocation and persistence; checkout
 * and the rest come as given (in the browser, two lazily loaded chunks).
 */
export function createEffects(t: EffectTimings = {}): Record<string, Effect> {
  const { persistDebounceMs, versionCheckMs, checkout, afterFirstPaint, analytics } = t;
  const s = t.scheduler === undefined ? {} : { scheduler: t.scheduler };
  return {
    boot: boot$(),
    settingsLoad: settingsLoad$(),
    catalogLoad: catalogLoad$(),
    cartValidation: cartValidation$(),
    citySelection: citySelection$(),
    versionChecks: versionChecks$({ ...s, ...(versionCheckMs === undefined ? {} : { periodMs: versionCheckMs }) }),
    tokenRevocation: tokenRevocation$(),
    ...(afterFirstPaint === undefined ? {} : { afterFirstPaint }),
    ...(checkout === undefined ? {} : { checkout }),
    ...(analytics === undefined ? {} : { analytics }),
    persist: persist$({ ...s, ...(persistDebounceMs === undefined ? {} : { debounceMs: persistDebounceMs }) }),
  };
}

/** All effects merged into one. */
export function createRootEffect(t: EffectTimings = {}): Effect {
  const effects = Object.entries(createEffects(t)).map(([name, effect]) => guarded(name, effect));
  return (event$, state$, deps) => merge(...effects.map((effect) => effect(event$, state$, deps)));
}

/** The first load's effects with the PRODUCT.md §9 timings (the browser adds the lazy areas to them). */
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

/** Runs a task later, in a task of its own, so the browser may paint and handle input in between. */
export type NextTask = (task: () => void) => void;

/**
 * As runEffects, but each effect is subscribed in a task of its own (`next`), so starting them is
 * not one long task on a slow phone (Lighthouse TBT; docs/SSR.md «Hydration»). What the effects
 * emit meanwhile (boot's first loads, an answer that came quickly) is kept and dispatched, in
 * order, only once every effect listens: no effect misses an event another one caused, as with
 * runEffects. `started` resolves then.
 */
export function runEffectsInSteps(
  store: EffectStore,
  deps: EffectDeps,
  effects: Record<string, Effect>,
  next: NextTask,
): { subscription: Subscription; started: Promise<void> } {
  const subscription = new Subscription();
  const kept: AppCommand[] = [];
  let listening = false;
  const dispatch = (command: AppCommand) => {
    try {
      store.dispatch(command);
    } catch (error) {
      deps.logger.error(`dispatch of ${command.type} failed`, error);
    }
  };
  const steps = Object.entries(effects).map(([name, effect]) => () => {
    try {
      subscription.add(
        guarded(name, effect)(store.events$, store.state$, deps)
          .pipe(observeOn(queueScheduler))
          .subscribe((command) => (listening ? dispatch(command) : kept.push(command))),
      );
    } catch (error) {
      // one effect that cannot start (a bug) must not keep the others, and hydration, waiting
      deps.logger.error(`effect ${name} failed to start`, error);
    }
  });
  const started = new Promise<void>((resolve) => {
    const run = (index: number) => {
      if (subscription.closed) return;
      const step = steps[index];
      if (step !== undefined) {
        step();
        next(() => run(index + 1));
        return;
      }
      queueScheduler.schedule(() => {
        listening = true;
        for (const command of kept.splice(0)) dispatch(command);
      });
      resolve();
    };
    // even the first in a task of its own: the entry's task (its scripts' evaluation) is long enough
    next(() => run(0));
  });
  return { subscription, started };
}

export type { Effect, EffectDeps, EventEnvelope } from './deps';
export { COOKIE_NAMES } from './city';
