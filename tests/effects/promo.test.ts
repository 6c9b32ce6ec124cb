import { BehaviorSubject, type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { PromoRequest, PromoResponse } from '../../src/api/entities';
import type { ApiFailure } from '../../src/api/client';
import type { AppCommand } from '../../src/commands';
import type { AppEvent } from '../../src/events';
import type { AppState } from '../../src/projections/store';
import { buildPromoRequest, promoRecalc$ } from '../../src/effects/promo';
import type { EventEnvelope } from '../../src/effects/deps';
import { PRODUCT } from '../fixtures/catalog';
import { savedAddress } from '../fixtures/address';
import { promoResultApplied } from '../fixtures/cart';
import { envelope, failure, fakeApi, fakeDeps } from './helpers';
import { ANGARSK, cartLine, PROMO_ANSWER, signedInEmptyCart, signedInWithCart, signedOutWithCart, USER } from './state';

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

const itemAdded: AppEvent = { type: 'ItemAdded', data: { line: cartLine('l9', PRODUCT.california) } };
const couponApplied: AppEvent = { type: 'CouponApplied', data: { coupon: 'SALE10' } };
const methodChanged: AppEvent = { type: 'DeliveryMethodChanged', data: { method: 'self', previous: 'delivery' } };

const START: AppCommand = { type: 'StartPromoCalculation', data: {} };
const applied = (response: PromoResponse): AppCommand => ({ type: 'ApplyPromoResult', data: { response } });
const SECOND: PromoResponse = { ...PROMO_ANSWER, discountTotal: 250 };

function run(
  state: AppState,
  body: (h: {
    helpers: Parameters<Parameters<TestScheduler['run']>[0]>[0];
    effect: (
      event$: Observable<EventEnvelope>,
      promo: (p: PromoRequest) => Observable<PromoResponse>,
    ) => Observable<AppCommand>;
  }) => void,
) {
  newScheduler().run((helpers) => {
    const effect = (event$: Observable<EventEnvelope>, promo: (p: PromoRequest) => Observable<PromoResponse>) => {
      const { api } = fakeApi({ promo });
      return promoRecalc$({ debounceMs: 10 })(event$, new BehaviorSubject(state), fakeDeps(api).deps);
    };
    body({ helpers, effect });
  });
}

/** Runs the effect from `state` over `marbles` with a promo call that fails the test if made: nothing is emitted. */
function expectNoPromoCall(state: AppState, marbles: string, values: Record<string, EventEnvelope>) {
  run(state, ({ helpers: { hot, expectObservable }, effect }) => {
    const promo = () => {
      throw new Error('promo must not be called');
    };
    expectObservable(effect(hot<EventEnvelope>(marbles, values), promo), '^ 100ms !').toBe('');
  });
}

describe('promo recalculation effect (PRODUCT.md §4 cart recalculation)', () => {
  it('the latest request wins: a newer change cancels the call in flight (switchMap)', () => {
    run(signedInWithCart(), ({ helpers: { hot, cold, expectObservable, expectSubscriptions }, effect }) => {
      const first = cold<PromoResponse>('50ms r|', { r: PROMO_ANSWER });
      const second = cold<PromoResponse>('50ms s|', { s: SECOND });
      const answers = [first, second];
      const event$ = hot<EventEnvelope>('a 19ms b', { a: envelope(itemAdded), b: envelope(couponApplied) });
      const result = effect(event$, () => answers.shift() ?? cold('#'));
      // Debounced 10 ms: requests at 10 and 30; the first is unsubscribed at 30, the second answers at 80.
      expectObservable(result, '^ 200ms !').toBe('10ms p 19ms p 49ms s', { p: START, s: applied(SECOND) });
      expectSubscriptions(first.subscriptions).toBe('10ms ^ 19ms !');
      expectSubscriptions(second.subscriptions).toBe('30ms ^ 49ms !');
    });
  });

  it('changes closer than the debounce make one request', () => {
    run(signedInWithCart(), ({ helpers: { hot, cold, expectObservable }, effect }) => {
      const event$ = hot<EventEnvelope>('a 4ms b', { a: envelope(itemAdded), b: envelope(couponApplied) });
      const result = effect(event$, () => cold('5ms r|', { r: PROMO_ANSWER }));
      expectObservable(result, '^ 100ms !').toBe('15ms p 4ms r', { p: START, r: applied(PROMO_ANSWER) });
    });
  });

  it('a delivery-method change recalculates too ("any change recalculates the cart")', () => {
    run(signedInWithCart(), ({ helpers: { hot, cold, expectObservable }, effect }) => {
      const event$ = hot<EventEnvelope>('a', { a: envelope(methodChanged) });
      const result = effect(event$, () => cold('5ms r|', { r: PROMO_ANSWER }));
      expectObservable(result, '^ 100ms !').toBe('10ms p 4ms r', { p: START, r: applied(PROMO_ANSWER) });
    });
  });

  it('promo-made changes (PromoResultApplied, gifts, delivery lines) never trigger a call', () => {
    expectNoPromoCall(signedInWithCart(), 'a b c', {
      a: envelope(promoResultApplied()),
      b: envelope({
        type: 'GiftAdded',
        data: { line: cartLine('g1', PRODUCT.fries, 1, { isGift: true, isHidden: true }) },
      }),
      c: envelope({ type: 'DeliveryLineRemoved', data: { lineId: 'l3' } }),
    });
  });

  it('is not sent when the user is signed out', () => {
    expectNoPromoCall(signedOutWithCart(), 'a', { a: envelope(itemAdded) });
  });

  it('is not sent when the cart is empty', () => {
    expectNoPromoCall(signedInEmptyCart(), 'a', { a: envelope({ type: 'CouponApplied', data: { coupon: 'X' } }) });
  });

  it('turns a failure into ReportPromoFailure and stays alive for the next change', () => {
    run(signedInWithCart(), ({ helpers: { hot, cold, expectObservable }, effect }) => {
      const answers = [
        cold<PromoResponse>('5ms #', undefined, failure(500)),
        cold<PromoResponse>('5ms r|', { r: PROMO_ANSWER }),
      ];
      const event$ = hot<EventEnvelope>('a 49ms b', { a: envelope(itemAdded), b: envelope(couponApplied) });
      const result = effect(event$, () => answers.shift() ?? cold('#'));
      expectObservable(result, '^ 200ms !').toBe('10ms p 4ms f 44ms p 4ms r', {
        p: START,
        f: { type: 'ReportPromoFailure', data: { message: 'Произошла ошибка. Попробуйте позже.' } },
        r: applied(PROMO_ANSWER),
      });
    });
  });

  it.each([
    {
      rule: "a 422 reports the server's message and ReportApiRefusal (PRODUCT.md §8)",
      event: couponApplied,
      error: failure(422, 'Купон не найден'),
      report: 'Купон не найден',
      then: { type: 'ReportApiRefusal', data: { status: 422, message: 'Купон не найден' } },
    },
    {
      rule: 'a 401 while signed in expires the session (PRODUCT.md §8)',
      event: itemAdded,
      error: failure(401),
      report: 'Произошла ошибка. Попробуйте позже.',
      then: { type: 'ExpireSession', data: {} },
    },
    {
      rule: 'a 403 without a message is a ReportApiRefusal with message null (the decider falls back)',
      event: itemAdded,
      error: failure(403),
      report: 'Произошла ошибка. Попробуйте позже.',
      then: { type: 'ReportApiRefusal', data: { status: 403, message: null } },
    },
  ] satisfies { rule: string; event: AppEvent; error: ApiFailure; report: string; then: AppCommand }[])(
    '$rule',
    ({ event, error, report, then }) => {
      run(signedInWithCart(), ({ helpers: { hot, cold, expectObservable }, effect }) => {
        const event$ = hot<EventEnvelope>('a', { a: envelope(event) });
        const result = effect(event$, () => cold<PromoResponse>('5ms #', undefined, error));
        expectObservable(result, '^ 100ms !').toBe('10ms p 4ms (ft)', {
          p: START,
          f: { type: 'ReportPromoFailure', data: { message: report } },
          t: then,
        });
      });
    },
  );
});

describe('the PRODUCT.md §3 promo-check payload', () => {
  it('carries coupon, fullPrice, notGiftsAndNotDeliveryTotal, customer and order items with modifiers', () => {
    const state = signedInWithCart([
      couponApplied,
      {
        type: 'GiftAdded',
        data: { line: cartLine('g1', PRODUCT.fries, 1, { isGift: true, isHidden: true, fromPromocode: true }) },
      },
    ]);
    const payload = buildPromoRequest(state);
    expect(payload).toEqual({
      coupon: 'SALE10',
      // goods 2×450 + (100 + 500) = 1500, plus the hidden delivery line 150
      fullPrice: 1650,
      notGiftsAndNotDeliveryTotal: 1500,
      cityId: ANGARSK.id,
      deliveryMethod: 'delivery',
      spendBonus: 0,
      customer: { phone: USER.phone, name: USER.name },
      order: {
        phone: USER.phone,
        date: null,
        address: null,
        items: [
          { id: PRODUCT.phila, name: 'Филадельфия', amount: 2, sum: 900, code: expect.any(String), modifiers: [] },
          {
            id: PRODUCT.pizza,
            name: 'Пепперони',
            amount: 1,
            sum: 100,
            code: expect.any(String),
            modifiers: [
              {
                id: 'm-size-30',
                name: '30 см',
                amount: 1,
                sum: 500,
                code: 'm-size-30',
                groupId: 'g-mod-size',
                groupName: 'Размер',
              },
            ],
          },
          // The gift goes at sum 0 so the server can tell whether it is still granted.
          { id: PRODUCT.fries, name: 'Картофель фри', amount: 1, sum: 0, code: expect.any(String), modifiers: [] },
        ],
      },
    });
  });

  it('sends the delivery time and the selected address text', () => {
    const state = signedInWithCart([
      { type: 'DeliveryTimeChanged', data: { time: '2026-11-23T10:00:00.000Z' } },
      {
        type: 'AddressesLoaded',
        data: {
          addresses: [savedAddress({ apartment: '5', floor: '2' })],
          selectedId: 'a1',
        },
      },
    ]);
    const payload = buildPromoRequest(state);
    expect(payload?.order.date).toBe('2026-11-23T10:00:00.000Z');
    expect(payload?.order.address).toBe('Ангарск, Ленина, 1, кв. 5, подъезд: не указан, этаж: 2');
  });

  it('is null when signed out or the cart is empty', () => {
    expect(buildPromoRequest(signedOutWithCart())).toBeNull();
    expect(buildPromoRequest(signedInEmptyCart())).toBeNull();
  });
});
