// The live order history (docs/ORDER-EDITING.md): followOrderHistory$ on virtual time over a fake
// WebSocket — opened by the history's request, a re-read on hello and on each order push, a push
// during the first load waits for it, a drop reconnects, leaving the page closes it, and nothing
// opens signed out.
import { BehaviorSubject, type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../src/effects/deps';
import { followOrderHistory$ } from '../../src/effects/checkout/historyStatus';
import type { LiveSocket } from '../../src/effects/checkout/shared';
import { evolveAll, type AppState } from '../../src/projections/store';
import { readyState, USER } from '../fixtures/state';
import { envelope, fakeApi, fakeDeps, recordingSockets } from './helpers';

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
const reload = { type: 'LoadOrderHistory', data: {} };
const requested = () => envelope({ type: 'OrderHistoryRequested', data: { phone: USER.phone } });

function run(
  state$: BehaviorSubject<AppState>,
  openSocket: (path: string) => LiveSocket,
  e$: Observable<EventEnvelope>,
) {
  return followOrderHistory$({ openSocket, reconnectMs: 50 })(e$, state$, fakeDeps(fakeApi({}).api).deps);
}

const loaded = () => evolveAll(readyState(), [{ type: 'OrderHistoryLoaded', data: { orders: [] } }]);

describe('followOrderHistory$', () => {
  it('re-reads on hello and on each order push; a drop reconnects; leaving the page closes it', () => {
    newScheduler().run(({ hot, expectObservable, flush }) => {
      const { sockets: list, openSocket, say } = recordingSockets();
      const e$ = hot<EventEnvelope>('a 99ms z', {
        a: requested(),
        z: envelope({ type: 'OrderHistoryTrackingStopped', data: {} }),
      });
      expectObservable(run(new BehaviorSubject(loaded()), openSocket, e$), '^ 200ms !').toBe('1ms h e 7ms c 60ms h', {
        h: reload,
        e: reload,
        c: reload,
      });
      hot('1ms a').subscribe(() => say(0, { type: 'hello', signedIn: true }));
      hot('2ms a').subscribe(() => {
        say(0, { type: 'catalog:update', version: '2' });
        say(0, { type: 'order:status_update', userId: USER.id, orderId: 'o1', status: 'Unconfirmed', edited: true });
      });
      hot('10ms a').subscribe(() =>
        say(0, { type: 'order:status_update', userId: USER.id, orderId: 'o1', status: 'Cooking' }),
      );
      hot('20ms a').subscribe(() => list[0]?.onclose?.({ code: 1006 }));
      hot('71ms a').subscribe(() => say(1, { type: 'hello', signedIn: true }));
      flush();
      expect(list).toHaveLength(2);
      expect(list[0]?.path).toMatch(/^\/api\/v1\/ws\?token=/);
      expect(list[1]?.closed).toBe(true);
    });
  });

  it('a push during the first load waits for its answer, then reads again (that answer may predate the change)', () => {
    newScheduler().run(({ hot, expectObservable }) => {
      const { openSocket, say } = recordingSockets();
      const loading = evolveAll(readyState(), [{ type: 'OrderHistoryRequested', data: { phone: USER.phone } }]);
      expect(loading.user.history.status).toBe('loading');
      const state$ = new BehaviorSubject(loading);
      const e$ = hot<EventEnvelope>('a', { a: requested() });
      expectObservable(run(state$, openSocket, e$), '^ 50ms !').toBe('30ms h', { h: reload });
      hot('5ms a').subscribe(() =>
        say(0, { type: 'order:status_update', userId: USER.id, orderId: 'o1', status: 'Unconfirmed', edited: true }),
      );
      hot('30ms a').subscribe(() => state$.next(loaded()));
    });
  });

  it('opens nothing for a signed-out visitor', () => {
    newScheduler().run(({ hot, expectObservable, flush }) => {
      const { sockets: list, openSocket } = recordingSockets();
      const e$ = hot<EventEnvelope>('a', { a: requested() });
      expectObservable(run(new BehaviorSubject(readyState({ signedIn: false })), openSocket, e$), '^ 20ms !').toBe('');
      flush();
      expect(list).toHaveLength(0);
    });
  });
});
