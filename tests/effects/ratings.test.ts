// The ratings effect (docs/CHECKOUT.md «Rating after delivery»): loaded whenever a customer is
// signed in, a rating sent and its refusal reported in the server's words (a 409 also reloads),
// a closed prompt told to the server.
import { BehaviorSubject, NEVER } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { OrderRating, UserRatings } from '../../src/api/contract/ratings';
import type { EventEnvelope } from '../../src/effects/deps';
import { ratings$ } from '../../src/effects/ratings';
import { envelope, failure, fakeApi, fakeDeps } from './helpers';
import { signedIn, signedOut, USER } from './state';

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
const rating: OrderRating = { orderId: 'o1', score: 2, tags: [], comment: '', createdAt: '2026-11-20T07:00:00.000Z' };
const answer: UserRatings = { ratings: [rating], prompts: [] };
const submitted = envelope({ type: 'OrderRatingSubmitted', data: { orderId: 'o1', score: 2, tags: [], comment: '' } });

describe('ratings effect', () => {
  it('signed in → GET /user/{id}/ratings → ApplyRatings; signed out → nothing', () => {
    newScheduler().run(({ cold, expectObservable, flush }) => {
      const { api, calls } = fakeApi({ getRatings: () => cold<UserRatings>('5ms (r|)', { r: answer }) });
      expectObservable(ratings$()(NEVER, new BehaviorSubject(signedIn()), fakeDeps(api).deps), '^ 1s !').toBe('5ms a', {
        a: { type: 'ApplyRatings', data: { userId: USER.id, ratings: [rating], prompts: [], promptHere: true } },
      });
      flush();
      expect(calls).toEqual([{ method: 'getRatings', args: [USER.id] }]);
    });
    newScheduler().run(({ expectObservable }) => {
      const { api } = fakeApi({});
      expectObservable(ratings$()(NEVER, new BehaviorSubject(signedOut()), fakeDeps(api).deps), '^ 1s !').toBe('');
    });
  });

  it('loaded on an order page (cart, checkout, complete) → ApplyRatings that may not open the prompt there', () => {
    for (const [pathname, promptHere] of [
      ['/angarsk/checkout', false],
      ['/cart', false],
      ['/angarsk/complete', false],
      ['/complete-error', false],
      ['/angarsk/catalog', true],
      ['/personal/history', true],
    ] as const)
      newScheduler().run(({ cold, expectObservable }) => {
        const { api } = fakeApi({ getRatings: () => cold<UserRatings>('5ms (r|)', { r: answer }) });
        const deps = fakeDeps(api, { pathname }).deps;
        expectObservable(ratings$()(NEVER, new BehaviorSubject(signedIn()), deps), '^ 1s !').toBe('5ms a', {
          a: { type: 'ApplyRatings', data: { userId: USER.id, ratings: [rating], prompts: [], promptHere } },
        });
      });
  });

  it('OrderRatingSubmitted → POST → ApplyOrderRating; a 422 → its message; a 409 → its message and a reload', () => {
    newScheduler().run(({ hot, cold, expectObservable }) => {
      const answers = [
        cold<OrderRating>('5ms (r|)', { r: rating }),
        cold<OrderRating>('5ms #', undefined, failure(422, 'Оценить заказ можно после того, как его доставят')),
        cold<OrderRating>('5ms #', undefined, failure(409, 'Этот заказ уже оценён')),
      ];
      const loads = [cold<UserRatings>('-'), cold<UserRatings>('5ms (r|)', { r: answer })];
      const { api } = fakeApi({
        rateOrder: () => answers.shift() ?? cold('-'),
        getRatings: () => loads.shift() ?? cold('-'),
      });
      const event$ = hot<EventEnvelope>('a 9ms b 9ms c', { a: submitted, b: submitted, c: submitted });
      expectObservable(ratings$()(event$, new BehaviorSubject(signedIn()), fakeDeps(api).deps), '^ 1s !').toBe(
        '5ms a 9ms b 9ms c 4ms d',
        {
          a: { type: 'ApplyOrderRating', data: { rating } },
          b: {
            type: 'ReportOrderRatingRefusal',
            data: { orderId: 'o1', message: 'Оценить заказ можно после того, как его доставят' },
          },
          c: { type: 'ReportOrderRatingRefusal', data: { orderId: 'o1', message: 'Этот заказ уже оценён' } },
          d: { type: 'ApplyRatings', data: { userId: USER.id, ratings: [rating], prompts: [], promptHere: true } },
        },
      );
    });
  });

  it('no answer at all → «Не удалось отправить оценку. Попробуйте ещё раз.»', () => {
    newScheduler().run(({ hot, cold, expectObservable }) => {
      const { api } = fakeApi({
        rateOrder: () => cold<OrderRating>('5ms #', undefined, new TypeError('Failed to fetch')),
        getRatings: () => cold<UserRatings>('-'),
      });
      const event$ = hot<EventEnvelope>('a', { a: submitted });
      expectObservable(ratings$()(event$, new BehaviorSubject(signedIn()), fakeDeps(api).deps), '^ 1s !').toBe(
        '5ms a',
        {
          a: {
            type: 'ReportOrderRatingRefusal',
            data: { orderId: 'o1', message: 'Не удалось отправить оценку. Попробуйте ещё раз.' },
          },
        },
      );
    });
  });

  it('RatingPromptDismissed → POST …/rating/dismiss; a failure is only logged', () => {
    newScheduler().run(({ hot, cold, expectObservable, flush }) => {
      const { api, calls } = fakeApi({
        dismissRating: () => cold<void>('5ms #', undefined, failure(500)),
        getRatings: () => cold<UserRatings>('-'),
      });
      const event$ = hot<EventEnvelope>('a', {
        a: envelope({ type: 'RatingPromptDismissed', data: { orderId: 'o7' } }),
      });
      const { deps, recorded } = fakeDeps(api);
      expectObservable(ratings$()(event$, new BehaviorSubject(signedIn()), deps), '^ 1s !').toBe('');
      flush();
      expect(calls.filter((c) => c.method === 'dismissRating')).toEqual([{ method: 'dismissRating', args: ['o7'] }]);
      expect(recorded.warnings).toContain('rating prompt dismissal failed');
    });
  });
});
