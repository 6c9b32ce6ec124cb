// Profile edit, account deletion (the token revocation at logout: tokenRevocation.test.ts) and the
// order history.
import { BehaviorSubject } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { User } from '../../src/api/entities';
import type { ApiFailure } from '../../src/api/client';
import type { OrderHistory } from '../../src/api/storefrontApi';
import type { AppCommand } from '../../src/commands';
import type { AppState } from '../../src/projections/store';
import type { EventEnvelope } from '../../src/effects/deps';
import { ORDER_HISTORY_LIMIT, orderHistory$, profile$ } from '../../src/effects/user';
import { order } from '../commands/checkoutFixtures';
import { envelope, failure, fakeApi, fakeDeps } from './helpers';
import { signedIn, signedOut, USER } from './state';

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

describe('profile effect', () => {
  it('ProfileEditRequested → PATCH → ApplyProfile; 403 → ReportApiRefusal; 500 → a generic toast', () => {
    newScheduler().run(({ hot, cold, expectObservable }) => {
      const renamed: User = { ...USER, name: 'Пётр' };
      const answers = [
        cold<User>('5ms u|', { u: renamed }),
        cold<User>('5ms #', undefined, failure(403)),
        cold<User>('5ms #', undefined, failure(500)),
      ];
      const { api } = fakeApi({ patchUser: () => answers.shift() ?? cold('-') });
      const edit = envelope({ type: 'ProfileEditRequested', data: { phone: USER.phone, changes: { name: 'Пётр' } } });
      const result = profile$()(
        hot<EventEnvelope>('a 9ms b 9ms c', { a: edit, b: edit, c: edit }),
        new BehaviorSubject(signedIn()),
        fakeDeps(api).deps,
      );
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
      const event$ = hot<EventEnvelope>('a', {
        a: envelope({ type: 'AccountDeletionRequested', data: { phone: USER.phone } }),
      });
      expectObservable(profile$()(event$, new BehaviorSubject(signedIn()), fakeDeps(api).deps), '^ 1s !').toBe(
        '5ms l',
        {
          l: { type: 'Logout', data: {} },
        },
      );
    });
  });
});

describe('order history effect (PRODUCT.md §3 History)', () => {
  const past = order({ id: 'o-977', number: 977, status: 'Closed', statusName: 'выполнен' });
  const requested = envelope({ type: 'OrderHistoryRequested', data: { phone: USER.phone } });

  it('OrderHistoryRequested → GET the latest 20 orders of the phone → ApplyOrderHistory', () => {
    newScheduler().run(({ hot, cold, expectObservable, flush }) => {
      const { api, calls } = fakeApi({
        getHistory: () => cold<OrderHistory>('5ms (h|)', { h: { orders: [past], nextBefore: null } }),
      });
      const event$ = hot<EventEnvelope>('a', { a: requested });
      expectObservable(orderHistory$()(event$, new BehaviorSubject(signedIn()), fakeDeps(api).deps), '^ 1s !').toBe(
        '5ms h',
        {
          h: { type: 'ApplyOrderHistory', data: { phone: USER.phone, orders: [past] } },
        },
      );
      flush();
      expect(ORDER_HISTORY_LIMIT).toBe(20);
      expect(calls).toEqual([{ method: 'getHistory', args: [USER.phone, { limit: 20 }] }]);
    });
  });

  const historyFailed = (message: string): AppCommand => ({
    type: 'ReportOrderHistoryFailure',
    data: { phone: USER.phone, message },
  });

  /** orderHistory$ from `session` over one request whose GET fails with `error` after 5 ms emits `marbles`. */
  function expectHistoryFailure(
    session: AppState,
    error: ApiFailure,
    marbles: string,
    values: Record<string, AppCommand>,
  ) {
    newScheduler().run(({ hot, cold, expectObservable }) => {
      const { api } = fakeApi({ getHistory: () => cold<OrderHistory>('5ms #', undefined, error) });
      const event$ = hot<EventEnvelope>('a', { a: requested });
      const result = orderHistory$()(event$, new BehaviorSubject(session), fakeDeps(api).deps);
      expectObservable(result, '^ 1s !').toBe(marbles, values);
    });
  }

  it('401 while signed in → ReportOrderHistoryFailure and ExpireSession (logged out as every other call)', () => {
    expectHistoryFailure(signedIn(), failure(401), '5ms (fx)', {
      f: historyFailed('Произошла ошибка. Попробуйте позже.'),
      x: { type: 'ExpireSession', data: {} },
    });
  });

  it("500 → ReportOrderHistoryFailure with the server's message only; a 401 signed out does not expire anything", () => {
    expectHistoryFailure(signedIn(), failure(500, 'Ошибка сервера'), '5ms f', { f: historyFailed('Ошибка сервера') });
    expectHistoryFailure(signedOut(), failure(401), '5ms f', {
      f: historyFailed('Произошла ошибка. Попробуйте позже.'),
    });
  });

  it('the latest request wins', () => {
    newScheduler().run(({ hot, cold, expectObservable }) => {
      const answers = [
        cold<OrderHistory>('10ms (h|)', { h: { orders: [], nextBefore: null } }),
        cold<OrderHistory>('10ms (h|)', { h: { orders: [past], nextBefore: null } }),
      ];
      const { api } = fakeApi({ getHistory: () => answers.shift() ?? cold('-') });
      const event$ = hot<EventEnvelope>('a 4ms b', { a: requested, b: requested });
      expectObservable(orderHistory$()(event$, new BehaviorSubject(signedIn()), fakeDeps(api).deps), '^ 1s !').toBe(
        '15ms h',
        {
          h: { type: 'ApplyOrderHistory', data: { phone: USER.phone, orders: [past] } },
        },
      );
    });
  });
});
