// PRODUCT.md §5 login: on a first sign-in the user is created with phone, name, personalData,
// PUSHNotifications and receiveAdvertisingInformation. The server creates the account in
// POST /auth/token and refuses it without personalData, so the code step's answers go with the code.
import { BehaviorSubject, NEVER } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { SignInAnswer } from '../../src/api/storefrontApi';
import { signIn$ } from '../../src/effects/auth';
import type { EventEnvelope } from '../../src/effects/deps';
import { envelope, fakeApi, fakeDeps } from './helpers';
import { signedOut, TOKEN, USER } from './state';

describe('sign-in effect with the sign-up answers', () => {
  it('CodeSubmitted { profile } → POST /auth/token with name, personalData, PUSHNotifications, receiveAdvertisingInformation', () => {
    new TestScheduler((a, e) => expect(a).toEqual(e)).run(({ hot, cold, expectObservable, flush }) => {
      const { api, calls } = fakeApi({
        signIn: () => cold<SignInAnswer>('5ms a|', { a: { token: TOKEN, user: USER } }) ?? NEVER,
      });
      const profile = {
        name: 'Алиса',
        personalData: true,
        PUSHNotifications: false,
        receiveAdvertisingInformation: true,
      };
      const submitted = envelope({ type: 'CodeSubmitted', data: { phone: '+79991234567', code: '123456', profile } });
      const result = signIn$()(
        hot<EventEnvelope>('a', { a: submitted }),
        new BehaviorSubject(signedOut()),
        fakeDeps(api).deps,
      );
      expectObservable(result, '^ 1s !').toBe('5ms c', {
        c: { type: 'CompleteSignIn', data: { token: TOKEN, user: USER } },
      });
      flush();
      expect(calls[0]).toEqual({ method: 'signIn', args: [{ phone: '+79991234567', code: '123456', ...profile }] });
    });
  });
});
