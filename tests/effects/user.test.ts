// Profile edit, account deletion and token revocation at logout.
import { BehaviorSubject, Subject } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { User } from '../../src/api/entities';
import type { EventEnvelope } from '../../src/effects/deps';
import { profile$ } from '../../src/effects/user';
import { evolveAll, type AppState } from '../../src/projections/store';
import { envelope, failure, fakeApi, fakeDeps } from './helpers';
import { signedIn, TOKEN, USER } from './state';

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

describe('profile effect', () => {
  it('ProfileEditRequested → PATCH → ApplyProfile; 403 → ReportApiRefusal; 500 → a generic toast', () => {
    newScheduler().run(({ hot, cold, expectObservable }) => {
      const renamed: User = { ...USER, name: 'Пётр' };
      const answers = [cold<User>('5ms u|', { u: renamed }), cold<User>('5ms #', undefined, failure(403)), cold<User>('5ms #', undefined, failure(500))];
      const { api } = fakeApi({ patchUser: () => answers.shift() ?? cold('-') });
      const edit = envelope({ type: 'ProfileEditRequested', data: { phone: USER.phone, changes: { name: 'Пётр' } } });
      const result = profile$()(hot<EventEnvelope>('a 9ms b 9ms c', { a: edit, b: edit, c: edit }), new BehaviorSubject(signedIn()), fakeDeps(api).deps);
      expectObservable(result, '^ 1s !').toBe('5ms u 9ms r 9ms t', {
        u: { type: 'ApplyProfile', data: { user: renamed } },
        r: { type: 'ReportApiRefusal', data: { status: 403, message: null } },
        t: { type: 'ShowToast', data: { text: 'Произошла ошибка. Попробуйте позже.', kind: 'error' } },
      });
    });
  });

  it('AccountDeletionRequested → DELETE → Logout', () => {
    newScheduler().run(({ hot, cold, expectObservable }) => {
      const { api } = fakeApi({ deleteUser: () => cold<void>('5ms (v|)', { v: undefined }) });
      const event$ = hot<EventEnvelope>('a', { a: envelope({ type: 'AccountDeletionRequested', data: { phone: USER.phone } }) });
      expectObservable(profile$()(event$, new BehaviorSubject(signedIn()), fakeDeps(api).deps), '^ 1s !').toBe('5ms l', {
        l: { type: 'Logout', data: {} },
      });
    });
  });

  it('revokes the token the state held before a user logout (the state has already forgotten it)', () => {
    newScheduler().run(({ cold, expectObservable, flush }) => {
      const { api, calls } = fakeApi({ logout: () => cold<void>('5ms #', undefined, failure(500)) });
      const { deps, recorded } = fakeDeps(api);
      const before = signedIn();
      const loggedOut = { type: 'LoggedOut', data: { reason: 'user' } } as const;
      const state$ = new BehaviorSubject<AppState>(before);
      const event$ = new Subject<EventEnvelope>();
      expectObservable(profile$()(event$, state$, deps), '^ 1s !').toBe('');
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
});
