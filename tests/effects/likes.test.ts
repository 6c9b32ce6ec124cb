import { BehaviorSubject, type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { AppCommand } from '../../src/commands';
import type { EventEnvelope } from '../../src/effects/deps';
import { likes$ } from '../../src/effects/likes';
import { PRODUCT } from '../fixtures/catalog';
import { envelope, failure, fakeApi, fakeDeps } from './helpers';
import { signedIn, USER } from './state';

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
const liked = (productId: string = PRODUCT.phila) =>
  envelope({ type: 'ProductLiked', data: { productId, userId: USER.id } });
const unliked = (productId: string = PRODUCT.phila) =>
  envelope({ type: 'ProductUnliked', data: { productId, userId: USER.id } });
const likeFailure = (message: string): AppCommand => ({
  type: 'ReportLikeFailure',
  data: { productId: PRODUCT.phila, message },
});

function likeAnswering(error: unknown, expected: string, values: Record<string, AppCommand>) {
  newScheduler().run(({ hot, cold, expectObservable }) => {
    const { api } = fakeApi({ like: () => cold<void>('5ms #', undefined, error) });
    const result = likes$()(
      hot<EventEnvelope>('a', { a: liked() }),
      new BehaviorSubject(signedIn()),
      fakeDeps(api).deps,
    );
    expectObservable(result, '^ 1s !').toBe(expected, values);
  });
}

describe('likes effect (PRODUCT.md §4 Likes, §8)', () => {
  it('POSTs the like and DELETEs the unlike; success needs no command', () => {
    newScheduler().run(({ hot, cold, expectObservable, flush }) => {
      const { api, calls } = fakeApi({
        like: () => cold<void>('5ms (v|)', { v: undefined }),
        unlike: () => cold<void>('5ms (v|)', { v: undefined }),
      });
      const event$ = hot<EventEnvelope>('a 9ms b', { a: liked(), b: unliked(PRODUCT.california) });
      expectObservable(likes$()(event$, new BehaviorSubject(signedIn()), fakeDeps(api).deps), '^ 1s !').toBe('');
      flush();
      expect(calls).toEqual([
        { method: 'like', args: [USER.id, PRODUCT.phila] },
        { method: 'unlike', args: [USER.id, PRODUCT.california] },
      ]);
    });
  });

  it("a 409 rejects the like ('Нельзя поставить лайк этому товару повторно' comes from the decider)", () => {
    likeAnswering(failure(409, 'Нельзя поставить лайк этому товару повторно'), '5ms r', {
      r: { type: 'RejectLike', data: { productId: PRODUCT.phila } },
    });
  });

  it("any other failure rolls the like back with the server's message or 'Ошибка сервера. Попробуйте позже'", () => {
    likeAnswering(failure(500), '5ms f', { f: likeFailure('Ошибка сервера. Попробуйте позже') });
    likeAnswering(failure(0), '5ms f', { f: likeFailure('Ошибка сервера. Попробуйте позже') });
  });

  it("422 and 403 show the server's message or 'Произошла ошибка при запросе' (PRODUCT.md §8), once", () => {
    likeAnswering(failure(422, 'Товар недоступен'), '5ms f', { f: likeFailure('Товар недоступен') });
    likeAnswering(failure(403), '5ms f', { f: likeFailure('Произошла ошибка при запросе') });
  });

  it('a 401 while signed in also expires the session', () => {
    likeAnswering(failure(401), '5ms (fx)', {
      f: likeFailure('Ошибка сервера. Попробуйте позже'),
      x: { type: 'ExpireSession', data: {} },
    });
  });

  it('an unlike failure → ReportUnlikeFailure, and the effect is still alive for the next like', () => {
    newScheduler().run(({ hot, cold, expectObservable }) => {
      const { api } = fakeApi({
        unlike: () => cold<void>('5ms #', undefined, failure(500)),
        like: () => cold<void>('5ms #', undefined, failure(409)),
      });
      const event$ = hot<EventEnvelope>('a 9ms b', { a: unliked(), b: liked(PRODUCT.california) });
      expectObservable(likes$()(event$, new BehaviorSubject(signedIn()), fakeDeps(api).deps), '^ 1s !').toBe(
        '5ms u 9ms r',
        {
          u: { type: 'ReportUnlikeFailure', data: { productId: PRODUCT.phila } },
          r: { type: 'RejectLike', data: { productId: PRODUCT.california } },
        },
      );
    });
  });

  it('a like and an unlike of one product reach the server in order (the unlike waits)', () => {
    newScheduler().run(({ hot, cold, expectSubscriptions, expectObservable }) => {
      const likeAnswer = cold<void>('10ms (v|)', { v: undefined });
      const unlikeAnswer = cold<void>('10ms (v|)', { v: undefined });
      const { api } = fakeApi({
        like: (): Observable<void> => likeAnswer,
        unlike: (): Observable<void> => unlikeAnswer,
      });
      const event$ = hot<EventEnvelope>('a 1ms b', { a: liked(), b: unliked() });
      expectObservable(likes$()(event$, new BehaviorSubject(signedIn()), fakeDeps(api).deps), '^ 1s !').toBe('');
      expectSubscriptions(likeAnswer.subscriptions).toBe('^ 9ms !');
      expectSubscriptions(unlikeAnswer.subscriptions).toBe('10ms ^ 9ms !');
    });
  });
});
