// The token revocation at logout (./tokenRevocation), in the first load because it reads the
// token from the states before LoggedOut.
import { BehaviorSubject, Subject } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../src/effects/deps';
import { tokenRevocation$ } from '../../src/effects/tokenRevocation';
import { evolveAll, type AppState } from '../../src/projections/store';
import { envelope, failure, fakeApi, fakeDeps } from './helpers';
import { signedIn, TOKEN } from './state';

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

describe('token revocation effect', () => {
  it('revokes the token the state held before a user logout (the state has already forgotten it)', () => {
    newScheduler().run(({ cold, expectObservable, flush }) => {
      const { api, calls } = fakeApi({ logout: () => cold<void>('5ms #', undefined, failure(500)) });
      const { deps, recorded } = fakeDeps(api);
      const before = signedIn();
      const loggedOut = { type: 'LoggedOut', data: { reason: 'user' } } as const;
      const state$ = new BehaviorSubject<AppState>(before);
      const event$ = new Subject<EventEnvelope>();
      expectObservable(tokenRevocation$()(event$, state$, deps), '^ 1s !').toBe('');
      // The store updates the state first, then announces the events.
      cold('1ms x').subscribe(() => {
        state$.next(evolveAll(before, [loggedOut]));
        event$.next(envelope(loggedOut));
      });
      flush();
      expect(calls).toEqual([{ method: 'logout', args: [TOKEN] }]);
      expect(recorded.warnings).toEqual(['token revocation failed']);
    });
  });

  it('revokes nothing at a logout after an expired session (the server has dropped that token)', () => {
    newScheduler().run(({ cold, expectObservable, flush }) => {
      const { api, calls } = fakeApi({});
      const before = signedIn();
      const expired = { type: 'LoggedOut', data: { reason: 'session-expired' } } as const;
      const state$ = new BehaviorSubject<AppState>(before);
      const event$ = new Subject<EventEnvelope>();
      expectObservable(tokenRevocation$()(event$, state$, fakeDeps(api).deps), '^ 1s !').toBe('');
      cold('1ms x').subscribe(() => {
        state$.next(evolveAll(before, [expired]));
        event$.next(envelope(expired));
      });
      flush();
      expect(calls).toEqual([]);
    });
  });
});
