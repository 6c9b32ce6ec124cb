// Profile edit and account deletion (the token revocation at logout: tokenRevocation.test.ts).
import { BehaviorSubject } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { User } from '../../src/api/entities';
import type { EventEnvelope } from '../../src/effects/deps';
import { profile$ } from '../../src/effects/user';
import { envelope, failure, fakeApi, fakeDeps } from './helpers';
import { signedIn, USER } from './state';

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

});
