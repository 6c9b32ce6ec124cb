// PRODUCT.md §4: choosing a city clears the coupon and reloads the page under /{slug}. The promo answer
// of the old city (its discount) must not outlive that: the cart is re-quoted when the city is
// selected and again when the reloaded page starts its session (the call of the old page is cut
// by the reload).
import { BehaviorSubject } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { PromoResponse } from '../../src/api/entities';
import type { AppEvent } from '../../src/events';
import { promoRecalc$ } from '../../src/effects/promo';
import type { EventEnvelope } from '../../src/effects/deps';
import { envelope, fakeApi, fakeDeps } from './helpers';
import { ANGARSK, PROMO_ANSWER, signedInWithCart } from './state';

const cases: [string, AppEvent][] = [
  ['CitySelected', { type: 'CitySelected', data: { cityId: ANGARSK.id, slug: ANGARSK.slug } }],
  [
    'SessionStarted (the page reloaded under the new city)',
    { type: 'SessionStarted', data: { cityId: ANGARSK.id, openedAt: '2026-11-23T00:00:00.000Z' } },
  ],
];

describe('promo recalculation after a city change', () => {
  for (const [name, event] of cases) {
    it(`${name} re-quotes a signed-in, non-empty cart`, () => {
      new TestScheduler((a, e) => expect(a).toEqual(e)).run(({ hot, cold, expectObservable }) => {
        const { api } = fakeApi({ promo: () => cold<PromoResponse>('5ms r|', { r: PROMO_ANSWER }) });
        const result = promoRecalc$({ debounceMs: 10 })(
          hot<EventEnvelope>('a', { a: envelope(event) }),
          new BehaviorSubject(signedInWithCart()),
          fakeDeps(api).deps,
        );
        expectObservable(result, '^ 100ms !').toBe('10ms s 4ms r', {
          s: { type: 'StartPromoCalculation', data: {} },
          r: { type: 'ApplyPromoResult', data: { response: PROMO_ANSWER } },
        });
      });
    });
  }
});
