// lazyEffect: an effect whose code arrives later sees every event since its subscription, in
// order and once; only its commands wait. Plain subjects and a hand-resolved import.
import { BehaviorSubject, filter, map, Subject, tap, type Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { AppCommand } from '../../src/commands';
import type { Effect, EventEnvelope } from '../../src/effects/deps';
import { lazyEffect } from '../../src/effects/lazy';
import { eventsOf } from '../../src/effects/operators';
import type { AppState } from '../../src/projections/store';
import { envelope, fakeApi, fakeDeps } from './helpers';
import { signedIn } from './state';

type Deferred<T> = { promise: Promise<T>; resolve(value: T): void; reject(error: unknown): void };
function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets pending promise callbacks run. */
const settle = () => new Promise<void>((r) => setTimeout(r, 0));

const orderId = (e: EventEnvelope) => `o${e.entry.position}`;

/** A loaded effect that notes each envelope it sees and answers it with one command. */
function recordingEffect() {
  const seen: number[] = [];
  let subscriptions = 0;
  const effect: Effect = (event$) => {
    subscriptions += 1;
    return event$.pipe(
      tap((e) => seen.push(e.entry.position)),
      map((e): AppCommand => ({ type: 'LoadOrder', data: { orderId: orderId(e) } })),
    );
  };
  return { effect, seen, subscriptions: () => subscriptions };
}

function setup() {
  const events = new Subject<EventEnvelope>();
  const state$ = new BehaviorSubject<AppState>(signedIn());
  const { deps, recorded } = fakeDeps(fakeApi({}).api);
  const out: string[] = [];
  const run = (effect: Effect) =>
    effect(events, state$, deps).subscribe((c) => {
      if (c.type === 'LoadOrder') out.push(c.data.orderId);
    });
  return { events, state$, deps, recorded, out, run };
}

describe('lazyEffect', () => {
  it('hands the events that came before the load to the loaded effect, in order, then the live ones, each once', async () => {
    const { events, out, run } = setup();
    const loaded = deferred<Effect>();
    const inner = recordingEffect();
    const sub = run(lazyEffect(() => loaded.promise));
    const [a, b, c] = [envelope(), envelope(), envelope()];
    events.next(a);
    events.next(b);
    await settle();
    expect(out).toEqual([]); // the commands wait for the code

    loaded.resolve(inner.effect);
    await settle();
    events.next(c);
    expect(inner.seen).toEqual([a, b, c].map((e) => e.entry.position));
    expect(out).toEqual([a, b, c].map(orderId));
    expect(inner.subscriptions()).toBe(1);
    sub.unsubscribe();
  });

  it('an event dispatched while the kept ones are handed over comes after them', async () => {
    const { events, out, run } = setup();
    const loaded = deferred<Effect>();
    const inner = recordingEffect();
    const [a, b, c] = [envelope(), envelope(), envelope()];
    // As the store would: the command for `a` is dispatched at once and its event `c` arrives at once.
    const reentrant: Effect = (event$, state$, deps) =>
      inner
        .effect(event$, state$, deps)
        .pipe(tap((cmd) => cmd.type === 'LoadOrder' && cmd.data.orderId === orderId(a) && events.next(c)));
    const sub = run(lazyEffect(() => loaded.promise));
    events.next(a);
    events.next(b);
    loaded.resolve(reentrant);
    await settle();
    expect(inner.seen).toEqual([a, b, c].map((e) => e.entry.position));
    expect(out).toEqual([a, b, c].map(orderId));
    sub.unsubscribe();
  });

  it('waits for startWhen before importing, still keeping what came before', async () => {
    const { events, out, run } = setup();
    const inner = recordingEffect();
    let loads = 0;
    const start = envelope({ type: 'CheckoutOpened', data: {} });
    const sub = run(
      lazyEffect(
        () => {
          loads += 1;
          return Promise.resolve(inner.effect);
        },
        { startWhen: (event$) => eventsOf(event$).pipe(filter((e) => e.type === 'CheckoutOpened')) },
      ),
    );
    const early = envelope();
    events.next(early);
    await settle();
    expect(loads).toBe(0);
    events.next(start);
    await settle();
    expect(loads).toBe(1);
    expect(out).toEqual([early, start].map(orderId));
    sub.unsubscribe();
  });

  it('a failed import is logged and tried again on the next event, with nothing lost', async () => {
    const { events, out, run, recorded } = setup();
    const inner = recordingEffect();
    const attempts: Deferred<Effect>[] = [];
    const sub = run(
      lazyEffect(
        () => {
          const attempt = deferred<Effect>();
          attempts.push(attempt);
          return attempt.promise;
        },
        { name: 'checkout' },
      ),
    );
    const [a, b] = [envelope(), envelope()];
    events.next(a);
    attempts[0]?.reject(new TypeError('Failed to fetch dynamically imported module'));
    await settle();
    expect(recorded.errors).toEqual(['effect checkout failed to load; trying again on the next event']);
    expect(attempts).toHaveLength(1); // no retry loop without events

    events.next(b);
    expect(attempts).toHaveLength(2);
    attempts[1]?.resolve(inner.effect);
    await settle();
    expect(out).toEqual([a, b].map(orderId));
    sub.unsubscribe();
  });

  it('a load that throws at once is handled like a rejected one', async () => {
    const { events, out, run, recorded } = setup();
    const inner = recordingEffect();
    let calls = 0;
    const sub = run(
      lazyEffect(() => {
        calls += 1;
        if (calls === 1) throw new Error('no chunk');
        return Promise.resolve(inner.effect);
      }),
    );
    await settle();
    expect(recorded.errors).toHaveLength(1);
    const a = envelope();
    events.next(a);
    await settle();
    expect(out).toEqual([orderId(a)]);
    sub.unsubscribe();
  });

  it('unsubscribing before the load ends it: the late module is never run and nothing is kept', async () => {
    const { events, out, run } = setup();
    const loaded = deferred<Effect>();
    const inner = recordingEffect();
    const sub = run(lazyEffect(() => loaded.promise));
    events.next(envelope());
    sub.unsubscribe();
    expect(events.observed).toBe(false);
    loaded.resolve(inner.effect);
    await settle();
    expect(inner.subscriptions()).toBe(0);
    expect(out).toEqual([]);
  });

  it('unsubscribing after the load unsubscribes the loaded effect', async () => {
    const { events, run } = setup();
    const inner = recordingEffect();
    const sub = run(lazyEffect(() => Promise.resolve(inner.effect)));
    await settle();
    expect(inner.subscriptions()).toBe(1);
    sub.unsubscribe();
    expect(events.observed).toBe(false);
  });

  it('gives the loaded effect the state$ it was given (replaying the current state)', async () => {
    const { state$, run } = setup();
    let got: Observable<AppState> | null = null;
    const sub = run(
      lazyEffect(() =>
        Promise.resolve<Effect>((event$, s$) => {
          got = s$;
          return event$.pipe(
            filter(() => false),
            map((): AppCommand => ({ type: 'LoadOrder', data: { orderId: 'x' } })),
          );
        }),
      ),
    );
    await settle();
    expect(got).toBe(state$);
    sub.unsubscribe();
  });

  it('an event$ that completed before the load completes the loaded effect after the kept events', async () => {
    const { events, out, deps, state$ } = setup();
    const loaded = deferred<Effect>();
    const inner = recordingEffect();
    let completed = false;
    const a = envelope();
    lazyEffect(() => loaded.promise)(events, state$, deps).subscribe({
      next: (c) => c.type === 'LoadOrder' && out.push(c.data.orderId),
      complete: () => (completed = true),
    });
    events.next(a);
    events.complete();
    loaded.resolve(inner.effect);
    await settle();
    expect(out).toEqual([orderId(a)]);
    expect(completed).toBe(true);
  });
});
