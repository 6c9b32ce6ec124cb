// guarded (no error ends an effect) and runEffects (commands to store.dispatch).
import { BehaviorSubject, filter, map, of, Subject, throwError, type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { AppCommand } from '../../src/commands';
import type { Effect, EventEnvelope } from '../../src/effects/deps';
import { guarded, MAX_EFFECT_RESTARTS, runEffects, runEffectsInSteps } from '../../src/effects';
import { initialState, type AppState } from '../../src/projections/store';
import { envelope, fakeApi, fakeDeps } from './helpers';

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
const toast = (text: string): AppCommand => ({ type: 'ShowToast', data: { text, kind: 'info' } });

describe('guarded effects', () => {
  it('an error escaping an effect is logged and the effect is resubscribed: later events still get answers', () => {
    newScheduler().run(({ hot, expectObservable, flush }) => {
      const { deps, recorded } = fakeDeps(fakeApi({}).api);
      const buggy: Effect = (event$) =>
        event$.pipe(
          map((e) => {
            if (e.events[0]?.type === 'CartOpened') throw new Error('bug');
            return toast('ok');
          }),
        );
      const event$ = hot<EventEnvelope>('a b c', {
        a: envelope({ type: 'CatalogRequested', data: {} }),
        b: envelope({ type: 'CartOpened', data: {} }),
        c: envelope({ type: 'CatalogRequested', data: {} }),
      });
      expectObservable(guarded('buggy', buggy)(event$, new BehaviorSubject(initialState), deps), '^ 10ms !').toBe(
        'a 1ms c',
        {
          a: toast('ok'),
          c: toast('ok'),
        },
      );
      flush();
      expect(recorded.errors).toEqual(['effect buggy failed and was restarted']);
    });
  });

  it(`gives up after ${MAX_EFFECT_RESTARTS} restarts instead of looping on an effect that fails at once`, () => {
    newScheduler().run(({ expectObservable, flush }) => {
      const { deps, recorded } = fakeDeps(fakeApi({}).api);
      const broken: Effect = () => throwError(() => new Error('always'));
      expectObservable(guarded('broken', broken)(new Subject(), new BehaviorSubject(initialState), deps)).toBe('|');
      flush();
      expect(recorded.errors).toHaveLength(MAX_EFFECT_RESTARTS + 1);
      expect(recorded.errors.at(-1)).toBe(`effect broken failed ${MAX_EFFECT_RESTARTS + 1} times and was stopped`);
    });
  });
});

describe('runEffects', () => {
  function fakeStore(throwOn: string) {
    const events$ = new Subject<EventEnvelope>();
    const state$ = new BehaviorSubject<AppState>(initialState);
    const dispatched: string[] = [];
    return {
      events$,
      state$,
      dispatched,
      dispatch(command: AppCommand) {
        if (command.type === 'ShowToast' && command.data.text === throwOn) throw new Error('decider bug');
        dispatched.push(command.type === 'ShowToast' ? command.data.text : command.type);
      },
    };
  }

  it('dispatches every command; a throwing dispatch is logged and the effects go on; unsubscribe stops', () => {
    const store = fakeStore('boom');
    const { deps, recorded } = fakeDeps(fakeApi({}).api);
    const echo: Effect = (event$): Observable<AppCommand> =>
      event$.pipe(map((e) => toast(e.events[0]?.type === 'CartOpened' ? 'boom' : 'ok')));
    const sub = runEffects(store, deps, echo);
    store.events$.next(envelope({ type: 'CatalogRequested', data: {} }));
    store.events$.next(envelope({ type: 'CartOpened', data: {} }));
    store.events$.next(envelope({ type: 'CatalogRequested', data: {} }));
    expect(store.dispatched).toEqual(['ok', 'ok']);
    expect(recorded.errors).toEqual(['dispatch of ShowToast failed']);
    sub.unsubscribe();
    store.events$.next(envelope({ type: 'CatalogRequested', data: {} }));
    expect(store.dispatched).toEqual(['ok', 'ok']);
  });
});

describe('runEffectsInSteps', () => {
  /** A store whose dispatch announces the command as an event of the same name (enough to see who heard what). */
  function echoingStore() {
    const events$ = new Subject<EventEnvelope>();
    const dispatched: string[] = [];
    return {
      events$,
      state$: new BehaviorSubject<AppState>(initialState),
      dispatched,
      dispatch(command: AppCommand) {
        dispatched.push(command.type === 'ShowToast' ? command.data.text : command.type);
        if (command.type === 'StartCatalogLoad') events$.next(envelope({ type: 'CatalogRequested', data: {} }));
      },
    };
  }
  /** Tasks handed to `next`, run by the test one at a time. */
  function manualTasks() {
    const tasks: (() => void)[] = [];
    return { next: (task: () => void) => void tasks.push(task), runOne: () => tasks.shift()?.() };
  }

  it('subscribes one effect per task (the first too), and dispatches what they emitted only once every effect listens', async () => {
    const store = echoingStore();
    const { deps } = fakeDeps(fakeApi({}).api);
    const tasks = manualTasks();
    // the first effect asks for the catalogue at once; the last one answers CatalogRequested
    const boot: Effect = () => of<AppCommand>({ type: 'StartCatalogLoad', data: {} });
    const middle: Effect = () => of(toast('middle'));
    const loader: Effect = (event$) =>
      event$.pipe(
        filter((e) => e.events[0]?.type === 'CatalogRequested'),
        map(() => toast('loading')),
      );
    let started = false;
    const { started: ready } = runEffectsInSteps(store, deps, { boot, middle, loader }, tasks.next);
    void ready.then(() => (started = true));
    tasks.runOne();
    expect(store.dispatched).toEqual([]);
    tasks.runOne();
    expect(store.dispatched).toEqual([]);
    tasks.runOne();
    expect(store.dispatched).toEqual([]);
    tasks.runOne();
    // the loader, subscribed last, still heard the CatalogRequested that boot's command caused
    expect(store.dispatched).toEqual(['StartCatalogLoad', 'middle', 'loading']);
    await ready;
    expect(started).toBe(true);
  });

  it('unsubscribed before it has finished, it subscribes nothing more and dispatches nothing', () => {
    const store = echoingStore();
    const { deps } = fakeDeps(fakeApi({}).api);
    const tasks = manualTasks();
    const boot: Effect = () => of(toast('boot'));
    const late: Effect = () => of(toast('late'));
    const { subscription } = runEffectsInSteps(store, deps, { boot, late }, tasks.next);
    tasks.runOne();
    subscription.unsubscribe();
    tasks.runOne();
    tasks.runOne();
    expect(store.dispatched).toEqual([]);
  });

  it('an effect that throws as it starts is logged, and the others still start and dispatch', async () => {
    const store = echoingStore();
    const { deps, recorded } = fakeDeps(fakeApi({}).api);
    const tasks = manualTasks();
    const broken: Effect = () => {
      throw new Error('bug');
    };
    const late: Effect = () => of(toast('late'));
    const { started } = runEffectsInSteps(store, deps, { broken, late }, tasks.next);
    for (let i = 0; i < 3; i++) tasks.runOne();
    await started;
    expect(store.dispatched).toEqual(['late']);
    expect(recorded.errors).toEqual(['effect broken failed to start']);
  });
});
