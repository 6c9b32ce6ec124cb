// Deciders of the rating after delivery (docs/CHECKOUT.md «Rating after delivery»): the form's
// checks in the server's words, one rating per order, and the visit's prompt opened once.
import { describe, expect, it } from 'vitest';
import type { OrderRating, RatingPrompt } from '../../src/api/contract/ratings';
import type { AppCommand } from '../../src/commands';
import type { AppEvent } from '../../src/events';
import { USER } from '../fixtures/state';
import { app, ready } from './helpers';

const rating: OrderRating = {
  orderId: 'order-1',
  score: 2,
  tags: ['холодное'],
  comment: 'Остыло',
  createdAt: '2026-11-20T07:00:00.000Z',
};
const prompt: RatingPrompt = { orderId: 'order-2', number: 102, createdAt: '2026-11-19T07:00:00.000Z' };
const loaded = (ratings: OrderRating[], prompts: RatingPrompt[]): AppEvent => ({
  type: 'RatingsLoaded',
  data: { ratings, prompts },
});
type RateData = { orderId: string; score: number; tags: string[]; comment: string };
const rate = (data: Partial<RateData> = {}): AppCommand => ({
  type: 'RateOrder',
  data: { orderId: 'order-2', score: 4, tags: [], comment: '', ...data },
});
const submitted = (data: Partial<RateData> = {}): AppEvent => ({
  type: 'OrderRatingSubmitted',
  data: { orderId: 'order-2', score: 4, tags: [], comment: '', ...data },
});

describe('ApplyRatings: the ratings and the visit’s prompt', () => {
  it('the first answer of the visit opens the prompt for the newest delivery not rated', () => {
    const { after } = app
      .given(ready())
      .when({ type: 'ApplyRatings', data: { userId: USER.id, ratings: [rating], prompts: [prompt] } })
      .then([
        loaded([rating], [prompt]),
        { type: 'ModalOpened', data: { modal: { kind: 'rating', orderId: 'order-2', number: 102 } } },
      ]);
    expect(after.user.ratings.byOrder['order-1']).toEqual(rating);
    expect(after.user.ratings.prompts).toEqual([prompt]);
  });

  it('a later answer only refreshes: the prompt opens once per visit', () => {
    app
      .given(ready(), [loaded([], [])])
      .when({ type: 'ApplyRatings', data: { userId: USER.id, ratings: [], prompts: [prompt] } })
      .then([loaded([], [prompt])]);
  });

  it('never over the order pages (cart, checkout, complete): the prompt waits for the next visit', () => {
    app
      .given(ready())
      .when({ type: 'ApplyRatings', data: { userId: USER.id, ratings: [], prompts: [prompt], promptHere: false } })
      .then([loaded([], [prompt])]);
  });

  it('never over another dialog, and an answer for another customer is dropped', () => {
    app
      .given(ready(), [{ type: 'ModalOpened', data: { modal: { kind: 'auth' } } }])
      .when({ type: 'ApplyRatings', data: { userId: USER.id, ratings: [], prompts: [prompt] } })
      .then([loaded([], [prompt])]);
    app
      .given(ready())
      .when({ type: 'ApplyRatings', data: { userId: 'someone-else', ratings: [], prompts: [prompt] } })
      .thenNothing();
  });
});

describe('RateOrder', () => {
  it('sends the rating with the comment trimmed and each tag once', () => {
    const { after } = app
      .given(ready())
      .when(rate({ score: 5, tags: ['очень вкусно', 'очень вкусно'], comment: '  Спасибо!  ' }))
      .then([
        {
          type: 'OrderRatingSubmitted',
          data: { orderId: 'order-2', score: 5, tags: ['очень вкусно'], comment: 'Спасибо!' },
        },
      ]);
    expect(after.user.ratings.forms['order-2']).toEqual({ status: 'sending' });
  });

  it('«Поставьте оценку от 1 до 5» without stars; «Комментарий — не длиннее 500 символов» past 500', () => {
    app
      .given(ready())
      .when(rate({ score: 0 }))
      .then([{ type: 'OrderRatingRejected', data: { orderId: 'order-2', message: 'Поставьте оценку от 1 до 5' } }]);
    const { after } = app
      .given(ready())
      .when(rate({ comment: 'я'.repeat(501) }))
      .then([
        {
          type: 'OrderRatingRejected',
          data: { orderId: 'order-2', message: 'Комментарий — не длиннее 500 символов' },
        },
      ]);
    expect(after.user.ratings.forms['order-2']).toEqual({
      status: 'refused',
      message: 'Комментарий — не длиннее 500 символов',
    });
  });

  it('nothing for an order rated already or while its rating is on its way', () => {
    app
      .given(ready(), [loaded([{ ...rating, orderId: 'order-2' }], [])])
      .when(rate())
      .thenNothing();
    app.given(ready(), [submitted()]).when(rate()).thenNothing();
  });

  it('signed out: the sign-in is asked for', () => {
    app
      .given(ready({ signedIn: false }))
      .when(rate())
      .then([{ type: 'AuthRequired', data: { reason: 'profile' } }]);
  });

  it('the answer stores the rating and takes the order off the prompts; a refusal shows its message', () => {
    const given = [loaded([], [prompt]), submitted()];
    const answer = { ...rating, orderId: 'order-2' };
    const { after } = app
      .given(ready(), given)
      .when({ type: 'ApplyOrderRating', data: { rating: answer } })
      .then([{ type: 'OrderRated', data: { rating: answer } }]);
    expect(after.user.ratings).toMatchObject({ byOrder: { 'order-2': answer }, prompts: [], forms: {} });
    app
      .given(ready(), given)
      .when({ type: 'ReportOrderRatingRefusal', data: { orderId: 'order-2', message: 'Этот заказ уже оценён' } })
      .then([{ type: 'OrderRatingRejected', data: { orderId: 'order-2', message: 'Этот заказ уже оценён' } }]);
  });
});

describe('DismissRatingPrompt', () => {
  const opened: AppEvent = {
    type: 'ModalOpened',
    data: { modal: { kind: 'rating', orderId: 'order-2', number: 102 } },
  };

  it('closes the prompt and dismisses it for good (it counts as shown)', () => {
    const { after } = app
      .given(ready(), [loaded([], [prompt]), opened])
      .when({ type: 'DismissRatingPrompt', data: { orderId: 'order-2' } })
      .then([
        { type: 'ModalClosed', data: { kind: 'rating' } },
        { type: 'RatingPromptDismissed', data: { orderId: 'order-2' } },
      ]);
    expect(after.modal.stack).toEqual([]);
    expect(after.user.ratings.prompts).toEqual([]);
  });

  it('after rating in the prompt, closing it dismisses nothing', () => {
    app
      .given(ready(), [
        loaded([], [prompt]),
        opened,
        { type: 'OrderRated', data: { rating: { ...rating, orderId: 'order-2' } } },
      ])
      .when({ type: 'DismissRatingPrompt', data: { orderId: 'order-2' } })
      .then([{ type: 'ModalClosed', data: { kind: 'rating' } }]);
  });
});
