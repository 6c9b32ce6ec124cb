// Effects whose code arrives later, without losing the events seen meanwhile.
// See docs/ARCHITECTURE.md «Lazy effects».
import { defaultIfEmpty, EMPTY, filter, merge, Observable, of, Subject, Subscription, take } from 'rxjs';
import type { AppCommand } from '../commands';
import type { AppEvent, AppEventType, ModalKind } from '../events';
import type { AppState } from '../projections/store';
import { AFTER_LOAD_MS, afterLoadIdle } from './afterLoadIdle';
import type { Effect, EventEnvelope } from './deps';
import { eventsOf } from './operators';

export type LazyEffectOptions = {
  /** Names the effect in the logs. */
  name?: string;
  /** The first value (or completion) starts the import. Default: at once. */
  startWhen?: (event$: Observable<EventEnvelope>, state$: Observable<AppState>) => Observable<unknown>;
};

type End = { kind: 'complete' } | { kind: 'error'; error: unknown };

export function lazyEffect(load: () => Promise<Effect>, options: LazyEffectOptions = {}): Effect {
  const name = options.name ?? 'lazy';
  return (event$, state$, deps) =>
    new Observable<AppCommand>((subscriber) => {
      const subscription = new Subscription();
      const buffer: EventEnvelope[] = [];
      let end: End | null = null;
      let feed: Subject<EventEnvelope> | null = null;
      let draining = false;
      let loading = false;
      let failed = false;

      // An envelope that arrives while draining (a command of the loaded effect dispatched at
      // once) is queued behind the rest of the buffer, so the order stays the store's order.
      const drain = () => {
        if (feed === null || draining) return;
        draining = true;
        try {
          let next = buffer.shift();
          while (next !== undefined && !subscriber.closed) {
            feed.next(next);
            next = buffer.shift();
          }
          if (end !== null && !subscriber.closed) {
            if (end.kind === 'complete') feed.complete();
            else feed.error(end.error);
          }
        } finally {
          draining = false;
        }
      };

      const start = () => {
        if (loading || feed !== null || subscriber.closed) return;
        loading = true;
        failed = false;
        let loaded: Promise<Effect>;
        try {
          loaded = load();
        } catch (error) {
          loaded = Promise.reject(error);
        }
        loaded.then(
          (effect) => {
            loading = false;
            if (subscriber.closed) return;
            const input = new Subject<EventEnvelope>();
            subscription.add(
              effect(input.asObservable(), state$, deps).subscribe({
                next: (command) => subscriber.next(command),
                error: (error: unknown) => subscriber.error(error),
                complete: () => subscriber.complete(),
              }),
            );
            feed = input;
            drain();
          },
          (error: unknown) => {
            loading = false;
            if (subscriber.closed) return;
            failed = true;
            deps.logger.error(`effect ${name} failed to load; trying again on the next event`, error);
          },
        );
      };

      subscription.add(
        event$.subscribe({
          next: (envelope) => {
            buffer.push(envelope);
            if (feed !== null) drain();
            else if (failed) start();
          },
          error: (error: unknown) => {
            end = { kind: 'error', error };
            drain();
          },
          complete: () => {
            end = { kind: 'complete' };
            drain();
          },
        }),
      );
      subscription.add(
        (options.startWhen ?? (() => of(undefined)))(event$, state$)
          .pipe(take(1), defaultIfEmpty(undefined))
          .subscribe({
            next: start,
            error: (error: unknown) => {
              deps.logger.warn(`effect ${name}: its start signal failed, loading now`, error);
              start();
            },
          }),
      );
      return subscription;
    });
}

export { AFTER_LOAD_MS };

/**
 * Emits once the page has loaded, AFTER_LOAD_MS more have passed and the browser is then idle
 * (`afterLoadIdle`, ./afterLoadIdle.ts, says exactly when).
 *
 * Why so late: chunks started earlier competed with the first paint's picture and data for the
 * network and the main thread. Started at the first idle moment, the account effects, the bug
 * reporter and their deciders (11 more files) put Lighthouse's LCP on / from 3.1 to 3.5–3.7 s;
 * waiting for the load event alone did not help, as the SPA paints its menu after `load`. PRODUCT.md §9
 * starts the image preloader 3 s in for the same reason. Whatever a visitor does first still
 * loads its chunk at once (the triggers of src/views/app/lazyAreas.ts).
 */
export function whenIdle$(timeoutMs = 2_000, afterLoadMs = AFTER_LOAD_MS): Observable<void> {
  return new Observable<void>((subscriber) =>
    afterLoadIdle(
      () => {
        subscriber.next();
        subscriber.complete();
      },
      timeoutMs,
      afterLoadMs,
    ),
  );
}

/** What makes a lazily loaded effect load, whichever comes first. */
export type Trigger = {
  /** The first event of one of these types, whatever the state. */
  events?: readonly AppEventType[];
  /** The first ModalOpened of one of these kinds. */
  modals?: readonly ModalKind[];
  /** At once when the page starts signed in (a token restored from storage). */
  signedIn?: boolean;
  /** When the page is first idle (whenIdle$). */
  idle?: boolean;
};

/** Seeing this event, the effect's code is needed now. */
export function triggeredBy(trigger: Trigger, event: AppEvent): boolean {
  if (event.type === 'ModalOpened') return trigger.modals?.includes(event.data.modal.kind) ?? false;
  return trigger.events?.includes(event.type) ?? false;
}

/** A lazyEffect that loads on its trigger; `idleTimeoutMs` bounds the wait for an idle moment. */
export function triggeredEffect(name: string, load: () => Promise<Effect>, trigger: Trigger, idleTimeoutMs?: number) {
  return lazyEffect(load, {
    name,
    startWhen: (event$, state$) =>
      merge(
        eventsOf(event$).pipe(filter((event) => triggeredBy(trigger, event))),
        trigger.signedIn === true
          ? state$.pipe(
              take(1),
              filter((state) => state.auth.token !== null),
            )
          : EMPTY,
        trigger.idle === true ? whenIdle$(idleTimeoutMs) : EMPTY,
      ),
  });
}
